/**
 * The advertiser's numbers for a big dealer: one account with 1,000 ads, each with a year of days in
 * ad_daily_numbers (365,000 rows, made by the database itself) and their totals, then through the real app (the session's check
 * included), one at a time after a warm-up, with p50, p99 and the slowest printed:
 *   - GET /api/my-ads/numbers         every ad's totals, all time and the last 30 days
 *   - GET /api/my-ads/{id}/numbers    one ad's totals and its last 30 days
 * and the batch's write: 20,000 events over the 1,000 ads counted in memory, then one flush.
 * Exit 1 when a call's p99 is above 200 ms or an answer is not a 200 with its ads.
 *
 * Runs on the embedded database, or on PostgreSQL with DATABASE_URL (an own schema, dropped at the end):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:numbers
 * BENCH_ADS (default 1000), BENCH_DAYS (default 365) and BENCH_ROUNDS (default 100) set the size.
 */
import { performance } from 'node:perf_hooks';
import { Agent, createTestApp, PHONE_BROWSER, register } from '../test/support/test-app.ts';

const ADS = Number(process.env.BENCH_ADS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARM_UP = 10;
const GOAL_P99_MS = 200;

const t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
let failed = false;
try {
  const dealer = new Agent(t.app, '10.99.0.1', PHONE_BROWSER);
  const { email } = await register(dealer);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  const customerId = Number(row?.id);
  const now = t.clock.now();
  const started = performance.now();
  await t.db.query(
    `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, ends_at, created_at)
     SELECT $1, 1, 1, '{"cat":"1","subcat":"1"}'::jsonb, '{}'::jsonb, 'active', 'Free', $2::timestamptz,
            $2::timestamptz + interval '28 days', $2::timestamptz
     FROM generate_series(1, ${ADS})`,
    [customerId, now],
  );
  await t.db.query(
    `INSERT INTO ad_daily_numbers (ad_id, day, views, reveals, shares, reports, board_appearances)
     SELECT a.id, ($1::date - d), (a.id + d) % 40, (a.id + d) % 5, d % 3, (d % 50 = 0)::int, (a.id * d) % 300
     FROM ads a CROSS JOIN generate_series(0, ${DAYS - 1}) d WHERE a.customer_id = $2`,
    [now.toISOString().slice(0, 10), customerId],
  );
  await t.db.query(
    `INSERT INTO ad_number_totals (ad_id, views, reveals, shares, reports, board_appearances)
     SELECT ad_id, sum(views), sum(reveals), sum(shares), sum(reports), sum(board_appearances)
     FROM ad_daily_numbers GROUP BY ad_id`,
  );
  // As autovacuum leaves them: the visibility map lets the last 30 days be read from the index alone.
  for (const table of ['ads', 'ad_number_totals', 'ad_daily_numbers']) await t.db.query(`VACUUM ANALYZE ${table}`);
  console.log(`seeded ${ADS} ads × ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [one] = await t.db.query<{ id: number }>('SELECT max(id) AS id FROM ads WHERE customer_id = $1', [customerId]);

  const measure = async (
    name: string,
    url: string,
    check: (body: { ads?: unknown[]; days?: unknown[] }) => boolean,
  ) => {
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + ROUNDS; i++) {
      const at = performance.now();
      const res = await dealer.get(url);
      const ms = performance.now() - at;
      if (res.statusCode !== 200 || !check(res.json())) {
        console.error(`${name}: answered ${res.statusCode}`);
        failed = true;
        return;
      }
      if (i >= WARM_UP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    console.log(
      `${name.padEnd(28)} p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  slowest ${at(1).toFixed(1)} ms`,
    );
    if (at(0.99) > GOAL_P99_MS) failed = true;
  };
  // The list's statement alone, as the database runs it.
  const plan = await t.db.query<Record<string, string>>(
    `EXPLAIN (ANALYZE, COSTS OFF) SELECT t.views, l.views FROM ads
     LEFT JOIN ad_number_totals t ON t.ad_id = ads.id
     LEFT JOIN LATERAL (SELECT sum(n.views) AS views FROM ad_daily_numbers n
       WHERE n.ad_id = ads.id AND n.day >= $2::date - 29) l ON true
     WHERE ads.customer_id = $1 AND ads.status NOT IN ('reserved', 'deleted') ORDER BY ads.id DESC`,
    [customerId, now.toISOString().slice(0, 10)],
  );
  if (process.env.BENCH_PLAN) console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  await measure('GET /api/my-ads/numbers', '/api/my-ads/numbers', (b) => b.ads?.length === ADS);
  await measure('GET /api/my-ads/{id}/numbers', `/api/my-ads/${one?.id}/numbers`, (b) => b.days?.length === 30);

  const ids = (await t.db.query<{ id: number }>('SELECT id FROM ads WHERE customer_id = $1', [customerId])).map((r) =>
    Number(r.id),
  );
  for (let i = 0; i < 20_000; i++) t.app.numbers.count(ids[i % ids.length] ?? 0, i % 2 === 0 ? 'views' : 'reveals');
  const at = performance.now();
  await t.app.numbers.flush();
  console.log(
    `flush of 20,000 events over ${t.app.numbers.waiting === 0 ? ids.length : '?'} ad-days: ${(performance.now() - at).toFixed(1)} ms`,
  );
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
