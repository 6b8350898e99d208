/**
 * `ad_daily_numbers` (migration 0047): per ad and per Israel calendar day, its views, reveals, shares, reports and
 * board appearances. Written only by the batch's upsert, which adds to the day's row; read for the owner.
 */
import type { AdDayNumbers, AdNumbers } from '@app/contract/schemas/adNumbers';
import type { Queryable } from '../platform/db/db.ts';

/** One ad's day to add. */
export interface DailyAdd extends AdNumbers {
  adId: number;
  day: string;
}

const SUMS = `COALESCE(sum(n.views), 0)::int AS views, COALESCE(sum(n.reveals), 0)::int AS reveals,
  COALESCE(sum(n.shares), 0)::int AS shares, COALESCE(sum(n.reports), 0)::int AS reports,
  COALESCE(sum(n.board_appearances), 0)::int AS board_appearances`;

interface SumsRow {
  views: number;
  reveals: number;
  shares: number;
  reports: number;
  board_appearances: number;
}
const numbersOf = (r: SumsRow | undefined): AdNumbers => ({
  views: Number(r?.views ?? 0),
  reveals: Number(r?.reveals ?? 0),
  shares: Number(r?.shares ?? 0),
  reports: Number(r?.reports ?? 0),
  boardAppearances: Number(r?.board_appearances ?? 0),
});

/**
 * Adds a batch in one statement (each ad's day once: the caller sums before). An ad deleted since it was counted is
 * left out.
 */
export async function addDailyNumbers(db: Queryable, rows: readonly DailyAdd[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof DailyAdd>(k: K) => rows.map((r) => r[k]);
  await db.query(
    `INSERT INTO ad_daily_numbers (ad_id, day, views, reveals, shares, reports, board_appearances)
     SELECT n.ad_id, n.day, n.views, n.reveals, n.shares, n.reports, n.board_appearances
     FROM unnest($1::bigint[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
       AS n (ad_id, day, views, reveals, shares, reports, board_appearances)
     WHERE EXISTS (SELECT 1 FROM ads WHERE ads.id = n.ad_id)
     ORDER BY n.ad_id, n.day
     ON CONFLICT (ad_id, day) DO UPDATE SET
       views = ad_daily_numbers.views + EXCLUDED.views,
       reveals = ad_daily_numbers.reveals + EXCLUDED.reveals,
       shares = ad_daily_numbers.shares + EXCLUDED.shares,
       reports = ad_daily_numbers.reports + EXCLUDED.reports,
       board_appearances = ad_daily_numbers.board_appearances + EXCLUDED.board_appearances`,
    [col('adId'), col('day'), col('views'), col('reveals'), col('shares'), col('reports'), col('boardAppearances')],
  );
}

/** Each of the customer's ads (not reserved or deleted) with its totals: all its days, and from `since` on. */
export async function customerAdTotals(
  db: Queryable,
  customerId: number,
  since: string,
): Promise<{ adId: number; total: AdNumbers; lastDays: AdNumbers }[]> {
  type LastRow = { last_views: number; last_reveals: number; last_shares: number; last_reports: number };
  const rows = await db.query<SumsRow & LastRow & { ad_id: string; last_board_appearances: number }>(
    `SELECT ads.id AS ad_id, ${SUMS},
       COALESCE(sum(n.views) FILTER (WHERE n.day >= $2::date), 0)::int AS last_views,
       COALESCE(sum(n.reveals) FILTER (WHERE n.day >= $2::date), 0)::int AS last_reveals,
       COALESCE(sum(n.shares) FILTER (WHERE n.day >= $2::date), 0)::int AS last_shares,
       COALESCE(sum(n.reports) FILTER (WHERE n.day >= $2::date), 0)::int AS last_reports,
       COALESCE(sum(n.board_appearances) FILTER (WHERE n.day >= $2::date), 0)::int AS last_board_appearances
     FROM ads LEFT JOIN ad_daily_numbers n ON n.ad_id = ads.id
     WHERE ads.customer_id = $1 AND ads.status NOT IN ('reserved', 'deleted')
     GROUP BY ads.id ORDER BY ads.id DESC`,
    [customerId, since],
  );
  return rows.map((r) => ({
    adId: Number(r.ad_id),
    total: numbersOf(r),
    lastDays: numbersOf({
      views: r.last_views,
      reveals: r.last_reveals,
      shares: r.last_shares,
      reports: r.last_reports,
      board_appearances: r.last_board_appearances,
    }),
  }));
}

/** One ad's totals over all its days. */
export async function adTotal(db: Queryable, adId: number): Promise<AdNumbers> {
  const [row] = await db.query<SumsRow>(`SELECT ${SUMS} FROM ad_daily_numbers n WHERE n.ad_id = $1`, [adId]);
  return numbersOf(row);
}

/** One ad's days from `since` on that have a row, oldest first. */
export async function adDays(db: Queryable, adId: number, since: string): Promise<AdDayNumbers[]> {
  const rows = await db.query<SumsRow & { day: string }>(
    `SELECT to_char(n.day, 'YYYY-MM-DD') AS day, n.views, n.reveals, n.shares, n.reports, n.board_appearances
     FROM ad_daily_numbers n WHERE n.ad_id = $1 AND n.day >= $2::date ORDER BY n.day`,
    [adId, since],
  );
  return rows.map((r) => ({ day: r.day, ...numbersOf(r) }));
}
