/** POST /api/publish/policy-check (ours): its request and answer. Types in ../policyCheck.ts. */
import { z } from 'zod';

/** A number sent as a number or as its digits (the wizard's values are text). */
const numberOrDigits = z.union([z.number(), z.string()]);

/** The free-text fields checked at once, and the characters of each. */
export const POLICY_MAX_TEXTS = 10;
export const POLICY_MAX_TEXT = 5000;

export const PolicyCheckRequestSchema = z.object({
  /** A category: 1 to 9999 (ads.cat is an integer column: a 15-digit one would fail in the database). */
  CatID: z.union([z.number().int().min(1).max(9999), z.string().regex(/^(?!0+$)\d{1,4}$/)]),
  SubCatID: numberOrDigits.optional(),
  /** The ad being edited or already saved: not compared with itself (anything but its number compares every ad). */
  OrderID: z.union([z.number(), z.string(), z.null()]).optional(),
  /** The ad's free-text fields by wire name (title, description…). */
  texts: z
    .record(z.string().regex(/^\w{1,40}$/), z.string().max(POLICY_MAX_TEXT))
    .refine((texts) => Object.keys(texts).length <= POLICY_MAX_TEXTS),
});

export const PolicyCheckResponseSchema = z.object({
  status: z.literal(200),
  /** Banned words in the text: save-ad keeps such an ad aside (hasWordBlocked) instead of publishing it. */
  blockedWords: z.array(z.string()),
  /** A live ad of the same customer and category whose text nearly repeats this one, else null. */
  duplicateOf: z.number().int().nullable(),
});
