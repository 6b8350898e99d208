/**
 * What a payment charges, always from the catalogue's data (packages/catalog tracks and packages), never an
 * amount from the browser.
 */
import { findAdPackage, upgradePackagesFor } from '@app/catalog/packages';
import {
  AUTO_BUMP_DAYS,
  AUTO_BUMP_HASH,
  autoBumpPriceAgorot,
  findTrack,
  type TrackSelectors,
} from '@app/catalog/tracks';
import type { OrderTypeItem } from '@app/contract/orders';
import { adSectionOf } from '../catalogue/selectors.ts';
import type { Charge } from '../payments/service.ts';

export { AUTO_BUMP_HASH };

const chargeOf = (item: OrderTypeItem): Charge => ({
  adType: item.adType,
  days: item.days + item.giftedDays,
  amountAgorot: item.amountAgorot,
  title: item.title,
});

/** The chosen track of an ad's selection (cat, subcat, SalesCatID) by its hash, or null when it is not offered. */
export function trackFor(selectors: TrackSelectors, ptHash: string): Charge | null {
  if (!selectors.cat) return null;
  const track = findTrack(
    { cat: selectors.cat, subcat: selectors.subcat ?? null, SalesCatID: selectors.SalesCatID ?? null },
    ptHash,
  );
  return track ? chargeOf(track) : null;
}

/** A one-ad upgrade offered for this ad (gateway packages/personal/pay/{adId}) by its hash, or null. */
export function packageFor(
  ad: { cat: number; selectors: Record<string, string>; values: Record<string, unknown> },
  packageHash: string,
): Charge | null {
  // The same section as the list the customer saw (gateway packages/personal/{adId}) and the plan step's.
  const salesCat = Number(adSectionOf(ad) ?? Number.NaN);
  const upgrade = upgradePackagesFor(ad.cat, Number.isInteger(salesCat) ? salesCat : undefined).find(
    (p) => p.hash === packageHash,
  );
  return upgrade ? chargeOf(upgrade) : null;
}

/**
 * A package of ads of the ad's category that is sold by payment (switchFormType 'payment'; the large ones go
 * through the contact form), for a draft of the plan step's buyPackage mode; or null.
 */
export function adPackageFor(ad: { cat: number }, packageHash: string): Charge | null {
  const row = findAdPackage(packageHash);
  if (!row || row.catId !== ad.cat || row.switchFormType !== 'payment') return null;
  return { adType: row.adType, days: row.days, amountAgorot: row.priceAgorot, title: row.title, packageHash: row.hash };
}

/** Spec §9: auto-bump every 4 hours for 7 days, 18 NIS for cat 3, 39 NIS otherwise. */
export function autoBumpFor(cat: number): Charge {
  return {
    adType: 'AutoBump',
    days: AUTO_BUMP_DAYS,
    amountAgorot: autoBumpPriceAgorot(cat),
    title: 'הקפצה אוטומטית לשבוע',
  };
}
