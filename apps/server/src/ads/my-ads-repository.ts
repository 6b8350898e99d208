/**
 * "My ads" as stored: the customer's ads with, in one statement, each one's first photo, its latest unpaid
 * publishing payment, its automatic refund, its running auto-bump, its refusal and its EasyStart week.
 */
import type { AdType } from '@app/contract/orders';
import type { Selectors } from '@app/contract/publish';
import type { MyAd, MyAdsSort } from '@app/contract/schemas/myAds';
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
  /** The ad's last placing on the board: its last bump, else its publish time (board/ orders by it). */
  placed_at: Date | string | null;
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

/** Where a page of the list starts: after this key of the list's order (the last ad of the page before). */
export interface MyAdsKey {
  id: number;
  /** `ending`: the end (µs since 1970, as text), the far future for an ad with no end ahead. */
  endsUs?: string;
  /** `views`: the ad's all-time views. */
  views?: number;
}

/** What the list is asked for, checked (my-ads-service.ts). */
export interface MyAdsFilter {
  /** The ad's number, when the search text is one: an ad with that number matches as well as the words. */
  number: number | null;
  /** Each a LIKE pattern the title or the description must hold. */
  patterns: readonly string[];
  status: MyAd['status'] | null;
  cat: number | null;
  track: AdType | null;
  /** Only live ads that end between now and this time. */
  endingBefore: Date | null;
  sort: MyAdsSort;
  after: MyAdsKey | null;
  limit: number;
}

/** The far future that stands for "no end ahead" in the `ending` order. */
const NO_END = "'9999-12-31T00:00:00Z'::timestamptz";
const ENDS_US = (now: string) =>
  `(extract(epoch FROM CASE WHEN ads.ends_at > ${now} THEN ads.ends_at ELSE ${NO_END} END) * 1000000)::bigint`;
const VIEWS = 'COALESCE(nt.views, 0)';
const TEXT =
  "(COALESCE(ads.field_values ->> 'title', ads.field_values ->> 'businessName', '') || ' ' || " +
  "COALESCE(ads.field_values ->> 'description', ads.field_values ->> 'about', ''))";

/** The WHERE of a list and of its count: the customer's ads ($1) with the filter's conditions. */
function whereOf(f: MyAdsFilter, params: unknown[], now: Date): string {
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const and = ["ads.customer_id = $1 AND ads.status NOT IN ('reserved', 'deleted')"];
  const words = f.patterns.map((p) => `${TEXT} ILIKE ${add(p)}`);
  if (words.length > 0 || f.number !== null) {
    const text = words.length > 0 ? `(${words.join(' AND ')})` : 'false';
    and.push(f.number === null ? text : `(ads.id = ${add(f.number)} OR ${text})`);
  }
  if (f.status !== null) and.push(`ads.status = ${add(f.status)}`);
  if (f.cat !== null) and.push(`ads.cat = ${add(f.cat)}`);
  if (f.track !== null) and.push(`ads.ad_type = ${add(f.track)}`);
  if (f.endingBefore !== null) {
    and.push(`ads.status = 'active' AND ads.ends_at > ${add(now)} AND ads.ends_at <= ${add(f.endingBefore)}`);
  }
  return and.join(' AND ');
}

/** The order of each sort, and the condition that starts a page after a key. */
function orderOf(f: MyAdsFilter, params: unknown[]): { order: string; after: string | null } {
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const k = f.after;
  if (f.sort === 'ending') {
    return {
      order: `${ENDS_US('$2')} ASC, ads.id ASC`,
      after: k ? `(${ENDS_US('$2')}, ads.id) > (${add(k.endsUs ?? '0')}::bigint, ${add(k.id)}::bigint)` : null,
    };
  }
  if (f.sort === 'views') {
    return {
      order: `${VIEWS} DESC, ads.id DESC`,
      after: k ? `(${VIEWS}, ads.id) < (${add(k.views ?? 0)}::bigint, ${add(k.id)}::bigint)` : null,
    };
  }
  return { order: 'ads.id DESC', after: k ? `ads.id < ${add(k.id)}::bigint` : null };
}

/** How many of the customer's ads the filter matches (every page). */
export async function countMyAds(db: Queryable, customerId: number, now: Date, f: MyAdsFilter): Promise<number> {
  const params: unknown[] = [customerId];
  const where = whereOf(f, params, now);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ads WHERE ${where}`, params);
  return Number(row?.n ?? 0);
}

export type MyAdPageRow = MyAdRow & { ends_us: string; views: number };

/**
 * One page of the customer's ads (not the reserved holders of photos, not deleted ones) in the filter's order, from
 * its key: the page's ads are chosen first (over `ads` and the numbers' totals), then only they are read in full.
 */
export async function myAdRows(db: Queryable, customerId: number, now: Date, f: MyAdsFilter): Promise<MyAdPageRow[]> {
  const params: unknown[] = [customerId, now];
  const where = whereOf(f, params, now);
  const { order, after } = orderOf(f, params);
  params.push(f.limit);
  return db.query<MyAdPageRow>(
    `WITH page AS (
       SELECT ads.id, ${ENDS_US('$2')}::text AS ends_us, ${VIEWS}::int AS views, row_number() OVER (ORDER BY ${order}) AS n
       FROM ads LEFT JOIN ad_number_totals nt ON nt.ad_id = ads.id
       WHERE ${where}${after ? ` AND ${after}` : ''}
       ORDER BY ${order} LIMIT $${params.length})
     SELECT ads.id, ads.cat, ads.subcat, ads.status, ads.ad_type, ads.ends_at, ads.selectors, ads.field_values,
       COALESCE(ads.bumped_at, ads.published_at) AS placed_at, page.ends_us, page.views,
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
     FROM page JOIN ads ON ads.id = page.id
     LEFT JOIN easy_start_trials t ON t.ad_id = ads.id AND t.customer_id = ads.customer_id
       AND t.status IN ('running', 'cancelled') AND t.finished_at IS NULL
     LEFT JOIN LATERAL (${AD_REFUND_LATERAL}) r ON true
     LEFT JOIN LATERAL (SELECT v.reject_template, v.reject_text FROM ad_reviews v
       WHERE ads.status = 'rejected' AND v.ad_id = ads.id AND v.decision = 'rejected'
       ORDER BY v.id DESC LIMIT 1) rv ON true
     ORDER BY page.n`,
    params,
  );
}

/** The customer's ads among `ids`, locked for a change, with what a bulk action asks of each. */
export interface BulkAdRow {
  id: number;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  status: MyAdRow['status'] | 'reserved' | 'deleted';
  ad_type: AdType | null;
  ends_at: Date | string | null;
  placed_at: Date | string | null;
  /** A running or cancelled EasyStart week not finished (its charge is still to come). */
  trial_open: boolean;
}

export async function lockOwnAdsForBulk(
  tx: Queryable,
  customerId: number,
  ids: readonly number[],
): Promise<BulkAdRow[]> {
  return tx.query<BulkAdRow>(
    `SELECT ads.id, ads.cat, ads.subcat, ads.selectors, ads.status, ads.ad_type, ads.ends_at,
       COALESCE(ads.bumped_at, ads.published_at) AS placed_at,
       EXISTS (SELECT 1 FROM easy_start_trials t WHERE t.ad_id = ads.id
         AND t.status IN ('running', 'cancelled') AND t.finished_at IS NULL) AS trial_open
     FROM ads WHERE ads.customer_id = $1 AND ads.id = ANY($2::bigint[]) ORDER BY ads.id FOR UPDATE OF ads`,
    [customerId, ids],
  );
}

/** Moves an ad of the customer from one status to another; false when it was not in `from` any more. */
export async function moveOwnAdStatus(
  tx: Queryable,
  move: { customerId: number; id: number; from: string; to: string },
): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE ads SET status = $4, updated_at = now() WHERE id = $2 AND customer_id = $1 AND status = $3 RETURNING id',
    [move.customerId, move.id, move.from, move.to],
  );
  return rows.length === 1;
}

/**
 * The owner's bump of a live ad: its last bump is now (never back), so the board lists it first in its rank; false
 * when it was not live any more.
 */
export async function bumpOwnAd(tx: Queryable, bump: { customerId: number; id: number; now: Date }): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE ads SET bumped_at = GREATEST(COALESCE(bumped_at, $3::timestamptz), $3::timestamptz), updated_at = $3
     WHERE id = $2 AND customer_id = $1 AND status = 'active' AND (ends_at IS NULL OR ends_at > $3) RETURNING id`,
    [bump.customerId, bump.id, bump.now],
  );
  return rows.length === 1;
}

/**
 * The owner's renewal: the ad's new end, and its status from `from` to `to` (an ended ad back on the board); false
 * when it was not in `from` any more.
 */
export async function renewOwnAd(
  tx: Queryable,
  renewal: { customerId: number; id: number; from: string; to: string; endsAt: Date; now: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE ads SET status = $4, ends_at = $5, updated_at = $6
     WHERE id = $2 AND customer_id = $1 AND status = $3 RETURNING id`,
    [renewal.customerId, renewal.id, renewal.from, renewal.to, renewal.endsAt, renewal.now],
  );
  return rows.length === 1;
}
