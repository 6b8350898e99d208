/**
 * /payment (after-save-area.md §2 "Routes": the payment chooser with its portals): where links from e-mail, the app
 * or the old site open the payment of a draft. `portalName` is the portal: choose-payment-type (the payment type
 * popup), credit-card or bit-payment (the card or mobile-payment popup with the provider's page); `OrderID` the ad,
 * `adType` its track (else the track its last payment was for), `imgSrc` an image of ours to show beside it.
 * Without a portal name the page goes to the index. The ad must be the customer's (a guest gets the login popup)
 * and still a draft; the payment then finishes on the finish page, as from the plan step.
 */
import { trackOfType } from '@app/catalog/tracks';
import type { PaymentChannel } from '@app/contract/orders';
import type { MyAd } from '@app/contract/planExtras';
import { useEffect, useRef, useState } from 'react';
import { getMyAds, newIdempotencyKey, startAppPayment, startCardPayment } from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { hePayment, hePlan } from '../../shared/i18n/index.ts';
import { Link, sameOriginPath, useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { useLoginGate } from '../packages/index.ts';
import { finishAreaPath, PaymentTypePopup, paymentChannels } from '../plan/index.ts';
import { PaymentFramePopup } from './PaymentFramePopup.tsx';
import { frameableUrl } from './paymentMessages.ts';

const t = hePayment.portal;
const PORTALS = { 'choose-payment-type': null, 'credit-card': 'creditCard', 'bit-payment': 'bit' } as const;
type Portal = keyof typeof PORTALS;
const isPortal = (v: string | null): v is Portal => v !== null && Object.hasOwn(PORTALS, v);

type Load =
  | { kind: 'loading' }
  | { kind: 'guest' }
  | { kind: 'failed' }
  | { kind: 'notFound' }
  | { kind: 'ready'; ad: MyAd };

type Pay =
  | { kind: 'choose'; starting: boolean; error?: string }
  | { kind: 'frame'; channel: PaymentChannel; url: string; suspected: boolean }
  | { kind: 'closed'; error?: string };

export default function PaymentPortalPage() {
  usePageTitle(t.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { loaded } = useCustomer();
  const portal = params.get('portalName');
  const orderText = params.get('OrderID') ?? '';
  const orderId = /^\d{1,12}$/.test(orderText) ? Number(orderText) : null;
  const image = sameOriginPath(params.get('imgSrc') ?? undefined);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [pay, setPay] = useState<Pay>({ kind: 'choose', starting: false });
  const started = useRef(false);
  const customerId = useLoginGate(load.kind === 'guest');

  // No portal: the index (spec §2).
  useEffect(() => {
    if (!isPortal(portal)) navigate('/', { replace: true });
  }, [portal, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again after a login (customerId) or a retry
  useEffect(() => {
    if (!loaded || !isPortal(portal)) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    // The ad by its number (the list is paged: a dealer's ad may be past the first page).
    void getMyAds(new URLSearchParams({ q: String(orderId) }), controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.status === 422) return setLoad({ kind: 'guest' });
      if (!res.ok || !res.data) return setLoad({ kind: 'failed' });
      const ad = res.data.ads.find((a) => a.OrderID === orderId);
      setLoad(ad ? { kind: 'ready', ad } : { kind: 'notFound' });
    });
    return () => controller.abort();
  }, [loaded, customerId, attempt, portal]);

  const ad = load.kind === 'ready' ? load.ad : null;
  const track = ad ? trackOfType({ cat: ad.cat, subcat: ad.subcat }, params.get('adType') ?? ad.adType ?? '') : null;
  const payable = ad?.status === 'draft' && track !== null && track.amountAgorot > 0;

  const start = async (channel: PaymentChannel) => {
    if (!ad || !track) return;
    setPay({ kind: 'choose', starting: true });
    const body = {
      OrderID: ad.OrderID,
      RecordID: ad.OrderID,
      CatID: ad.cat,
      SubCatID: ad.subcat ?? 0,
      pt_hash: track.hash,
      idempotencyKey: newIdempotencyKey(),
    };
    const outcome = channel === 'creditCard' ? await startCardPayment(body) : await startAppPayment(body);
    const url = outcome.kind === 'ok' ? frameableUrl(outcome.data.url, window.location.origin) : undefined;
    if (url)
      return setPay({ kind: 'frame', channel, url, suspected: outcome.kind === 'ok' && outcome.data.isSuspected });
    const error = (outcome.kind === 'failed' && Object.values(outcome.errors ?? {})[0]) || hePlan.paymentStartFailed;
    setPay({ kind: 'choose', starting: false, error });
  };

  // The card and mobile-payment portals open their page at once, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the ad is known to be payable
  useEffect(() => {
    if (!payable || started.current || !isPortal(portal)) return;
    const channel = PORTALS[portal];
    if (!channel) return;
    started.current = true;
    void start(channel);
  }, [payable, portal]);

  if (!isPortal(portal)) return null;
  const finishPath = (ok: boolean) => {
    const query = new URLSearchParams({ cat: String(ad?.cat ?? '') });
    if (ad?.subcat !== null && ad?.subcat !== undefined) query.set('subcat', String(ad.subcat));
    return finishAreaPath(query, ad?.OrderID ?? 0, ok ? {} : { result: 'failure' });
  };
  const channels = track ? paymentChannels(track, false) : [];

  return (
    <section className="payment-portal" aria-busy={load.kind === 'loading'}>
      <h1 className="page__title">{t.title}</h1>
      {load.kind === 'loading' && <p role="status">{t.loading}</p>}
      {load.kind === 'guest' && <p role="status">{t.loginNeeded}</p>}
      {load.kind === 'failed' && (
        <p role="alert">
          {t.loadFailed}{' '}
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t.retry}
          </button>
        </p>
      )}
      {load.kind === 'notFound' && <p role="alert">{t.notFound}</p>}
      {ad && (
        <div className="payment-portal__ad card">
          {image && <img src={image} alt="" className="payment-portal__image" />}
          <p>{t.lead(ad.title)}</p>
          {track && <p>{t.track(track.title)}</p>}
          {ad.status !== 'draft' && <p role="alert">{t.notDraft}</p>}
          {ad.status === 'draft' && !payable && (
            <p role="alert">
              {t.noTrack}{' '}
              {sameOriginPath(ad.publishUrl ?? undefined) && (
                <Link to={sameOriginPath(ad.publishUrl ?? undefined) ?? '/my-ads'} className="btn btn--primary">
                  {t.toPlan}
                </Link>
              )}
            </p>
          )}
          {pay.kind === 'closed' && (
            <p role="status">
              {t.closed}{' '}
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  const channel = PORTALS[portal];
                  if (channel) void start(channel);
                  else setPay({ kind: 'choose', starting: false });
                }}
              >
                {t.again}
              </button>
            </p>
          )}
          <Link to="/my-ads" className="btn btn--secondary">
            {t.toMyAds}
          </Link>
        </div>
      )}
      {payable && pay.kind === 'choose' && (portal === 'choose-payment-type' || pay.error) && (
        <PaymentTypePopup
          channels={channels}
          starting={pay.starting}
          error={pay.error}
          onChoose={(channel) => void start(channel)}
          onClose={() => setPay({ kind: 'closed' })}
        />
      )}
      {pay.kind === 'frame' && (
        <PaymentFramePopup
          channel={pay.channel}
          url={pay.url}
          suspected={pay.suspected}
          onFinished={(message) => navigate(finishPath(message.ok))}
          onClose={() => setPay({ kind: 'closed' })}
        />
      )}
    </section>
  );
}
