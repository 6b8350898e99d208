/**
 * "My ads" (ours): the customer's ads a page at a time, found by a word or the ad's number, filtered, sorted and
 * paged by a keyset cursor (GET /api/my-ads), and the actions on several chosen ads at once (POST
 * /api/my-ads/bulk), each ad answered on its own.
 */
import { z } from 'zod';
import { MY_AD_STATUSES, MY_ADS_ACTIONS, MY_ADS_BULK_MAX, MY_ADS_SORTS } from '../myAds.ts';
import { AD_TYPES } from '../orders.ts';
import { digits } from './common.ts';

export * from '../myAds.ts';

export const MyAdsQuerySchema = z.object({
  /** Words the title or the description holds, or the ad's number (at most 100 characters). */
  q: z.string().max(100).optional(),
  status: z.enum(MY_AD_STATUSES).optional(),
  /** A category id. */
  cat: digits(4).optional(),
  /** A track (ad type). */
  track: z.enum(AD_TYPES).optional(),
  /** `1`: only live ads that end within 7 days. */
  ending: z.enum(['1']).optional(),
  sort: z.enum(MY_ADS_SORTS).optional(),
  /** The previous page's `nextCursor`, for the same query. */
  cursor: z.string().max(200).optional(),
  /** Ads a page, 1 to 50 (20 when not given). */
  size: digits(2).optional(),
});
export type MyAdsQuery = z.infer<typeof MyAdsQuerySchema>;

const PaymentRefundSchema = z.object({
  status: z.enum(['pending', 'refunded']),
  agorot: z.number().int(),
  reason: z.enum(['notDelivered', 'adRejected']),
});

/** EasyStart's free week as the advertiser sees it. */
export const EasyStartTrialSchema = z.object({
  status: z.enum(['running', 'cancelled', 'charged', 'failed']),
  /** ISO time of the kept card's charge (the week's end). */
  chargeAt: z.string(),
  amountAgorot: z.number().int(),
  /** The days of VIP the charge buys. */
  days: z.number().int(),
  cardLast4: z.string(),
  /** Charges tried so far (a declined one is tried again a day later, three in all). */
  attempts: z.number().int(),
});
export type EasyStartTrial = z.infer<typeof EasyStartTrialSchema>;

/** One of the customer's ads. */
export const MyAdSchema = z
  .object({
    OrderID: z.number().int(),
    title: z.string(),
    cat: z.number().int(),
    subcat: z.number().int().nullable(),
    status: z.enum(MY_AD_STATUSES),
    adType: z.enum(AD_TYPES).nullable(),
    /** A moderator refused the ad: why (its editUrl sends it back for review); null otherwise. */
    rejection: z.object({ reason: z.string() }).nullable(),
    /** ISO end date of a finished ad, else null. */
    endsAt: z.string().nullable(),
    /** A draft whose latest track payment was started and not paid: 'waiting for payment' for adType. */
    awaitingPayment: z.boolean(),
    /** The newest refund of a payment of this ad that delivered nothing, else null. */
    refund: PaymentRefundSchema.nullable(),
    /** Whole days left until endsAt (0 once passed), null without an end date. */
    daysLeft: z.number().int().nullable(),
    /** An auto-bump week runs now. */
    autoBump: z.boolean(),
    /** ISO end of the running auto-bump, null when none runs. */
    autoBumpUntil: z.string().nullable(),
    /** The main photo's thumbnail, null without photos. */
    thumbnailUrl: z.string().nullable(),
    editUrl: z.string(),
    /** The ad's own page (/item/{id}) while it has one, null once it has ended. */
    pageUrl: z.string().nullable(),
    /** A draft's way to finish publishing (its plan step); null for other ads. */
    publishUrl: z.string().nullable(),
    /** The ad-strength meter's upgrade link: /my-ads?upgrade={id}. */
    upgradeUrl: z.string(),
    /** EasyStart's free week, running or cancelled and not over; else null. */
    easyStart: EasyStartTrialSchema.nullable(),
    /** The actions of POST /api/my-ads/bulk this ad allows now. */
    actions: z.array(z.enum(MY_ADS_ACTIONS)),
  })
  .meta({ id: 'MyAd' });
export type MyAd = z.infer<typeof MyAdSchema>;

export const MyAdsResponseSchema = z
  .object({
    status: z.literal(200),
    ads: z.array(MyAdSchema),
    /** How many of the customer's ads match the query (all pages). */
    total: z.number().int().nonnegative(),
    /** The next page's cursor, or null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MyAds' });
export type MyAdsResponse = z.infer<typeof MyAdsResponseSchema>;

export const MyAdsBulkRequestSchema = z.object({
  action: z.enum(MY_ADS_ACTIONS),
  /** The chosen ads' numbers, each once. */
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(MY_ADS_BULK_MAX)
    .refine((ids) => new Set(ids).size === ids.length),
});
export type MyAdsBulkRequest = z.infer<typeof MyAdsBulkRequestSchema>;

/**
 * One ad's answer: done (with its status, end and allowed actions now), or refused with a Hebrew reason and nothing
 * changed.
 */
export const MyAdsBulkResultSchema = z.object({
  OrderID: z.number().int(),
  done: z.boolean(),
  /** The ad's status after the action (done only). */
  status: z.enum([...MY_AD_STATUSES, 'deleted']).optional(),
  /** The ad's ISO end after the action (done only; a renewal's new end). */
  endsAt: z.string().nullable().optional(),
  /** The actions the ad allows after the action (done only, not for a deleted ad). */
  actions: z.array(z.enum(MY_ADS_ACTIONS)).optional(),
  /** Why it was refused (refused only). */
  reason: z.string().optional(),
});
export type MyAdsBulkResult = z.infer<typeof MyAdsBulkResultSchema>;

export const MyAdsBulkResponseSchema = z
  .object({ status: z.literal(200), results: z.array(MyAdsBulkResultSchema) })
  .meta({ id: 'MyAdsBulk' });
export type MyAdsBulkResponse = z.infer<typeof MyAdsBulkResponseSchema>;
