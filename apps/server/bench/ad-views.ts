/**
 * The view counter at 1,000 views a second on PostgreSQL, measured by the ad page's p99: one dealer with live ads,
 * the app with its numbers written in batches every NUMBERS_FLUSH_MS (1 s, as in production), and ad pages asked
 * through the app (Fastify's inject: the route, the session's check, the template, the count) at steady rates, open
 * loop (open-loop.ts). One visitor (the probe) opens an ad's page PROBE_RATE times a second throughout, beside a load
 * that is off and on in turn, 5 s each (the machine's other work drifts over seconds; the windows let both sides see
 * the same):
 *   - the counter itself, VIEWS_RATE views a second, each a different visitor (the visitor's hash, the day's set, the
 *     batch, and the batches' writes), with no page served for them; against nothing;
 *   - ad pages, PAGES_RATE a second over the dealer's ads: different visitors (a phone's browser, each from its own
 *     address, none the owner: every one a counted view), against the same pages asked by a known bot (not counted).
 * Printed: the probe's p50 and p99 on each side, the load's own, this process's CPU time a second on each side, and
 * the growth of the probe's p99; both comparisons are the counter's share (the visitors' pages against none adds the
 * cost of serving that many pages in one process, printed too). Then the day's views in ad_daily_numbers, read while
 * the app still runs (written by the periodic batches): they must have risen by exactly the views counted (each
 * visitor once, the probe's visitor once, the bot never).
 * Exit 1 when the count is off, a page is not a 200, or the counter's share (the larger of the two) is above 5 ms.
 *
 * Needs DATABASE_URL (PostgreSQL; an own schema, dropped at the end):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:views
 * BENCH_VIEWS_RATE (default 1000), BENCH_PAGES_RATE (default 100), BENCH_PROBE_RATE (default 50),
 * BENCH_SECONDS (default 20: each side's time, in 5 s windows), BENCH_ADS (default 200) the dealer's live ads.
 */
import { performance } from 'node:perf_hooks';
import { DailyVisitors } from '../src/numbers/visitor-hash.ts';
import { createTestApp, PHONE_BROWSER } from '../test/support/test-app.ts';
import { insertDealerAds, registerDealer, vacuumAnalyze } from './dealer-bench.ts';
import { type OpenLoopResult, openLoop, percentile } from './open-loop.ts';

const VIEWS_RATE = Number(process.env.BENCH_VIEWS_RATE ?? 1000);
const PROBE_RATE = Number(process.env.BENCH_PROBE_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
// One process on the shared 2-core machine serves a few hundred ad pages a second (docs/QUALITY.md, the board);
// BENCH_PAGES_RATE=1000 shows what a backlog does instead of what the counter does.
const PAGES_RATE = Number(process.env.BENCH_PAGES_RATE ?? 100);
const WINDOW_MS = 5000;
const ADS = Number(process.env.BENCH_ADS ?? 200);
const GOAL_GROWTH_MS = 5;
const FLUSH_MS = 1000;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

if (!process.env.DATABASE_URL) {
  console.error('This benchmark measures PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
  process.exit(2);
}

const t = await createTestApp({ NUMBERS_FLUSH_MS: String(FLUSH_MS) });
let failed = false;
try {
  const owner = await registerDealer(t, '10.98.0.1');
  await insertDealerAds(t, owner, ADS, {
    fieldValues: `jsonb_build_object('manufacturer', '1', 'model', '101', 'year', '2020', 'km', '45000',
      'price', '85000', 'description', 'רכב שמור במצב מצוין, טסט לשנה, טיפולים במוסך מורשה ' || g)`,
  });
  await vacuumAnalyze(t, ['ads']);
  const ids = (
    await t.db.query<{ id: number }>('SELECT id FROM ads WHERE customer_id = $1 ORDER BY id', [owner.customerId])
  ).map((r) => Number(r.id));
  const day = owner.now.toISOString().slice(0, 10);
  const viewsToday = async () => {
    const [row] = await t.db.query<{ n: number | string | null }>(
      `SELECT sum(n.views) AS n FROM ad_daily_numbers n JOIN ads a ON a.id = n.ad_id
       WHERE a.customer_id = $1 AND n.day = $2::date`,
      [owner.customerId, day],
    );
    return Number(row?.n ?? 0);
  };
  await t.app.ready();

  /** An ad's page for a visitor (an address and a user agent); throws unless a 200. */
  let pagesOk = true;
  const page = async (id: number, address: string, agent: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/item/${id}`,
      remoteAddress: address,
      headers: { 'user-agent': agent, 'accept-encoding': 'br' },
    });
    if (res.statusCode !== 200) {
      pagesOk = false;
      throw new Error(`/item/${id}: ${res.statusCode}`);
    }
  };
  // Warm-up: every page once by a bot (the template, the statements' plans), not counted.
  for (const id of ids) await page(id, '192.0.2.1', BOT);

  // Each counted visitor its own address, in the benchmarking range 198.18.0.0/15 (131,072 of them; inject sends
  // nothing anywhere), never the owner's.
  let visitors = 0;
  const address = (n: number) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
  const probeId = ids[0] ?? 0;
  const before = await viewsToday();

  // What telling a view apart costs, alone (the hash and the day's set: the counter's work for each view).
  const sample = new DailyVisitors();
  const hashed = performance.now();
  for (let n = 0; n < 100_000; n++) sample.firstVisit(`browser:${address(n)} ${PHONE_BROWSER}`, n % ADS, day);
  console.log(`a view told apart: ${((performance.now() - hashed) / 100).toFixed(2)} µs (100,000 visitors)\n`);

  // Each batch the app's timer writes: how many ad-days and how long the write took.
  const numbers = t.app.numbers;
  const writes: { adDays: number; ms: number }[] = [];
  const flush = numbers.flush.bind(numbers);
  numbers.flush = async () => {
    const adDays = numbers.waiting;
    const at = performance.now();
    await flush();
    if (adDays > 0) writes.push({ adDays, ms: performance.now() - at });
  };

  /**
   * The probe (one visitor, its ad's page PROBE_RATE times a second) for 2 × SECONDS beside a load of `rate` calls a
   * second that is `off` and `on` in turn, WINDOW_MS each (off first): the machine's other work drifts over seconds,
   * and the windows let both sides see the same. Each call belongs to the window it was due in.
   */
  const alternating = async (
    rate: number,
    off: (i: number) => Promise<unknown>,
    on: (i: number) => Promise<unknown>,
  ) => {
    const t0 = performance.now();
    const isOn = (at: number) => Math.floor((at - t0) / WINDOW_MS) % 2 === 1;
    // This process's CPU time in each window (less moved by the machine's other work than a latency).
    const cpu = { off: 0, on: 0, offWindows: 0, onWindows: 0 };
    let last = process.cpuUsage();
    let window = 0;
    const sampler = setInterval(() => {
      const used = process.cpuUsage(last);
      last = process.cpuUsage();
      const ms = (used.user + used.system) / 1000;
      if (window % 2 === 1) {
        cpu.on += ms;
        cpu.onWindows += 1;
      } else {
        cpu.off += ms;
        cpu.offWindows += 1;
      }
      window += 1;
    }, WINDOW_MS);
    const [probe, load] = await Promise.all([
      openLoop(() => page(probeId, '192.0.2.2', PHONE_BROWSER), PROBE_RATE, 2 * SECONDS),
      openLoop((i) => (isOn(performance.now()) ? on(i) : off(i)), rate, 2 * SECONDS),
    ]);
    const side = (r: OpenLoopResult, wantOn: boolean) =>
      r.calls
        .filter((c) => isOn(c.due) === wantOn)
        .map((c) => c.ms)
        .sort((x, y) => x - y);
    clearInterval(sampler);
    if (probe.errors + load.errors > 0) failed = true;
    const perSecond = (ms: number, windows: number) => (windows ? ms / ((windows * WINDOW_MS) / 1000) : 0);
    return {
      cpuOff: perSecond(cpu.off, cpu.offWindows),
      cpuOn: perSecond(cpu.on, cpu.onWindows),
      probeOff: side(probe, false),
      probeOn: side(probe, true),
      loadOff: side(load, false),
      loadOn: side(load, true),
    };
  };
  const line = (name: string, times: number[]) =>
    `  ${name.padEnd(42)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms  p99 ${percentile(times, 0.99)
      .toFixed(1)
      .padStart(7)} ms  (${times.length} calls)`;
  const p99 = (times: number[]) => percentile(times, 0.99);
  const cpuLine = (r: { cpuOff: number; cpuOn: number }) =>
    `  this process's CPU: ${r.cpuOff.toFixed(0)} ms a second off, ${r.cpuOn.toFixed(0)} ms on`;

  // 1 and 2: the counter's own work for a view (the visitor's hash, the day's set, the batch) and its batches'
  // writes, each view a different visitor, with no page served for it.
  let countedAlone = 0;
  const counter = await alternating(
    VIEWS_RATE,
    async () => {},
    async (i) => {
      countedAlone += 1;
      t.app.numbers.countView(ids[i % ids.length] ?? 0, `browser:${address(++visitors)} ${PHONE_BROWSER}`);
    },
  );
  console.log(`${VIEWS_RATE} views a second counted, in windows of ${WINDOW_MS / 1000} s on and off:`);
  console.log(line(`ad page (${PROBE_RATE}/s) alone`, counter.probeOff));
  console.log(line(`ad page (${PROBE_RATE}/s), views counted beside it`, counter.probeOn));
  console.log(cpuLine(counter));

  // 3 and 4: the same pages asked by bots (not counted) and by different visitors (each counted).
  let countedPages = 0;
  const pages = await alternating(
    PAGES_RATE,
    (i) => page(ids[i % ids.length] ?? 0, '192.0.2.3', BOT),
    (i) =>
      page(ids[i % ids.length] ?? 0, address(++visitors), PHONE_BROWSER).then(() => {
        countedPages += 1;
      }),
  );
  console.log(`\n${PAGES_RATE} ad pages a second, by bots and by visitors in windows of ${WINDOW_MS / 1000} s:`);
  console.log(line(`ad page (${PROBE_RATE}/s) beside the bots' pages`, pages.probeOff));
  console.log(line(`ad page (${PROBE_RATE}/s) beside the visitors' pages`, pages.probeOn));
  console.log(line(`the bots' pages (not counted)`, pages.loadOff));
  console.log(line(`the visitors' pages (each a view counted)`, pages.loadOn));
  console.log(cpuLine(pages));

  if (percentile(pages.loadOff, 0.5) > 1000)
    console.log(`  (not served at ${PAGES_RATE} pages a second: the times are the backlog's, on both sides)`);

  const counterGrowth = p99(counter.probeOn) - p99(counter.probeOff);
  const pagesGrowth = p99(pages.probeOn) - p99(pages.probeOff);
  console.log(
    `\nthe ad page's p99 grew by ${counterGrowth.toFixed(1)} ms with ${VIEWS_RATE} views/s counted, and by ` +
      `${pagesGrowth.toFixed(1)} ms with the visitors' pages against the bots' (the counter's share; goal ≤ ` +
      `${GOAL_GROWTH_MS} ms each); against none, the visitors' pages add ` +
      `${(p99(pages.probeOn) - p99(counter.probeOff)).toFixed(1)} ms`,
  );
  if (Math.max(counterGrowth, pagesGrowth) > GOAL_GROWTH_MS) failed = true;

  const writeTimes = writes.map((w) => w.ms).sort((x, y) => x - y);
  console.log(
    `batches written: ${writes.length}, up to ${Math.max(0, ...writes.map((w) => w.adDays))} ad-days each; ` +
      `a write p50 ${percentile(writeTimes, 0.5).toFixed(1)} ms, p99 ${p99(writeTimes).toFixed(1)} ms`,
  );

  // Written by the periodic batches while the app runs: two periods for the last one.
  await new Promise((r) => setTimeout(r, 2 * FLUSH_MS + 200));
  const written = (await viewsToday()) - before;
  // Each counted visitor once, and the probe's visitor once (its first visit of the day); the bots never.
  const expected = countedAlone + countedPages + 1;
  console.log(
    `views written: ${written} (expected ${expected}: ${countedAlone} counted alone, ${countedPages} visitors' ` +
      `pages, the probe's visitor once)`,
  );
  if (written !== expected || !pagesOk) failed = true;
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
