/**
 * "My ads" (ours; the upgrade link of after-save-area.md §4 "Ad-strength meter" opens /my-ads?upgrade={id}): the
 * customer's ads with a title a person recognises, where each stands and how many days it has left.
 */
import { mediaUrl } from '@app/contract/media';
import type { MyAd } from '@app/contract/planExtras';
import { rejectReasonText } from '../i18n/moderation.ts';
import { adRefundOf } from '../payments/repository.ts';
import type { Queryable } from '../platform/db/db.ts';
import { planPath } from './ad-paths.ts';
import { adTitleOf } from './ad-title.ts';
import { myAdRows } from './my-ads-repository.ts';
import { adPagePath } from './public-ad.ts';

const DAY_MS = 86_400_000;

/** The customer's ads (not the reserved holders of photos, not deleted ones), newest first. */
export async function myAds(db: Queryable, customerId: number, now: Date): Promise<MyAd[]> {
  const rows = await myAdRows(db, customerId, now);
  return rows.map((r) => {
    const id = Number(r.id);
    const endsAt = r.ends_at === null ? null : new Date(r.ends_at);
    const live = r.status === 'active' || r.status === 'pending';
    const bumpUntil = live && r.auto_bump_until !== null ? new Date(r.auto_bump_until) : null;
    // A draft whose latest track payment is not paid (open, declined or cancelled): 'waiting for payment' for the
    // track the customer chose.
    const awaitingPayment = r.status === 'draft' && r.unpaid_ad_type !== null;
    return {
      OrderID: id,
      title: adTitleOf(id, r.selectors ?? {}, r.field_values),
      cat: r.cat,
      subcat: r.subcat,
      status: r.status,
      adType: r.ad_type ?? (awaitingPayment ? r.unpaid_ad_type : null),
      endsAt: endsAt?.toISOString() ?? null,
      awaitingPayment,
      rejection: r.status === 'rejected' ? { reason: rejectReasonText(r.reject_template, r.reject_text) } : null,
      // What was paid for the ad and is given back automatically: a payment that delivered nothing (the ad was
      // finished another way), or what a refused ad paid before it was ever on the board.
      refund: adRefundOf(r),
      daysLeft: endsAt === null ? null : Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
      // A paid auto-bump week (plans/auto-bump-jobs.ts) running now; weeks bought back to back end at the last one.
      autoBump: bumpUntil !== null,
      autoBumpUntil: bumpUntil?.toISOString() ?? null,
      thumbnailUrl: r.thumb_key === null ? null : mediaUrl(r.thumb_key),
      editUrl: `/edit/${id}`,
      // Its page (listing/): every ad of the list has one but an ended ad (its page says it has ended).
      pageUrl:
        r.status === 'expired' || (endsAt !== null && r.status === 'active' && endsAt <= now) ? null : adPagePath(id),
      // A draft is finished on its plan step (where the wizard shows it again).
      publishUrl:
        r.status === 'draft'
          ? planPath({ orderId: id, cat: r.cat, subcat: r.subcat, selectors: r.selectors ?? {} })
          : null,
      upgradeUrl: `/my-ads?upgrade=${id}`,
      // EasyStart's free week (plans/easy-start-service.ts) until its charge, or cancelled and not yet over.
      easyStart:
        r.trial_status && r.trial_charge_at !== null
          ? {
              status: r.trial_status,
              chargeAt: new Date(r.trial_charge_at).toISOString(),
              amountAgorot: Number(r.trial_amount_agorot),
              days: Number(r.trial_days),
              cardLast4: r.trial_card_last4 ?? '',
              attempts: Number(r.trial_attempts),
            }
          : null,
    };
  });
}
