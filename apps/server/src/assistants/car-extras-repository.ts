/** SQL of the car ad's side requests: trade-in leads, missing sub-model reports, the duplicate-ad lookup. */
import type { Queryable } from '../platform/db/db.ts';

export interface TradeInLead {
  customerId: number;
  adId: number | null;
  name: string;
  phone: string;
  car: Record<string, string>;
}

export async function insertTradeInLead(db: Queryable, lead: TradeInLead, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO trade_in_leads (customer_id, ad_id, name, phone, car, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [lead.customerId, lead.adId, lead.name, lead.phone, JSON.stringify(lead.car), now],
  );
  if (!row) throw new Error('trade-in lead insert returned nothing');
  return Number(row.id);
}

export interface MissingSubModelReport {
  customerId: number;
  adId: number | null;
  cat: number;
  subcat: number | null;
  subModel: string;
  details: Record<string, string>;
}

export async function insertMissingSubModel(db: Queryable, report: MissingSubModelReport, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO missing_sub_models (customer_id, ad_id, cat, subcat, sub_model, details, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [report.customerId, report.adId, report.cat, report.subcat, report.subModel, JSON.stringify(report.details), now],
  );
  if (!row) throw new Error('missing sub-model insert returned nothing');
  return Number(row.id);
}

/**
 * The customer's newest other car ad (cat 1) of the same licence plate, manufacturer, model and year that is still
 * theirs to publish or upgrade (saved, waiting for review, live or out of slots), or null. The plate is compared by
 * its digits, whatever dashes the stored value has.
 */
export async function findSameCarAd(
  db: Queryable,
  q: { customerId: number; plate: string; manufacturer: string; model: string; year: string; exclude: number },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM ads
      WHERE customer_id = $1 AND cat = 1 AND id <> $6
        AND status IN ('draft', 'pending', 'active', 'out_of_slots')
        AND regexp_replace(COALESCE(field_values->>'registrationPlate', ''), '[^0-9]', '', 'g') = $2
        AND field_values->>'manufacturer' = $3 AND field_values->>'model' = $4 AND field_values->>'year' = $5
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [q.customerId, q.plate, q.manufacturer, q.model, q.year, q.exclude],
  );
  return row ? Number(row.id) : null;
}

/**
 * Prices (whole shekels) of live ads (status active) of the same selection and the same thing: a car's
 * manufacturer, model and year, or a property's city and home type. At most 500, newest first.
 */
export async function livePricesOfSame(
  db: Queryable,
  q: { cat: number; subcat: number; match: Record<string, string> },
): Promise<number[]> {
  const keys = Object.keys(q.match);
  const conditions = keys.map((key, i) => `field_values->>'${key}' = $${i + 3}`);
  const rows = await db.query<{ price: string }>(
    `SELECT regexp_replace(field_values->>'price', '[^0-9]', '', 'g') AS price FROM ads
      WHERE status = 'active' AND cat = $1 AND subcat = $2 AND ${conditions.join(' AND ')}
        AND regexp_replace(COALESCE(field_values->>'price', ''), '[^0-9]', '', 'g') <> ''
      ORDER BY created_at DESC LIMIT 500`,
    [q.cat, q.subcat, ...keys.map((key) => q.match[key])],
  );
  return rows.map((r) => Number(r.price)).filter((n) => Number.isSafeInteger(n) && n > 0);
}
