/**
 * `ad_daily_numbers` (migration 0047): per ad and per Israel calendar day, its views, reveals, shares, reports and
 * board appearances; `ad_number_totals`: each ad's sums over all its days. Written only by the batch's upserts, which
 * add to the rows; read for the owner.
 */
import type { AdDayNumbers, AdNumbers } from '@app/contract/schemas/adNumbers';
import type { Queryable } from '../platform/db/db.ts';

/** One ad's day to add. */
export interface DailyAdd extends AdNumbers {
  adId: number;
  day: string;
}

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

/** The batch's rows as arrays, one per column, for unnest. */
function columns(rows: readonly DailyAdd[]): unknown[] {
  const col = <K extends keyof DailyAdd>(k: K) => rows.map((r) => r[k]);
  return [
    col('adId'),
    col('day'),
    col('views'),
    col('reveals'),
    col('shares'),
    col('reports'),
    col('boardAppearances'),
  ];
}

const BATCH = `unnest($1::bigint[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
  AS n (ad_id, day, views, reveals, shares, reports, board_appearances)`;
const ADDED = (
  table: string,
) => `views = ${table}.views + EXCLUDED.views, reveals = ${table}.reveals + EXCLUDED.reveals,
  shares = ${table}.shares + EXCLUDED.shares, reports = ${table}.reports + EXCLUDED.reports,
  board_appearances = ${table}.board_appearances + EXCLUDED.board_appearances`;

/**
 * Adds a batch (each ad's day once: the caller sums before) to the days and to the ads' totals, in the caller's
 * transaction. An ad deleted since it was counted is left out.
 */
export async function addDailyNumbers(tx: Queryable, rows: readonly DailyAdd[]): Promise<void> {
  if (rows.length === 0) return;
  const params = columns(rows);
  await tx.query(
    `INSERT INTO ad_daily_numbers (ad_id, day, views, reveals, shares, reports, board_appearances)
     SELECT n.ad_id, n.day, n.views, n.reveals, n.shares, n.reports, n.board_appearances FROM ${BATCH}
     WHERE EXISTS (SELECT 1 FROM ads WHERE ads.id = n.ad_id)
     ORDER BY n.ad_id, n.day
     ON CONFLICT (ad_id, day) DO UPDATE SET ${ADDED('ad_daily_numbers')}`,
    params,
  );
  await tx.query(
    `INSERT INTO ad_number_totals (ad_id, views, reveals, shares, reports, board_appearances)
     SELECT n.ad_id, sum(n.views), sum(n.reveals), sum(n.shares), sum(n.reports), sum(n.board_appearances)
     FROM ${BATCH}
     WHERE EXISTS (SELECT 1 FROM ads WHERE ads.id = n.ad_id)
     GROUP BY n.ad_id ORDER BY n.ad_id
     ON CONFLICT (ad_id) DO UPDATE SET ${ADDED('ad_number_totals')}`,
    params,
  );
}

const TOTALS = `COALESCE(t.views, 0)::int AS views, COALESCE(t.reveals, 0)::int AS reveals,
  COALESCE(t.shares, 0)::int AS shares, COALESCE(t.reports, 0)::int AS reports,
  COALESCE(t.board_appearances, 0)::int AS board_appearances`;

/**
 * Each of the customer's ads (not reserved or deleted) with its totals (one row of ad_number_totals) and its sums
 * from `since` on (that range of ad_daily_numbers' key).
 */
export async function customerAdTotals(
  db: Queryable,
  customerId: number,
  since: string,
): Promise<{ adId: number; total: AdNumbers; lastDays: AdNumbers }[]> {
  type LastRow = { last_views: number; last_reveals: number; last_shares: number; last_reports: number };
  const rows = await db.query<SumsRow & LastRow & { ad_id: string; last_board_appearances: number }>(
    `SELECT ads.id AS ad_id, ${TOTALS},
       COALESCE(l.views, 0)::int AS last_views, COALESCE(l.reveals, 0)::int AS last_reveals,
       COALESCE(l.shares, 0)::int AS last_shares, COALESCE(l.reports, 0)::int AS last_reports,
       COALESCE(l.board_appearances, 0)::int AS last_board_appearances
     FROM ads
     LEFT JOIN ad_number_totals t ON t.ad_id = ads.id
     LEFT JOIN LATERAL (SELECT sum(n.views) AS views, sum(n.reveals) AS reveals, sum(n.shares) AS shares,
         sum(n.reports) AS reports, sum(n.board_appearances) AS board_appearances
       FROM ad_daily_numbers n WHERE n.ad_id = ads.id AND n.day >= $2::date) l ON true
     WHERE ads.customer_id = $1 AND ads.status NOT IN ('reserved', 'deleted')
     ORDER BY ads.id DESC`,
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
  const [row] = await db.query<SumsRow>(`SELECT ${TOTALS} FROM ad_number_totals t WHERE t.ad_id = $1`, [adId]);
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
