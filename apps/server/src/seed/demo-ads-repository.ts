/** The SQL of the demo board's ads: how many live ads the demo seller has, and the inserts in one transaction. */
import type { Db, Queryable } from '../platform/db/db.ts';

export interface DemoAdRow {
  cat: number;
  subcat: number | null;
  selectors: Record<string, string>;
  values: Record<string, string>;
  /** The names of the title's options (ads/ad-title.ts `adTitleWordsOf`), as a save writes them. */
  titleWords: string;
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
           ends_at, created_at, title_words)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 'active', $6, $7, $7, $8, $7, $9)`,
        [
          customerId,
          ad.cat,
          ad.subcat,
          JSON.stringify(ad.selectors),
          JSON.stringify(ad.values),
          ad.adType,
          ad.publishedAt,
          ad.endsAt,
          ad.titleWords,
        ],
      );
    }
  });
}

/** How many ads the customer has, in any state. */
export async function countAdsOf(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM ads WHERE customer_id = $1', [
    customerId,
  ]);
  return Number(row?.n ?? 0);
}

/** Inserts a dealer's ads in one statement (live or ended, as `status` says). */
export async function insertDealerAds(
  db: Queryable,
  customerId: number,
  ads: readonly (DemoAdRow & { status: 'active' | 'expired' })[],
): Promise<void> {
  await db.query(
    `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, bumped_at,
       ends_at, created_at, title_words)
     SELECT $1, a.cat, a.subcat, a.selectors, a.field_values, a.status, a.ad_type, a.published_at, a.published_at,
       a.ends_at, a.published_at, a.title_words
     FROM jsonb_to_recordset($2::jsonb) AS a(cat int, subcat int, selectors jsonb, field_values jsonb, status text,
       ad_type text, published_at timestamptz, ends_at timestamptz, title_words text)
     ORDER BY a.published_at`,
    [
      customerId,
      JSON.stringify(
        ads.map((ad) => ({
          cat: ad.cat,
          subcat: ad.subcat,
          selectors: ad.selectors,
          field_values: ad.values,
          status: ad.status,
          ad_type: ad.adType,
          published_at: ad.publishedAt,
          ends_at: ad.endsAt,
          title_words: ad.titleWords,
        })),
      ),
    ],
  );
}
