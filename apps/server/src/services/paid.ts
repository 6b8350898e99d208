/**
 * What a confirmed payment does, inside the transaction that marks it paid (payments/service.ts OnPaid): a
 * track finishes its draft through goLive (the one way out of draft); a one-ad upgrade (gateway
 * packages/personal/pay/{adId}) gives the finished ad its new track, moves it up and adds its days; the auto-bump
 * week is scheduled by the auto-bump service when it is wired.
 */
import type { AdType } from '@app/contract/orders';
import type { Queryable } from '../db/db.ts';
import type { OnPaid } from '../payments/service.ts';
import { goLive } from './go-live.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An upgrade of a live (or pending) ad: its track, a bump now, and its days added from today or its end date. */
async function upgradeAd(tx: Queryable, adId: number, adType: string, days: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE ads SET ad_type = $2, bumped_at = $3,
       ends_at = GREATEST(COALESCE(ends_at, $3), $3) + ($4::bigint * interval '1 millisecond')
     WHERE id = $1 AND status IN ('active', 'pending', 'out_of_slots')`,
    [adId, adType, now, days * DAY_MS],
  );
}

export function paidHandler(extra: { autoBump?: OnPaid } = {}): OnPaid {
  return async (tx, payment) => {
    if (payment.adId === null) return;
    if (payment.purpose === 'track') {
      await goLive(tx, payment.paidAt, {
        orderId: payment.adId,
        adType: payment.adType as AdType,
        days: payment.days,
        reason: 'paid',
      });
      return;
    }
    if (payment.purpose === 'package') {
      await upgradeAd(tx, payment.adId, payment.adType, payment.days, payment.paidAt);
      return;
    }
    await extra.autoBump?.(tx, payment);
  };
}
