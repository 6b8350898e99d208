/** How often buyers revealed an ad's phone number (migration 0045): one row per ad, counted up by each reveal. */
import type { Queryable } from '../platform/db/db.ts';

export async function countPhoneReveal(db: Queryable, adId: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO ad_contact_counts (ad_id, phone_reveals, last_reveal_at) VALUES ($1, 1, $2)
     ON CONFLICT (ad_id) DO UPDATE SET phone_reveals = ad_contact_counts.phone_reveals + 1, last_reveal_at = $2`,
    [adId, now],
  );
}

export async function phoneRevealsOf(db: Queryable, adId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT phone_reveals AS n FROM ad_contact_counts WHERE ad_id = $1', [
    adId,
  ]);
  return Number(row?.n ?? 0);
}
