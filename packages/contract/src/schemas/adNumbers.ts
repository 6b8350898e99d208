/**
 * The advertiser's numbers (/my-ads, and the ad's own page for its owner): per ad and per Israel calendar day, how
 * many visitors opened its page, revealed its phone number, shared it, reported it, and how often it appeared on a
 * board page. Counted without personal data (the server's numbers/README.md).
 */
import { z } from 'zod';
import { positiveId } from './common.ts';

/** How many days the daily figures go back, today included. */
export const AD_NUMBERS_DAYS = 30;

export const AdNumbersSchema = z
  .object({
    /** Visitors who opened the ad's page: each counted once a day; not the owner, not known bots. */
    views: z.number().int().nonnegative(),
    /** Presses of "show the phone number". */
    reveals: z.number().int().nonnegative(),
    /** Uses of the share box. */
    shares: z.number().int().nonnegative(),
    /** Buyers' reports. */
    reports: z.number().int().nonnegative(),
    /** Board pages that showed the ad. */
    boardAppearances: z.number().int().nonnegative(),
  })
  .meta({ id: 'AdNumbers' });
export type AdNumbers = z.infer<typeof AdNumbersSchema>;

export const AdDayNumbersSchema = AdNumbersSchema.extend({
  /** The Israel calendar day, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d\d-\d\d$/),
}).meta({ id: 'AdDayNumbers' });
export type AdDayNumbers = z.infer<typeof AdDayNumbersSchema>;

/** GET /api/my-ads/numbers: each of the customer's ads with its totals, all time and the last 30 days. */
export const MyAdsNumbersResponseSchema = z
  .object({
    status: z.literal(200),
    ads: z.array(z.object({ OrderID: z.number().int(), total: AdNumbersSchema, lastDays: AdNumbersSchema })),
  })
  .meta({ id: 'MyAdsNumbers' });
export type MyAdsNumbersResponse = z.infer<typeof MyAdsNumbersResponseSchema>;

/** GET /api/my-ads/{id}/numbers: the customer's own ad (another's: 404). */
export const AdNumbersParamsSchema = z.object({ id: positiveId });

/** One ad's totals and its last 30 days, oldest first, every day present (zeros on a quiet day). */
export const AdNumbersResponseSchema = z
  .object({
    status: z.literal(200),
    OrderID: z.number().int(),
    total: AdNumbersSchema,
    days: z.array(AdDayNumbersSchema),
  })
  .meta({ id: 'AdNumbersByDay' });
export type AdNumbersResponse = z.infer<typeof AdNumbersResponseSchema>;

/** Every figure at zero. */
export const NO_NUMBERS: AdNumbers = { views: 0, reveals: 0, shares: 0, reports: 0, boardAppearances: 0 };
