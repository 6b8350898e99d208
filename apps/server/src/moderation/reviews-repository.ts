/**
 * The moderation queue's cases (migration 0031): one row each time an ad is held, decided once. The ad's own status
 * (blocked, pending, rejected) is written by the same transaction as its case.
 */
import type { HeldAs, HoldReason, HoldStage, ReviewDecision } from '@app/contract/operator';
import { type Ad, type AdRow, type AdStatus, toAd } from '../ads/ads-repository.ts';
import type { FieldValues, Selectors } from '../ads/drafts-repository.ts';
import type { Queryable } from '../platform/db/db.ts';

export interface Review {
  id: number;
  adId: number;
  heldAs: HeldAs;
  stage: HoldStage;
  reasons: HoldReason[];
  queuedAt: Date;
  decision: ReviewDecision | null;
  rejectTemplate: string | null;
  rejectText: string | null;
  decidedBy: number | null;
  decidedAt: Date | null;
}

interface Row {
  id: string;
  ad_id: string;
  held_as: HeldAs;
  stage: HoldStage;
  reasons: HoldReason[] | string;
  queued_at: Date;
  decision: ReviewDecision | null;
  reject_template: string | null;
  reject_text: string | null;
  decided_by: string | null;
  decided_at: Date | null;
}

export const toReview = (r: Row): Review => ({
  id: Number(r.id),
  adId: Number(r.ad_id),
  heldAs: r.held_as,
  stage: r.stage,
  reasons: typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as HoldReason[]) : r.reasons,
  queuedAt: new Date(r.queued_at),
  decision: r.decision,
  rejectTemplate: r.reject_template,
  rejectText: r.reject_text,
  decidedBy: r.decided_by === null ? null : Number(r.decided_by),
  decidedAt: r.decided_at ? new Date(r.decided_at) : null,
});

/**
 * Opens the ad's case (in the caller's transaction, beside the status it writes). An ad already waiting keeps its
 * place in the queue; its reasons become the new ones, with the buyers' reports it had (a live ad reported, then
 * held for its edit, waits as its edit with its reports beside).
 */
export async function holdForReview(
  tx: Queryable,
  input: { adId: number; heldAs: HeldAs; stage: HoldStage; reasons: HoldReason[] },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO ad_reviews (ad_id, held_as, stage, reasons, queued_at) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (ad_id) WHERE decided_at IS NULL
     DO UPDATE SET held_as = EXCLUDED.held_as, stage = EXCLUDED.stage, reasons = EXCLUDED.reasons || COALESCE(
       (SELECT jsonb_agg(r) FROM jsonb_array_elements(ad_reviews.reasons) r WHERE r ->> 'kind' = 'reported'),
       '[]'::jsonb)`,
    [input.adId, input.heldAs, input.stage, JSON.stringify(input.reasons), now],
  );
}

/** The ad's latest case, decided or not. */
export async function latestReview(db: Queryable, adId: number): Promise<Review | null> {
  const [row] = await db.query<Row>('SELECT * FROM ad_reviews WHERE ad_id = $1 ORDER BY id DESC LIMIT 1', [adId]);
  return row ? toReview(row) : null;
}

/** The ad's cases, newest first. */
export async function reviewsOf(db: Queryable, adId: number): Promise<Review[]> {
  const rows = await db.query<Row>('SELECT * FROM ad_reviews WHERE ad_id = $1 ORDER BY id DESC LIMIT 50', [adId]);
  return rows.map(toReview);
}

/** An open case, locked for the decision (null when it is decided or unknown). */
export async function lockOpenReview(tx: Queryable, id: number): Promise<Review | null> {
  const [row] = await tx.query<Row>('SELECT * FROM ad_reviews WHERE id = $1 AND decided_at IS NULL FOR UPDATE', [id]);
  return row ? toReview(row) : null;
}

export async function findReview(db: Queryable, id: number): Promise<Review | null> {
  const [row] = await db.query<Row>('SELECT * FROM ad_reviews WHERE id = $1', [id]);
  return row ? toReview(row) : null;
}

export async function closeReview(
  tx: Queryable,
  id: number,
  d: { decision: ReviewDecision; staffId: number; template?: string; text?: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE ad_reviews SET decision = $2, decided_by = $3, decided_at = $4, reject_template = $5, reject_text = $6
     WHERE id = $1`,
    [id, d.decision, d.staffId, now, d.template ?? null, d.text ?? null],
  );
}

export interface QueueItem {
  review: Review;
  customerId: number;
  email: string;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  values: FieldValues;
  thumbKey: string | null;
}

/**
 * The open cases, oldest first, a page after the cursor (queued_at, id): keyset pagination on the ad_reviews_queue
 * index, so a late page costs what the first does.
 */
export async function queuePage(
  db: Queryable,
  page: { after?: { queuedAt: Date; id: number } | undefined; limit: number },
): Promise<{ items: QueueItem[]; total: number }> {
  const after = page.after;
  const rows = await db.query<
    Row & {
      customer_id: string;
      email: string;
      cat: number;
      subcat: number | null;
      selectors: Selectors;
      field_values: FieldValues;
      thumb_key: string | null;
    }
  >(
    `SELECT r.*, a.customer_id, c.email, a.cat, a.subcat, a.selectors, a.field_values,
       (SELECT i.thumb_key FROM ad_images i WHERE i.ad_id = a.id
         ORDER BY i.position IS NULL, i.position, i.slot LIMIT 1) AS thumb_key
     FROM (SELECT * FROM ad_reviews WHERE decided_at IS NULL
             AND ($1::timestamptz IS NULL OR (queued_at, id) > ($1::timestamptz, $2::bigint))
           ORDER BY queued_at, id LIMIT $3) r
     JOIN ads a ON a.id = r.ad_id JOIN customers c ON c.id = a.customer_id
     ORDER BY r.queued_at, r.id`,
    [after?.queuedAt ?? null, after?.id ?? 0, page.limit],
  );
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_reviews WHERE decided_at IS NULL');
  return {
    items: rows.map((r) => ({
      review: toReview(r),
      customerId: Number(r.customer_id),
      email: r.email,
      cat: r.cat,
      subcat: r.subcat,
      selectors: r.selectors ?? {},
      values: r.field_values ?? {},
      thumbKey: r.thumb_key,
    })),
    total: count?.n ?? 0,
  };
}

/** A case's ad and its owner's e-mail, the ad's row locked for the decision. */
export async function lockDecidedAd(tx: Queryable, adId: number): Promise<{ ad: Ad; email: string } | null> {
  const [row] = await tx.query<AdRow & { email: string }>(
    'SELECT a.*, c.email FROM ads a JOIN customers c ON c.id = a.customer_id WHERE a.id = $1 FOR UPDATE OF a',
    [adId],
  );
  return row ? { ad: toAd(row), email: row.email } : null;
}

/** An ad held going live, approved: live now, its days from now until `endsAt`. */
export async function approveHeldAd(tx: Queryable, adId: number, now: Date, endsAt: Date): Promise<void> {
  await tx.query(
    `UPDATE ads SET status = 'active', published_at = $2, bumped_at = $2, ends_at = $3, updated_at = $2 WHERE id = $1`,
    [adId, now, endsAt],
  );
}

/** A decided ad's status, and the blocked words let through for it from now on (unchanged when not given). */
export async function setDecidedStatus(
  tx: Queryable,
  adId: number,
  status: AdStatus,
  now: Date,
  approvedWords?: readonly string[],
): Promise<void> {
  await tx.query(
    'UPDATE ads SET status = $2, approved_words = COALESCE($3::text[], approved_words), updated_at = $4 WHERE id = $1',
    [adId, status, approvedWords ? [...approvedWords] : null, now],
  );
}

/** A refused ad whose plan is given back with its money: rejected, as before its plan. */
export async function rejectWithItsPlan(tx: Queryable, adId: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE ads SET status = 'rejected', ad_type = NULL, published_at = NULL, bumped_at = NULL, ends_at = NULL,
       updated_at = $2 WHERE id = $1`,
    [adId, now],
  );
}

/** The advertiser's history for a case: their ads by status, the decisions on them, the latest ads but one. */
export async function advertiserHistory(
  db: Queryable,
  customerId: number,
  exceptAdId: number,
): Promise<{ byStatus: Record<string, number>; approved: number; rejected: number; recent: Ad[] }> {
  const byStatus = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM ads WHERE customer_id = $1 AND status NOT IN ('reserved', 'deleted')
     GROUP BY status`,
    [customerId],
  );
  const [decided] = await db.query<{ rejected: number; approved: number }>(
    `SELECT count(*) FILTER (WHERE r.decision = 'rejected')::int AS rejected,
            count(*) FILTER (WHERE r.decision = 'approved')::int AS approved
     FROM ad_reviews r JOIN ads a ON a.id = r.ad_id WHERE a.customer_id = $1`,
    [customerId],
  );
  const recent = await db.query<AdRow>(
    `SELECT * FROM ads WHERE customer_id = $1 AND id <> $2 AND status NOT IN ('reserved', 'deleted')
     ORDER BY id DESC LIMIT 5`,
    [customerId, exceptAdId],
  );
  return {
    byStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
    approved: decided?.approved ?? 0,
    rejected: decided?.rejected ?? 0,
    recent: recent.map(toAd),
  };
}
