/**
 * /my-ads (ours; the ad-strength meter's upgrade link, after-save-area.md §4, opens /my-ads?upgrade={id}): the
 * customer's ads from GET /api/my-ads — title, number, status in Hebrew, track, days left, auto-bump (until when),
 * a draft's link to finish publishing (its plan step), an edit link and an upgrade button that opens the ad's
 * one-ad upgrades ({gateway}/packages/personal/{adId}) under it, each bought by card or the mobile-payment app
 * (UpgradeList), and the ad's numbers (AdNumbersBox: totals, and the last 30 days as a chart and a table;
 * /my-ads?numbers={id} opens an ad's days). A guest (422) gets the login popup and the list loads after the login.
 * For an account with many ads: a page at a time ("עוד מודעות"), searched, filtered and sorted by the address's
 * query (MyAdsTools), and one action (bump or renew where the ad's track allows it, hide, show again, delete after a
 * confirmation) on the chosen ads, each ad showing its own result (BulkBar).
 */
import type { MyAd, MyAdsAction, MyAdsBulkResult } from '@app/contract/schemas/myAds';
import { useEffect, useMemo, useState } from 'react';
import { bulkMyAds, getMyAds, getMyAdsNumbers } from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';
import { Link, sameOriginPath, useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { LoadNotices, useLoginGate } from '../packages/index.ts';
import { refundText } from '../payment/index.ts';
import { AdNumbersBox, type AdTotals } from './AdNumbersBox.tsx';
import { AdThumb } from './AdThumb.tsx';
import { BulkBar } from './BulkBar.tsx';
import { EasyStartBox } from './EasyStartBox.tsx';
import { listQueryOf, MyAdsTools } from './MyAdsTools.tsx';
import { adAfter, autoBumpText, doneText, statusText, trackText } from './myAdsText.ts';
import { UpgradeList } from './UpgradeList.tsx';

const t = hePackages.myAds;

/** The list as loaded so far: every page's ads, how many match, the next page's cursor. */
type State =
  | { kind: 'loading' }
  | { kind: 'guest' }
  | { kind: 'failed' }
  | { kind: 'ready'; ads: MyAd[]; total: number; nextCursor: string | null };

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
  const queryText = listQueryOf(params).toString();
  const query = useMemo(() => new URLSearchParams(queryText), [queryText]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<ReadonlyMap<number, MyAdsBulkResult>>(new Map());
  const [resultsOf, setResultsOf] = useState<MyAdsAction>('hide');
  const [loadingMore, setLoadingMore] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again after a login (customerId), a retry or a new query
  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    setState((now) => (now.kind === 'ready' ? now : { kind: 'loading' }));
    void getMyAds(query, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.status === 422) setState({ kind: 'guest' });
      else if (!res.ok || !res.data) setState({ kind: 'failed' });
      else {
        setState({ kind: 'ready', ads: res.data.ads, total: res.data.total, nextCursor: res.data.nextCursor });
        setChosen(new Set());
      }
    });
    // The numbers beside the list: without them the list is still shown.
    void getMyAdsNumbers(controller.signal).then((res) => {
      if (!controller.signal.aborted && res.ok && res.data) setTotals(new Map(res.data.ads.map((a) => [a.OrderID, a])));
    });
    return () => controller.abort();
  }, [loaded, customerId, attempt, query]);

  // The upgrades' box opens in the address beside the list's query, which it keeps.
  const toggleUpgrade = (id: number) => {
    const next = new URLSearchParams(query);
    if (upgradeId !== id) next.set('upgrade', String(id));
    navigate({ search: next.size > 0 ? `?${next}` : '' }, { replace: true });
  };

  const search = (next: URLSearchParams) => {
    setResults(new Map());
    navigate({ search: next.size > 0 ? `?${next}` : '' });
  };

  const loadMore = async () => {
    if (state.kind !== 'ready' || !state.nextCursor) return;
    setLoadingMore(true);
    const next = new URLSearchParams(query);
    next.set('cursor', state.nextCursor);
    const res = await getMyAds(next);
    setLoadingMore(false);
    if (!res.ok || !res.data) return;
    const page = res.data;
    setState((now) =>
      now.kind === 'ready' ? { ...now, ads: [...now.ads, ...page.ads], nextCursor: page.nextCursor } : now,
    );
  };

  const toggle = (id: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  /** One action on the chosen ads: each ad's result is shown on it; done ones take their new status. */
  const act = async (action: MyAdsAction): Promise<boolean> => {
    const res = await bulkMyAds({ action, ids: [...chosen] });
    if (!res.ok || !res.data) return false;
    const byId = new Map(res.data.results.map((r) => [r.OrderID, r]));
    setResults(byId);
    setResultsOf(action);
    setChosen(new Set());
    setState((now) =>
      now.kind === 'ready' ? { ...now, ads: now.ads.map((ad) => adAfter(ad, byId.get(ad.OrderID))) } : now,
    );
    return true;
  };
  const deleted = (id: number) => results.get(id)?.status === 'deleted';
  const allowed = new Set(
    state.kind === 'ready' ? state.ads.filter((ad) => chosen.has(ad.OrderID)).flatMap((ad) => ad.actions) : [],
  );
  const shownIds = state.kind === 'ready' ? state.ads.filter((ad) => !deleted(ad.OrderID)).map((ad) => ad.OrderID) : [];

  return (
    <section className="my-ads-page" aria-busy={state.kind === 'loading'}>
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.lead}</p>
      {paid && (
        <p role="status" className="packages-page__notice" data-testid="upgrade-paid">
          {t.upgradePaid}
        </p>
      )}
      <MyAdsTools query={query} onSearch={search} />
      {state.kind === 'loading' && <p role="status">{t.loading}</p>}
      <LoadNotices kind={state.kind} texts={t} onRetry={() => setAttempt((n) => n + 1)} />
      {state.kind === 'ready' && state.ads.length === 0 && query.size > 0 && (
        <p className="packages-page__notice" role="status">
          {t.tools.noneFound}
        </p>
      )}
      {state.kind === 'ready' && state.ads.length === 0 && query.size === 0 && (
        <div className="packages-page__notice">
          <p>{t.none}</p>
          <Link to="/publish" className="btn btn--primary">
            {t.publish}
          </Link>
        </div>
      )}
      {state.kind === 'ready' && state.ads.length > 0 && (
        <>
          <p className="my-ads__count" role="status" data-testid="my-ads-count">
            {t.tools.count(state.ads.length, state.total)}
          </p>
          <BulkBar
            shownIds={shownIds}
            chosen={chosen}
            onChoose={setChosen}
            allowed={allowed}
            onAct={act}
            results={[...results.values()]}
          />
        </>
      )}
      {state.kind === 'ready' && state.ads.length > 0 && (
        <ul className="my-ads" data-testid="my-ads">
          {state.ads.map((ad) => {
            const titleId = `my-ad-${ad.OrderID}-title`;
            const open = upgradeId === ad.OrderID;
            const finishUrl = publishUrl(ad);
            const result = results.get(ad.OrderID);
            const resultLine = result && (
              <p
                className={`my-ad__result my-ad__result--${result.done ? 'done' : 'refused'}`}
                data-testid="my-ad-result"
              >
                {result.done ? doneText(resultsOf, result) : t.tools.refused(result.reason ?? '')}
              </p>
            );
            if (deleted(ad.OrderID)) {
              return (
                <li key={ad.OrderID}>
                  <article className="my-ad card my-ad--deleted" aria-labelledby={titleId} data-order-id={ad.OrderID}>
                    <h2 id={titleId} className="my-ad__title">
                      {ad.title}
                    </h2>
                    {resultLine}
                  </article>
                </li>
              );
            }
            return (
              <li key={ad.OrderID}>
                <article className="my-ad card" aria-labelledby={titleId} data-order-id={ad.OrderID}>
                  <div className="my-ad__choose">
                    <input
                      type="checkbox"
                      id={`my-ad-${ad.OrderID}-choose`}
                      checked={chosen.has(ad.OrderID)}
                      onChange={() => toggle(ad.OrderID)}
                      data-testid="my-ad-choose"
                    />
                    <label htmlFor={`my-ad-${ad.OrderID}-choose`} className="visually-hidden">
                      {t.tools.choose(ad.title, ad.OrderID)}
                    </label>
                  </div>
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
                  {resultLine}
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
      {state.kind === 'ready' && state.nextCursor && (
        <p className="my-ads__more">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            data-testid="my-ads-more"
          >
            {loadingMore ? t.tools.loadingMore : t.tools.more}
          </button>
        </p>
      )}
    </section>
  );
}
