/**
 * /my-ads (ours; the ad-strength meter's upgrade link, after-save-area.md §4, opens /my-ads?upgrade={id}): the
 * customer's ads from GET /api/my-ads — title, number, status in Hebrew, track, days left, auto-bump (until when),
 * a draft's link to finish publishing (its plan step), an edit link and an upgrade button that opens the ad's
 * one-ad upgrades ({gateway}/packages/personal/{adId}) under it, each bought by card or the mobile-payment app
 * (UpgradeList), and the ad's numbers (AdNumbersBox: totals, and the last 30 days as a chart and a table;
 * /my-ads?numbers={id} opens an ad's days). A guest (422) gets the login popup and the list loads after the login.
 */
import type { MyAd } from '@app/contract/planExtras';
import { useEffect, useState } from 'react';
import { getMyAds, getMyAdsNumbers } from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';
import { Link, sameOriginPath, useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { LoadNotices, useLoginGate } from '../packages/index.ts';
import { refundText } from '../payment/index.ts';
import { AdNumbersBox, type AdTotals } from './AdNumbersBox.tsx';
import { AdThumb } from './AdThumb.tsx';
import { EasyStartBox } from './EasyStartBox.tsx';
import { autoBumpText, statusText, trackText } from './myAdsText.ts';
import { UpgradeList } from './UpgradeList.tsx';

const t = hePackages.myAds;

type State = { kind: 'loading' } | { kind: 'guest' } | { kind: 'failed' } | { kind: 'ready'; ads: MyAd[] };

/** A draft's way to its plan step (the server's path, same origin only). */
const publishUrl = (ad: MyAd): string | undefined => sameOriginPath(ad.publishUrl);

/** Statuses an upgrade is for: a live ad or one in review (the gateway lists and sells none for any other). */
const UPGRADABLE: ReadonlySet<MyAd['status']> = new Set(['active', 'pending']);

export default function MyAdsPage() {
  usePageTitle(hePackages.meta.myAds);
  const { loaded } = useCustomer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [paid, setPaid] = useState(false);
  const customerId = useLoginGate(state.kind === 'guest');
  const upgradeRaw = params.get('upgrade');
  const upgradeId = upgradeRaw && /^\d{1,12}$/.test(upgradeRaw) ? Number(upgradeRaw) : null;
  const numbersOf = params.get('numbers');
  const [totals, setTotals] = useState<ReadonlyMap<number, AdTotals>>(new Map());

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again after a login (customerId) or a retry
  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    setState((now) => (now.kind === 'ready' ? now : { kind: 'loading' }));
    void getMyAds(controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.status === 422) setState({ kind: 'guest' });
      else if (!res.ok || !res.data) setState({ kind: 'failed' });
      else setState({ kind: 'ready', ads: res.data.ads });
    });
    // The numbers beside the list: without them the list is still shown.
    void getMyAdsNumbers(controller.signal).then((res) => {
      if (!controller.signal.aborted && res.ok && res.data) setTotals(new Map(res.data.ads.map((a) => [a.OrderID, a])));
    });
    return () => controller.abort();
  }, [loaded, customerId, attempt]);

  const toggleUpgrade = (id: number) =>
    navigate({ search: upgradeId === id ? '' : `?upgrade=${id}` }, { replace: true });

  return (
    <section className="my-ads-page" aria-busy={state.kind === 'loading'}>
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.lead}</p>
      {paid && (
        <p role="status" className="packages-page__notice" data-testid="upgrade-paid">
          {t.upgradePaid}
        </p>
      )}
      {state.kind === 'loading' && <p role="status">{t.loading}</p>}
      <LoadNotices kind={state.kind} texts={t} onRetry={() => setAttempt((n) => n + 1)} />
      {state.kind === 'ready' && state.ads.length === 0 && (
        <div className="packages-page__notice">
          <p>{t.none}</p>
          <Link to="/publish" className="btn btn--primary">
            {t.publish}
          </Link>
        </div>
      )}
      {state.kind === 'ready' && state.ads.length > 0 && (
        <ul className="my-ads" data-testid="my-ads">
          {state.ads.map((ad) => {
            const titleId = `my-ad-${ad.OrderID}-title`;
            const open = upgradeId === ad.OrderID;
            const finishUrl = publishUrl(ad);
            return (
              <li key={ad.OrderID}>
                <article className="my-ad card" aria-labelledby={titleId} data-order-id={ad.OrderID}>
                  <AdThumb ad={ad} />
                  <h2 id={titleId} className="my-ad__title">
                    {ad.title}
                  </h2>
                  <dl className="my-ad__facts">
                    <div>
                      <dt>{t.adNumber}</dt>
                      <dd>
                        <bdi>{ad.OrderID}</bdi>
                      </dd>
                    </div>
                    <div>
                      <dt>{t.status}</dt>
                      <dd className={`my-ad__status my-ad__status--${ad.status}`}>{statusText(ad)}</dd>
                    </div>
                    <div>
                      <dt>{t.track}</dt>
                      <dd>{trackText(ad)}</dd>
                    </div>
                    {ad.daysLeft !== null && (
                      <div>
                        <dt>{t.daysLeft}</dt>
                        <dd>{t.days(ad.daysLeft)}</dd>
                      </div>
                    )}
                  </dl>
                  <p className="my-ad__bump">{autoBumpText(ad)}</p>
                  {ad.easyStart && (
                    <EasyStartBox
                      adId={ad.OrderID}
                      trial={ad.easyStart}
                      describedBy={titleId}
                      onChanged={() => setAttempt((n) => n + 1)}
                    />
                  )}
                  {ad.rejection && (
                    <p className="my-ad__rejection" data-testid="my-ad-rejection">
                      {t.rejectedBecause(ad.rejection.reason)}
                    </p>
                  )}
                  {ad.refund && (
                    <p className="my-ad__refund" data-testid="my-ad-refund" data-refund={ad.refund.status}>
                      {refundText(ad.refund)}
                    </p>
                  )}
                  {ad.status !== 'draft' && (
                    <AdNumbersBox
                      adId={ad.OrderID}
                      title={ad.title}
                      totals={totals.get(ad.OrderID)}
                      openAtStart={numbersOf === String(ad.OrderID)}
                    />
                  )}
                  <ul className="link-list">
                    {finishUrl && (
                      <li>
                        <Link to={finishUrl} className="btn btn--primary" aria-describedby={titleId}>
                          {t.finishPublishing}
                        </Link>
                      </li>
                    )}
                    {ad.pageUrl && (
                      <li>
                        {/* The ad's page is the server's HTML: a whole page load, not the app's router. */}
                        <a href={ad.pageUrl} className="btn btn--secondary" aria-describedby={titleId}>
                          {t.viewAd}
                        </a>
                      </li>
                    )}
                    <li>
                      <Link
                        to={ad.editUrl}
                        className={ad.rejection ? 'btn btn--primary' : 'btn btn--secondary'}
                        aria-describedby={titleId}
                      >
                        {ad.rejection ? t.editAndResend : t.edit}
                      </Link>
                    </li>
                    {UPGRADABLE.has(ad.status) && (
                      <li>
                        <button
                          type="button"
                          className="btn btn--primary"
                          aria-expanded={open}
                          aria-controls={`my-ad-${ad.OrderID}-upgrades`}
                          aria-describedby={titleId}
                          onClick={() => toggleUpgrade(ad.OrderID)}
                        >
                          {open ? t.hideUpgrade : t.upgrade}
                        </button>
                      </li>
                    )}
                  </ul>
                  {open && (
                    <UpgradeList
                      adId={ad.OrderID}
                      id={`my-ad-${ad.OrderID}-upgrades`}
                      onPaid={() => {
                        // The ad's new track and days come from the server: the list is read again in place.
                        setPaid(true);
                        setAttempt((n) => n + 1);
                      }}
                    />
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
