/**
 * "My ads" as stored: the customer's ads with, in one statement, each one's first photo, its latest unpaid
 * publishing payment, its automatic refund, its running auto-bump, its refusal and its EasyStart week.
 */
import type { AdType } from '@app/contract/orders';
import type { MyAd } from '@app/contract/planExtras';
import type { Selectors } from '@app/contract/publish';
import { AD_REFUND_LATERAL } from '../payments/repository.ts';
import type { Queryable } from '../platform/db/db.ts';
import type { FieldValues } from './drafts-repository.ts';

export interface MyAdRow {
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
  /** The ad's automatic refund (payments/repository.ts AD_REFUND_LATERAL). */
  refund_status: 'pending' | 'refunded' | null;
  refund_agorot: number | null;
  refund_reason: string | null;
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
export async function myAdRows(db: Queryable, customerId: number, now: Date): Promise<MyAdRow[]> {
  return db.query<MyAdRow>(
    `SELECT ads.id, ads.cat, ads.subcat, ads.status, ads.ad_type, ads.ends_at, ads.selectors, ads.field_values,
       (SELECT i.thumb_key FROM ad_images i WHERE i.ad_id = ads.id
         ORDER BY i.position IS NULL, i.position, i.slot LIMIT 1) AS thumb_key,
       (SELECT CASE WHEN p.status <> 'paid' THEN p.ad_type END FROM payments p
         WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id AND p.purpose IN ('track', 'ad_package', 'trial')
         ORDER BY p.created_at DESC, p.id DESC LIMIT 1) AS unpaid_ad_type,
       r.refund_status, r.refund_agorot, r.refund_reason,
       (SELECT max(w.ends_at) FROM auto_bump_weeks w
         WHERE w.ad_id = ads.id AND w.stopped_at IS NULL AND w.ends_at > $2
         HAVING min(w.starts_at) <= $2) AS auto_bump_until,
       rv.reject_template, rv.reject_text,
       t.status AS trial_status, t.charge_at AS trial_charge_at, t.amount_agorot AS trial_amount_agorot,
       t.days AS trial_days, t.card_last4 AS trial_card_last4, t.attempts AS trial_attempts
     FROM ads
     LEFT JOIN easy_start_trials t ON t.ad_id = ads.id AND t.customer_id = ads.customer_id
       AND t.status IN ('running', 'cancelled') AND t.finished_at IS NULL
     LEFT JOIN LATERAL (${AD_REFUND_LATERAL}) r ON true
     LEFT JOIN LATERAL (SELECT v.reject_template, v.reject_text FROM ad_reviews v
       WHERE ads.status = 'rejected' AND v.ad_id = ads.id AND v.decision = 'rejected'
       ORDER BY v.id DESC LIMIT 1) rv ON true
     WHERE ads.customer_id = $1 AND ads.status NOT IN ('reserved', 'deleted') ORDER BY ads.id DESC`,
    [customerId, now],
  );
}
