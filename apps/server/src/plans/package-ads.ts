/**
 * Ads waiting for a package (after-save-area.md §4 "out of slots"): an ad finished from a package that
 * had no ads left or had ended waits as out_of_slots; when the customer gets a new package of the same kind (a
 * package of ads bought by payment, payments/paid.ts), its ads publish the waiting ones, oldest first, as the
 * finish page promises ('אפשר לחדש את החבילה כדי לפרסם'). Runs in the caller's transaction, under the package
 * row's lock.
 */
import { adPackageFits, findAdPackage } from '@app/catalog/packages';
import { isBusinessForSaleSelection } from '@app/catalog/tracks';
import type { TradeMap } from '@app/contract/auth';
import { scheduleAdExpiry } from '../ads/ad-expiry.ts';
import { type AdRow, toAd } from '../ads/ads-repository.ts';
import { holdForReview } from '../moderation/reviews-repository.ts';
import { holdReasons } from '../moderation/rules.ts';
import type { Queryable } from '../platform/db/db.ts';
import { type CustomerPackageRow, lockCustomerPackage, usePackageAd } from './customer-packages-repository.ts';
import { trackSelectorsOf } from './plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Publishes the customer's out_of_slots ads that this package may publish, one of its ads each; how many. */
export async function publishWaitingAds(tx: Queryable, now: Date, pkg: CustomerPackageRow): Promise<number> {
  const row = findAdPackage(pkg.hash);
  const locked = await lockCustomerPackage(tx, pkg.customerId, pkg.id);
  if (!row || !locked || locked.usableUntil.getTime() <= now.getTime()) return 0;
  let left = locked.adsTotal - locked.adsUsed;
  if (left <= 0) return 0;
  const waiting = await tx.query<AdRow & { trade: TradeMap | string; account_created_at: Date }>(
    `SELECT a.*, c.trade, c.created_at AS account_created_at FROM ads a JOIN customers c ON c.id = a.customer_id
     WHERE a.customer_id = $1 AND a.cat = $2 AND a.status = 'out_of_slots'
     ORDER BY a.id FOR UPDATE OF a`,
    [pkg.customerId, pkg.cat],
  );
  let published = 0;
  for (const r of waiting) {
    if (left <= 0) break;
    const ad = toAd(r);
    if (!adPackageFits(row, { cat: ad.cat, businessForSale: isBusinessForSaleSelection(trackSelectorsOf(ad)) }))
      continue;
    const trade = typeof r.trade === 'string' ? (JSON.parse(r.trade) as TradeMap) : r.trade;
    const endsAt = new Date(now.getTime() + row.days * DAY_MS);
    // A moderation rule may hold it (moderation/rules.ts): it waits in the queue, its days start when approved.
    const held = await holdReasons(tx, ad, { trade, createdAt: new Date(r.account_created_at) }, now);
    const [updated] = await tx.query<{ id: number }>(
      `UPDATE ads SET status = $2, ad_type = $3, published_at = $4, bumped_at = $4, ends_at = $5, updated_at = $4
       WHERE id = $1 AND status = 'out_of_slots' RETURNING id`,
      [ad.orderId, held.length > 0 ? 'pending' : 'active', row.adType, now.toISOString(), endsAt.toISOString()],
    );
    if (!updated) continue;
    if (held.length > 0)
      await holdForReview(tx, { adId: ad.orderId, heldAs: 'pending', stage: 'plan', reasons: held }, now);
    else await scheduleAdExpiry(tx, ad.orderId, endsAt, now);
    await usePackageAd(tx, pkg.id);
    left -= 1;
    published += 1;
  }
  return published;
}
