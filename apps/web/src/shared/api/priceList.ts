/**
 * GET {gateway}/price-list/calculate-price (publish-wizard.md §7): the suggested price range of a used car.
 * The gateway's base is the environment's (gateway.ts).
 */

import { gatewayUrl } from './gateway.ts';
import { getJson } from './http.ts';
import { withQuery } from './query.ts';

/** The spec's price suggestion (after-save-area.md §3). */
export interface PriceSuggestion {
  minPrice: number;
  maxPrice: number;
  predictedPrice: number;
}

/** The spec's query, already as strings. */
export interface PriceQuery {
  subModelId: string;
  ascentYearOnRoad: string;
  ascentMonthOnRoad: string;
  kilometers: string;
  ownersNumber: string;
}

const isPrice = (value: unknown): value is PriceSuggestion => {
  const p = value as Partial<PriceSuggestion> | null;
  return typeof p?.minPrice === 'number' && typeof p.maxPrice === 'number' && typeof p.predictedPrice === 'number';
};

/** The range, or null on any failure (a status other than 200, or an answer without the three prices). */
export async function calculatePrice(query: PriceQuery, signal?: AbortSignal): Promise<PriceSuggestion | null> {
  const result = await getJson<{ status?: number; data?: { data?: unknown } }>(
    withQuery(gatewayUrl('/price-list/calculate-price'), { ...query }),
    signal,
  );
  const data = result.data?.data?.data;
  return result.ok && result.data?.status === 200 && isPrice(data) ? data : null;
}
