/**
 * Packages as the spec's OrderTypeItem (after-save-area.md §3, §4 "Packages page", §7 get-packages and
 * {gateway}/packages/personal/{adId}, §9 the 91-day window). The data and what each kind means: packagesData.ts.
 */
import { israelDate } from '@app/contract/israelTime';
import type { OrderTypeItem } from '@app/contract/orders';
import { AD_PACKAGE_ROWS, type AdPackageRow, UPGRADE_ROWS, type UpgradeRow } from './packagesData.ts';
import { dealColorOf, priceWithoutTax } from './tracks.ts';

/** Ads of a bought package may be used until this many days after buying (spec §9). */
export const PACKAGE_WINDOW_DAYS = 91;
const DAY_MS = 86_400_000;

/** The end of a bought package's window. */
export const packageUsableUntil = (boughtAt: Date): Date => new Date(boughtAt.getTime() + PACKAGE_WINDOW_DAYS * DAY_MS);

/** Second-hand sections without upgrades (spec §6: 28, 37 business for sale, 40). */
export const NO_UPGRADE_SALES_CATS: ReadonlySet<number> = new Set([28, 37, 40]);

/** A package of ads' line: how many ads and the window. */
export const adPackageText = (ads: number): string => `${ads} מודעות, לניצול עד ${PACKAGE_WINDOW_DAYS} יום מהרכישה`;

function item(row: AdPackageRow | UpgradeRow, catId: number): OrderTypeItem {
  const ads = 'ads' in row ? row : null;
  return {
    adType: row.adType,
    headerText: row.headerText,
    description_inner: [...row.descriptionInner],
    price: row.priceAgorot / 100,
    priceNotTax: priceWithoutTax(row.priceAgorot),
    amountAgorot: row.priceAgorot,
    days: row.days,
    giftedDays: 0,
    iscommercial: ads?.iscommercial ?? false,
    isbusinessforsale: ads?.isbusinessforsale ?? false,
    order_subscribe: 0,
    orderType: row.orderType,
    hash: row.hash,
    title: row.title,
    description: row.description,
    buttonText: row.buttonText,
    dealColor: dealColorOf(row.orderType),
    catId,
    ...(ads ? { switchFormType: ads.switchFormType, left: ads.ads, text: adPackageText(ads.ads) } : {}),
    ...(row.recommended ? { recommended: true } : {}),
  };
}

/** The packages of ads on sale (the /packages page, the plan step's buyPackage mode), for one category if given. */
export function adPackagesOnSale(cat?: number): OrderTypeItem[] {
  return AD_PACKAGE_ROWS.filter((r) => cat === undefined || r.catId === cat).map((r) => item(r, r.catId));
}

/** A package of ads by hash (its purchase, its contact-me lead), or undefined. */
export const findAdPackage = (hash: string): AdPackageRow | undefined => AD_PACKAGE_ROWS.find((r) => r.hash === hash);

/** The one-ad upgrades for a published ad of a category (none for second-hand SalesCatID 28, 37, 40). */
export function upgradePackagesFor(cat: number, salesCatId?: number): OrderTypeItem[] {
  if (cat === 3 && salesCatId !== undefined && NO_UPGRADE_SALES_CATS.has(salesCatId)) return [];
  return UPGRADE_ROWS.filter((r) => r.cats.includes(cat)).map((r) => item(r, cat));
}

/** The Hebrew title of a one-ad upgrade by its ad type (an upgraded ad's track on /my-ads), or undefined. */
export const upgradeTitleOf = (adType: string): string | undefined =>
  UPGRADE_ROWS.find((r) => r.adType === adType)?.title;

/** The hash of a customer's own package in the plan step (fromPackage mode): its row id, never a catalogue hash. */
export const ownedPackageHash = (id: number): string => `pkg-${id}`;
/** The row id of an owned package's hash, or null. */
export const ownedPackageId = (hash: string): number | null => {
  const m = /^pkg-(\d{1,15})$/.exec(hash);
  return m ? Number(m[1]) : null;
};

/**
 * A package the customer bought, as the plan step's fromPackage mode lists it: the catalogue row's texts and
 * track, the ads left (0: shown, and the choice blocked) and its end date.
 */
export function ownedPackageItem(owned: {
  id: number;
  hash: string;
  left: number;
  usableUntil: Date;
}): OrderTypeItem | null {
  const row = findAdPackage(owned.hash);
  if (!row) return null;
  // Bought already: no way to buy it (switchFormType) on the card.
  const { switchFormType: _bought, ...offer } = item(row, row.catId);
  return {
    ...offer,
    hash: ownedPackageHash(owned.id),
    buttonText: 'לפרסום מהחבילה',
    left: Math.max(0, owned.left),
    text: adPackageText(row.ads),
    packageInfo: { EndDate: israelDate(owned.usableUntil, '-'), isB4SalePackage: row.isbusinessforsale === true },
  };
}

/**
 * Whether a package of ads may publish an ad of this selection: a business-for-sale package (isbusinessforsale,
 * SalesCatID 37) only business-for-sale ads, any other package only the other ads of its category.
 */
export const adPackageFits = (
  row: Pick<AdPackageRow, 'catId' | 'isbusinessforsale'>,
  ad: { cat: number; businessForSale: boolean },
): boolean => row.catId === ad.cat && (row.isbusinessforsale === true) === ad.businessForSale;
