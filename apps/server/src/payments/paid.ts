/**
 * What a confirmed payment does, inside the transaction that marks it paid (payments/service.ts OnPaid): a
 * track finishes its draft through goLive (the one way out of draft); a one-ad upgrade (gateway
 * packages/personal/pay/{adId}) gives the finished ad its new track, moves it up and adds its days; the auto-bump
 * week is the `autoBump` handler's (plans/auto-bump.ts, wired in app.ts); a package of ads (the plan step's
 * buyPackage mode) is recorded as the customer's, and one of its ads publishes the payment's draft. Answers
 * NotFulfilled when nothing was delivered (the payment is then recorded paid and refund_due, service.ts).
 */

import { findAdPackage } from '@app/catalog/packages';
import type { AdType } from '@app/contract/orders';
import { scheduleAdExpiry } from '../ads/ad-expiry.ts';
import { goLive } from '../ads/go-live.ts';
import { insertCustomerPackage, usePackageAd } from '../plans/customer-packages-repository.ts';
import { startTrial } from '../plans/easy-start.ts';
import { publishWaitingAds } from '../plans/package-ads.ts';
import type { Queryable } from '../platform/db/db.ts';
import type { OnPaid } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An upgrade of a live (or pending) ad: its track, a bump now, and its days added from today or its end date. */
async function upgradeAd(tx: Queryable, adId: number, adType: string, days: number, now: Date): Promise<boolean> {
  const [row] = await tx.query<{ ends_at: Date | string }>(
    `UPDATE ads SET ad_type = $2, bumped_at = $3,
       ends_at = GREATEST(COALESCE(ends_at, $3), $3) + ($4::bigint * interval '1 millisecond')
     WHERE id = $1 AND status IN ('active', 'pending', 'out_of_slots') AND (ends_at IS NULL OR ends_at > $3)
     RETURNING ends_at`,
    [adId, adType, now, days * DAY_MS],
  );
  // The new end date gets its own expiry job (the one of the old date will find the end still ahead).
  if (!row) return false;
  await scheduleAdExpiry(tx, adId, new Date(row.ends_at), now);
  return true;
}

export function paidHandler(extra: { autoBump?: OnPaid } = {}): OnPaid {
  return async (tx, payment) => {
    if (payment.adId === null) return { fulfilled: false, reason: 'no_ad' };
    if (payment.purpose === 'track') {
      const { outcome } = await goLive(tx, payment.paidAt, {
        orderId: payment.adId,
        adType: payment.adType as AdType,
        days: payment.days,
        reason: 'paid',
      });
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
      const { outcome } = await goLive(tx, payment.paidAt, {
        orderId: payment.adId,
        adType: row.adType,
        days: row.days,
        reason: 'package',
        packageSlots: { left: row.ads, expired: false },
      });
      // The draft took one of the package's ads; an ad finished meanwhile (another payment) leaves them all.
      if (outcome === 'published') await usePackageAd(tx, bought.id);
      // Ads of the customer that waited out of slots for a package of this kind are published from it too.
      await publishWaitingAds(tx, payment.paidAt, bought);
      return undefined;
    }
    if (payment.purpose === 'trial') return startTrial(tx, payment);
    if (payment.purpose === 'package') {
      if (await upgradeAd(tx, payment.adId, payment.adType, payment.days, payment.paidAt)) return undefined;
      return { fulfilled: false, reason: 'ad_not_live' };
    }
    return extra.autoBump?.(tx, payment);
  };
}
