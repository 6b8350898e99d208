import type { TradeMap } from '@app/contract/auth';
import { CAT } from './categories/ids.ts';

/** Category/sub-category pairs that are business (trader) flows by themselves (spec §6). */
export const TRADER_PAIRS: ReadonlySet<string> = new Set(['3_2', '1_8']);

/** Vehicle sub-categories whose traders go to the partner cars site (spec §6). */
export const VEHICLE_PARTNER_SUBCATS: ReadonlySet<number> = new Set([1, 2, 3, 6, 8, 9, 11, 13]);

/** Does the customer's trade map mark them as a trader in this cat/subcat? */
export function customerTradesIn(trade: TradeMap | undefined, cat: number, subcat: number): boolean {
  return trade?.[String(cat)]?.[String(subcat)] === 1;
}

/**
 * Where a vehicle trader publishing without a package of vehicle ads is sent (spec §6): the partner cars site for
 * the partner subcats, the vehicle business promotion page for the others; null when the customer's trade map does
 * not make them a trader of this vehicle subcat (a URL flag never does). The keys are GET /api/site-config's.
 */
export function vehicleTraderLink(
  trade: TradeMap | undefined,
  cat: number,
  subcat: number | undefined,
): 'vehiclePartner' | 'vehiclePromotion' | null {
  if (cat !== CAT.vehicles || subcat === undefined || !customerTradesIn(trade, cat, subcat)) return null;
  return VEHICLE_PARTNER_SUBCATS.has(subcat) ? 'vehiclePartner' : 'vehiclePromotion';
}

/** Is the customer a trader anywhere in this category? */
export function customerTradesInCat(trade: TradeMap | undefined, cat: number): boolean {
  const subs = trade?.[String(cat)];
  return subs !== undefined && Object.values(subs).some((v) => v === 1);
}

/**
 * Is this publish flow a trader (business) flow? Decided by the 3_2 / 1_8 pairs, by the istrader query
 * flag, or by the customer's trade flag for the cat and subcat (spec §6).
 */
export function isTraderFlow(input: {
  cat: number;
  subcat: number | undefined;
  istrader?: string | number | null | undefined;
  trade?: TradeMap | undefined;
}): boolean {
  const { cat, subcat, istrader, trade } = input;
  if (istrader !== undefined && istrader !== null && String(istrader) === '1') return true;
  if (subcat === undefined) return false;
  return TRADER_PAIRS.has(`${cat}_${subcat}`) || customerTradesIn(trade, cat, subcat);
}
