import type { Queryable } from '../db/db.ts';
import type { FieldValues, Selectors } from './drafts.ts';

/** reserved: made to hold photos before the first save (no values); draft: saved, waiting for its plan. */
export type AdStatus = 'reserved' | 'draft' | 'blocked' | 'active' | 'deleted';

export interface Ad {
  /** The ad's one public number (from 50000001): OrderID, RecordID, /edit/{id} and the number shown. */
  orderId: number;
  customerId: number;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  values: FieldValues;
  status: AdStatus;
}

interface Row {
  id: number;
  customer_id: number;
  cat: number;
  subcat: number | null;
  selectors: Selectors;
  field_values: FieldValues;
  status: AdStatus;
}

const toAd = (r: Row): Ad => ({
  orderId: Number(r.id),
  customerId: Number(r.customer_id),
  cat: r.cat,
  subcat: r.subcat,
  selectors: r.selectors,
  values: r.field_values,
  status: r.status,
});

export async function insertAd(
  db: Queryable,
  ad: {
    customerId: number;
    cat: number;
    subcat: number | null;
    selectors: Selectors;
    values: FieldValues;
    status: AdStatus;
    idempotencyKey?: string | undefined;
  },
): Promise<{ ad: Ad; created: boolean }> {
  const [row] = await db.query<Row>(
    `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, idempotency_key)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7)
     ON CONFLICT (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING *`,
    [
      ad.customerId,
      ad.cat,
      ad.subcat,
      JSON.stringify(ad.selectors),
      JSON.stringify(ad.values),
      ad.status,
      ad.idempotencyKey ?? null,
    ],
  );
  if (row) return { ad: toAd(row), created: true };
  // The same idempotency key again: the ad the first request created.
  const [existing] = await db.query<Row>('SELECT * FROM ads WHERE customer_id = $1 AND idempotency_key = $2', [
    ad.customerId,
    ad.idempotencyKey ?? null,
  ]);
  if (!existing) throw new Error('idempotent insert found no ad');
  return { ad: toAd(existing), created: false };
}

/** The customer's own ad; another customer's id is as if it did not exist. */
export async function findOwnAd(db: Queryable, customerId: number, orderId: number): Promise<Ad | null> {
  const [row] = await db.query<Row>("SELECT * FROM ads WHERE id = $1 AND customer_id = $2 AND status <> 'deleted'", [
    orderId,
    customerId,
  ]);
  return row ? toAd(row) : null;
}

export async function updateAdValues(
  db: Queryable,
  ad: Ad,
  values: FieldValues,
  status: AdStatus,
  selectors: Selectors = ad.selectors,
): Promise<void> {
  await db.query(
    `UPDATE ads SET field_values = $3::jsonb, status = $4, selectors = $5::jsonb, updated_at = now()
     WHERE id = $1 AND customer_id = $2`,
    [ad.orderId, ad.customerId, JSON.stringify(values), status, JSON.stringify(selectors)],
  );
}

export async function bannedWordsIn(db: Queryable, text: string): Promise<string[]> {
  if (!text.trim()) return [];
  const rows = await db.query<{ word: string }>('SELECT word FROM banned_words WHERE strpos($1, word) > 0', [text]);
  return rows.map((r) => r.word);
}
