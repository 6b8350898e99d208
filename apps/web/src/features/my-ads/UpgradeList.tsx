import type { OrderTypeItem, PaymentChannel, PaymentFinishedMessage } from '@app/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { getUpgradePackages, newIdempotencyKey, startPackagePayment } from '../../shared/api/index.ts';
import { hePackages, hePlan } from '../../shared/i18n/index.ts';
import { PackageCard } from '../packages/index.ts';
import { frameableUrl, PaymentFramePopup } from '../payment/index.ts';
import { PaymentTypePopup, paymentChannels } from '../plan/index.ts';

const t = hePackages.myAds;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: OrderTypeItem[] };
type Popup =
  | { name: 'none' }
  | { name: 'paymentType'; item: OrderTypeItem }
  | { name: 'frame'; item: OrderTypeItem; channel: PaymentChannel; url: string };

/**
 * One ad's upgrades ({gateway}/packages/personal/{adId}) as cards, each with its buy button: the payment type
 * popup (card or the mobile-payment app) → POST {gateway}/packages/personal/pay/{adId} → the hosted page in its
 * popup → the frame's 'payment-finished' (action upgrade). A paid upgrade reloads the list (the ad's new track
 * and days, after-save-area.md §4: after card payment in upgrade the user is on /my-ads). A declined payment
 * returns through failureUpgrade, whose page shows the failure inside the popup (action upgrade) and posts
 * nothing; closing the popup leaves the upgrades open to try again.
 */
export function UpgradeList({ adId, id, onPaid }: { adId: number; id: string; onPaid: () => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [popup, setPopup] = useState<Popup>({ name: 'none' });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    void getUpgradePackages(adId, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      setState(res.ok && res.data ? { kind: 'ready', items: res.data.msg } : { kind: 'failed' });
    });
    return () => controller.abort();
  }, [adId]);

  const startPayment = async (item: OrderTypeItem, channel: PaymentChannel) => {
    // A double click opens one payment session (the server also answers one per idempotency key).
    if (inFlight.current) return;
    inFlight.current = true;
    setStarting(true);
    setError(undefined);
    const outcome = await startPackagePayment(adId, {
      packageHash: item.hash,
      channel,
      idempotencyKey: newIdempotencyKey(),
    });
    inFlight.current = false;
    setStarting(false);
    const url = outcome.kind === 'ok' ? frameableUrl(outcome.data, window.location.origin) : undefined;
    if (!url) {
      setError((outcome.kind === 'failed' && Object.values(outcome.errors ?? {})[0]) || hePlan.paymentStartFailed);
      return;
    }
    setPopup({ name: 'frame', item, channel, url });
  };

  const finished = (message: PaymentFinishedMessage) => {
    setPopup({ name: 'none' });
    if (message.ok) onPaid();
  };

  return (
    <section id={id} className="upgrade-list" aria-labelledby={`${id}-title`} aria-busy={state.kind === 'loading'}>
      <h3 id={`${id}-title`} className="upgrade-list__title">
        {t.upgradesTitle}
      </h3>
      {state.kind === 'loading' && <p role="status">{t.upgradesLoading}</p>}
      {state.kind === 'failed' && <p role="alert">{t.upgradesFailed}</p>}
      {state.kind === 'ready' && state.items.length === 0 && <p>{t.upgradesNone}</p>}
      {state.kind === 'ready' && state.items.length > 0 && (
        <ul className="package-grid">
          {state.items.map((item) => (
            <li key={item.hash}>
              <PackageCard
                item={item}
                action={
                  <button
                    type="button"
                    className="btn btn--primary"
                    aria-describedby={`package-${item.hash}-title`}
                    onClick={() => {
                      setError(undefined);
                      setPopup({ name: 'paymentType', item });
                    }}
                  >
                    {item.buttonText || t.buyUpgrade}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {popup.name === 'paymentType' && (
        <PaymentTypePopup
          channels={paymentChannels(popup.item, false)}
          starting={starting}
          error={error}
          onChoose={(channel) => void startPayment(popup.item, channel)}
          onClose={() => {
            setError(undefined);
            setPopup({ name: 'none' });
          }}
        />
      )}
      {popup.name === 'frame' && (
        <PaymentFramePopup
          channel={popup.channel}
          url={popup.url}
          onFinished={finished}
          onClose={() => setPopup({ name: 'none' })}
        />
      )}
    </section>
  );
}
