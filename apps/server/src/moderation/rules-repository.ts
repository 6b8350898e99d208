/** The moderation rules' row and the blocked words (migration 0031): SQL only; rules.ts checks and applies them. */
import type { ModerationRules } from '@app/contract/operator';
import type { Queryable } from '../platform/db/db.ts';

/** The stored rules as they are (checked by the caller) and when they were last saved. */
export async function readRulesRow(db: Queryable): Promise<{ rules: unknown; updatedAt: Date }> {
  const [row] = await db.query<{ rules: unknown; updated_at: Date | string }>(
    'SELECT rules, updated_at FROM moderation_rules WHERE id = 1',
  );
  return {
    rules: typeof row?.rules === 'string' ? JSON.parse(row.rules) : row?.rules,
    updatedAt: new Date(row?.updated_at ?? 0),
  };
}

export async function readBlockedWords(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ word: string }>('SELECT word FROM banned_words ORDER BY word');
  return rows.map((r) => r.word);
}

/** Replaces the rules and the word list (in the caller's transaction). */
export async function writeRules(
  tx: Queryable,
  input: { rules: ModerationRules; words: readonly string[]; staffId: number },
  now: Date,
): Promise<void> {
  await tx.query('UPDATE moderation_rules SET rules = $1::jsonb, updated_by = $2, updated_at = $3 WHERE id = 1', [
    JSON.stringify(input.rules),
    input.staffId,
    now,
  ]);
  const words = [...input.words];
  await tx.query('DELETE FROM banned_words WHERE NOT (word = ANY($1::text[]))', [words]);
  await tx.query('INSERT INTO banned_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [words]);
}

/**
 * How many of the ad's photos are within `maxDistance` (perceptual hash bits) of a photo of another account's ad,
 * among that account's `scanAds` most recent saved ads.
 */
export async function countPhotosLikeOtherAccounts(
  db: Queryable,
  ad: { orderId: number; customerId: number },
  maxDistance: number,
  scanAds: number,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ad_images i
     WHERE i.ad_id = $1 AND i.phash IS NOT NULL AND EXISTS (
       SELECT 1 FROM (SELECT o.id FROM ads o WHERE o.customer_id <> $2
                        AND o.status IN ('active', 'pending', 'expired', 'blocked', 'rejected')
                      ORDER BY o.id DESC LIMIT $4) other
       JOIN ad_images i2 ON i2.ad_id = other.id
       WHERE i2.phash IS NOT NULL AND bit_count((i2.phash # i.phash)::bit(64)) <= $3)`,
    [ad.orderId, ad.customerId, maxDistance, scanAds],
  );
  return row?.n ?? 0;
}
