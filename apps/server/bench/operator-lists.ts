/**
 * The console's lists on a big site: PostgreSQL seeded with 50,000 customers (each with a verified phone), 100,000
 * ads (live, drafts, ended, and about 8,000 held for review with twice as many decided cases behind them) and
 * 1,000,000 funnel events over 60 days; then each call below asked one at a time through the real app (the staff
 * session's check included), after a warm-up, with p50, p99 and the slowest printed:
 *   - GET /api/operator/moderation/queue            the first page, and a page deep in the queue (keyset cursor)
 *   - GET /api/operator/customers?q=                by the start of an e-mail, by a phone, by an ad number
 *   - GET /api/operator/customers/:id/activity      an account's ads, payments, phones, codes, audit (reported)
 *   - GET /api/operator/analytics/live-ads          the live ads per category (reported)
 *   - GET /api/operator/analytics/funnel            the last 30 days of the million events (reported)
 * Exit 1 when the queue or the customer search has a p99 above 50 ms, or any answer is not a 200 with results.
 *
 * Needs DATABASE_URL (PostgreSQL; the data goes to an own schema, dropped at the end). Run:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:operator
 * BENCH_ROUNDS (default 300) sets the requests per call.
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../src/accounts/passwords.ts';
import { enableTotp, insertStaff } from '../src/operator/staff-repository.ts';
import { StaffService } from '../src/operator/staff-service.ts';
import { Agent, createTestApp, GOOD_PASSWORD, type TestApp } from '../test/support/test-app.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARM_UP = 20;
const GOAL_P99_MS = 50;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CUSTOMERS = 50_000;
const ADS = 100_000;
const EVENTS = 1_000_000;

if (!process.env.DATABASE_URL) {
  console.error('This benchmark measures PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
  process.exit(2);
}

/** The big site's rows, made by the database itself (generate_series), then analysed as autovacuum would. */
async function seed(t: TestApp): Promise<void> {
  const now = t.clock.now();
  const started = performance.now();
  await t.db.query(
    `INSERT INTO customers (email, password_hash, first_name, last_name, created_at)
     SELECT 'user' || g || '@' || (ARRAY['gmail.com', 'walla.co.il', 'bezeqint.net', 'example.co.il'])[1 + g % 4],
            'x', 'לקוח', 'בדיקה', $1::timestamptz - (g % 700) * interval '1 day'
     FROM generate_series(1, ${CUSTOMERS}) g`,
    [now],
  );
  await t.db.query(
    `INSERT INTO customer_phones (customer_id, phone, verified_at, is_main)
     SELECT id, '05' || (ARRAY['0', '2', '3', '4', '5', '8'])[1 + id % 6] || lpad((id * 7919 % 10000000)::text, 7, '0'),
            created_at, true
     FROM customers`,
  );
  // Statuses by the ad's number: 70% live, 12% drafts, 10% ended, 5% pending, 3% blocked.
  await t.db.query(
    `INSERT INTO ads (customer_id, cat, subcat, status, created_at, published_at, ends_at)
     SELECT c.id, x.cat, x.subcat, x.status, x.created, x.created + interval '1 hour',
            x.created + interval '28 days'
     FROM generate_series(1, ${ADS}) g
     JOIN customers c ON c.id = 1 + (g * 7 % ${CUSTOMERS})
     CROSS JOIN LATERAL (SELECT
       (ARRAY[1, 1, 2, 2, 3, 3, 5, 6, 10, 14])[1 + g % 10] AS cat,
       (ARRAY[1, 2, 1, 2, NULL, NULL, NULL, NULL, NULL, NULL])[1 + g % 10]::int AS subcat,
       CASE WHEN g % 100 < 70 THEN 'active' WHEN g % 100 < 82 THEN 'draft' WHEN g % 100 < 92 THEN 'expired'
            WHEN g % 100 < 97 THEN 'pending' ELSE 'blocked' END AS status,
       $1::timestamptz - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute' AS created) x`,
    [now],
  );
  // An open case for each held ad, and two decided cases of earlier holds for as many ads.
  await t.db.query(
    `INSERT INTO ad_reviews (ad_id, held_as, stage, reasons, queued_at)
     SELECT id, status, 'plan', '[{"kind":"traderSecondHand"}]'::jsonb, created_at + interval '2 hours'
     FROM ads WHERE status IN ('pending', 'blocked')`,
  );
  await t.db.query(
    `INSERT INTO ad_reviews (ad_id, held_as, stage, reasons, queued_at, decision, decided_at)
     SELECT a.id, 'pending', 'plan', '[{"kind":"newAccount","days":7}]'::jsonb, a.created_at, d.decision,
            a.created_at + interval '3 hours'
     FROM ads a CROSS JOIN (VALUES ('approved'), ('rejected')) d(decision)
     WHERE a.status = 'active' AND a.id % 7 = 0`,
  );
  await t.db.query(
    `INSERT INTO analytics_events (name, props, occurred_at, received_at)
     SELECT (ARRAY['wizard_step_shown', 'wizard_step_passed', 'wizard_field_error'])[1 + g % 3],
            jsonb_build_object('fid', 'run' || lpad((g / 6)::text, 8, '0'), 'cat', (ARRAY[1, 2, 3, 5])[1 + g % 4],
              'subcat', 1, 'step', 1 + (g / 3) % 5, 'area', 'area' || (1 + (g / 3) % 5)),
            $1::timestamptz - (g % 60) * interval '1 day', $1::timestamptz
     FROM generate_series(1, ${EVENTS}) g`,
    [now],
  );
  await t.db.query('ANALYZE');
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A support-and-moderation admin signed in with the password and the authenticator's code. */
async function admin(t: TestApp): Promise<Agent> {
  const email = 'bench-admin@example.co.il';
  const passwordHash = await hashPassword(GOOD_PASSWORD);
  const staff = await insertStaff(t.db, { email, name: 'מדידה', role: 'admin', passwordHash }, t.clock.now());
  await enableTotp(t.db, staff.id, SECRET);
  const agent = new Agent(t.app, '10.200.0.1');
  await agent.post('/api/operator/login', { email, password: GOOD_PASSWORD });
  const res = await agent.post('/api/operator/login/code', { code: StaffService.codeAt(SECRET, t.clock.now()) });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  return agent;
}

interface Measured {
  name: string;
  p50: number;
  p99: number;
  max: number;
  goal: boolean;
}

/** Asks `url(i)` ROUNDS times one after the other (after a warm-up); every answer must pass `check`. */
async function measure(
  agent: Agent,
  name: string,
  url: (i: number) => string,
  check: (body: Record<string, unknown>) => boolean,
  goal: boolean,
  rounds = ROUNDS,
): Promise<Measured> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + rounds; i++) {
    const started = performance.now();
    const res = await agent.get(url(i));
    const took = performance.now() - started;
    if (res.statusCode !== 200 || !check(res.json())) {
      throw new Error(`${name}: ${url(i)} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    if (i >= WARM_UP) times.push(took);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return { name, p50: at(0.5), p99: at(0.99), max: times[times.length - 1] ?? 0, goal };
}

const t = await createTestApp({ SMS_IP_HOURLY_LIMIT: '100000' });
let failed = false;
try {
  await seed(t);
  const agent = await admin(t);
  const [counts] = await t.db.query<{ open: number; customers: number; ads: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM ad_reviews WHERE decided_at IS NULL) AS open,
            (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM ads) AS ads,
            (SELECT count(*)::int FROM analytics_events) AS events`,
  );
  console.log(
    `${counts?.customers} customers, ${counts?.ads} ads (${counts?.open} waiting for review), ${counts?.events} events`,
  );
  const deep = await t.db.query<{ queued_at: Date; id: string }>(
    `SELECT queued_at, id FROM ad_reviews WHERE decided_at IS NULL ORDER BY queued_at, id
     OFFSET (SELECT count(*) / 2 FROM ad_reviews WHERE decided_at IS NULL) LIMIT 1`,
  );
  const cursor = `${new Date(deep[0]?.queued_at ?? 0).toISOString()}_${deep[0]?.id}`;
  const sample = await t.db.query<{ id: string; email: string; phone: string; ad: string }>(
    `SELECT c.id, c.email, p.phone, (SELECT max(a.id) FROM ads a WHERE a.customer_id = c.id) AS ad
     FROM customers c JOIN customer_phones p ON p.customer_id = c.id
     WHERE c.id % 97 = 0 AND EXISTS (SELECT 1 FROM ads a WHERE a.customer_id = c.id) ORDER BY c.id LIMIT 400`,
  );
  const pick = (i: number) => sample[(i * 37) % sample.length] ?? sample[0];
  const found = (b: Record<string, unknown>) => Array.isArray(b.customers) && b.customers.length > 0;
  const results = [
    await measure(
      agent,
      'moderation queue, first page',
      () => '/api/operator/moderation/queue',
      (b) => Array.isArray(b.items) && b.items.length > 0,
      true,
    ),
    await measure(
      agent,
      'moderation queue, a page half way',
      () => `/api/operator/moderation/queue?after=${encodeURIComponent(cursor)}`,
      (b) => Array.isArray(b.items) && b.items.length > 0,
      true,
    ),
    await measure(
      agent,
      'customer search, start of an e-mail',
      (i) => `/api/operator/customers?q=${encodeURIComponent(pick(i)?.email.slice(0, 8) ?? '')}`,
      found,
      true,
    ),
    await measure(
      agent,
      'customer search, a phone',
      (i) => `/api/operator/customers?q=${encodeURIComponent(pick(i)?.phone ?? '')}`,
      found,
      true,
    ),
    await measure(
      agent,
      'customer search, an ad number',
      (i) => `/api/operator/customers?q=${pick(i)?.ad}`,
      found,
      true,
    ),
    await measure(
      agent,
      "an account's activity",
      (i) => `/api/operator/customers/${pick(i)?.id}/activity`,
      (b) => Array.isArray(b.ads),
      false,
    ),
    await measure(
      agent,
      'live ads per category',
      () => '/api/operator/analytics/live-ads',
      (b) => typeof b.total === 'number',
      false,
      30,
    ),
    await measure(
      agent,
      'funnel, the last 30 days',
      () => '/api/operator/analytics/funnel',
      (b) => Array.isArray(b.categories),
      false,
      10,
    ),
  ];
  console.log('\ncall                                   p50 ms   p99 ms   max ms');
  for (const r of results) {
    const over = r.goal && r.p99 > GOAL_P99_MS;
    if (over) failed = true;
    console.log(
      `${r.name.padEnd(38)} ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${r.max
        .toFixed(1)
        .padStart(6)}${r.goal ? (over ? `  FAIL: p99 above ${GOAL_P99_MS} ms` : '  ok') : ''}`,
    );
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
