/**
 * The auto-bump week and ad expiry: a week paid with the sandbox card bumps the live ad every 4 hours for
 * 7 days, exactly 42 times, each slot once (concurrent ticks, two server processes on one PostgreSQL database, a
 * restart in between), bumped_at moves to each slot's time and nothing after the week; a deleted ad stops its
 * series; an active ad expires at its end date. The clock is moved by hand, never slept on.
 */
import { AUTO_BUMP_HASH } from '@app/contract/orders';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hePay } from '../src/i18n/payments.ts';
import { AUTO_BUMP_JOB, AUTO_BUMP_SLOT_MS, AUTO_BUMP_SLOTS } from '../src/plans/auto-bump-jobs.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import type { Db } from '../src/platform/db/db.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { freeFinishBody } from './support/finish-body.ts';
import { sandboxOf, submitCard } from './support/payment-sandbox.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { reopenableTestDb } from './support/test-db.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const ENV = { PAYMENT_WEBHOOK_SECRET: 'payment-webhook-secret-of-this-test-0123456789' };
const DAY = 86_400_000;
let keys = 0;
const newKey = () => `bump-${Date.now().toString(36)}-${++keys}`;

/** An app on a given database (restart and two-process tests), wired as createTestApp wires it. */
async function boot(db: Db, clock: ManualClock): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', ...ENV });
  const app: FastifyInstance = await buildApp({
    config,
    db,
    clock,
    paymentTransport: async (url, init) => {
      const target = new URL(url);
      const res = await app.inject({
        method: 'POST',
        url: `${target.pathname}${target.search}`,
        headers: init.headers,
        payload: init.body,
      });
      return res.statusCode;
    },
  });
  const port = await sandboxOf(app).listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    clock,
    sandboxKey: config.SANDBOX_KEY,
    videoUrl: undefined,
    paymentUrl: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}

const setClock = (clock: ManualClock, at: number) => clock.advance(at - clock.now().getTime());

/** A live car ad (the free track) of a new customer, with its auto-bump week paid by card. */
async function liveAdWithPaidWeek(t: TestApp, ip: string): Promise<{ agent: Agent; orderId: number; start: number }> {
  const agent = new Agent(t.app, ip);
  await registerWithPhone(t, agent);
  const saved = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(agent) });
  const orderId = saved.json().orderID;
  expect(orderId, saved.body).toBeGreaterThan(0);
  const finished = await agent.post('/api/publish/finish-publish', freeFinishBody(orderId));
  expect(finished.statusCode, finished.body).toBe(200);

  const started = await agent.post(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, {
    packageHash: AUTO_BUMP_HASH,
    channel: 'creditCard',
    idempotencyKey: newKey(),
  });
  expect(started.statusCode, started.body).toBe(200);
  const paid = await submitCard(t, started.json().data.iframe);
  expect(paid.statusCode).toBe(303);
  const paidAt = t.clock.now().getTime();
  await t.app.jobs.runDueJobs(); // delivers the provider's signed notification
  const [payment] = await t.db.query<{ status: string }>(
    `SELECT status FROM payments WHERE ad_id = $1 AND purpose = 'auto_bump'`,
    [orderId],
  );
  expect(payment?.status).toBe('paid');
  const [week] = await t.db.query<{ starts_at: string; ends_at: string }>(
    'SELECT starts_at, ends_at FROM auto_bump_weeks WHERE ad_id = $1',
    [orderId],
  );
  expect(week, 'the paid week is recorded').toBeDefined();
  const start = new Date(week?.starts_at ?? 0).getTime();
  expect(start).toBe(paidAt);
  expect(new Date(week?.ends_at ?? 0).getTime()).toBe(start + 7 * DAY);
  return { agent, orderId, start };
}

async function bumpedAt(db: Db, orderId: number): Promise<number> {
  const [row] = await db.query<{ bumped_at: string }>('SELECT bumped_at FROM ads WHERE id = $1', [orderId]);
  return new Date(row?.bumped_at ?? 0).getTime();
}
async function slotsDone(db: Db, orderId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auto_bump_slots WHERE ad_id = $1', [
    orderId,
  ]);
  return Number(row?.n);
}

/**
 * Moves every app's clock to each slot from `from` to `to` and runs due jobs on all of them at once (two
 * concurrent runs per app); after each slot the ad's bumped_at is that slot's time and one more slot is done.
 */
async function runSlots(apps: TestApp[], orderId: number, start: number, from: number, to: number): Promise<void> {
  const db = apps[0]?.db as Db;
  for (let k = from; k <= to; k += 1) {
    const at = start + k * AUTO_BUMP_SLOT_MS;
    for (const a of apps) setClock(a.clock, at);
    await Promise.all(apps.flatMap((a) => [a.app.jobs.runDueJobs(), a.app.jobs.runDueJobs()]));
    expect(await bumpedAt(db, orderId), `slot ${k}`).toBe(at);
    expect(await slotsDone(db, orderId), `slot ${k}`).toBe(k + 1);
  }
}

/** Every slot job of the ad ran once: done, first attempt. */
async function slotJobs(db: Db, orderId: number): Promise<{ status: string; attempts: number }[]> {
  return db.query(
    `SELECT status, attempts FROM scheduled_jobs WHERE kind = $1 AND (payload->>'adId')::bigint = $2 ORDER BY id`,
    [AUTO_BUMP_JOB, orderId],
  );
}

describe('one server process (the test database: PGlite, or DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV, { listenPayments: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('42 bumps over 7 days, one per 4-hour slot under concurrent ticks, none after; my-ads shows it running', async () => {
    const { agent, orderId, start } = await liveAdWithPaidWeek(t, '10.17.0.1');
    const mine = async () =>
      (await agent.get('/api/my-ads')).json().ads.find((a: { OrderID: number }) => a.OrderID === orderId);
    expect(await mine()).toMatchObject({ autoBump: true, autoBumpUntil: new Date(start + 7 * DAY).toISOString() });

    // Just before a slot nothing moves.
    await runSlots([t], orderId, start, 0, 0);
    setClock(t.clock, start + AUTO_BUMP_SLOT_MS - 1);
    await t.app.jobs.runDueJobs();
    expect(await bumpedAt(t.db, orderId)).toBe(start);

    await runSlots([t], orderId, start, 1, AUTO_BUMP_SLOTS - 1);
    expect(AUTO_BUMP_SLOTS).toBe(42);
    const last = start + 41 * AUTO_BUMP_SLOT_MS;

    // After the week: no 43rd bump, and my-ads no longer shows it.
    setClock(t.clock, start + 7 * DAY + 5 * AUTO_BUMP_SLOT_MS);
    await Promise.all([t.app.jobs.runDueJobs(), t.app.jobs.runDueJobs()]);
    expect(await slotsDone(t.db, orderId)).toBe(42);
    expect(await bumpedAt(t.db, orderId)).toBe(last);
    const jobs = await slotJobs(t.db, orderId);
    expect(jobs).toHaveLength(42);
    expect(jobs.every((j) => j.status === 'done' && Number(j.attempts) === 1)).toBe(true);
    const [week] = await t.db.query<{ bumps_done: number }>('SELECT bumps_done FROM auto_bump_weeks WHERE ad_id = $1', [
      orderId,
    ]);
    expect(Number(week?.bumps_done)).toBe(42);
    expect(await mine()).toMatchObject({ autoBump: false, autoBumpUntil: null });
  });

  it('a deleted ad stops its series: no bump, the rest of its slots cancelled', async () => {
    const { orderId, start } = await liveAdWithPaidWeek(t, '10.17.0.2');
    await runSlots([t], orderId, start, 0, 1);
    await t.db.query(`UPDATE ads SET status = 'deleted' WHERE id = $1`, [orderId]);
    setClock(t.clock, start + 2 * AUTO_BUMP_SLOT_MS);
    await t.app.jobs.runDueJobs();
    expect(await slotsDone(t.db, orderId)).toBe(2);
    expect(await bumpedAt(t.db, orderId)).toBe(start + AUTO_BUMP_SLOT_MS);
    const jobs = await slotJobs(t.db, orderId);
    expect(jobs.filter((j) => j.status === 'cancelled')).toHaveLength(39);
    expect(jobs.filter((j) => j.status === 'pending')).toHaveLength(0);
    // The week stopped early: its payment is recorded refund_due with the 40 slots that never ran.
    const [payment] = await t.db.query<{ fulfilment: string; fulfilment_reason: string; fulfilment_detail: unknown }>(
      `SELECT fulfilment, fulfilment_reason, fulfilment_detail FROM payments WHERE ad_id = $1 AND purpose = 'auto_bump'`,
      [orderId],
    );
    expect(payment).toMatchObject({ fulfilment: 'refund_due', fulfilment_reason: 'auto_bump_stopped' });
    const detail =
      typeof payment?.fulfilment_detail === 'string'
        ? JSON.parse(payment.fulfilment_detail)
        : payment?.fulfilment_detail;
    expect(detail).toMatchObject({ slotsNotRun: 40, slots: 42 });
  });

  it('no auto-bump week is sold to an ad with less than 7 days left (409, Hebrew, nothing made)', async () => {
    const { agent, orderId } = await liveAdWithPaidWeek(t, '10.17.0.9');
    await t.db.query('UPDATE ads SET ends_at = $2 WHERE id = $1', [
      orderId,
      new Date(t.clock.now().getTime() + 6 * DAY),
    ]);
    const before = await t.db.query('SELECT id FROM payments WHERE ad_id = $1', [orderId]);
    const res = await agent.post(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, {
      packageHash: AUTO_BUMP_HASH,
      channel: 'creditCard',
      idempotencyKey: newKey(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(hePay.autoBumpTooShort);
    expect(await t.db.query('SELECT id FROM payments WHERE ad_id = $1', [orderId])).toHaveLength(before.length);
  });

  it('an active ad expires at its end date (the free track: 28 days), not before', async () => {
    const agent = new Agent(t.app, '10.17.0.3');
    await registerWithPhone(t, agent);
    const saved = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(agent) });
    const orderId = saved.json().orderID;
    const finished = await agent.post('/api/publish/finish-publish', freeFinishBody(orderId));
    expect(finished.statusCode, finished.body).toBe(200);
    const [ad] = await t.db.query<{ ends_at: string }>('SELECT ends_at FROM ads WHERE id = $1', [orderId]);
    const endsAt = new Date(ad?.ends_at ?? 0).getTime();
    expect(endsAt).toBe(t.clock.now().getTime() + 28 * DAY);
    const status = async () =>
      (await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [orderId]))[0]?.status;

    setClock(t.clock, endsAt - 1);
    await t.app.jobs.runDueJobs();
    expect(await status()).toBe('active');
    setClock(t.clock, endsAt);
    await t.app.jobs.runDueJobs();
    expect(await status()).toBe('expired');
  });
});

describe('a restart (close the app, build a new one on the same database)', () => {
  it('resumes the series where it stopped: 42 bumps in all, each once', async () => {
    const store = await reopenableTestDb();
    const clock = new ManualClock();
    let db = await store.open();
    let t = await boot(db, clock);
    try {
      const { orderId, start } = await liveAdWithPaidWeek(t, '10.17.1.1');
      await runSlots([t], orderId, start, 0, 9);
      await t.close();
      await db.close();

      db = await store.open();
      t = await boot(db, clock);
      // Slots 10 and 11 fell due while no process ran: the next tick does both, bumped_at at the later one.
      setClock(clock, start + 11 * AUTO_BUMP_SLOT_MS);
      await t.app.jobs.runDueJobs();
      expect(await slotsDone(db, orderId)).toBe(12);
      expect(await bumpedAt(db, orderId)).toBe(start + 11 * AUTO_BUMP_SLOT_MS);
      await runSlots([t], orderId, start, 12, 41);
      setClock(clock, start + 8 * DAY);
      await t.app.jobs.runDueJobs();
      expect(await slotsDone(db, orderId)).toBe(42);
    } finally {
      await t.close();
      await db.close();
      await store.drop();
    }
  });
});

// Two server processes need one database both can open at once: a PostgreSQL server. An embedded PGlite database
// belongs to the one process that opened it, so this part runs only with DATABASE_URL.
describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL database (DATABASE_URL)', () => {
  it('both ticking at once bump each slot exactly once', async () => {
    const store = await reopenableTestDb();
    const [dbA, dbB] = [await store.open(), await store.open()];
    const [clockA, clockB] = [new ManualClock(), new ManualClock()];
    const a = await boot(dbA, clockA);
    const b = await boot(dbB, clockB);
    try {
      const { orderId, start } = await liveAdWithPaidWeek(a, '10.17.2.1');
      setClock(clockB, clockA.now().getTime());
      await runSlots([a, b], orderId, start, 0, 41);
      for (const c of [clockA, clockB]) setClock(c, start + 8 * DAY);
      await Promise.all([a.app.jobs.runDueJobs(), b.app.jobs.runDueJobs()]);
      expect(await slotsDone(dbA, orderId)).toBe(42);
      const jobs = await slotJobs(dbA, orderId);
      expect(jobs.every((j) => j.status === 'done' && Number(j.attempts) === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
      await store.drop();
    }
  });
});
