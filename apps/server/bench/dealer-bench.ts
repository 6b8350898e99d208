/**
 * What the dealer benches share (ad-numbers.ts, my-ads-list.ts, ad-views.ts): a registered dealer with many ads made
 * by the database itself, the statistics autovacuum would leave, and a call timed one at a time after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { Agent, PHONE_BROWSER, register, type TestApp } from '../test/support/test-app.ts';
import { percentile } from './open-loop.ts';

export interface BenchDealer {
  /** The dealer's browser, logged in. */
  dealer: Agent;
  customerId: number;
  /** The test app's clock, fixed for the whole bench. */
  now: Date;
}

/** A new account logged in from `address` on a phone's browser. */
export async function registerDealer(t: TestApp, address: string): Promise<BenchDealer> {
  const dealer = new Agent(t.app, address, PHONE_BROWSER);
  const { email } = await register(dealer);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  return { dealer, customerId: Number(row?.id), now: t.clock.now() };
}

/**
 * The columns of each ad `insertDealerAds` makes, as SQL over `g` (1…count) and `$2` (now): by default a live Free
 * car with no values, published now and ending in 28 days.
 */
export interface AdColumns {
  fieldValues?: string;
  status?: string;
  adType?: string;
  publishedAt?: string;
  endsAt?: string;
  createdAt?: string;
}

/** `count` ads of the customer (cars), one statement. */
export async function insertDealerAds(
  t: TestApp,
  { customerId, now }: Pick<BenchDealer, 'customerId' | 'now'>,
  count: number,
  columns: AdColumns = {},
): Promise<void> {
  const c = {
    fieldValues: `'{}'::jsonb`,
    status: `'active'`,
    adType: `'Free'`,
    publishedAt: '$2::timestamptz',
    endsAt: `$2::timestamptz + interval '28 days'`,
    createdAt: '$2::timestamptz',
    ...columns,
  };
  await t.db.query(
    `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, ends_at, created_at)
     SELECT $1, 1, 1, '{"cat":"1","subcat":"1"}'::jsonb, ${c.fieldValues}, ${c.status}, ${c.adType}, ${c.publishedAt},
            ${c.endsAt}, ${c.createdAt}
     FROM generate_series(1, ${count}) g`,
    [customerId, now],
  );
}

/** As autovacuum leaves them: fresh statistics and the visibility map (index-only scans). */
export async function vacuumAnalyze(t: TestApp, tables: readonly string[]): Promise<void> {
  for (const table of tables) await t.db.query(`VACUUM ANALYZE ${table}`);
}

export interface Timing {
  p50: number;
  p99: number;
  max: number;
}

/**
 * Times `call` one at a time, `rounds` after `warmUp`, printing p50, p99 and the slowest under `name`; undefined
 * (and an error printed) when an answer is not what `call` checks for.
 */
export async function oneAtATime(
  name: string,
  { rounds, warmUp, width = 28 }: { rounds: number; warmUp: number; width?: number },
  call: () => Promise<{ ok: boolean; status: number }>,
): Promise<Timing | undefined> {
  const times: number[] = [];
  for (let i = 0; i < warmUp + rounds; i++) {
    const at = performance.now();
    const { ok, status } = await call();
    const ms = performance.now() - at;
    if (!ok) {
      console.error(`${name}: answered ${status}`);
      return undefined;
    }
    if (i >= warmUp) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const timing = { p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times[times.length - 1] ?? 0 };
  console.log(
    `${name.padEnd(width)} p50 ${timing.p50.toFixed(1)} ms  p99 ${timing.p99.toFixed(1)} ms  slowest ${timing.max.toFixed(1)} ms`,
  );
  return timing;
}
