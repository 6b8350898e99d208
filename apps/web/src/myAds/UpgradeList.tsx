import type { OrderTypeItem } from '@app/contract/orders';
import { useEffect, useState } from 'react';
import { getUpgradePackages } from '../api/packages.ts';
import { hePackages } from '../i18n/hePackages.ts';
import { PackageCard } from '../packages/PackageCard.tsx';

const t = hePackages.myAds;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: OrderTypeItem[] };

/**
 * One ad's upgrades ({gateway}/packages/personal/{adId}) as cards. Read-only for now: paying for an upgrade
 * ({gateway}/packages/personal/pay/{adId}) belongs to the payment popups, which this page does not open yet.
 */
export function UpgradeList({ adId, id }: { adId: number; id: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void getUpgradePackages(adId, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      setState(res.ok && res.data ? { kind: 'ready', items: res.data.msg } : { kind: 'failed' });
    });
    return () => controller.abort();
  }, [adId]);

  return (
    <section id={id} className="upgrade-list" aria-labelledby={`${id}-title`} aria-busy={state.kind === 'loading'}>
      <h3 id={`${id}-title`} className="upgrade-list__title">
        {t.upgradesTitle}
      </h3>
      {state.kind === 'loading' && <p role="status">{t.upgradesLoading}</p>}
      {state.kind === 'failed' && <p role="alert">{t.upgradesFailed}</p>}
      {state.kind === 'ready' && state.items.length === 0 && <p>{t.upgradesNone}</p>}
      {state.kind === 'ready' && state.items.length > 0 && (
        <>
          <ul className="package-grid">
            {state.items.map((item) => (
              <li key={item.hash}>
                <PackageCard item={item} />
              </li>
            ))}
          </ul>
          <p className="upgrade-list__note">
            {t.upgradesReadOnly} <bdi>{hePackages.salesHours}</bdi>
          </p>
        </>
      )}
    </section>
  );
}
