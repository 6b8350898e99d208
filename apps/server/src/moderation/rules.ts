/**
 * Which ads are held for a moderator, as data (migration 0031): the rules an admin edits in the console, and the
 * blocked-word list (banned_words). `holdReasons` says why an ad that goes live now must wait; an empty list lets
 * it go live.
 */
import { CAT } from '@app/catalog/categories/ids';
import { isTraderFlow } from '@app/catalog/trader';
import type { TradeMap } from '@app/contract/auth';
import type { HoldReason, ModerationRules } from '@app/contract/operator';
import { ModerationRulesSchema } from '@app/contract/schemas/moderation';
import type { Ad } from '../ads/ads-repository.ts';
import { REUSED_MAX_DISTANCE } from '../media/phash.ts';
import type { Queryable } from '../platform/db/db.ts';
import { countPhotosLikeOtherAccounts, readRulesRow, writeRules } from './rules-repository.ts';

export async function readRules(db: Queryable): Promise<{ rules: ModerationRules; updatedAt: Date }> {
  const row = await readRulesRow(db);
  const parsed = ModerationRulesSchema.safeParse(row.rules);
  // A row that is missing or no longer fits the schema holds nothing beyond the words (and says so in the console).
  const rules = parsed.success
    ? parsed.data
    : { traderSecondHand: true, categories: [], newAccountDays: 0, photoFromAnotherAccount: false };
  return { rules, updatedAt: row.updatedAt };
}

export { readBlockedWords } from './rules-repository.ts';

/** Replaces the rules and the word list (in the caller's transaction). */
export async function saveRules(
  tx: Queryable,
  input: { rules: ModerationRules; words: string[]; staffId: number },
  now: Date,
): Promise<void> {
  await writeRules(tx, { ...input, words: [...new Set(input.words.map((w) => w.trim()))] }, now);
}

/** How many of another account's most recent ads the copied-photo check compares with (the scan's bound). */
export const OTHER_ACCOUNTS_SCAN_ADS = 2000;

/** How many of the ad's photos look like a photo of another account's ad (recent, saved ads). */
function photosFromOtherAccounts(db: Queryable, ad: Ad): Promise<number> {
  return countPhotosLikeOtherAccounts(db, ad, REUSED_MAX_DISTANCE, OTHER_ACCOUNTS_SCAN_ADS);
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
    ad.cat === CAT.secondHand &&
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
