/**
 * An ad event reaches its subscriber within two seconds of the change on an idle machine, with the job tick at its
 * default (JOB_TICK_MS, half a minute): the commit that wrote the event wakes this process's delivery at once. The wake
 * is the delivery's only: another job kind due at the same moment waits for the tick as before. A process that does
 * not tick (JOB_TICK_MS=0) delivers nothing by itself. Runs on PGlite and on DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_EXPIRE_JOB } from '../src/ads/ad-expiry-jobs.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { scheduleJob } from '../src/platform/jobs/jobs-repository.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { freeFinishBody } from './support/finish-body.ts';
import { staffAgent } from './support/staff.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';
import { type Receiver, verifySignature, webhookReceiver } from './support/webhook-receiver.ts';

/** What an event may take from the change to its receiver. */
const WITHIN_MS = 2_000;

let rx: Receiver;
beforeAll(async () => {
  rx = await webhookReceiver();
});
afterAll(async () => {
  await rx?.close();
});

/** An app with its own subscriber at `path` (all events): the admin's secret. */
async function subscribed(t: TestApp, path: string): Promise<string> {
  const admin = await staffAgent(t, 'admin');
  const res = await admin.post('/api/operator/webhooks', { url: `${rx.base}${path}`, events: ['ad.published'] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().secret as string;
}

/** A new customer's car saved as a draft: the agent and its number. */
async function savedCar(t: TestApp, ip: string): Promise<{ agent: Agent; orderId: number }> {
  const agent = new Agent(t.app, ip);
  await registerWithPhone(t, agent);
  const saved = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(agent) });
  const orderId = saved.json().orderID as number;
  expect(orderId, saved.body).toBeGreaterThan(0);
  return { agent, orderId };
}

describe('an ad event with the tick at its default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reaches its subscriber within two seconds of the publication, signed', async () => {
    // The app was given no JOB_TICK_MS: it ticks every half minute.
    expect(loadConfig({ NODE_ENV: 'test' }).JOB_TICK_MS).toBe(30_000);
    expect(t.app.jobs.running).toBe(true);
    const secret = await subscribed(t, '/soon');
    const { agent, orderId } = await savedCar(t, '10.61.0.1');
    const changed = Date.now();
    const finished = await agent.post('/api/publish/finish-publish', freeFinishBody(orderId));
    expect(finished.statusCode, finished.body).toBe(200);
    await rx.until((got) => got.some((r) => r.path === '/soon'), 10_000);
    const [got] = rx.at('/soon');
    if (!got) throw new Error('nothing received within ten seconds');
    const delay = got.at - changed;
    expect(delay).toBeLessThan(WITHIN_MS);
    if (process.env.REPORT_WEBHOOK_DELAY) console.info(`ad.published reached its subscriber after ${delay} ms`);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'ad.published', adId: orderId });
    const now = t.clock.now().getTime() / 1000;
    expect(verifySignature(secret, String(got.headers['x-yad-signature']), got.body, now)).toBe(true);
    // Once: the tick's later look finds nothing more to send.
    await t.app.jobs.runDueJobs();
    expect(rx.at('/soon')).toHaveLength(1);
  });

  it("wakes the delivery only: another kind's job due in the same transaction waits for the tick", async () => {
    await subscribed(t, '/only');
    const { agent, orderId } = await savedCar(t, '10.61.0.2');
    const [job] = await t.db.transaction(async (tx) => {
      // An expiry due now of the draft (it expires nothing: only a live ad past its end does).
      await scheduleJob(
        tx,
        { kind: AD_EXPIRE_JOB, key: `wake:${orderId}`, runAt: t.clock.now(), payload: { adId: orderId } },
        t.clock.now(),
      );
      return tx.query<{ id: number }>('SELECT id FROM scheduled_jobs WHERE dedupe_key = $1', [`wake:${orderId}`]);
    });
    const finished = await agent.post('/api/publish/finish-publish', freeFinishBody(orderId));
    expect(finished.statusCode, finished.body).toBe(200);
    await rx.until((got) => got.some((r) => r.path === '/only'), 10_000);
    expect(rx.at('/only').map((r) => JSON.parse(r.body).adId)).toEqual([orderId]);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM scheduled_jobs WHERE id = $1', [job?.id]);
    expect(row?.status).toBe('pending');
  });
});

describe('an ad event in a process that does not tick', () => {
  it('waits for a run of the jobs (another process, or the tests by hand)', async () => {
    // Both processes read the subscribers' secrets with the same key, as a deployment's do.
    const env = { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_SECRETS_KEY: 'the-key-of-this-test-0123456789abcdef' };
    const t = await createTestApp({ ...env, JOB_TICK_MS: '0' });
    try {
      await t.app.ready();
      await subscribed(t, '/manual');
      const { agent, orderId } = await savedCar(t, '10.61.0.3');
      const finished = await agent.post('/api/publish/finish-publish', freeFinishBody(orderId));
      expect(finished.statusCode, finished.body).toBe(200);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(rx.at('/manual')).toHaveLength(0);
      await t.app.jobs.runDueJobs();
      expect(rx.at('/manual')).toHaveLength(1);

      // What waits when a ticking process starts leaves at its start, not at its first tick.
      const { agent: other, orderId: next } = await savedCar(t, '10.61.0.4');
      const again = await other.post('/api/publish/finish-publish', freeFinishBody(next));
      expect(again.statusCode, again.body).toBe(200);
      const ticking = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', ...env }),
        db: t.db,
        clock: t.clock,
      });
      try {
        const started = Date.now();
        await ticking.ready();
        expect(ticking.jobs.running).toBe(true);
        await rx.until((got) => got.filter((r) => r.path === '/manual').length > 1, 10_000);
        const [, later] = rx.at('/manual');
        expect(JSON.parse(later?.body ?? '{}')).toMatchObject({ type: 'ad.published', adId: next });
        expect((later?.at ?? Number.POSITIVE_INFINITY) - started).toBeLessThan(WITHIN_MS);
      } finally {
        await ticking.close();
      }
    } finally {
      await t.close();
    }
  });
});
