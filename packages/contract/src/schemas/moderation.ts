/**
 * The console's moderation calls (/api/operator/moderation/, roles moderator and admin; the rules' change is the
 * admin's): the queue, a case, the decisions, the rules. Types in ../operator.ts. Dates travel as ISO strings.
 */
import { z } from 'zod';
import { AdReportReasonSchema } from './adPage.ts';
import { FieldErrorSchema, orEmpty, positiveId, timeIdCursor, withStatus200 } from './common.ts';

/** Why an ad waits for a moderator. */
export const HoldReasonSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('words'), words: z.array(z.string()) }),
    z.object({ kind: z.literal('traderSecondHand') }),
    z.object({ kind: z.literal('category'), cat: z.number().int(), subcat: z.number().int().nullable() }),
    z.object({ kind: z.literal('newAccount'), days: z.number().int() }),
    z.object({ kind: z.literal('photoFromAnotherAccount'), photos: z.number().int() }),
    z.object({ kind: z.literal('resubmitted') }),
    /** Buyers reported the live ad from its page: per reason, how many and their latest texts. */
    z.object({
      kind: z.literal('reported'),
      reason: AdReportReasonSchema,
      count: z.number().int(),
      texts: z.array(z.string()),
    }),
  ])
  .meta({ id: 'HoldReason' });

/** What the held ad waits as: blocked or pending, or still live (active) while its buyers' reports wait. */
export const HeldAsSchema = z.enum(['blocked', 'pending', 'active']);
/** Where the ad was held: its first save (before a plan), going live, a live ad's edit, or buyers' reports. */
export const HoldStageSchema = z.enum(['save', 'plan', 'edit', 'report']);
/** Approved, rejected, or closed: the ad ended (or was deleted) before anyone decided, so nothing was decided on it. */
export const ReviewDecisionSchema = z.enum(['approved', 'rejected', 'closed']);

/** A moderation case: one each time an ad is held, decided once. */
export const ReviewCaseSchema = z
  .object({
    id: z.number().int(),
    adId: z.number().int(),
    heldAs: HeldAsSchema,
    stage: HoldStageSchema,
    reasons: z.array(HoldReasonSchema),
    queuedAt: z.string(),
    decision: ReviewDecisionSchema.nullable(),
    rejectTemplate: z.string().nullable(),
    rejectText: z.string().nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'ReviewCase' });

/** An open case as the queue lists it, with its ad's title, category, advertiser and first photo. */
export const QueueItemSchema = z.object({
  review: ReviewCaseSchema,
  title: z.string(),
  cat: z.number().int(),
  subcat: z.number().int().nullable(),
  customerId: z.number().int(),
  email: z.string(),
  thumbnailUrl: z.string().nullable(),
});

/** A reason a moderator may give for a reject: its key and its Hebrew text. */
export const RejectTemplateItemSchema = z.object({ id: z.string(), text: z.string() });

/** GET /api/operator/moderation/queue[?after=cursor]. */
export const QueueQuerySchema = z.object({ after: orEmpty(timeIdCursor) });

/** A page of the queue, oldest first; `next` is the cursor of the page after (null on the last). */
export const QueuePageSchema = withStatus200({
  /** The open cases, all pages together. */
  total: z.number().int(),
  templates: z.array(RejectTemplateItemSchema),
  items: z.array(QueueItemSchema),
  next: z.string().nullable(),
});

/** A case's id, in the path. */
export const ReviewParamsSchema = z.object({ id: positiveId });

/** An ad as buyers will see it: every field that says something (as its label and the text shown), its photos. */
export const AdPreviewSchema = z.object({
  title: z.string(),
  fields: z.array(z.object({ label: z.string(), text: z.string(), long: z.boolean() })),
  photos: z.array(z.object({ url: z.string(), thumbnailUrl: z.string() })),
  hasVideo: z.boolean(),
});

/** A case with its ad as buyers will see it, its advertiser's history, the ad's earlier cases and audit. */
export const ReviewDetailSchema = withStatus200({
  review: ReviewCaseSchema,
  ad: z.object({
    orderId: z.number().int(),
    status: z.string(),
    cat: z.number().int(),
    subcat: z.number().int().nullable(),
    adType: z.string().nullable(),
    createdAt: z.string(),
    publishedAt: z.string().nullable(),
    endsAt: z.string().nullable(),
  }),
  preview: AdPreviewSchema,
  /** The blocked words the ad's text holds now (whatever a moderator let through before). */
  wordsNow: z.array(z.string()),
  /** The advertiser: the account, its ads by status, how often a moderator refused them, the latest ads. */
  history: z.object({
    customer: z
      .object({
        id: z.number().int(),
        email: z.string(),
        name: z.string(),
        createdAt: z.string(),
        blockedAt: z.string().nullable(),
        phones: z.array(z.string()),
      })
      .nullable(),
    adsByStatus: z.record(z.string(), z.number().int()),
    approved: z.number().int(),
    rejected: z.number().int(),
    recentAds: z.array(z.object({ orderId: z.number().int(), title: z.string(), status: z.string() })),
  }),
  /** The ad's cases, newest first. */
  reviews: z.array(ReviewCaseSchema),
  audit: z.array(
    z.object({
      action: z.string(),
      staffEmail: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
});

/** A reject's reason: one of the queue's templates, and the moderator's own words (required for 'other'). */
export const RejectRequestSchema = z.object({
  template: z.string(),
  text: z.string().trim().max(500).optional(),
});

/** The answer of an approve or a reject: the ad's status after it, or why not. */
export const DecisionAnswerSchema = z.object({
  status: z.number().int(),
  orderId: z.number().int().optional(),
  adStatus: z.string().optional(),
  message: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional(),
});

/** POST /api/operator/moderation/bulk: many cases at once (1 to 50), each decided on its own. */
export const BULK_MAX = 50;
export const BulkDecisionRequestSchema = z.object({
  action: z.enum(['approve', 'reject']),
  reviewIds: z.array(z.number().int().positive()).min(1).max(BULK_MAX),
  /** A reject's reason, as one reject's. */
  template: z.string().optional(),
  text: z.string().trim().max(500).optional(),
});

export const BulkDecisionAnswerSchema = withStatus200({
  results: z.array(
    z.object({
      reviewId: z.number().int(),
      ok: z.boolean(),
      orderId: z.number().int().optional(),
      adStatus: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});

/** Which ads are held for a moderator, beside the blocked words (an admin edits them in the console). */
export const ModerationRulesSchema = z.strictObject({
  /** A second-hand ad of a trader flow (after-save-area.md §4 "pending approval for a second-hand trader"). */
  traderSecondHand: z.boolean(),
  /** Every ad of these categories (subcat null: the whole category). */
  categories: z
    .array(
      z.strictObject({ cat: z.number().int().min(1).max(99), subcat: z.number().int().min(1).max(999).nullable() }),
    )
    .max(200),
  /** Ads of accounts younger than this many days (0: no such rule). */
  newAccountDays: z.number().int().min(0).max(365),
  /** A photo that looks like a photo of another account's ad (a copied listing). */
  photoFromAnotherAccount: z.boolean(),
});

/** The blocked words: each a word or phrase of 2 to 40 letters, at most 500. */
export const BlockedWordsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(2)
      .max(40)
      .regex(/^[\p{L}\p{N}' "-]+$/u),
  )
  .max(500);

/** POST /api/operator/moderation/rules (admin): the rules and the word list, replaced whole. */
export const RulesRequestSchema = z.object({ rules: ModerationRulesSchema, words: BlockedWordsSchema });

/** The rules and the blocked words as they stand (read, or just saved). */
export const RulesAnswerSchema = withStatus200({
  rules: ModerationRulesSchema,
  words: z.array(z.string()),
  updatedAt: z.string(),
});
