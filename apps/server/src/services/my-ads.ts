/**
 * "My ads" (ours; the upgrade link of after-save-area.md §4 "Ad-strength meter" opens /my-ads?upgrade={id}): the
 * customer's ads with a title a person recognises, where each stands and how many days it has left.
 */
import type { AdType } from '@app/contract/orders';
import type { MyAd } from '@app/contract/planExtras';
import type { Selectors } from '@app/contract/publish';
import type { Queryable } from '../db/db.ts';
import { mediaUrl } from '../media/store.ts';
import type { FieldValues } from '../repositories/drafts.ts';
import { adTitleOf } from './ad-title.ts';

const DAY_MS = 86_400_000;

interface Row {
  id: number;
  cat: number;
  subcat: number | null;
  status: MyAd['status'];
  ad_type: AdType | null;
  ends_at: Date | string | null;
  selectors: Selectors;
  field_values: FieldValues;
  /** The main photo's thumbnail (the first in the owner's order), null without photos. */
  thumb_key: string | null;
  awaiting_payment: boolean;
  auto_bump_until: Date | string | null;
}

/** The customer's ads (not the reserved holders of photos, not deleted ones), newest first. */
export async function myAds(db: Queryable, customerId: number, now: Date): Promise<MyAd[]> {
  const rows = await db.query<Row>(
    `SELECT id, cat, subcat, status, ad_type, ends_at, selectors, field_values,
       (SELECT i.thumb_key FROM ad_images i WHERE i.ad_id = ads.id
         ORDER BY i.position IS NULL, i.position, i.slot LIMIT 1) AS thumb_key,
       EXISTS (SELECT 1 FROM payments p WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id
         AND p.purpose IN ('track', 'ad_package') AND p.status = 'created') AS awaiting_payment,
       (SELECT max(w.ends_at) FROM auto_bump_weeks w
         WHERE w.ad_id = ads.id AND w.stopped_at IS NULL AND w.ends_at > $2
         HAVING min(w.starts_at) <= $2) AS auto_bump_until
     FROM ads
     WHERE customer_id = $1 AND status NOT IN ('reserved', 'deleted') ORDER BY id DESC`,
    [customerId, now],
  );
  return rows.map((r) => {
    const id = Number(r.id);
    const endsAt = r.ends_at === null ? null : new Date(r.ends_at);
    const live = r.status === 'active' || r.status === 'pending';
    const bumpUntil = live && r.auto_bump_until !== null ? new Date(r.auto_bump_until) : null;
    return {
      OrderID: id,
      title: adTitleOf(id, r.selectors ?? {}, r.field_values),
      cat: r.cat,
      subcat: r.subcat,
      status: r.status,
      adType: r.ad_type,
      endsAt: endsAt?.toISOString() ?? null,
      // A draft whose track payment is open (started, neither paid nor failed): 'waiting for payment'.
      awaitingPayment: r.status === 'draft' && r.awaiting_payment === true,
      daysLeft: endsAt === null ? null : Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
      // A paid auto-bump week (services/auto-bump.ts) running now; weeks bought back to back end at the last one.
      autoBump: bumpUntil !== null,
      autoBumpUntil: bumpUntil?.toISOString() ?? null,
      thumbnailUrl: r.thumb_key === null ? null : mediaUrl(r.thumb_key),
      editUrl: `/edit/${id}`,
      upgradeUrl: `/my-ads?upgrade=${id}`,
    };
  });
}
