/**
 * Which ads are held for a moderator, as data (migration 0031): the rules an admin edits in the console, and the
 * blocked-word list (banned_words). `holdReasons` says why an ad that goes live now must wait; an empty list lets
 * it go live.
 */
import { isTraderFlow } from '@app/catalog/trader';
import type { TradeMap } from '@app/contract/auth';
import type { HoldReason, ModerationRules } from '@app/contract/operator';
import { z } from 'zod';
import type { Ad } from '../ads/ads-repository.ts';
import { REUSED_MAX_DISTANCE } from '../media/phash.ts';
import type { Queryable } from '../platform/db/db.ts';

/** The check of the rules, as the admin saves them and as they are stored: the contract's ModerationRules exactly. */
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
}) satisfies z.ZodType<ModerationRules>;

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

export async function readRules(db: Queryable): Promise<{ rules: ModerationRules; updatedAt: Date }> {
  const [row] = await db.query<{ rules: unknown; updated_at: Date }>(
    'SELECT rules, updated_at FROM moderation_rules WHERE id = 1',
  );
  const parsed = ModerationRulesSchema.safeParse(typeof row?.rules === 'string' ? JSON.parse(row.rules) : row?.rules);
  // A row that is missing or no longer fits the schema holds nothing beyond the words (and says so in the console).
  const rules = parsed.success
    ? parsed.data
    : { traderSecondHand: true, categories: [], newAccountDays: 0, photoFromAnotherAccount: false };
  return { rules, updatedAt: new Date(row?.updated_at ?? 0) };
}

export async function readBlockedWords(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ word: string }>('SELECT word FROM banned_words ORDER BY word');
  return rows.map((r) => r.word);
}

/** Replaces the rules and the word list (in the caller's transaction). */
export async function saveRules(
  tx: Queryable,
  input: { rules: ModerationRules; words: string[]; staffId: number },
  now: Date,
): Promise<void> {
  await tx.query('UPDATE moderation_rules SET rules = $1::jsonb, updated_by = $2, updated_at = $3 WHERE id = 1', [
    JSON.stringify(input.rules),
    input.staffId,
    now,
  ]);
  const words = [...new Set(input.words.map((w) => w.trim()))];
  await tx.query('DELETE FROM banned_words WHERE NOT (word = ANY($1::text[]))', [words]);
  await tx.query('INSERT INTO banned_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [words]);
}

/** How many of another account's most recent ads the copied-photo check compares with (the scan's bound). */
export const OTHER_ACCOUNTS_SCAN_ADS = 2000;

/** How many of the ad's photos look like a photo of another account's ad (recent, saved ads). */
async function photosFromOtherAccounts(db: Queryable, ad: Ad): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ad_images i
     WHERE i.ad_id = $1 AND i.phash IS NOT NULL AND EXISTS (
       SELECT 1 FROM (SELECT o.id FROM ads o WHERE o.customer_id <> $2
                        AND o.status IN ('active', 'pending', 'expired', 'blocked', 'rejected')
                      ORDER BY o.id DESC LIMIT $4) other
       JOIN ad_images i2 ON i2.ad_id = other.id
       WHERE i2.phash IS NOT NULL AND bit_count((i2.phash # i.phash)::bit(64)) <= $3)`,
    [ad.orderId, ad.customerId, REUSED_MAX_DISTANCE, OTHER_ACCOUNTS_SCAN_ADS],
  );
  return row?.n ?? 0;
}

/** Why the ad must wait for a moderator when it goes live now (its plan is done); [] when it may go live. */
export async function holdReasons(
  db: Queryable,
  ad: Ad,
  account: { trade: TradeMap | undefined; createdAt: Date },
  now: Date,
): Promise<HoldReason[]> {
  const { rules } = await readRules(db);
  const reasons: HoldReason[] = [];
  const trader =
    ad.cat === 3 &&
    isTraderFlow({
      cat: ad.cat,
      subcat: ad.subcat ?? undefined,
      istrader: ad.selectors.istrader,
      trade: account.trade,
    });
  if (rules.traderSecondHand && trader) reasons.push({ kind: 'traderSecondHand' });
  const category = rules.categories.find((c) => c.cat === ad.cat && (c.subcat === null || c.subcat === ad.subcat));
  if (category) reasons.push({ kind: 'category', ...category });
  const ageDays = (now.getTime() - account.createdAt.getTime()) / 86_400_000;
  if (rules.newAccountDays > 0 && ageDays < rules.newAccountDays)
    reasons.push({ kind: 'newAccount', days: rules.newAccountDays });
  if (rules.photoFromAnotherAccount) {
    const photos = await photosFromOtherAccounts(db, ad);
    if (photos > 0) reasons.push({ kind: 'photoFromAnotherAccount', photos });
  }
  return reasons;
}
