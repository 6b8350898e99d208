import type { Queryable } from '../platform/db/db.ts';
import { type Ad, findOwnAd } from './ads-repository.ts';

/** An ad's number as a call carries it (its digits as text, or a number): the number, else 0 (no ad). */
export function adNumber(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : 0;
}

/**
 * The customer's own saved ad by the number a call carries, or null: no number, another account's ad (as if it did
 * not exist), a deleted one, or a reserved one (photos only, never saved).
 */
export async function findOwnSavedAd(db: Queryable, customerId: number, value: unknown): Promise<Ad | null> {
  const id = adNumber(value);
  const ad = id ? await findOwnAd(db, customerId, id) : null;
  return ad && ad.status !== 'reserved' ? ad : null;
}
