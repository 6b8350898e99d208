/**
 * /packages (after-save-area.md §2, §4 "Packages page"): GET get-packages with the page's query; a guest (error 1,
 * 'not connected') gets the login popup and the page loads again after the login. Lists the customer's packages
 * (ads left, usable until) and the packages of ads on sale as cards; each card's button opens the buy-package
 * contact form (finish-publish's variant when the page has an ad: ?OrderID=…&CatID=…&SubCatID=…).
 */
import type { OrderTypeItem } from '@app/contract/orders';
import type { CustomerPackage } from '@app/contract/planExtras';
import { useEffect, useRef, useState } from 'react';
import { getPackages } from '../../shared/api/index.ts';
import { dashDateToSlashes } from '../../shared/format/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';
import { useLocation, useSearchParams } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { type AdContext, BuyPackagePopup } from './BuyPackagePopup.tsx';
import { LoadNotices } from './LoadNotices.tsx';
import { PackageCard } from './PackageCard.tsx';
import { useLoginGate } from './useLoginGate.ts';
import './packages.css';

const t = hePackages.packages;

type State =
  | { kind: 'loading' }
  | { kind: 'guest' }
  | { kind: 'failed' }
  | { kind: 'ready'; mine: CustomerPackage[]; onSale: OrderTypeItem[] };

const digits = (v: string | null): string | null => (v && /^\d{1,12}$/.test(v) ? v : null);

export default function PackagesPage() {
  usePageTitle(hePackages.meta.packages);
  const { loaded } = useCustomer();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [buying, setBuying] = useState<OrderTypeItem | null>(null);
  const customerId = useLoginGate(state.kind === 'guest');

  const orderId = digits(params.get('OrderID'));
  const catId = digits(params.get('CatID') ?? params.get('cat'));
  const ad: AdContext | null =
    orderId && catId
      ? { OrderID: orderId, CatID: catId, SubCatID: digits(params.get('SubCatID') ?? params.get('subcat')) }
      : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again after a login (customerId) or a retry
  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    void getPackages(search, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      const body = res.data;
      if (!res.ok || !body) setState({ kind: 'failed' });
      else if (body.error === 1) setState({ kind: 'guest' });
      else setState({ kind: 'ready', mine: body.adData.packages, onSale: body.adData.packagesOnSale });
    });
    return () => controller.abort();
  }, [loaded, customerId, attempt, search]);

  // With an ad, only the packages of its category can be asked for (finish-publish checks the same).
  const onSale = state.kind === 'ready' ? state.onSale.filter((o) => !ad || String(o.catId) === ad.CatID) : [];

  // ?package={hash} (the plan step's contact package), or businessForSale (the business-for-sale finish page): its
  // form opens at once.
  const wanted = params.get('package');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || opened.current === wanted || state.kind !== 'ready') return;
    const item = onSale.find((o) => (wanted === 'businessForSale' ? o.isbusinessforsale : o.hash === wanted));
    if (!item) return;
    opened.current = wanted;
    setBuying(item);
  }, [wanted, state.kind, onSale]);

  const titleOf = (p: CustomerPackage): string =>
    state.kind === 'ready' ? (state.onSale.find((o) => o.hash === p.hash)?.title ?? p.hash) : p.hash;

  return (
    <section className="packages-page" aria-busy={state.kind === 'loading'}>
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.lead}</p>
      {state.kind === 'loading' && <p role="status">{t.loading}</p>}
      <LoadNotices kind={state.kind} texts={t} onRetry={() => setAttempt((n) => n + 1)} />
      {state.kind === 'ready' && (
        <>
          <h2 className="packages-page__heading">{t.mine}</h2>
          {state.mine.length === 0 ? (
            <p>{t.noneMine}</p>
          ) : (
            <ul className="my-packages" data-testid="my-packages">
              {state.mine.map((p) => (
                <li key={p.id} className={`my-package${p.usable ? '' : ' my-package--expired'}`}>
                  <p className="my-package__title">{titleOf(p)}</p>
                  <p>
                    {p.usable ? t.active : t.expired} · <bdi>{t.adsLeft(p.left, p.adsTotal)}</bdi>
                  </p>
                  <p>
                    {t.usableUntil} <bdi>{dashDateToSlashes(p.EndDate)}</bdi>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <h2 className="packages-page__heading">{t.onSale}</h2>
          <ul className="package-grid">
            {onSale.map((item) => (
              <li key={item.hash}>
                <PackageCard
                  item={item}
                  tag={t.category[item.catId]}
                  action={
                    <button
                      type="button"
                      className="btn btn--primary btn--block"
                      aria-describedby={`package-${item.hash}-title`}
                      onClick={() => setBuying(item)}
                    >
                      {item.buttonText}
                    </button>
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {buying && <BuyPackagePopup item={buying} ad={ad} onClose={() => setBuying(null)} />}
    </section>
  );
}
