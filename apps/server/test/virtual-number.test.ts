/**
 * The virtual number (after-save-area.md §4 "Virtual number checkbox", §7 add virtual phone, §9):
 * GET add-virtual for the customer's own verified number, the number on the phone answers, and the automatic
 * re-enable 48 hours after cancelling, a scheduled job in the database that survives a restart and runs once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { he } from '../src/i18n/messages.ts';
import { registerVirtualNumberJobs } from '../src/phones/virtual-number-service.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import type { Db } from '../src/platform/db/db.ts';
import { JobScheduler } from '../src/platform/jobs/scheduler.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { customer, freshIp, freshPhone, lastCode, sendCode, sendSms, setSmsFailure } from './support/phones.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { reopenableTestDb } from './support/test-db.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const shown = (n: string) => `${n.slice(0, 3)}-${n.slice(3)}`;

let t: TestApp;
beforeAll(async () => {
  // No tick of its own: each test runs the due jobs itself at the time it set.
  t = await createTestApp({ JOB_TICK_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

/** A new customer with a number verified by the SMS code read from the sandbox outbox. */
async function verifiedCustomer(app: TestApp = t): Promise<{ agent: Agent; phone: string }> {
  const agent = await customer(app);
  const phone = freshPhone();
  expect((await sendSms(agent, phone)).statusCode).toBe(200);
  const confirmed = await sendCode(agent, phone, await lastCode(app, phone));
  expect(confirmed.json()).toMatchObject({ status: 200, confirmed: 1 });
  return { agent, phone };
}

const addVirtual = (a: Agent, phone: string) => a.get(`/api/publish/add-virtual?phone=${encodeURIComponent(phone)}`);

/** A whole car ad with its contact step: the virtual number on, or cancelled (unticked and confirmed). */
const contact = (phone: string, virtual: 'on' | 'cancelled') => ({
  contactName: 'נועה ישראלי',
  validPhone1: shown(phone),
  showEmail: '0',
  virtual_num: virtual === 'on' ? '1' : '0',
  virtual_num_canceled: virtual === 'on' ? '0' : '1',
  weekendCalls: '1',
});

async function publish(a: Agent, phone: string, virtual: 'on' | 'cancelled'): Promise<number> {
  const res = await a.post('/api/publish/save-ad', { ...validCarAd(), ...contact(phone, virtual) });
  expect(res.json()).toMatchObject({ orderID: expect.any(Number) });
  return res.json().orderID;
}

async function edit(a: Agent, orderId: number, phone: string, virtual: 'on' | 'cancelled', extra = {}) {
  const body = { ...validCarAd(), ...contact(phone, virtual), ...extra };
  const res = await a.post(`/api/publish/save-ad/${orderId}`, body);
  expect(res.json()).toMatchObject({ orderID: orderId });
}

async function virtualState(db: Db, orderId: number) {
  const [row] = await db.query<{ v: string; c: string }>(
    "SELECT field_values->>'virtual_num' AS v, field_values->>'virtual_num_canceled' AS c FROM ads WHERE id = $1",
    [orderId],
  );
  return row ? { virtual_num: row.v, virtual_num_canceled: row.c } : null;
}
const ON = { virtual_num: '1', virtual_num_canceled: '0' };
const CANCELLED = { virtual_num: '0', virtual_num_canceled: '1' };

describe('GET add-virtual', () => {
  it("gives the customer's verified number a 07x virtual number, the same one again, on every phone answer", async () => {
    const { agent, phone } = await verifiedCustomer();
    const first = await addVirtual(agent, shown(phone));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      status: 200,
      virtualPhoneID: expect.any(Number),
      phone: shown(phone),
      virtualPhone: expect.stringMatching(/^07\d-\d{7}$/),
    });
    // The sandbox provider forwards it to the verified number.
    const [pool] = await t.db.query<{ forward_to: string }>(
      'SELECT forward_to FROM sandbox_virtual_numbers WHERE virtual_phone = $1',
      [body.virtualPhone.replace('-', '')],
    );
    expect(pool?.forward_to).toBe(phone);

    // Idempotent: the same number, whatever the spelling of the phone, nothing new allocated.
    expect((await addVirtual(agent, phone)).json()).toEqual(body);
    expect((await addVirtual(agent, `+972${phone.slice(1)}`)).json()).toEqual(body);
    const pooled = await t.db.query('SELECT 1 FROM sandbox_virtual_numbers WHERE forward_to = $1', [phone]);
    expect(pooled).toHaveLength(1);

    // The phone calls' 200 and the phone list carry it.
    const again = await sendSms(agent, phone);
    expect(again.json()).toMatchObject({
      status: 200,
      confirmed: 1,
      virtualPhoneID: body.virtualPhoneID,
      virtualPhone: body.virtualPhone,
    });
    const list = (await agent.get('/api/publish/phones')).json().phones;
    expect(list).toEqual([expect.objectContaining({ value: phone, virtual_phone: body.virtualPhone })]);
  });

  it('parallel first calls for one number keep one virtual number', async () => {
    const { agent, phone } = await verifiedCustomer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => addVirtual(agent, phone)));
    const numbers = new Set(answers.map((r) => r.json().virtualPhone));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    // The losers' numbers went back to the provider.
    expect(await t.db.query('SELECT 1 FROM sandbox_virtual_numbers WHERE forward_to = $1', [phone])).toHaveLength(1);
  });

  it("404 for another account's number, an unverified number and no number; 422 for a visitor", async () => {
    const owner = await verifiedCustomer();
    const other = await customer(t);
    const before = await t.db.query('SELECT 1 FROM virtual_phones');
    for (const phone of [owner.phone, freshPhone(), 'abc', '']) {
      const res = await addVirtual(other, phone);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: he.phoneNotFound });
    }
    // Asked, but never confirmed: still not theirs.
    const pending = freshPhone();
    expect((await sendSms(other, pending)).statusCode).toBe(200);
    expect((await addVirtual(other, pending)).statusCode).toBe(404);
    const visitor = new Agent(t.app, freshIp());
    await visitor.get('/api/auth/customer'); // the CSRF cookie, as the browser has it
    expect((await addVirtual(visitor, owner.phone)).statusCode).toBe(422);
    expect(await t.db.query('SELECT 1 FROM virtual_phones')).toHaveLength(before.length);
    // The owner's list shows no virtual number either.
    expect((await owner.agent.get('/api/publish/phones')).json().phones[0].virtual_phone).toBeNull();
  });

  it('500 with a Hebrew error when the provider refuses', async () => {
    const { agent, phone } = await verifiedCustomer();
    await setSmsFailure(t, 'fail');
    try {
      const res = await addVirtual(agent, phone);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, error: he.virtualPhoneFailed });
    } finally {
      await setSmsFailure(t, 'none');
    }
    expect((await addVirtual(agent, phone)).statusCode).toBe(200);
  });
});

describe('re-enabled 48 hours after cancelling', () => {
  it('is still cancelled at 47 h 59 min, on again at 48 h; the fields adData shows it', async () => {
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone, 'cancelled');
    const adData = async () => (await agent.get(`/api/publish/fields/${orderId}`)).json().adData;
    expect(await adData()).toEqual({ OrderID2: orderId, OrderTypeID: null, data: CANCELLED });
    const wizard = await agent.get(`/api/publish/fields?cat=1&subcat=1&OrderID=${orderId}`);
    expect(wizard.json().adData.data).toEqual(CANCELLED);

    t.clock.advance(47 * HOUR + 59 * MINUTE);
    // Ticking before the time runs nothing and cancels nothing.
    expect(await t.app.jobs.runDueJobs()).toBe(0);
    expect(await t.app.jobs.runDueJobs()).toBe(0);
    expect(await virtualState(t.db, orderId)).toEqual(CANCELLED);

    t.clock.advance(MINUTE);
    expect(await t.app.jobs.runDueJobs()).toBeGreaterThanOrEqual(1);
    expect(await virtualState(t.db, orderId)).toEqual(ON);
    expect((await adData()).data).toEqual(ON);
    // Done once: later ticks find nothing for it.
    t.clock.advance(HOUR);
    expect(await t.app.jobs.runDueJobs()).toBe(0);
  });

  it('ticking the virtual number again cancels the pending re-enable; a new cancel counts from its own time', async () => {
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone, 'cancelled');
    t.clock.advance(HOUR);
    await edit(agent, orderId, phone, 'on');
    expect(await virtualState(t.db, orderId)).toEqual(ON);
    t.clock.advance(HOUR);
    await edit(agent, orderId, phone, 'cancelled');

    // 48 h after the first cancel: its job was cancelled, the second cancel is 46 h old.
    t.clock.advance(46 * HOUR);
    await t.app.jobs.runDueJobs();
    expect(await virtualState(t.db, orderId)).toEqual(CANCELLED);
    t.clock.advance(2 * HOUR);
    await t.app.jobs.runDueJobs();
    expect(await virtualState(t.db, orderId)).toEqual(ON);
    const jobs = await t.db.query<{ status: string }>(
      'SELECT status FROM scheduled_jobs WHERE dedupe_key = $1 ORDER BY id',
      [`ad:${orderId}`],
    );
    expect(jobs.map((j) => j.status)).toEqual(['cancelled', 'done']);
  });

  it('an edit of a still-cancelled ad does not move the re-enable later', async () => {
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone, 'cancelled');
    t.clock.advance(10 * HOUR);
    await edit(agent, orderId, phone, 'cancelled', { price: '80,000' });
    t.clock.advance(38 * HOUR);
    await t.app.jobs.runDueJobs();
    expect(await virtualState(t.db, orderId)).toEqual(ON);
  });

  it('parallel runs (as of several server processes) run each due job once', async () => {
    // Three schedulers on one database: the app's and two more, like three processes.
    const others = [new JobScheduler(t.db, t.clock, { tickMs: 0 }), new JobScheduler(t.db, t.clock, { tickMs: 0 })];
    const ran: number[] = [];
    const count = async (job: { id: number }) => {
      ran.push(job.id);
    };
    for (const s of others) {
      registerVirtualNumberJobs(s);
      s.register('test.count', count);
    }
    t.app.jobs.register('test.count', count);
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone, 'cancelled');
    await t.app.jobs.runDueJobs(); // nothing of the earlier tests is left due
    for (let i = 0; i < 30; i++) await t.app.jobs.schedule({ kind: 'test.count', runAt: t.clock.now() });
    // Open connections first (PostgreSQL), so the runs really overlap.
    await Promise.all(Array.from({ length: 8 }, () => t.db.query('SELECT pg_sleep(0.01)')));

    t.clock.advance(48 * HOUR);
    const done = await Promise.all([t.app.jobs, ...others].map((s) => s.runDueJobs()));
    expect(ran).toHaveLength(30);
    expect(new Set(ran).size).toBe(30);
    expect(done.reduce((a, b) => a + b, 0)).toBe(31);
    expect(await virtualState(t.db, orderId)).toEqual(ON);
    const [job] = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM scheduled_jobs WHERE dedupe_key = $1',
      [`ad:${orderId}`],
    );
    expect(job).toEqual({ status: 'done', attempts: 1 });
  });

  it('the tick runs due jobs by itself, and stops', async () => {
    const ticking = new JobScheduler(t.db, t.clock, { tickMs: 20 });
    const ran: number[] = [];
    ticking.register('test.tick', async (job) => {
      ran.push(job.id);
    });
    ticking.start();
    try {
      const id = await ticking.schedule({ kind: 'test.tick', runAt: t.clock.now() });
      await vi.waitFor(() => expect(ran).toEqual([id]), { timeout: 5000, interval: 20 });
    } finally {
      await ticking.stop();
    }
    expect(ticking.running).toBe(false);
  });
});

describe('re-enable across a restart', () => {
  it('a cancel scheduled before the app closed is re-enabled by a new app on the same storage', async () => {
    const storage = await reopenableTestDb();
    const demo = DEMO_ACCOUNTS[0];
    if (!demo) throw new Error('no demo account');
    // The first app ticks (once a minute: not within this test); the second only when the test asks.
    const ticking = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', JOB_TICK_MS: '60000' });
    const config = { ...ticking, JOB_TICK_MS: 0 };
    const start = new Date('2026-11-22T10:00:00Z');
    let orderId = 0;
    try {
      const db1 = await storage.open();
      await seedDemoAccounts(db1);
      const app1 = await buildApp({ config: ticking, db: db1, clock: new ManualClock(start) });
      try {
        const agent = new Agent(app1, freshIp());
        const login = await agent.post('/api/auth/login', { username: demo.email, password: demo.password });
        expect(login.statusCode).toBe(200);
        orderId = await publish(agent, demo.phone, 'cancelled');
        expect(app1.jobs.running).toBe(true); // started with the app
      } finally {
        await app1.close();
        await db1.close();
      }
      expect(app1.jobs.running).toBe(false); // stopped on close

      // A new process, two days later.
      const db2 = await storage.open();
      const clock = new ManualClock(new Date(start.getTime() + 47 * HOUR));
      const app2 = await buildApp({ config, db: db2, clock });
      try {
        // Counted by kind: the first app also scheduled the hourly photo sweep (media/sweep-jobs.ts), due by now too.
        const reenabled = async () =>
          Number(
            (
              await db2.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM scheduled_jobs WHERE kind = 'virtual-number.reenable' AND status = 'done'`,
              )
            )[0]?.n,
          );
        await app2.jobs.runDueJobs();
        expect(await reenabled()).toBe(0);
        expect(await virtualState(db2, orderId)).toEqual(CANCELLED);
        clock.advance(HOUR);
        await app2.jobs.runDueJobs();
        expect(await reenabled()).toBe(1);
        expect(await virtualState(db2, orderId)).toEqual(ON);
      } finally {
        await app2.close();
        await db2.close();
      }
    } finally {
      await storage.drop();
    }
  });
});
