/**
 * The plan step on the server: which tracks an ad is offered (save-ad's chooseOrderType and
 * GET {OrderID}/order-types); the pages the browser is sent to are ads/ad-paths.ts.
 */

import { adPackageFits, adPackagesOnSale, findAdPackage, ownedPackageItem } from '@app/catalog/packages';
import { autoBumpPriceAgorot, isBusinessForSaleSelection, type TrackSelectors, tracksFor } from '@app/catalog/tracks';
import type { ChooseOrderType, OrderTypeItem } from '@app/contract/orders';
import type { Ad } from '../ads/ads-repository.ts';
import { FINISHED_STATUSES } from '../ads/go-live-service.ts';
import { adSectionOf } from '../catalogue/selectors.ts';
import type { CustomerPackageRow } from './customer-packages-repository.ts';

/**
 * The selection an ad's tracks are of: its cat and subcat, and its second-hand section: the selection's SalesCatID,
 * else (a general second-hand ad, SalesCatID 0) the section chosen in its product step, so a stock (40) chosen there
 * has the free track only, as one chosen in the URL has.
 */
export const trackSelectorsOf = (
  ad: Pick<Ad, 'cat' | 'subcat' | 'selectors'> & { values?: Ad['values'] | undefined },
): TrackSelectors => ({ cat: ad.cat, subcat: ad.subcat, SalesCatID: adSectionOf(ad) ?? ad.selectors.SalesCatID });

/** The customer's packages for the ad's category, as the plan step sees them at `now`. */
export interface PackagesAtNow {
  packages: readonly CustomerPackageRow[];
  now: Date;
}

/**
 * The customer's packages of this category that may publish this ad (a business-for-sale package only a
 * business-for-sale ad, adPackageFits) and are still within their 91-day window (with or without ads left:
 * a package with none left is listed, its choice blocked), newest first; whether they ever held one of this
 * category; and whether those have all ended (save-ad's traderPackageExpired).
 */
export function packagesForPlan(ad: Pick<Ad, 'cat' | 'subcat' | 'selectors'>, owned: PackagesAtNow | undefined) {
  const businessForSale = isBusinessForSaleSelection(trackSelectorsOf(ad));
  const fits = (hash: string) => {
    const row = findAdPackage(hash);
    return row !== undefined && adPackageFits(row, { cat: ad.cat, businessForSale });
  };
  const ofCat = (owned?.packages ?? []).filter((p) => p.cat === ad.cat && fits(p.hash));
  const usable = ofCat.filter((p) => owned && p.usableUntil.getTime() > owned.now.getTime());
  const items = usable
    .map((p) => ownedPackageItem({ id: p.id, hash: p.hash, left: p.adsTotal - p.adsUsed, usableUntil: p.usableUntil }))
    .filter((item): item is OrderTypeItem => item !== null);
  return { items, held: ofCat.length > 0, expired: ofCat.length > 0 && usable.length === 0 };
}

/**
 * The plan step of a saved ad (spec §2, four modes):
 * - fromPackage: the customer holds a package of the ad's category within its window with ads left (their
 *   packages in packageOptions, one with none left listed and blocked; the regular tracks kept in orderType);
 * - buyPackage: they held packages of this category and none has an ad left within its window any more (used up
 *   or past 91 days): the packages on sale for the category (bought by payment, or the large ones through the
 *   contact form);
 * - businessForSale for SalesCatID 37; tracks otherwise.
 * null where the category has no plan step (household workers). finished: the ad has already left 'draft'.
 */
export function chooseOrderTypeFor(ad: Ad, owned?: PackagesAtNow): ChooseOrderType | null {
  const selectors = trackSelectorsOf(ad);
  const orderType = tracksFor(selectors);
  if (orderType.length === 0) return null;
  const { items, held } = packagesForPlan(ad, owned);
  const businessForSale = isBusinessForSaleSelection(selectors);
  const usable = items.some((item) => (item.left ?? 0) > 0);
  const onSale =
    held && !usable && !businessForSale
      ? adPackagesOnSale(ad.cat).filter((item) => item.isbusinessforsale === businessForSale)
      : [];
  const mode = usable
    ? 'fromPackage'
    : onSale.length > 0
      ? 'buyPackage'
      : businessForSale
        ? 'businessForSale'
        : 'tracks';
  const packageOptions = mode === 'fromPackage' ? items : mode === 'buyPackage' ? onSale : [];
  return {
    adData: { OrderID: ad.orderId, RecordID: ad.orderId, CatID: ad.cat, SubCatID: ad.subcat },
    mode,
    orderType,
    ...(packageOptions.length > 0 ? { packageOptions } : {}),
    ...(FINISHED_STATUSES.has(ad.status) ? { finished: true } : {}),
    autoBumpPriceAgorot: autoBumpPriceAgorot(ad.cat),
  };
}
