/**
 * Counts of live ads shown while publishing (publish-wizard.md §7; after-save-area.md §3 "Ad counters", §5, §7,
 * §9): the same-ads counters of a saved ad, the real-estate counts of the address, home-type and price steps,
 * and the cars glimpse. Every count is of live ads only (status active, not past their end), from the ads stored.
 */
import type { z } from 'zod';
import type {
  AdsCountersResponseSchema,
  GlimpseQuerySchema,
  GlimpseResponseSchema,
  RealEstateCountResponseSchema,
} from './schemas/counts.ts';

/** Same-ads counters are shown only when the ad has at least this many live ads like it (spec §5, §9). */
export const SAME_ADS_THRESHOLD = 200;

/**
 * Where counters exist (spec §7): cat 1 subcats 1-7, 9, 13; cat 2 subcats 1-2; cat 3 subcat 0.
 * Other selections answer 404 (no counters).
 */
export function hasAdsCounters(cat: number, subcat: number | null): boolean {
  if (subcat === null) return false;
  if (cat === 1) return (subcat >= 1 && subcat <= 7) || subcat === 9 || subcat === 13;
  if (cat === 2) return subcat === 1 || subcat === 2;
  return cat === 3 && subcat === 0;
}

/** GET /api/publish/get-ads-counters/{cat}/{subcat}/{RecordID}: live ads like this one, by the track's colour. */
export type AdsCountersResponse = z.infer<typeof AdsCountersResponseSchema>;

export const showsAdsCounters = (r: Pick<AdsCountersResponse, 'total'>): boolean => r.total >= SAME_ADS_THRESHOLD;

/** GET /api/publish/real-estate-count/{sale|rent}?cityId&hoodId[&homeTypeId][&price]: the spec's data.data.count. */
export type RealEstateCountResponse = z.infer<typeof RealEstateCountResponseSchema>;

/** A price step's count: live ads whose price is within this share of the typed price (±10 %). */
export const PRICE_BAND = 0.1;

/** GET /api/publish/glimpse?cat_id&subcat_id&type=cars&car_step&car_manufacturer&car_model[&car_year]. */
export type GlimpseResponse = z.infer<typeof GlimpseResponseSchema>;

export type GlimpseCarStep = z.infer<typeof GlimpseQuerySchema>['car_step'];
