/**
 * Ads waiting for a package (after-save-area.md §4 "out of slots"): an ad finished from a package that
 * had no ads left or had ended waits as out_of_slots; when the customer gets a new package of the same kind (a
 * package of ads bought by payment, paid-service.ts), its ads publish the waiting ones, oldest first, as the
 * finish page promises ('אפשר לחדש את החבילה כדי לפרסם'). Runs in the caller's transaction, under the package
 * row's lock.
 */
import { adPackageFits, findAdPackage } from '@app/catalog/packages';
import { isBusinessForSaleSelection } from '@app/catalog/tracks';
import { recordAdEvent } from '../ads/ad-events-service.ts';
import { scheduleAdExpiry } from '../ads/ad-expiry-jobs.ts';
import { lockAdsOutOfSlots, publishAd } from '../ads/ads-repository.ts';
import type { ReviewGate } from '../ads/go-live-service.ts';
import type { Queryable } from '../platform/db/db.ts';
import { type CustomerPackageRow, lockCustomerPackage, usePackageAd } from './customer-packages-repository.ts';
import { trackSelectorsOf } from './plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Publishes the customer's out_of_slots ads that this package may publish, one of its ads each; how many. */
export async function publishWaitingAds(
  tx: Queryable,
  now: Date,
  pkg: CustomerPackageRow,
  review: ReviewGate,
): Promise<number> {
  const row = findAdPackage(pkg.hash);
  const locked = await lockCustomerPackage(tx, pkg.customerId, pkg.id);
  if (!row || !locked || locked.usableUntil.getTime() <= now.getTime()) return 0;
  let left = locked.adsTotal - locked.adsUsed;
  if (left <= 0) return 0;
  const waiting = await lockAdsOutOfSlots(tx, pkg.customerId, pkg.cat);
  let published = 0;
  for (const { ad, trade, accountCreatedAt } of waiting) {
    if (left <= 0) break;
    if (!adPackageFits(row, { cat: ad.cat, businessForSale: isBusinessForSaleSelection(trackSelectorsOf(ad)) }))
      continue;
    const endsAt = new Date(now.getTime() + row.days * DAY_MS);
    // A moderation rule may hold it (the review gate): it waits in the queue, its days start when approved.
    const held = await review.holdReasons(tx, ad, { trade, createdAt: accountCreatedAt }, now);
    const status = held.length > 0 ? 'pending' : 'active';
    const updated = await publishAd(tx, ad.orderId, 'out_of_slots', { status, adType: row.adType, at: now, endsAt });
    if (!updated) continue;
    if (held.length > 0)
      await review.hold(tx, { adId: ad.orderId, heldAs: 'pending', stage: 'plan', reasons: held }, now);
    else await scheduleAdExpiry(tx, ad.orderId, endsAt, now);
    await recordAdEvent(tx, { ad: updated, before: ad.status }, now);
    await usePackageAd(tx, pkg.id);
    left -= 1;
    published += 1;
  }
  return published;
}
