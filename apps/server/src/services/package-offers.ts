/**
 * The packages on sale (after-save-area.md §3 "Order type (track) item", §4 "Packages page", §7 get-packages and
 * {gateway}/packages/personal/{adId}, §9 "Ad-space use window: up to 91 days from purchase").
 *
 * The data is `src/plan-data/package-offers.json`, checked by the schema below when this module loads:
 * - `upgrades`: one-ad upgrade packages (Upgrade, UpgradePlus, Platinum, Premium; Premium is recommended, §9)
 *   for an ad already published, by category (`cats`);
 * - `bulk`: packages of several ads of one type in one category (`ads`, each live `days`), bought by payment or,
 *   for the large ones, through the buy-package contact form (`switchFormType: Contact`).
 * Prices are agorot, VAT included. For the integrator: when packages/catalog/src/tracks.ts arrives, this JSON
 * folds into the tracks data and this module keeps only toOrderTypeItem and the window rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AD_TYPES, type DealColor, type OrderTypeItem, VAT_PERCENT } from '@app/contract/orders';
import { z } from 'zod';
import { planExtrasHe } from '../i18n/plan-extras.ts';

/** Ads of a bought package may be used until this many days after buying (spec §9). */
export const PACKAGE_WINDOW_DAYS = 91;
const DAY_MS = 86_400_000;

export const packageUsableUntil = (boughtAt: Date): Date => new Date(boughtAt.getTime() + PACKAGE_WINDOW_DAYS * DAY_MS);

const common = {
  hash: z.string().regex(/^[a-z0-9-]{3,40}$/),
  adType: z.enum(AD_TYPES),
  orderType: z.number().int().min(1).max(9),
  days: z.number().int().positive(),
  priceAgorot: z.number().int().positive(),
  title: z.string().min(1),
  headerText: z.string().min(1),
  description: z.string().min(1),
  description_inner: z.array(z.string().min(1)).min(1),
  buttonText: z.string().min(1),
  recommended: z.boolean().optional(),
  iscommercial: z.boolean().optional(),
  isbusinessforsale: z.boolean().optional(),
};
const upgradeSchema = z.strictObject({ ...common, cats: z.array(z.number().int().positive()).min(1) });
const bulkSchema = z.strictObject({
  ...common,
  catId: z.number().int().positive(),
  ads: z.number().int().min(2),
  switchFormType: z.enum(['Contact', 'payment']),
});
const fileSchema = z
  .strictObject({ upgrades: z.array(upgradeSchema), bulk: z.array(bulkSchema) })
  .refine((f) => new Set([...f.upgrades, ...f.bulk].map((o) => o.hash)).size === f.upgrades.length + f.bulk.length, {
    message: 'package hashes must be unique',
  });

export type UpgradeOffer = z.infer<typeof upgradeSchema>;
export type BulkOffer = z.infer<typeof bulkSchema>;

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../plan-data/package-offers.json');
/** The checked offers; a broken file stops the server at start. */
export const PACKAGE_OFFERS = fileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));

/** Spec §3: order type 1 is grey, 2 pink, other yellow. */
export const dealColorOf = (orderType: number): DealColor =>
  orderType === 1 ? 'grey' : orderType === 2 ? 'pink' : 'yellow';

/** An offer as the plan step and the packages page list it (OrderTypeItem); price in shekels for display. */
export function toOrderTypeItem(offer: UpgradeOffer | BulkOffer, catId: number): OrderTypeItem {
  const price = offer.priceAgorot / 100;
  const bulk = 'ads' in offer;
  return {
    adType: offer.adType,
    headerText: offer.headerText,
    description_inner: offer.description_inner,
    price,
    priceNotTax: Math.round((price / (1 + VAT_PERCENT / 100)) * 100) / 100,
    amountAgorot: offer.priceAgorot,
    days: offer.days,
    giftedDays: 0,
    iscommercial: offer.iscommercial ?? false,
    isbusinessforsale: offer.isbusinessforsale ?? false,
    order_subscribe: 0,
    orderType: offer.orderType,
    hash: offer.hash,
    title: offer.title,
    description: offer.description,
    buttonText: offer.buttonText,
    dealColor: dealColorOf(offer.orderType),
    catId,
    ...(bulk
      ? {
          switchFormType: offer.switchFormType,
          left: offer.ads,
          text: planExtrasHe.packageText(offer.ads, PACKAGE_WINDOW_DAYS),
        }
      : {}),
    ...(offer.recommended ? { recommended: true } : {}),
  };
}

/** The packages on sale, for one category when given. */
export function packagesOnSale(cat?: number): OrderTypeItem[] {
  return PACKAGE_OFFERS.bulk
    .filter((o) => cat === undefined || o.catId === cat)
    .map((o) => toOrderTypeItem(o, o.catId));
}

/** Second-hand upgrades are not offered for these SalesCatIDs (spec §6: 28, 37 business for sale, 40). */
export const NO_UPGRADE_SALES_CATS: ReadonlySet<number> = new Set([28, 37, 40]);

/** The upgrade packages for one ad of a category (none for the excluded second-hand sales categories). */
export function upgradePackagesFor(cat: number, salesCatId?: number): OrderTypeItem[] {
  if (cat === 3 && salesCatId !== undefined && NO_UPGRADE_SALES_CATS.has(salesCatId)) return [];
  return PACKAGE_OFFERS.upgrades.filter((o) => o.cats.includes(cat)).map((o) => toOrderTypeItem(o, cat));
}

/** A bulk offer by hash (for the package purchase). */
export const bulkOffer = (hash: string): BulkOffer | undefined => PACKAGE_OFFERS.bulk.find((o) => o.hash === hash);
