/**
 * The count calls (publish-wizard.md §7, after-save-area.md §7): their requests and answers. Types in
 * ../marketCounts.ts, with the rules the browser runs.
 */
import { z } from 'zod';
import { digits } from './common.ts';

/** A code of our lists (a city, a neighbourhood, a make…): digits. */
const listCode = digits(9);
/** A code that may be left out: empty or -1 is the same as not sent. */
const optionalListCode = z.union([listCode, z.literal(''), z.literal('-1')]).optional();

/** GET /api/publish/get-ads-counters/{cat}/{subcat}/{RecordID}: the saved ad's selection and number. */
export const AdsCountersParamsSchema = z.object({ cat: digits(4), subcat: digits(4), recordId: digits(15) });

export const AdsCountersResponseSchema = z.object({
  status: z.literal(200),
  /** yellow: VIP and the other upgraded tracks, pink: bold, grey: free; area: of these, those in the ad's area
   * (null when the ad has no location: cars and vehicles keep none). The ad itself is not counted. */
  counters: z.object({
    yellow: z.number().int(),
    pink: z.number().int(),
    grey: z.number().int(),
    area: z.number().int().nullable(),
  }),
  /** yellow + pink + grey: compare with SAME_ADS_THRESHOLD. */
  total: z.number().int(),
});

/** GET /api/publish/real-estate-count/{sale|rent}. */
export const RealEstateCountParamsSchema = z.object({ kind: z.enum(['sale', 'rent']) });

/** The address step sends the city and the neighbourhood, the home-type step the type too, the price step a price. */
export const RealEstateCountQuerySchema = z.object({
  cityId: listCode,
  hoodId: optionalListCode,
  homeTypeId: optionalListCode,
  /** Shekels, as typed: up to 10 digits, with thousands commas or spaces. */
  price: z
    .string()
    .regex(/^[,\s]*(?:\d[,\s]*){0,10}$/)
    .optional(),
});

/** The spec's data.data.count. */
export const RealEstateCountResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ count: z.number().int() }),
});

/**
 * GET /api/publish/glimpse: the live ads of the model (car_step=model, the car-type step), or of the model and year
 * (car_step=area, the sale step: our car ads keep no location, so the sale step narrows by the year the price is
 * compared with; `car_area` is read by no one).
 */
export const GlimpseQuerySchema = z.object({
  cat_id: z.literal('1'),
  subcat_id: listCode,
  type: z.literal('cars'),
  car_step: z.enum(['model', 'area']),
  car_manufacturer: listCode,
  car_model: listCode,
  car_year: optionalListCode,
  car_area: z.string().optional(),
});

export const GlimpseResponseSchema = z.object({ status: z.literal(200), total: z.number().int() });
