/** The SQL of the demo board's ads: how many live ads the demo seller has, and the inserts in one transaction. */
import type { Db, Queryable } from '../platform/db/db.ts';

export interface DemoAdRow {
  cat: number;
  subcat: number | null;
  selectors: Record<string, string>;
  values: Record<string, string>;
  adType: string;
  publishedAt: Date;
  endsAt: Date;
}

export async function countLiveAdsOf(db: Queryable, customerId: number, now: Date): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ads WHERE customer_id = $1 AND status = 'active' AND ends_at > $2`,
    [customerId, now],
  );
  return Number(row?.n ?? 0);
}

/** Inserts the ads as going live leaves them (active, the track, publish and bump times, the end). */
export async function insertLiveAds(db: Db, customerId: number, ads: readonly DemoAdRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const ad of ads) {
      await tx.query(
        `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, bumped_at,
           ends_at, created_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 'active', $6, $7, $7, $8, $7)`,
        [
          customerId,
          ad.cat,
          ad.subcat,
          JSON.stringify(ad.selectors),
          JSON.stringify(ad.values),
          ad.adType,
          ad.publishedAt,
          ad.endsAt,
        ],
      );
    }
  });
}
