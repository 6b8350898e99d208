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
import { performance } from 'node:perf_hooks';
import { Agent, createTestApp, PHONE_BROWSER, register } from '../test/support/test-app.ts';

const ADS = Number(process.env.BENCH_ADS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 20;
const GOAL_P99_MS = 50;

const t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
let failed = false;
try {
  const dealer = new Agent(t.app, '10.99.0.2', PHONE_BROWSER);
  const { email } = await register(dealer);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  const customerId = Number(row?.id);
  const now = t.clock.now();
  await t.db.query(
    `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, ends_at, created_at)
     SELECT $1, 1, 1, '{"cat":"1","subcat":"1"}'::jsonb,
            jsonb_build_object('manufacturer', '1', 'model', '101', 'year', '2020',
              'description', 'רכב שמור מלאי ' || g || CASE WHEN g % 50 = 0 THEN ' גג נפתח' ELSE '' END),
            CASE WHEN g % 10 = 0 THEN 'expired' ELSE 'active' END, (ARRAY['Free', 'Bold', 'VIP'])[1 + g % 3],
            $2::timestamptz - (g || ' hours')::interval,
            $2::timestamptz + ((g % 40) - 1 || ' days')::interval, $2::timestamptz - (g || ' hours')::interval
     FROM generate_series(1, ${ADS}) g`,
    [customerId, now],
  );
  await t.db.query(
    `INSERT INTO ad_number_totals (ad_id, views, reveals, shares, reports, board_appearances)
     SELECT id, (id * 37) % 500, id % 7, id % 3, 0, id % 900 FROM ads WHERE customer_id = $1`,
    [customerId],
  );
  for (const table of ['ads', 'ad_number_totals']) await t.db.query(`VACUUM ANALYZE ${table}`);
  const first = (await dealer.get('/api/my-ads')).json() as { nextCursor: string | null; total: number };
  if (first.total !== ADS || !first.nextCursor) throw new Error(`the first page answered ${JSON.stringify(first)}`);

  const measure = async (name: string, url: string) => {
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + ROUNDS; i++) {
      const at = performance.now();
      const res = await dealer.get(url);
      const ms = performance.now() - at;
      if (res.statusCode !== 200 || !((res.json() as { ads: unknown[] }).ads.length > 0)) {
        console.error(`${name}: answered ${res.statusCode}`);
        failed = true;
        return;
      }
      if (i >= WARM_UP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    console.log(
      `${name.padEnd(36)} p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  slowest ${at(1).toFixed(1)} ms`,
    );
    if (at(0.99) > GOAL_P99_MS) failed = true;
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
