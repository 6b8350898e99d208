import type { TradeMap } from '@app/contract/auth';
import type { Queryable } from '../platform/db/db.ts';
import type { FieldValues, Selectors } from './drafts-repository.ts';

/** reserved: made to hold photos before the first save (no values); draft: saved, waiting for its plan. */
export type AdStatus =
  | 'reserved'
  | 'draft'
  | 'blocked'
  | 'pending'
  | 'rejected'
  | 'active'
  | 'hidden'
  | 'out_of_slots'
  | 'expired'
  | 'deleted';

export interface Ad {
  /** The ad's one public number (from 50000001): OrderID, RecordID, /edit/{id} and the number shown. */
  orderId: number;
  customerId: number;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  /** The live values: what the public sees (GET adds/{id}). */
  values: FieldValues;
  status: AdStatus;
  /** An active ad's saved edit, not live until order-edited applies it; null when nothing is pending. */
  pendingValues: FieldValues | null;
  /** When the last edit went live (order-edited); null when never edited. */
  editedAt: Date | null;
  /** The chosen track (spec ad type) once the plan finished the ad; null before. */
  adType: string | null;
  /** When the plan finished the ad (ads/go-live-service.ts), its last bump, and when it leaves the board. */
  publishedAt: Date | null;
  bumpedAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  /** Blocked words a moderator let through for this ad (moderation/): a save with only these is not held. */
  approvedWords: string[];
}

export interface AdRow {
  id: number;
  customer_id: number;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  field_values: FieldValues;
  status: AdStatus;
  pending_values: FieldValues | null;
  edited_at: Date | string | null;
  ad_type?: string | null;
  published_at?: Date | string | null;
  bumped_at?: Date | string | null;
  ends_at?: Date | string | null;
  created_at: Date | string;
  approved_words?: string[] | null;
}

const dateOrNull = (v: Date | string | null | undefined): Date | null =>
  v === null || v === undefined ? null : new Date(v);

export const toAd = (r: AdRow): Ad => ({
  orderId: Number(r.id),
  customerId: Number(r.customer_id),
  cat: r.cat,
  subcat: r.subcat,
  selectors: r.selectors,
  values: r.field_values,
  status: r.status,
  pendingValues: r.pending_values ?? null,
  editedAt: dateOrNull(r.edited_at),
  adType: r.ad_type ?? null,
  publishedAt: dateOrNull(r.published_at),
  bumpedAt: dateOrNull(r.bumped_at),
  endsAt: dateOrNull(r.ends_at),
  createdAt: new Date(r.created_at),
  approvedWords: r.approved_words ?? [],
});

export async function insertAd(
  db: Queryable,
  ad: Pick<Ad, 'customerId' | 'cat' | 'subcat' | 'selectors' | 'values' | 'status'> & {
    /** The names of the title's options (ads/ad-title.ts `adTitleWordsOf`), which the board's search reads. */
    titleWords: string;
    idempotencyKey?: string | undefined;
    /** The wizard's saved draft this ad replaces (drafts-repository.ts), deleted by the same statement. */
    dropDraft?: string | undefined;
  },
): Promise<{ ad: Ad; created: boolean }> {
  const params = [
    ad.customerId,
    ad.cat,
    ad.subcat,
    JSON.stringify(ad.selectors),
    JSON.stringify(ad.values),
    ad.status,
    ad.idempotencyKey ?? null,
    ad.titleWords,
  ];
  // One round trip for both: a save's time under load is mostly its trips to the database.
  const dropDraft =
    ad.dropDraft === undefined
      ? ''
      : 'WITH dropped_draft AS (DELETE FROM wizard_drafts WHERE customer_id = $1 AND draft_key = $9) ';
  const [row] = await db.query<AdRow>(
    `${dropDraft}INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, idempotency_key,
       title_words)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8)
     ON CONFLICT (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING *`,
    ad.dropDraft === undefined ? params : [...params, ad.dropDraft],
  );
  if (row) return { ad: toAd(row), created: true };
  // The same idempotency key again: the ad the first request created.
  const [existing] = await db.query<AdRow>('SELECT * FROM ads WHERE customer_id = $1 AND idempotency_key = $2', [
    ad.customerId,
    ad.idempotencyKey ?? null,
  ]);
  if (!existing) throw new Error('idempotent insert found no ad');
  return { ad: toAd(existing), created: false };
}

/** The customer's own ad; another customer's id is as if it did not exist. */
export async function findOwnAd(db: Queryable, customerId: number, orderId: number): Promise<Ad | null> {
  const [row] = await db.query<AdRow>("SELECT * FROM ads WHERE id = $1 AND customer_id = $2 AND status <> 'deleted'", [
    orderId,
    customerId,
  ]);
  return row ? toAd(row) : null;
}

/**
 * findOwnAd and, in the same query, the source hash of the ad's photo in `slot` (null when the slot is empty or
 * `slot` is null): what a photo upload reads before its work (the owner check, then the retry check). For a
 * published ad whose edit has its own copy of the photos (ad-media-edits.ts), the copy's slot; `mediaEdit` says so.
 */
export async function findOwnAdWithSlotSource(
  db: Queryable,
  customerId: number,
  orderId: number,
  slot: number | null,
): Promise<{ ad: Ad; slotSource: string | null; mediaEdit: boolean } | null> {
  const [row] = await db.query<AdRow & { slot_source: string | null; media_edit: boolean }>(
    `SELECT a.*, (a.status = 'active' AND m.ad_id IS NOT NULL) AS media_edit,
       CASE WHEN a.status = 'active' AND m.ad_id IS NOT NULL THEN e.source_sha256 ELSE i.source_sha256 END
         AS slot_source
     FROM ads a
     LEFT JOIN ad_images i ON i.ad_id = a.id AND i.slot = $3
     LEFT JOIN ad_media_edits m ON m.ad_id = a.id
     LEFT JOIN ad_image_edits e ON e.ad_id = a.id AND e.slot = $3
     WHERE a.id = $1 AND a.customer_id = $2 AND a.status <> 'deleted'`,
    [orderId, customerId, slot],
  );
  return row ? { ad: toAd(row), slotSource: row.slot_source ?? null, mediaEdit: row.media_edit === true } : null;
}

export async function updateAdValues(
  db: Queryable,
  ad: Ad,
  values: FieldValues,
  /** The names of the title's options of these values (ads/ad-title.ts `adTitleWordsOf`). */
  titleWords: string,
  status: AdStatus,
  selectors: Selectors = ad.selectors,
  /** The wizard's saved draft these values replace (drafts-repository.ts), deleted by the same statement. */
  dropDraft?: string,
): Promise<void> {
  const params = [ad.orderId, ad.customerId, JSON.stringify(values), status, JSON.stringify(selectors), titleWords];
  await db.query(
    `${dropDraft === undefined ? '' : 'WITH dropped_draft AS (DELETE FROM wizard_drafts WHERE customer_id = $2 AND draft_key = $7) '}
     UPDATE ads SET field_values = $3::jsonb, status = $4, selectors = $5::jsonb, title_words = $6, updated_at = now()
     WHERE id = $1 AND customer_id = $2`,
    dropDraft === undefined ? params : [...params, dropDraft],
  );
}

/** An active ad's edit, kept aside until order-edited publishes it (the live values do not change). */
export async function savePendingEdit(db: Queryable, ad: Ad, values: FieldValues): Promise<void> {
  await db.query(
    `UPDATE ads SET pending_values = $3::jsonb, updated_at = now()
     WHERE id = $1 AND customer_id = $2 AND status = 'active'`,
    [ad.orderId, ad.customerId, JSON.stringify(values)],
  );
}

/**
 * Publishes the pending edit seen by the caller: its values become the live ones (and the status, 'blocked' when
 * the new text has blocked words), edited_at is set. Only one of two concurrent finishes applies it (the pending
 * values must still be the ones read): returns false when there was nothing (or something else) pending.
 */
export async function applyPendingEdit(
  db: Queryable,
  ad: Ad,
  pending: FieldValues,
  /** The names of the title's options of the pending values (ads/ad-title.ts `adTitleWordsOf`). */
  titleWords: string,
  status: 'active' | 'blocked',
  editedAt: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE ads SET field_values = pending_values, pending_values = NULL, status = $4, edited_at = $5,
       title_words = $6, updated_at = now()
     WHERE id = $1 AND customer_id = $2 AND status = 'active' AND pending_values = $3::jsonb
     RETURNING id`,
    [ad.orderId, ad.customerId, JSON.stringify(pending), status, editedAt.toISOString(), titleWords],
  );
  return rows.length > 0;
}

/**
 * An edit that changed only the photos or the video (no pending values) goes live: edited_at is set (the car sign's
 * token follows it). False when the ad is no longer active.
 */
export async function markEdited(db: Queryable, ad: Ad, editedAt: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE ads SET edited_at = $3, updated_at = now() WHERE id = $1 AND customer_id = $2 AND status = 'active'
     RETURNING id`,
    [ad.orderId, ad.customerId, editedAt.toISOString()],
  );
  return rows.length > 0;
}

/** An ad by its number, whoever owns it and whatever its status. */
export async function findAd(db: Queryable, orderId: number): Promise<Ad | null> {
  const [row] = await db.query<AdRow>('SELECT * FROM ads WHERE id = $1', [orderId]);
  return row ? toAd(row) : null;
}

/** An ad with what the moderation rules read of its owner's account: the trade flags and when it was opened. */
export interface AdOfAccount {
  ad: Ad;
  trade: TradeMap | undefined;
  accountCreatedAt: Date;
}

type AdOfAccountRow = AdRow & { trade: TradeMap | string | null; account_created_at: Date | string };

const toAdOfAccount = (r: AdOfAccountRow): AdOfAccount => ({
  ad: toAd(r),
  trade: typeof r.trade === 'string' ? (JSON.parse(r.trade) as TradeMap) : (r.trade ?? undefined),
  accountCreatedAt: new Date(r.account_created_at),
});

const AD_OF_ACCOUNT = `SELECT a.*, c.trade, c.created_at AS account_created_at
  FROM ads a JOIN customers c ON c.id = a.customer_id`;

export async function findAdOfAccount(db: Queryable, orderId: number): Promise<AdOfAccount | null> {
  const [row] = await db.query<AdOfAccountRow>(`${AD_OF_ACCOUNT} WHERE a.id = $1`, [orderId]);
  return row ? toAdOfAccount(row) : null;
}

/** The customer's ads of a category waiting for a package (out_of_slots), oldest first, locked. */
export async function lockAdsOutOfSlots(tx: Queryable, customerId: number, cat: number): Promise<AdOfAccount[]> {
  const rows = await tx.query<AdOfAccountRow>(
    `${AD_OF_ACCOUNT} WHERE a.customer_id = $1 AND a.cat = $2 AND a.status = 'out_of_slots'
     ORDER BY a.id FOR UPDATE OF a`,
    [customerId, cat],
  );
  return rows.map(toAdOfAccount);
}

/**
 * Finishes an ad with its plan, only from the status `from` (so of two concurrent calls one moves it): the status,
 * the ad type, published and bumped now, and its end. The ad as it is now, or null when it was not in `from`.
 */
export async function publishAd(
  tx: Queryable,
  orderId: number,
  from: 'draft' | 'out_of_slots',
  to: { status: AdStatus; adType: string; at: Date; endsAt: Date },
): Promise<Ad | null> {
  const [row] = await tx.query<AdRow>(
    `UPDATE ads SET status = $2, ad_type = $3, published_at = $4, bumped_at = $4, ends_at = $5, updated_at = $4
     WHERE id = $1 AND status = $6
     RETURNING *`,
    [orderId, to.status, to.adType, to.at.toISOString(), to.endsAt.toISOString(), from],
  );
  return row ? toAd(row) : null;
}

/**
 * A one-ad upgrade of a live (or pending) ad not past its end: its new type, a bump at `now`, and `addMs` more on the
 * board from today or its end date, whichever is later. The new end, or null when the ad could not be upgraded.
 */
export async function upgradeLiveAd(
  tx: Queryable,
  orderId: number,
  change: { adType: string; now: Date; addMs: number },
): Promise<Date | null> {
  const [row] = await tx.query<{ ends_at: Date | string }>(
    `UPDATE ads SET ad_type = $2, bumped_at = $3,
       ends_at = GREATEST(COALESCE(ends_at, $3), $3) + ($4::bigint * interval '1 millisecond')
     WHERE id = $1 AND status IN ('active', 'pending', 'out_of_slots') AND (ends_at IS NULL OR ends_at > $3)
     RETURNING ends_at`,
    [orderId, change.adType, change.now, change.addMs],
  );
  return row ? new Date(row.ends_at) : null;
}

/** An active ad whose end date has passed becomes expired; whether it moved. */
export async function markAdExpired(tx: Queryable, orderId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE ads SET status = 'expired', updated_at = $2
     WHERE id = $1 AND status = 'active' AND ends_at IS NOT NULL AND ends_at <= $2 RETURNING id`,
    [orderId, now],
  );
  return rows.length > 0;
}

/** The values of the customer's latest saved ad (draft, active or blocked) that has the field `fieldId`, or {}. */
export async function latestValuesWith(
  db: Queryable,
  customerId: number,
  fieldId: string,
): Promise<Record<string, unknown>> {
  const [row] = await db.query<{ field_values: Record<string, unknown> }>(
    `SELECT field_values FROM ads
     WHERE customer_id = $1 AND status IN ('draft', 'active', 'blocked') AND field_values ? $2
     ORDER BY updated_at DESC, id DESC LIMIT 1`,
    [customerId, fieldId],
  );
  return row?.field_values ?? {};
}

/** Which of `orderIds` are the customer's ads (not deleted). */
export async function ownAdIds(db: Queryable, customerId: number, orderIds: readonly number[]): Promise<Set<number>> {
  const rows = await db.query<{ id: number | string }>(
    `SELECT id FROM ads WHERE customer_id = $1 AND status <> 'deleted' AND id = ANY($2::bigint[])`,
    [customerId, orderIds],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The customer's live (active or pending) ads of a category but one, by their last bump, at most `limit`: the text
 * a new ad's is compared with.
 */
export async function liveAdValuesOf(
  db: Queryable,
  q: { customerId: number; cat: number; exceptOrderId: number; limit: number },
): Promise<{ orderId: number; values: Record<string, unknown> }[]> {
  const rows = await db.query<{ id: string; field_values: Record<string, unknown> }>(
    `SELECT id, field_values FROM ads
     WHERE customer_id = $1 AND status IN ('active', 'pending') AND cat = $2 AND id <> $3
     ORDER BY bumped_at DESC NULLS LAST LIMIT $4`,
    [q.customerId, q.cat, q.exceptOrderId, q.limit],
  );
  return rows.map((r) => ({ orderId: Number(r.id), values: r.field_values }));
}

/** An active ad by its number, whoever owns it (the public view). */
export async function findActiveAd(db: Queryable, orderId: number): Promise<Ad | null> {
  const [row] = await db.query<AdRow>("SELECT * FROM ads WHERE id = $1 AND status = 'active'", [orderId]);
  return row ? toAd(row) : null;
}

/**
 * Sets an ad's status, nothing else (tests). The product finishes an ad only through goLive (go-live-service.ts).
 */
export async function setAdStatus(db: Queryable, orderId: number, status: AdStatus): Promise<void> {
  await db.query('UPDATE ads SET status = $2, updated_at = now() WHERE id = $1', [orderId, status]);
}

/** The blocked words in the text, less those a moderator let through for the ad (`approved`). */
/** The blocked words found in the text given as the parameter `text` (`$1`, ...). */
export const bannedWordsSql = (text: string) => `SELECT word FROM banned_words WHERE strpos(${text}, word) > 0`;

export async function bannedWordsIn(db: Queryable, text: string, approved: readonly string[] = []): Promise<string[]> {
  if (!text.trim()) return [];
  const rows = await db.query<{ word: string }>(bannedWordsSql('$1'), [text]);
  return rows.map((r) => r.word).filter((w) => !approved.includes(w));
}

/** Up to `limit` ads whose title's words are not written yet (NULL, migration 0051), the lowest numbers first. */
export async function adsWithoutTitleWords(
  db: Queryable,
  limit: number,
): Promise<{ id: number; selectors: Selectors; values: FieldValues }[]> {
  const rows = await db.query<{ id: number | string; selectors: Selectors; field_values: FieldValues }>(
    'SELECT id, selectors, field_values FROM ads WHERE title_words IS NULL ORDER BY id LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), selectors: r.selectors, values: r.field_values }));
}

/** Writes ads' title's words, each only while still NULL: a save meanwhile has written the right ones. */
export async function writeTitleWords(db: Queryable, words: readonly { id: number; words: string }[]): Promise<void> {
  await db.query(
    `UPDATE ads a SET title_words = w.words
     FROM jsonb_to_recordset($1::jsonb) AS w(id bigint, words text)
     WHERE a.id = w.id AND a.title_words IS NULL`,
    [JSON.stringify(words)],
  );
}
