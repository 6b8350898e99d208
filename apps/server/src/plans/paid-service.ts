/**
 * What a confirmed payment delivers, inside the transaction that marks it paid (payments/service.ts OnPaid): a
 * track finishes its draft through goLive (the one way out of draft); a one-ad upgrade (gateway
 * packages/personal/pay/{adId}) gives the finished ad its new track, moves it up and adds its days; the auto-bump
 * week is the `autoBump` handler's (auto-bump-jobs.ts, wired in app.ts); a package of ads (the plan step's
 * buyPackage mode) is recorded as the customer's, and one of its ads publishes the payment's draft. Answers
 * NotFulfilled when nothing was delivered (the payment is then recorded paid and refund_due, service.ts).
 */

import { findAdPackage } from '@app/catalog/packages';
import type { AdType } from '@app/contract/orders';
import { recordAdEvent } from '../ads/ad-events-service.ts';
import { scheduleAdExpiry } from '../ads/ad-expiry-jobs.ts';
import { findAd, upgradeLiveAd } from '../ads/ads-repository.ts';
import { goLive, type ReviewGate } from '../ads/go-live-service.ts';
import type { OnPaid } from '../payments/service.ts';
import type { Queryable } from '../platform/db/db.ts';
import { insertCustomerPackage, usePackageAd } from './customer-packages-repository.ts';
import { startTrial } from './easy-start-service.ts';
import { publishWaitingAds } from './package-ads-service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An upgrade of a live (or pending) ad: its track, a bump now, and its days added from today or its end date. */
async function upgradeAd(tx: Queryable, adId: number, adType: string, days: number, now: Date): Promise<boolean> {
  const before = (await findAd(tx, adId))?.status;
  const endsAt = await upgradeLiveAd(tx, adId, { adType, now, addMs: days * DAY_MS });
  // A live ad's new track shows on its page (its mark): ad.changed.
  if (endsAt && before) await recordAdEvent(tx, { ad: adId, before, changed: true }, now);
  // The new end date gets its own expiry job (the one of the old date will find the end still ahead).
  if (!endsAt) return false;
  await scheduleAdExpiry(tx, adId, endsAt, now);
  return true;
}

/**
 * `review`: whether a moderation rule holds an ad that goes live, and its case (moderation's, handed in by the app);
 * `autoBump`: the auto-bump week's handler.
 */
export function paidHandler(deps: { review: ReviewGate; autoBump?: OnPaid }): OnPaid {
  const { review } = deps;
  return async (tx, payment) => {
    if (payment.adId === null) return { fulfilled: false, reason: 'no_ad' };
    if (payment.purpose === 'track') {
      const { outcome } = await goLive(
        tx,
        payment.paidAt,
        {
          orderId: payment.adId,
          adType: payment.adType as AdType,
          days: payment.days,
          reason: 'paid',
        },
        review,
      );
      // Finished already (another payment, a free finish), blocked, deleted: this payment delivered nothing.
      if (outcome === 'published') return undefined;
      return { fulfilled: false, reason: outcome === 'alreadyFinished' ? 'ad_already_finished' : `ad_${outcome}` };
    }
    if (payment.purpose === 'ad_package') {
      const row = payment.packageHash ? findAdPackage(payment.packageHash) : undefined;
      if (!row) return { fulfilled: false, reason: 'package_unknown' };
      // The package is the customer's whatever happens to the ad: it was bought, and its ads are theirs to use.
      const bought = await insertCustomerPackage(tx, {
        customerId: payment.customerId,
        cat: row.catId,
        adType: row.adType,
        hash: row.hash,
        adsTotal: row.ads,
        boughtAt: payment.paidAt,
        paymentId: payment.id,
      });
      const { outcome } = await goLive(
        tx,
        payment.paidAt,
        {
          orderId: payment.adId,
          adType: row.adType,
          days: row.days,
          reason: 'package',
          packageSlots: { left: row.ads, expired: false },
        },
        review,
      );
      // The draft took one of the package's ads; an ad finished meanwhile (another payment) leaves them all.
      if (outcome === 'published') await usePackageAd(tx, bought.id);
      // Ads of the customer that waited out of slots for a package of this kind are published from it too.
      await publishWaitingAds(tx, payment.paidAt, bought, review);
      return undefined;
    }
    if (payment.purpose === 'trial') return startTrial(tx, payment, review);
    if (payment.purpose === 'package') {
      if (await upgradeAd(tx, payment.adId, payment.adType, payment.days, payment.paidAt)) return undefined;
      return { fulfilled: false, reason: 'ad_not_live' };
    }
    return deps.autoBump?.(tx, payment);
  };
}
