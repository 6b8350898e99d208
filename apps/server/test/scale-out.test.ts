/**
 * Scale-out: TWO real server processes (src/main.ts, each its own OS process
 * with its own DATA_DIR) on ONE PostgreSQL database and ONE S3-protocol store, configured as README.md "Several
 * server processes" says, with one browser whose requests alternate between them. It registers and logs in,
 * verifies a phone, reserves an ad and uploads photos, saves the ad, pays a track and buys an auto-bump week, and
 * asserts that nothing lives in one process only: a session made on A works on B, one SMS per send, every photo
 * listed and served by both, each payment processed once (also when its notification reaches both at once), and
 * each auto-bump slot run once while both processes tick.
 *
 * It needs a PostgreSQL server both processes can open (DATABASE_URL; CI sets it, see .ci/run); an embedded PGlite
 * database belongs to one process, so without DATABASE_URL the test is skipped with a message.
 */

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTrack } from '@app/catalog/tracks';
import { AUTO_BUMP_HASH } from '@app/contract/orders';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_HEADERS, signNotification } from '../src/payments/provider.ts';
import { AUTO_BUMP_JOB, AUTO_BUMP_SLOTS } from '../src/plans/auto-bump-jobs.ts';
import type { Db } from '../src/platform/db/db.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { contactWith } from './support/contact.ts';
import { cardForm } from './support/payment-sandbox.ts';
import { freshPhone } from './support/phones.ts';
import { scenePhoto } from './support/photo-upload.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';
import { GOOD_PASSWORD, newEmail } from './support/test-app.ts';
import {
  Browser,
  eventually,
  json,
  paymentHostOf,
  roundRobinProxy,
  startS3,
  stopServer,
} from './support/two-processes.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL)
  console.warn(
    'scale-out.test.ts skipped: DATABASE_URL is not set. Two server processes need one PostgreSQL server they both ' +
      'open (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project api scale-out).',
  );

/** What every process shares (README.md, "Several server processes"): the secrets and the sandbox key. */
const SHARED = {
  SANDBOX_KEY: `scale-out-sandbox-key-${crypto.randomBytes(8).toString('hex')}`,
  PHONE_CODE_SECRET: crypto.randomBytes(32).toString('base64url'),
  VIDEO_TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
  PAYMENT_WEBHOOK_SECRET: crypto.randomBytes(32).toString('base64url'),
  PAYMENT_API_KEY: crypto.randomBytes(24).toString('base64url'),
};
const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const key = (what: string) => `${what}-${crypto.randomBytes(6).toString('hex')}`;

/** DATABASE_URL with the run's schema as the search path (libpq `options`), as each process is given it. */
function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** Submits the hosted card form (as the framed page does) on a process's payment sandbox listener. */
async function payByCard(paymentHost: string, hostedUrl: string): Promise<number> {
  const res = await fetch(paymentHost + new URL(hostedUrl).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: cardForm(),
    redirect: 'manual',
  });
  return res.status;
}

describe.skipIf(!DATABASE_URL)('two server processes on one PostgreSQL and one S3 store (DATABASE_URL)', () => {
  const schema = `t_scale_${crypto.randomBytes(5).toString('hex')}`;
  const dataDirs: string[] = [];
  let db: Db;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let lb: Awaited<ReturnType<typeof roundRobinProxy>>;
  let A: ServerProcess;
  let B: ServerProcess;

  beforeAll(async () => {
    const url = DATABASE_URL as string;
    db = await openPostgres(url, schema);
    await migrate(db);
    s3 = await startS3();
    // The provider's notifications go to the load balancer's address, as in production (PAYMENT_NOTIFY_ORIGIN).
    lb = await roundRobinProxy();
    const envOf = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-proc-'));
      dataDirs.push(dir);
      return {
        ...SHARED,
        ...s3.env,
        DATABASE_URL: inSchema(url, schema),
        DATA_DIR: dir, // per process: nothing may depend on it
        PAYMENT_NOTIFY_ORIGIN: lb.origin,
        JOB_TICK_MS: '100', // both processes tick, often, at the same jobs
        SEED_DEMO: 'false',
      };
    };
    A = await startServer(envOf());
    B = await startServer(envOf());
    lb.setTargets([A.url, B.url]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopServer(A), stopServer(B)]);
    await lb?.close();
    await s3?.stop();
    await db?.close();
    if (DATABASE_URL) {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a customer alternating between A and B: session, SMS, photos, payment and auto-bump each happen once', async () => {
    expect(A.url).not.toBe(B.url);
    expect(A.sandboxKey()).toBe(SHARED.SANDBOX_KEY);
    expect(B.sandboxKey()).toBe(SHARED.SANDBOX_KEY);
    const sandbox = { 'x-sandbox-key': SHARED.SANDBOX_KEY };
    const user = new Browser();

    // — Register on A; the session made there works on B. Log in on B; the new session works on A, the old nowhere.
    const email = newEmail('scale');
    const registered = await user.post(A.url, '/api/auth/register', {
      username: email,
      password: GOOD_PASSWORD,
      passwordAgain: GOOD_PASSWORD,
      firstname: 'נועה',
      lastname: 'ישראלי',
    });
    expect(registered.status).toBe(200);
    const custId: number = (await json<{ CustID: number }>(registered)).CustID;
    expect(custId).toBeGreaterThan(0);
    const sidOfRegister = user.cookies.get('sid');
    expect((await json<{ CustID: number }>(await user.get(B.url, '/api/auth/customer'))).CustID).toBe(custId);
    const login = await user.post(B.url, '/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(user.cookies.get('sid')).not.toBe(sidOfRegister);
    expect((await json<{ CustID: number }>(await user.get(A.url, '/api/auth/customer'))).CustID).toBe(custId);
    for (const base of [A.url, B.url]) {
      const stale = await fetch(`${base}/api/auth/customer`, { headers: { cookie: `sid=${sidOfRegister}` } });
      expect((await json<{ CustID: number }>(stale)).CustID, `the replaced session on ${base}`).toBe(0);
    }

    // — Phone: the SMS is sent by A, read from the outbox through B (one message), the code confirmed on B.
    const phone = freshPhone();
    const sent = await user.post(A.url, '/api/publish/valid-phone', { Phone1: phone });
    expect(await json(sent)).toMatchObject({ status: 200 });
    const outbox = async (base: string) => {
      const res = await fetch(`${base}/api/sandbox/phones/outbox?to=${phone}`, { headers: sandbox });
      expect(res.status).toBe(200);
      return (await json<{ messages: { text: string }[] }>(res)).messages;
    };
    const [fromA, fromB] = [await outbox(A.url), await outbox(B.url)];
    expect(fromA, 'one SMS for one send').toHaveLength(1);
    expect(fromB).toEqual(fromA);
    const code = /(\d)\s?(\d)\s?(\d)\s?(\d)\s?(\d)/
      .exec(fromB[0]?.text ?? '')
      ?.slice(1, 6)
      .join('');
    expect(code, fromB[0]?.text).toMatch(/^\d{5}$/);
    const confirmed = await user.post(B.url, '/api/publish/valid-phone-code', { Phone1: phone, Code: code });
    expect(await json(confirmed)).toMatchObject({ status: 200, confirmed: 1 });
    expect(await outbox(A.url), 'confirming sends nothing more').toHaveLength(1);

    // — Reserve the ad on B (the same key on A answers the same ad), photos up on A and B in turn.
    const reserveKey = key('tab');
    const reserved = await user.post(B.url, '/api/publish/reserve-order', {
      cat: '1',
      subcat: '1',
      idempotencyKey: reserveKey,
    });
    expect(reserved.status).toBe(200);
    const orderId: number = (await json<{ OrderID: number }>(reserved)).OrderID;
    const again = await user.post(A.url, '/api/publish/reserve-order', {
      cat: '1',
      subcat: '1',
      idempotencyKey: reserveKey,
    });
    expect((await json<{ OrderID: number }>(again)).OrderID).toBe(orderId);
    for (const slot of [1, 2, 3]) {
      const base = slot % 2 ? A.url : B.url;
      const up = await user.uploadPhoto(base, orderId, slot, await scenePhoto(700 + slot, 800, 600));
      expect(up.status, `photo ${slot} on ${base}: ${await up.clone().text()}`).toBe(200);
    }
    const listed = async (base: string) => {
      const res = await user.get(base, `/api/publish/${orderId}/images`);
      expect(res.status).toBe(200);
      return (await json<{ images: { url: string; thumbnailUrl: string }[] }>(res)).images;
    };
    const photosOnA = await listed(A.url);
    expect(photosOnA).toHaveLength(3);
    expect(await listed(B.url)).toEqual(photosOnA);
    for (const photo of photosOnA)
      for (const file of [photo.url, photo.thumbnailUrl]) {
        const [a, b] = await Promise.all([fetch(A.url + file), fetch(B.url + file)]);
        expect([a.status, b.status], file).toEqual([200, 200]);
        expect(a.headers.get('content-type')).toBe('image/jpeg');
        const [bytesA, bytesB] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
        expect(bytesA.length).toBeGreaterThan(1000);
        expect(bytesB.equals(bytesA), `${file} is the same object on both`).toBe(true);
      }
    // Nothing went to a process's own directory: the photos are in the shared bucket only.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'media')), dir).toBe(false);

    // — Save the ad on A into the reserved ad; B opens it for editing.
    const saved = await user.post(A.url, '/api/publish/save-ad', {
      ...validCarAd(),
      ...contactWith(phone),
      OrderID: String(orderId),
    });
    expect(await json(saved)).toMatchObject({ orderID: orderId });
    expect((await user.get(B.url, `/api/publish/fields/${orderId}`)).status).toBe(200);

    // — Pay the VIP track: started on B (a double click on A makes no second session), paid on A's hosted form.
    // The sandbox holds the notification back, and the test delivers it to A and B at the same moment.
    const drop = await user.post(B.url, '/api/sandbox/payments/switches', { dropNotifications: true }, sandbox);
    expect(drop.status).toBe(200);
    if (!VIP) throw new Error('no VIP car track');
    const payKey = key('pay');
    const startBody = { OrderID: orderId, RecordID: orderId, CatID: 1, SubCatID: 1, pt_hash: VIP.hash };
    const started = await user.post(B.url, '/api/publish/finish-page', { ...startBody, idempotencyKey: payKey });
    expect(started.status).toBe(200);
    const hosted: string = (await json<{ merchantPaymentUrl: string }>(started)).merchantPaymentUrl;
    const twice = await user.post(A.url, '/api/publish/finish-page', { ...startBody, idempotencyKey: payKey });
    expect(new URL((await json<{ merchantPaymentUrl: string }>(twice)).merchantPaymentUrl).pathname).toBe(
      new URL(hosted).pathname,
    );
    expect(await payByCard(paymentHostOf(A), hosted)).toBe(303);
    const [payment] = await db.query<{ id: number; status: string; amount_agorot: number }>(
      `SELECT id, status, amount_agorot FROM payments WHERE ad_id = $1 AND purpose = 'track'`,
      [orderId],
    );
    expect(payment).toMatchObject({ status: 'created', amount_agorot: VIP.amountAgorot });
    const [held] = await db.query<{ event_id: string; body: string; status: string }>(
      `SELECT d.event_id, d.body, d.status FROM sandbox_payment_deliveries d
       JOIN sandbox_payment_sessions s ON s.id = d.session_id JOIN payments p ON p.provider_session_id = s.id
       WHERE p.id = $1`,
      [payment?.id],
    );
    expect(held?.status).toBe('dropped');
    const ts = Math.floor(Date.now() / 1000);
    const notification = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [NOTIFY_HEADERS.timestamp]: String(ts),
        [NOTIFY_HEADERS.eventId]: held?.event_id ?? '',
        [NOTIFY_HEADERS.signature]: signNotification(
          SHARED.PAYMENT_WEBHOOK_SECRET,
          ts,
          held?.event_id ?? '',
          held?.body ?? '',
        ),
      },
      body: held?.body,
    };
    const outcomes = await Promise.all(
      [A.url, B.url].map(async (base) => {
        const res = await fetch(`${base}/api/payments/notify`, notification);
        return { status: res.status, outcome: (await json<{ outcome: string }>(res)).outcome };
      }),
    );
    expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
    expect(outcomes.map((o) => o.outcome).sort(), 'one process applies it, the other sees it done').toEqual([
      'duplicate',
      'paid',
    ]);
    await user.post(A.url, '/api/sandbox/payments/switches', { dropNotifications: false }, sandbox);
    const paidTrack = await db.query<{ status: string; fulfilment: string }>(
      `SELECT status, fulfilment FROM payments WHERE ad_id = $1 AND purpose = 'track'`,
      [orderId],
    );
    expect(paidTrack).toEqual([{ status: 'paid', fulfilment: 'done' }]);
    const events = await db.query('SELECT event_id FROM payment_events WHERE payment_id = $1', [payment?.id]);
    expect(events, 'the payment is processed once').toHaveLength(1);
    const [live] = await db.query<{ status: string; ends_at: string }>(
      'SELECT status, ends_at FROM ads WHERE id = $1',
      [orderId],
    );
    expect(['active', 'pending']).toContain(live?.status);

    // — The auto-bump week: bought on A, paid on B's hosted form; its notification is a job that either process
    // delivers, through the load balancer, to either process.
    const bump = await user.post(A.url, `/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, {
      packageHash: AUTO_BUMP_HASH,
      channel: 'creditCard',
      idempotencyKey: key('bump'),
    });
    expect(bump.status, await bump.clone().text()).toBe(200);
    const lbBefore = lb.hits.length;
    expect(await payByCard(paymentHostOf(B), (await json<{ data: { iframe: string } }>(bump)).data.iframe)).toBe(303);
    const week = await eventually('the paid auto-bump week', async () => {
      const [row] = await db.query<{ id: number }>('SELECT id FROM auto_bump_weeks WHERE ad_id = $1', [orderId]);
      return row;
    });
    const bumpPayments = await db.query<{ id: number; status: string }>(
      `SELECT id, status FROM payments WHERE ad_id = $1 AND purpose = 'auto_bump'`,
      [orderId],
    );
    expect(bumpPayments.map((p) => p.status)).toEqual(['paid']);
    const bumpEvents = await db.query('SELECT 1 FROM payment_events WHERE payment_id = $1', [bumpPayments[0]?.id]);
    expect(bumpEvents).toHaveLength(1);
    expect(lb.hits.slice(lbBefore).map((h) => h.path)).toContain('/api/payments/notify');
    expect(await db.query('SELECT 1 FROM auto_bump_weeks WHERE ad_id = $1', [orderId])).toHaveLength(1);

    // Slot 0 is due at once; both processes tick every 100 ms. The other 41 slots are 4 hours apart on the real
    // clock that these processes use, so the test brings their run_at forward (the week "passes"): 41 jobs due
    // at once, claimed by two ticking processes. Each slot must run once.
    await eventually('the first slot', async () => {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auto_bump_slots WHERE week_id = $1', [
        week.id,
      ]);
      return Number(row?.n) >= 1 ? true : undefined;
    });
    await db.query(
      `UPDATE scheduled_jobs SET run_at = now() WHERE kind = $1 AND status = 'pending' AND dedupe_key LIKE $2`,
      [AUTO_BUMP_JOB, `${week.id}:%`],
    );
    const jobs = await eventually('every slot job done', async () => {
      const rows = await db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM scheduled_jobs WHERE kind = $1 AND dedupe_key LIKE $2`,
        [AUTO_BUMP_JOB, `${week.id}:%`],
      );
      return rows.length === AUTO_BUMP_SLOTS && rows.every((r) => r.status === 'done') ? rows : undefined;
    });
    expect(
      jobs.every((j) => Number(j.attempts) === 1),
      'no slot job ran twice',
    ).toBe(true);
    const [slots] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auto_bump_slots WHERE week_id = $1', [
      week.id,
    ]);
    expect(Number(slots?.n)).toBe(AUTO_BUMP_SLOTS);
    const [done] = await db.query<{ bumps_done: number }>('SELECT bumps_done FROM auto_bump_weeks WHERE id = $1', [
      week.id,
    ]);
    expect(Number(done?.bumps_done), 'no double bump').toBe(AUTO_BUMP_SLOTS);
    const mine = await json<{ ads: { OrderID: number }[] }>(await user.get(B.url, '/api/my-ads'));
    expect(mine.ads.find((a) => a.OrderID === orderId)).toMatchObject({ autoBump: true });

    // Neither process logged an error on the way.
    for (const p of [A, B]) expect(p.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
