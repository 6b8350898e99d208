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
import { createTestApp } from '../test/support/test-app.ts';
import { insertDealerAds, oneAtATime, registerDealer, vacuumAnalyze } from './dealer-bench.ts';

const ADS = Number(process.env.BENCH_ADS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARM_UP = 10;
const GOAL_P99_MS = 200;

const t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
let failed = false;
try {
  const owner = await registerDealer(t, '10.99.0.1');
  const { dealer, customerId, now } = owner;
  const started = performance.now();
  await insertDealerAds(t, owner, ADS);
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
  await vacuumAnalyze(t, ['ads', 'ad_number_totals', 'ad_daily_numbers']);
  console.log(`seeded ${ADS} ads × ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [one] = await t.db.query<{ id: number }>('SELECT max(id) AS id FROM ads WHERE customer_id = $1', [customerId]);

  const measure = async (
    name: string,
    url: string,
    check: (body: { ads?: unknown[]; days?: unknown[] }) => boolean,
  ) => {
    const timing = await oneAtATime(name, { rounds: ROUNDS, warmUp: WARM_UP }, async () => {
      const res = await dealer.get(url);
      return { ok: res.statusCode === 200 && check(res.json()), status: res.statusCode };
    });
    if (!timing || timing.p99 > GOAL_P99_MS) failed = true;
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
