/**
 * /my-ads for a dealer with 1,000 ads: one account's ads (live ones ending over 40 days, some ended, words in their
 * descriptions) with their numbers' totals, then through the real app (the session's check included), one at a time
 * after a warm-up, p50, p99 and the slowest printed, for the list's first page (newest first), most viewed, ending
 * soonest, a word's search and a second page from the first page's cursor.
 * Exit 1 when a call's p99 is above 50 ms or an answer is not a 200 with its page.
 *
 * Runs on the embedded database, or on PostgreSQL with DATABASE_URL (an own schema, dropped at the end):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:my-ads
 * BENCH_ADS (default 1000) and BENCH_ROUNDS (default 200) set the size.
 */
import { createTestApp } from '../test/support/test-app.ts';
import { insertDealerAds, oneAtATime, registerDealer, vacuumAnalyze } from './dealer-bench.ts';

const ADS = Number(process.env.BENCH_ADS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 20;
const GOAL_P99_MS = 50;

const t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
let failed = false;
try {
  const owner = await registerDealer(t, '10.99.0.2');
  const { dealer, customerId } = owner;
  await insertDealerAds(t, owner, ADS, {
    fieldValues: `jsonb_build_object('manufacturer', '1', 'model', '101', 'year', '2020',
      'description', 'רכב שמור מלאי ' || g || CASE WHEN g % 50 = 0 THEN ' גג נפתח' ELSE '' END)`,
    status: `CASE WHEN g % 10 = 0 THEN 'expired' ELSE 'active' END`,
    adType: `(ARRAY['Free', 'Bold', 'VIP'])[1 + g % 3]`,
    publishedAt: `$2::timestamptz - (g || ' hours')::interval`,
    endsAt: `$2::timestamptz + ((g % 40) - 1 || ' days')::interval`,
    createdAt: `$2::timestamptz - (g || ' hours')::interval`,
  });
  await t.db.query(
    `INSERT INTO ad_number_totals (ad_id, views, reveals, shares, reports, board_appearances)
     SELECT id, (id * 37) % 500, id % 7, id % 3, 0, id % 900 FROM ads WHERE customer_id = $1`,
    [customerId],
  );
  await vacuumAnalyze(t, ['ads', 'ad_number_totals']);
  const first = (await dealer.get('/api/my-ads')).json() as { nextCursor: string | null; total: number };
  if (first.total !== ADS || !first.nextCursor) throw new Error(`the first page answered ${JSON.stringify(first)}`);

  const measure = async (name: string, url: string) => {
    const timing = await oneAtATime(name, { rounds: ROUNDS, warmUp: WARM_UP, width: 36 }, async () => {
      const res = await dealer.get(url);
      const ok = res.statusCode === 200 && (res.json() as { ads: unknown[] }).ads.length > 0;
      return { ok, status: res.statusCode };
    });
    if (!timing || timing.p99 > GOAL_P99_MS) failed = true;
  };
  await measure('GET /api/my-ads (first page)', '/api/my-ads');
  await measure('GET /api/my-ads?sort=views', '/api/my-ads?sort=views');
  await measure('GET /api/my-ads?sort=ending', '/api/my-ads?sort=ending');
  await measure('GET /api/my-ads?q=גג נפתח', `/api/my-ads?q=${encodeURIComponent('גג נפתח')}`);
  await measure('GET /api/my-ads (second page)', `/api/my-ads?cursor=${first.nextCursor}`);
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
