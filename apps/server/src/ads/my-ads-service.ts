/**
 * "My ads" (ours; the upgrade link of after-save-area.md §4 "Ad-strength meter" opens /my-ads?upgrade={id}): the
 * customer's ads with a title a person recognises, where each stands and how many days it has left.
 */
import type { AdType } from '@app/contract/orders';
import type { MyAd } from '@app/contract/planExtras';
import type { Selectors } from '@app/contract/publish';
import { rejectReasonText } from '../i18n/moderation.ts';
import { mediaUrl } from '../media/store.ts';
import { planPath } from '../plans/plans.ts';
import type { Queryable } from '../platform/db/db.ts';
import { adTitleOf } from './ad-title.ts';
import type { FieldValues } from './drafts-repository.ts';

const DAY_MS = 86_400_000;

interface Row {
  id: number;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  status: MyAd['status'];
  ad_type: AdType | null;
  ends_at: Date | string | null;
  field_values: FieldValues;
  /** The main photo's thumbnail (the first in the owner's order), null without photos. */
  thumb_key: string | null;
  /** The track (or package of ads) of the ad's latest publishing payment that was not paid, if that is the latest. */
  unpaid_ad_type: AdType | null;
  refund_status: 'pending' | 'refunded' | null;
  refund_agorot: number | null;
  auto_bump_until: Date | string | null;
  /** The moderator's refusal of a rejected ad (its latest case). */
  reject_template: string | null;
  reject_text: string | null;
  trial_status: 'running' | 'cancelled' | null;
  trial_charge_at: Date | string | null;
  trial_amount_agorot: number | null;
  trial_days: number | null;
  trial_card_last4: string | null;
  trial_attempts: number | null;
}

/** The customer's ads (not the reserved holders of photos, not deleted ones), newest first. */
export async function myAds(db: Queryable, customerId: number, now: Date): Promise<MyAd[]> {
  const rows = await db.query<Row>(
    `SELECT ads.id, ads.cat, ads.subcat, ads.status, ads.ad_type, ads.ends_at, ads.selectors, ads.field_values,
       (SELECT i.thumb_key FROM ad_images i WHERE i.ad_id = ads.id
         ORDER BY i.position IS NULL, i.position, i.slot LIMIT 1) AS thumb_key,
       (SELECT CASE WHEN p.status <> 'paid' THEN p.ad_type END FROM payments p
         WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id AND p.purpose IN ('track', 'ad_package', 'trial')
         ORDER BY p.created_at DESC, p.id DESC LIMIT 1) AS unpaid_ad_type,
       r.refund_status, r.amount_agorot AS refund_agorot,
       (SELECT max(w.ends_at) FROM auto_bump_weeks w
         WHERE w.ad_id = ads.id AND w.stopped_at IS NULL AND w.ends_at > $2
         HAVING min(w.starts_at) <= $2) AS auto_bump_until,
       rv.reject_template, rv.reject_text,
       t.status AS trial_status, t.charge_at AS trial_charge_at, t.amount_agorot AS trial_amount_agorot,
       t.days AS trial_days, t.card_last4 AS trial_card_last4, t.attempts AS trial_attempts
     FROM ads
     LEFT JOIN easy_start_trials t ON t.ad_id = ads.id AND t.customer_id = ads.customer_id
       AND t.status IN ('running', 'cancelled') AND t.finished_at IS NULL
     LEFT JOIN LATERAL (SELECT p.refund_status, p.amount_agorot FROM payments p
       WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id AND p.refund_status IS NOT NULL
       ORDER BY p.id DESC LIMIT 1) r ON true
     LEFT JOIN LATERAL (SELECT v.reject_template, v.reject_text FROM ad_reviews v
       WHERE ads.status = 'rejected' AND v.ad_id = ads.id AND v.decision = 'rejected'
       ORDER BY v.id DESC LIMIT 1) rv ON true
     WHERE ads.customer_id = $1 AND ads.status NOT IN ('reserved', 'deleted') ORDER BY ads.id DESC`,
    [customerId, now],
  );
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
      // A payment of the ad that delivered nothing (the ad was finished another way), refunded automatically.
      refund: r.refund_status ? { status: r.refund_status, agorot: Number(r.refund_agorot) } : null,
      daysLeft: endsAt === null ? null : Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
      // A paid auto-bump week (plans/auto-bump.ts) running now; weeks bought back to back end at the last one.
      autoBump: bumpUntil !== null,
      autoBumpUntil: bumpUntil?.toISOString() ?? null,
      thumbnailUrl: r.thumb_key === null ? null : mediaUrl(r.thumb_key),
      editUrl: `/edit/${id}`,
      // A draft is finished on its plan step (where the wizard shows it again).
      publishUrl:
        r.status === 'draft'
          ? planPath({ orderId: id, cat: r.cat, subcat: r.subcat, selectors: r.selectors ?? {} })
          : null,
      upgradeUrl: `/my-ads?upgrade=${id}`,
      // EasyStart's free week (plans/easy-start.ts) until its charge, or cancelled and not yet over.
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
