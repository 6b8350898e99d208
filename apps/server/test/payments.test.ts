/**
 * Paying for a track: the hosted session is the owner's and charges the track's amount; a double
 * click makes one session; only a signed, fresh, first-seen notification whose result the provider confirms marks
 * a payment paid (a return URL never does); a lost notification is recovered by the polling job; a declined card
 * leaves the ad unpaid. The sandbox provider runs for real: its API over HTTP on its own port, its hosted card
 * form through inject on its own listener, its notifications through the job store.
 */

import { upgradePackagesFor } from '@app/catalog/packages';
import { findTrack } from '@app/catalog/tracks';
import { AUTO_BUMP_HASH } from '@app/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hePay } from '../src/i18n/payments.ts';
import { NOTIFY_HEADERS, signNotification } from '../src/payments/provider.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { type CardFields, sandboxOf, submitCard as submitCardOn, TEST_CARDS } from './support/payment-sandbox.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const SECRET = 'payment-webhook-secret-of-this-test-0123456789';
const RECOVERY_S = 120;
const CARDS = TEST_CARDS;

/** The car tracks and the Premium upgrade as the catalogue prices them (the server charges exactly these). */
const carTrack = (kind: string) => {
  const track = findTrack({ cat: 1, subcat: 1 }, `c1-${kind}`);
  if (!track) throw new Error(`no car track ${kind}`);
  return track;
};
const VIP = carTrack('vip').hash;
const BOLD = carTrack('bold');
const SUPERGOLD = carTrack('supergold');
const FREE = carTrack('free').hash;
const PREMIUM = upgradePackagesFor(1).find((p) => p.adType === 'Premium');

let t: TestApp;
let owner: Agent;
let other: Agent;
let keyCounter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keyCounter}`;

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_WEBHOOK_SECRET: SECRET, PAYMENT_RECOVERY_AFTER_S: String(RECOVERY_S) },
    { listenPayments: true },
  );
  owner = new Agent(t.app, '10.7.0.1');
  other = new Agent(t.app, '10.7.0.2');
  await registerWithPhone(t, owner);
  await registerWithPhone(t, other);
});
afterAll(async () => {
  await t?.close();
});

async function newDraft(): Promise<number> {
  const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
  const id = res.json().orderID;
  expect(id, res.body).toBeGreaterThan(0);
  return id;
}

const startBody = (orderId: number, key: string, pt = VIP) => ({
  OrderID: orderId,
  RecordID: orderId,
  CatID: 1,
  SubCatID: 1,
  pt_hash: pt,
  idempotencyKey: key,
});

async function startCard(agent: Agent, orderId: number, key = newKey(), pt = VIP): Promise<string> {
  const res = await agent.post('/api/publish/finish-page', startBody(orderId, key, pt));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().merchantPaymentUrl;
}

interface PaymentRow {
  public_id: string;
  status: string;
  amount_agorot: number;
  provider_session_id: string;
  purpose: string;
}
async function paymentsOf(orderId: number): Promise<PaymentRow[]> {
  return t.db.query<PaymentRow>('SELECT * FROM payments WHERE ad_id = $1 ORDER BY id', [orderId]);
}
async function adStatus(orderId: number): Promise<string> {
  const [row] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [orderId]);
  return row?.status ?? 'missing';
}

/** Submits the hosted card form (support/payment-sandbox.ts) with this file's app. */
const submitCard = (hostedUrl: string, fields: CardFields = {}) => submitCardOn(t, hostedUrl, fields);

/** A notification signed as the provider signs it (the test knows the shared secret). */
function signed(body: object, opts: { secret?: string; at?: Date; eventId?: string } = {}) {
  const eventId = opts.eventId ?? (body as { eventId: string }).eventId;
  const raw = JSON.stringify(body);
  const ts = Math.floor((opts.at ?? t.clock.now()).getTime() / 1000);
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      [NOTIFY_HEADERS.timestamp]: String(ts),
      [NOTIFY_HEADERS.eventId]: eventId,
      [NOTIFY_HEADERS.signature]: signNotification(opts.secret ?? SECRET, ts, eventId, raw),
    },
  };
}
const notify = (n: { raw: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/notify', headers: n.headers, payload: n.raw });

/** A track paid at the provider whose notification was lost: nothing reached us yet. */
async function paidButLost(): Promise<{ orderId: number; payment: PaymentRow }> {
  const orderId = await newDraft();
  const url = await startCard(owner, orderId);
  const res = await submitCard(url, { cardNumber: CARDS.lost });
  expect(res.statusCode).toBe(303);
  const [payment] = await paymentsOf(orderId);
  if (!payment) throw new Error('no payment');
  return { orderId, payment };
}

describe('starting a payment', () => {
  it('charges the amount of the track from the server, whatever the browser sends', async () => {
    const orderId = await newDraft();
    const res = await owner.post('/api/publish/finish-page', {
      ...startBody(orderId, newKey(), BOLD.hash),
      amountAgorot: 1,
      price: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().merchantPaymentUrl;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/pay\/ps_/);
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ amount_agorot: BOLD.amountAgorot, status: 'created', purpose: 'track' });
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/payments/sessions',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    const session = sessions.json().sessions.find((s: { merchantRef: string }) => s.merchantRef === payment?.public_id);
    expect(session).toMatchObject({ amountAgorot: BOLD.amountAgorot, channel: 'creditCard', status: 'pending' });
    // The hosted page shows that amount, in Hebrew.
    const page = await sandboxOf(t.app).app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain(`₪${BOLD.price}`);
    expect(page.body).toContain(hePay.cardNumber);
    // Framed only by the site's public origin (its test default: PORT 3000; public-origins.ts).
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/localhost:3000$/);
  });

  it('says when a moderation rule holds the ad once paid (the isSuspected variant), and not otherwise', async () => {
    const orderId = await newDraft();
    const plain = await owner.post('/api/publish/finish-page', startBody(orderId, newKey()));
    expect(plain.json()).not.toHaveProperty('isSuspected');
    // Every car waits for a moderator (the console's category rule).
    const [row] = await t.db.query<{ rules: unknown }>('SELECT rules FROM moderation_rules WHERE id = 1');
    const rules = typeof row?.rules === 'string' ? JSON.parse(row.rules) : row?.rules;
    await t.db.query('UPDATE moderation_rules SET rules = $1 WHERE id = 1', [
      JSON.stringify({ ...rules, categories: [{ cat: 1, subcat: null }] }),
    ]);
    try {
      const card = await owner.post('/api/publish/finish-page', startBody(orderId, newKey()));
      expect(card.json()).toMatchObject({ merchantPaymentUrl: expect.any(String), isSuspected: true });
      const app = await owner.post('/api/publish/bit-payment', startBody(orderId, newKey()));
      expect(app.json()).toMatchObject({ sale_url: expect.any(String), isSuspected: true });
    } finally {
      await t.db.query('UPDATE moderation_rules SET rules = $1 WHERE id = 1', [JSON.stringify(rules)]);
    }
  });

  it('refuses an unknown or a free track, and a missing idempotency key', async () => {
    const orderId = await newDraft();
    const unknown = await owner.post('/api/publish/finish-page', startBody(orderId, newKey(), 'gold-plated'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.pt_hash).toBe(hePay.trackUnknown);
    const free = await owner.post('/api/publish/finish-page', startBody(orderId, newKey(), FREE));
    expect(free.json().errors.pt_hash).toBe(hePay.trackFree);
    const noKey = await owner.post('/api/publish/finish-page', {
      ...startBody(orderId, ''),
      idempotencyKey: undefined,
    });
    expect(noKey.statusCode).toBe(400);
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });

  it('another account cannot start a payment for the ad (404, nothing made)', async () => {
    const orderId = await newDraft();
    for (const url of ['/api/publish/finish-page', '/api/publish/bit-payment']) {
      const res = await other.post(url, startBody(orderId, newKey()));
      expect(res.statusCode).toBe(404);
    }
    const gateway = await other.post(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, {
      packageHash: AUTO_BUMP_HASH,
      channel: 'creditCard',
      idempotencyKey: newKey(),
    });
    expect(gateway.statusCode).toBe(404);
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });

  it('needs the CSRF token (the gateway calls too)', async () => {
    const orderId = await newDraft();
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const url of ['/api/publish/finish-page', `/gateway/packages/personal/pay/${orderId}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie },
        payload: { ...startBody(orderId, newKey()), packageHash: PREMIUM?.hash, channel: 'bit' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });

  it('a double click makes one session: the same key, two quick calls, and a second press with a new key', async () => {
    const orderId = await newDraft();
    const key = newKey();
    const [a, b] = await Promise.all([
      owner.post('/api/publish/finish-page', startBody(orderId, key)),
      owner.post('/api/publish/finish-page', startBody(orderId, key)),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().merchantPaymentUrl).toBe(a.json().merchantPaymentUrl);
    const again = await startCard(owner, orderId, key);
    expect(again).toBe(a.json().merchantPaymentUrl);
    // A new press of "pay" (a new key) while that session is open: the same session.
    const [c, d] = await Promise.all([startCard(owner, orderId), startCard(owner, orderId)]);
    expect(c).toBe(again);
    expect(d).toBe(again);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    const sessions = await t.db.query('SELECT id FROM sandbox_payment_sessions WHERE merchant_ref = $1', [
      (await paymentsOf(orderId))[0]?.public_id,
    ]);
    expect(sessions).toHaveLength(1);
    // Another channel is another session.
    const bit = await owner.post('/api/publish/bit-payment', startBody(orderId, newKey()));
    expect(bit.statusCode).toBe(200);
    expect(bit.json().sale_url).not.toBe(again);
    expect(await paymentsOf(orderId)).toHaveLength(2);
  });
});

describe('what marks a payment paid', () => {
  it('opening the success URL directly marks nothing paid', async () => {
    const orderId = await newDraft();
    await startCard(owner, orderId);
    const [payment] = await paymentsOf(orderId);
    const res = await owner.get(`/api/payments/success?pid=${payment?.public_id}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/finishPayment?OrderID=${orderId}&result=success`);
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
    expect(await adStatus(orderId)).toBe('draft');
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
  });

  it('a return URL with no payment of ours, or its id repeated, leads to the failure page', async () => {
    const orderId = await newDraft();
    await startCard(owner, orderId);
    const [payment] = await paymentsOf(orderId);
    for (const query of ['', '?pid=pay_nothing', `?pid=${payment?.public_id}&pid=${payment?.public_id}`]) {
      const res = await owner.get(`/api/payments/success${query}`);
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location, query).toBe('/finishPayment?result=failure');
      expect(res.body, query).toBe('');
    }
  });

  it('the sandbox switches take a known switch turned on or off, and refuse anything else in Hebrew', async () => {
    const headers = { 'x-sandbox-key': t.sandboxKey, 'content-type': 'application/json' };
    for (const body of [{}, { declineAll: 'yes' }, { sellEverything: true }, [true]]) {
      const res = await owner.post('/api/sandbox/payments/switches', JSON.stringify(body), headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: 'הבקשה אינה תקינה' });
    }
    const expire = await owner.post('/api/sandbox/payments/sessions/ps_short/expire', {}, headers);
    expect(expire.statusCode).toBe(404);
    expect(expire.json()).toEqual({ status: 404, message: 'הדף או המשאב המבוקש לא נמצא' });
  });

  it('a paid card: the frame goes to the success URL, the signed notification makes the ad live', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const res = await submitCard(url, { installments: '3' });
    expect(res.statusCode).toBe(303);
    const success = new URL(res.headers.location as string);
    expect(success.pathname).toBe('/api/payments/success');
    // Before the notification is delivered, nothing is paid.
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('paid');
    expect(await adStatus(orderId)).toBe('active');
    const [delivery] = await t.db.query<{ status: string; attempts: number }>(
      'SELECT d.status, d.attempts FROM sandbox_payment_deliveries d JOIN sandbox_payment_sessions s ON s.id = d.session_id WHERE s.merchant_ref = $1',
      [(await paymentsOf(orderId))[0]?.public_id],
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    // The ad is no longer a draft: no second payment.
    const second = await owner.post('/api/publish/finish-page', startBody(orderId, newKey()));
    expect(second.statusCode).toBe(409);
  });

  it('a bad signature, an old timestamp and a replayed event id mark nothing', async () => {
    const { orderId, payment } = await paidButLost();
    const body = (eventId: string) => ({
      eventId,
      kind: 'payment.succeeded',
      sessionId: payment.provider_session_id,
      merchantRef: payment.public_id,
      createdAt: t.clock.now().toISOString(),
    });
    const bad = await notify(signed(body('evt_badsignature1'), { secret: 'another-secret-of-someone-else-000000000' }));
    expect(bad.statusCode).toBe(400);
    const old = await notify(signed(body('evt_oldtimestamp1'), { at: new Date(t.clock.now().getTime() - 6 * 60_000) }));
    expect(old.statusCode).toBe(400);
    const future = await notify(
      signed(body('evt_futuretime01'), { at: new Date(t.clock.now().getTime() + 6 * 60_000) }),
    );
    expect(future.statusCode).toBe(400);
    // An event id processed before (another payment's) replayed with this payment's body: nothing happens.
    const done = await paidButLost();
    const first = await notify(
      signed({
        ...body('evt_processedonce'),
        sessionId: done.payment.provider_session_id,
        merchantRef: done.payment.public_id,
      }),
    );
    expect(first.json().outcome).toBe('paid');
    const replay = await notify(signed(body('evt_processedonce')));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
    expect(await adStatus(orderId)).toBe('draft');
    expect(
      await t.db.query(
        'SELECT 1 FROM payment_events WHERE payment_id = (SELECT id FROM payments WHERE public_id = $1)',
        [payment.public_id],
      ),
    ).toHaveLength(0);
  });

  it('the same valid notification three times is processed once', async () => {
    const { orderId, payment } = await paidButLost();
    const n = signed({
      eventId: 'evt_threetimes001',
      kind: 'payment.succeeded',
      sessionId: payment.provider_session_id,
      merchantRef: payment.public_id,
      createdAt: t.clock.now().toISOString(),
    });
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await notify(n);
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json().outcome);
      t.clock.advance(1000);
    }
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate']);
    const [ad] = await t.db.query<{ status: string; published_at: Date }>(
      'SELECT status, published_at FROM ads WHERE id = $1',
      [orderId],
    );
    expect(ad?.status).toBe('active');
    const events = await t.db.query(
      'SELECT event_id FROM payment_events WHERE payment_id = (SELECT id FROM payments WHERE public_id = $1)',
      [payment.public_id],
    );
    expect(events).toHaveLength(1);
  });

  it('a notification the provider does not confirm (amount or reference) marks nothing', async () => {
    const orderId = await newDraft();
    await startCard(owner, orderId);
    const [payment] = await paymentsOf(orderId);
    // Validly signed, but the provider says the session is still pending.
    const res = await notify(
      signed({
        eventId: 'evt_notconfirmed1',
        kind: 'payment.succeeded',
        sessionId: payment?.provider_session_id,
        merchantRef: payment?.public_id,
        createdAt: t.clock.now().toISOString(),
      }),
    );
    expect(res.statusCode).toBe(409);
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
    expect(await adStatus(orderId)).toBe('draft');
  });

  it('a lost notification is recovered by the polling job', async () => {
    const { orderId, payment } = await paidButLost();
    const [delivery] = await t.db.query<{ status: string }>(
      'SELECT d.status FROM sandbox_payment_deliveries d WHERE d.session_id = $1',
      [payment.provider_session_id],
    );
    expect(delivery?.status).toBe('dropped');
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
    t.clock.advance((RECOVERY_S + 1) * 1000);
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('paid');
    expect(await adStatus(orderId)).toBe('active');
  });

  it('a slow notification arrives later and is processed then', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    expect((await submitCard(url, { cardNumber: CARDS.slow })).statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
    t.clock.advance(3 * 60_000 + 1000);
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('paid');
  });

  it('a declined card leaves the ad unpaid, and the frame goes to the failure URL', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const res = await submitCard(url, { cardNumber: CARDS.decline });
    expect(res.statusCode).toBe(303);
    const failure = new URL(res.headers.location as string);
    expect(failure.pathname).toBe('/api/payments/failure');
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('failed');
    expect(await adStatus(orderId)).toBe('draft');
    const back = await owner.get(`${failure.pathname}${failure.search}`);
    expect(back.headers.location).toBe(`/finishPayment?OrderID=${orderId}&result=failure`);
    t.clock.advance((RECOVERY_S + 1) * 1000);
    await t.app.jobs.runDueJobs();
    expect(await adStatus(orderId)).toBe('draft');
  });

  it('the failure return asks the provider once: before the notification, the finish page shows the failure', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const res = await submitCard(url, { cardNumber: CARDS.decline });
    const failure = new URL(res.headers.location as string);
    // The browser's frame is back before the notification job has run.
    const back = await owner.get(`${failure.pathname}${failure.search}`);
    expect(back.headers.location).toBe(`/finishPayment?OrderID=${orderId}&result=failure`);
    expect((await paymentsOf(orderId))[0]?.status).toBe('failed');
    const page = await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`);
    expect(page.json()).toMatchObject({ state: 'draft', paymentFailed: true });
    expect(await adStatus(orderId)).toBe('draft');
  });

  it('opening the failure URL of an open session marks nothing failed (the provider says pending)', async () => {
    const orderId = await newDraft();
    await startCard(owner, orderId);
    const [payment] = await paymentsOf(orderId);
    const res = await owner.get(`/api/payments/failure?pid=${payment?.public_id}`);
    expect(res.statusCode).toBe(303);
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
  });

  it('the challenge card pays after the one-time code of the admin view', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const res = await submitCard(url, { cardNumber: CARDS.challenge });
    expect(res.statusCode).toBe(303);
    const path = new URL(url).pathname;
    expect(res.headers.location).toBe(`${path}/challenge`);
    const wrong = await sandboxOf(t.app).app.inject({
      method: 'POST',
      url: `${path}/challenge`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=000000x',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain(hePay.challengeWrong(2));
    const noKey = await t.app.inject({ method: 'GET', url: '/api/sandbox/payments/sessions' });
    expect(noKey.statusCode).toBe(401);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/payments/sessions',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    const sessionId = path.split('/').pop();
    const code = admin.json().sessions.find((s: { id: string }) => s.id === sessionId)?.challengeCode;
    expect(code).toMatch(/^\d{6}$/);
    const ok = await sandboxOf(t.app).app.inject({
      method: 'POST',
      url: `${path}/challenge`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${code}`,
    });
    expect(ok.statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    expect(await adStatus(orderId)).toBe('active');
  });
});

describe('the sandbox failure switches', () => {
  /** The admin view's switches: the sandbox key, and the CSRF header like every state-changing /api call. */
  const switches = async (body: object, key: string | undefined = t.sandboxKey) => {
    const dev = new Agent(t.app, '10.99.0.7');
    await dev.get('/api/auth/customer');
    const csrf = dev.cookies.get('csrf') ?? '';
    return t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payments/switches',
      headers: { ...(key ? { 'x-sandbox-key': key } : {}), cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
      payload: body,
    });
  };

  it('a failing notification is retried with back-off by the job store until it is delivered', async () => {
    expect((await switches({ failNotifications: true })).statusCode).toBe(200);
    try {
      const orderId = await newDraft();
      const url = await startCard(owner, orderId);
      expect((await submitCard(url)).statusCode).toBe(303);
      await t.app.jobs.runDueJobs();
      const [payment] = await paymentsOf(orderId);
      const delivery = async () =>
        (
          await t.db.query<{ status: string; attempts: number }>(
            'SELECT status, attempts FROM sandbox_payment_deliveries WHERE session_id = $1',
            [payment?.provider_session_id],
          )
        )[0];
      expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1 });
      expect(payment?.status).toBe('created');
      // Not due again at once: the job store backs off (1 minute after the first failure).
      t.clock.advance(30_000);
      await t.app.jobs.runDueJobs();
      expect((await delivery())?.attempts).toBe(1);
      await switches({ failNotifications: false });
      t.clock.advance(31_000);
      await t.app.jobs.runDueJobs();
      expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 2 });
      expect((await paymentsOf(orderId))[0]?.status).toBe('paid');
    } finally {
      await switches({ failNotifications: false });
    }
  });

  it('the provider API switched off: the start answers in Hebrew, and a retry with the same key works later', async () => {
    const orderId = await newDraft();
    const key = newKey();
    await switches({ apiUnavailable: true });
    try {
      const res = await owner.post('/api/publish/finish-page', startBody(orderId, key));
      expect(res.statusCode).toBe(503);
      expect(res.json().errors.general).toBe(hePay.providerUnavailable);
    } finally {
      await switches({ apiUnavailable: false });
    }
    const url = await startCard(owner, orderId, key);
    expect(url).toMatch(/\/pay\/ps_/);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('the switches need the sandbox key and known names', async () => {
    expect((await switches({ declineAll: true }, '')).statusCode).toBe(401);
    expect((await switches({ declineAll: true }, 'not-the-key-of-this-app')).statusCode).toBe(401);
    expect((await switches({ everything: true })).statusCode).toBe(400);
    expect((await switches({ declineAll: 'yes' })).statusCode).toBe(400);
  });
});

describe('mobile payment and the gateway calls', () => {
  it('bit-payment frames the mobile page (QR code and in-app approval) and pays', async () => {
    const orderId = await newDraft();
    const res = await owner.post('/api/publish/bit-payment', startBody(orderId, newKey(), SUPERGOLD.hash));
    expect(res.statusCode, res.body).toBe(200);
    const path = new URL(res.json().sale_url).pathname;
    const page = await sandboxOf(t.app).app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('data:image/svg+xml;base64,');
    expect(page.body).toContain(hePay.mobileApprove);
    const token = /name="t" value="([^"]+)"/.exec(page.body)?.[1];
    const forged = await sandboxOf(t.app).app.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve&t=forged',
    });
    expect(forged.statusCode).toBe(404);
    const approved = await sandboxOf(t.app).app.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=approve&t=${token}`,
    });
    expect(approved.statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: 'paid', amount_agorot: SUPERGOLD.amountAgorot });
  });

  it('the auto-bump week and a package are paid through the gateway calls, for a finished ad only', async () => {
    const orderId = await newDraft();
    const early = await owner.post(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, {
      packageHash: AUTO_BUMP_HASH,
      channel: 'creditCard',
      idempotencyKey: newKey(),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(hePay.adNotLive);
    expect(await paymentsOf(orderId)).toHaveLength(0);
    const finished = await owner.post('/api/publish/finish-publish', {
      CatID: 1,
      SubCatID: 1,
      OrderID: orderId,
      RecordID: orderId,
      pt_hash: FREE,
    });
    expect(finished.json().redirect, finished.body).toContain('/finishArea');
    const bump = await owner.post(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, {
      packageHash: AUTO_BUMP_HASH,
      channel: 'creditCard',
      idempotencyKey: newKey(),
      successUrl: '/finishArea?action=finish',
      failUrl: 'https://evil.example/steal',
    });
    expect(bump.statusCode, bump.body).toBe(200);
    expect(bump.json().data.iframe).toMatch(/\/pay\/ps_/);
    const pack = await owner.post(`/gateway/packages/personal/pay/${orderId}`, {
      packageHash: PREMIUM?.hash,
      channel: 'bit',
      idempotencyKey: newKey(),
    });
    expect(pack.statusCode, pack.body).toBe(200);
    const rows = await paymentsOf(orderId);
    expect(rows.map((r) => [r.purpose, r.amount_agorot])).toEqual([
      ['auto_bump', 3900],
      ['package', PREMIUM?.amountAgorot],
    ]);
    // Paying the bump keeps the ad live (its week of bumps is plans/auto-bump-jobs.ts'), and the return goes on to
    // the same-origin successUrl; the foreign failUrl was dropped.
    const paid = await submitCard(bump.json().data.iframe);
    const success = new URL(paid.headers.location as string);
    expect((await owner.get(`${success.pathname}${success.search}`)).headers.location).toBe(
      '/finishArea?action=finish',
    );
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).toBe('paid');
    expect(await adStatus(orderId)).toBe('active');
    const sessions = await t.db.query<{ failure_url: string }>(
      'SELECT failure_url FROM sandbox_payment_sessions WHERE merchant_ref = $1',
      [rows[0]?.public_id],
    );
    expect(sessions[0]?.failure_url).not.toContain('evil');
  });
});

describe('the payment frame', () => {
  it('the result page /finishPayment may be framed by our own origin only; other pages by nobody', async () => {
    const page = await t.app.inject({ url: '/finishPayment?OrderID=1&result=success' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const other = await t.app.inject({ url: '/finishArea' });
    expect(other.headers['x-frame-options']).toBe('DENY');
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('the hosted card form', () => {
  it('checks every field with a Hebrew error of its own', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const res = await submitCard(url, {
      cardNumber: '4580 0000 0000 0001',
      expMonth: '01',
      expYear: '2020',
      cvv: '12',
      idNumber: '123456789',
      installments: '13',
    });
    expect(res.statusCode).toBe(422);
    for (const text of [
      hePay.cardInvalid,
      hePay.expiryPast,
      hePay.cvvInvalid,
      hePay.idInvalid,
      hePay.installmentsInvalid,
    ])
      expect(res.body).toContain(text);
    expect(res.body).toContain('aria-invalid="true"');
    // A Luhn-valid number that is no test card is refused as the real provider's test mode does.
    const unknown = await submitCard(url, { cardNumber: '4111 1111 1111 1111' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain(hePay.cardUnknown);
    // This month is still valid (the clock is November 2026).
    const thisMonth = await submitCard(url, { expMonth: '11', expYear: '2026' });
    expect(thisMonth.statusCode).toBe(303);
    expect((await paymentsOf(orderId))[0]?.status).toBe('created');
  });
});

/** Approves a hosted mobile-payment page, as the customer's app does. */
async function approveBit(saleUrl: string): Promise<void> {
  const path = new URL(saleUrl).pathname;
  const page = await sandboxOf(t.app).app.inject({ method: 'GET', url: path });
  const token = /name="t" value="([^"]+)"/.exec(page.body)?.[1];
  const approved = await sandboxOf(t.app).app.inject({
    method: 'POST',
    url: `${path}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=approve&t=${token}`,
  });
  expect(approved.statusCode).toBe(303);
}

async function fulfilmentOf(publicId: string | undefined) {
  const [row] = await t.db.query<{
    status: string;
    fulfilment: string | null;
    fulfilment_reason: string | null;
    superseded_at: string | null;
  }>('SELECT status, fulfilment, fulfilment_reason, superseded_at FROM payments WHERE public_id = $1', [publicId]);
  return row;
}

describe('paid but not delivered: recorded refund_due and refunded, never silently charged', () => {
  it('a card session and a bit session for one draft, both paid: the older is superseded, its payment refund_due', async () => {
    const orderId = await newDraft();
    const card = await startCard(owner, orderId, newKey());
    const bit = await owner.post('/api/publish/bit-payment', startBody(orderId, newKey()));
    expect(bit.statusCode, bit.body).toBe(200);
    const [cardPay, bitPay] = await paymentsOf(orderId);
    expect((await fulfilmentOf(cardPay?.public_id))?.superseded_at).not.toBeNull();
    // The customer pays both hosted pages (the card frame was still open).
    await approveBit(bit.json().sale_url);
    expect((await submitCard(card)).statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    expect(await adStatus(orderId)).toBe('active');
    expect(await fulfilmentOf(bitPay?.public_id)).toMatchObject({ status: 'paid', fulfilment: 'done' });
    expect(await fulfilmentOf(cardPay?.public_id)).toMatchObject({
      status: 'paid',
      fulfilment: 'refund_due',
      fulfilment_reason: 'superseded',
    });
    const [ad] = await t.db.query<{ ad_type: string }>('SELECT ad_type FROM ads WHERE id = $1', [orderId]);
    expect(ad?.ad_type).toBe(carTrack('vip').adType);
    // The sandbox admin list shows it.
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/payments/sessions',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    const listed = sessions.json().sessions.find((s: { merchantRef: string }) => s.merchantRef === cardPay?.public_id);
    expect(listed).toMatchObject({ fulfilment: 'refund_due', fulfilmentReason: 'superseded' });
  });

  it('a draft saved with a blocked word while its card session is open: paid, refund_due (goLive refused)', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const saved = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contactOf(owner),
      OrderID: orderId,
      description: 'מוכר גם אקדח',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await adStatus(orderId)).toBe('blocked');
    expect((await submitCard(url)).statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    const [payment] = await paymentsOf(orderId);
    expect(await fulfilmentOf(payment?.public_id)).toMatchObject({
      status: 'paid',
      fulfilment: 'refund_due',
      fulfilment_reason: 'ad_refused',
    });
    expect(await adStatus(orderId)).toBe('blocked');
  });

  it('a free finish while a paid session is open: the session is cancelled, its page takes no card', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const finished = await owner.post('/api/publish/finish-publish', {
      CatID: 1,
      SubCatID: 1,
      OrderID: orderId,
      RecordID: orderId,
      pt_hash: FREE,
    });
    expect(finished.json().redirect, finished.body).toContain('/finishArea');
    const card = await submitCard(url);
    expect(String(card.headers.location)).toContain('/api/payments/failure?');
    await t.app.jobs.runDueJobs();
    const [payment] = await paymentsOf(orderId);
    expect(await fulfilmentOf(payment?.public_id)).toMatchObject({ status: 'cancelled', fulfilment: null });
    // Paid in the race instead: refunded automatically (payment-refunds.test.ts).
  });

  it('an upgrade of an ad deleted before the notification: paid, refund_due (no ad row changed)', async () => {
    const orderId = await newDraft();
    await owner.post('/api/publish/finish-publish', {
      CatID: 1,
      SubCatID: 1,
      OrderID: orderId,
      RecordID: orderId,
      pt_hash: FREE,
    });
    const pack = await owner.post(`/gateway/packages/personal/pay/${orderId}`, {
      packageHash: PREMIUM?.hash,
      channel: 'creditCard',
      idempotencyKey: newKey(),
    });
    expect(pack.statusCode, pack.body).toBe(200);
    expect((await submitCard(pack.json().data.iframe, { cardNumber: CARDS.lost })).statusCode).toBe(303);
    await t.db.query(`UPDATE ads SET status = 'deleted' WHERE id = $1`, [orderId]);
    t.clock.advance(RECOVERY_S * 1000 + 1000);
    await t.app.jobs.runDueJobs();
    const [payment] = await paymentsOf(orderId);
    expect(await fulfilmentOf(payment?.public_id)).toMatchObject({
      status: 'paid',
      fulfilment: 'refund_due',
      fulfilment_reason: 'ad_not_live',
    });
  });

  it('a paid and delivered track is marked fulfilment done', async () => {
    const orderId = await newDraft();
    expect((await submitCard(await startCard(owner, orderId))).statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    const [payment] = await paymentsOf(orderId);
    expect(await fulfilmentOf(payment?.public_id)).toMatchObject({ status: 'paid', fulfilment: 'done' });
    // goLive's updated_at is the injected clock's, as published_at (not the database's now()).
    const [ad] = await t.db.query<{ updated_at: string; published_at: string }>(
      'SELECT updated_at, published_at FROM ads WHERE id = $1',
      [orderId],
    );
    expect(new Date(ad?.updated_at ?? 0).getTime()).toBe(new Date(ad?.published_at ?? 1).getTime());
  });
});

describe('the notify URL and reusing a session', () => {
  it('a forged Host header does not change the notify URL the provider is given', async () => {
    const orderId = await newDraft();
    const csrf = owner.cookies.get('csrf') ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publish/finish-page',
      remoteAddress: owner.ip,
      headers: {
        host: '169.254.169.254:80',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': csrf,
      },
      payload: startBody(orderId, newKey()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await paymentsOf(orderId);
    const [session] = await t.db.query<{ notify_url: string }>(
      'SELECT notify_url FROM sandbox_payment_sessions WHERE merchant_ref = $1',
      [payment?.public_id],
    );
    expect(session?.notify_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/payments\/notify$/);
    expect(session?.notify_url).not.toContain('169.254');
  });

  it('a declined session is not reused: pay again before its notification runs → a new session', async () => {
    const orderId = await newDraft();
    const first = await startCard(owner, orderId);
    expect((await submitCard(first, { cardNumber: CARDS.decline })).statusCode).toBe(303);
    // The notification of the decline has not run yet; the customer presses pay again on the card.
    const second = await startCard(owner, orderId);
    expect(second).not.toBe(first);
    const rows = await paymentsOf(orderId);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'created']);
  });
});

describe('the hosted session lifetime and the phone decline (last in the file: it moves the clock)', () => {
  const host = (method: 'GET' | 'POST', url: string, payload?: string) =>
    sandboxOf(t.app).app.inject({
      method,
      url,
      ...(payload ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload } : {}),
    });
  const expireNow = async (sessionPath: string, key: string | undefined = t.sandboxKey) => {
    const dev = new Agent(t.app, '10.99.0.8');
    await dev.get('/api/auth/customer');
    const csrf = dev.cookies.get('csrf') ?? '';
    return t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/sessions/${sessionPath.split('/').pop()}/expire`,
      headers: { ...(key ? { 'x-sandbox-key': key } : {}), cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
    });
  };

  it('a declined approval on the phone says declined, not approved, and the frame goes to the failure URL', async () => {
    const orderId = await newDraft();
    const res = await owner.post('/api/publish/bit-payment', startBody(orderId, newKey(), SUPERGOLD.hash));
    const path = new URL(res.json().sale_url).pathname;
    const token = /name="t" value="([^"]+)"/.exec((await host('GET', path)).body)?.[1];
    const phone = await host('POST', `${path}/approve`, `decision=decline&from=phone&t=${token}`);
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain(hePay.phoneDeclinedTitle);
    expect(phone.body).not.toContain(hePay.approvedTitle);
    expect(phone.body).toContain('role="alert"');
    const status = (await host('GET', `${path}/status`)).json();
    expect(status).toMatchObject({ status: 'declined', expired: false });
    expect(status.next).toContain('/api/payments/failure');
  });

  it('an open card session expires after its lifetime: the expired page (410, a link on), cancelled at the API', async () => {
    const orderId = await newDraft();
    const url = await startCard(owner, orderId);
    const path = new URL(url).pathname;
    expect((await host('GET', path)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1000);
    const page = await host('GET', path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(hePay.sessionExpiredTitle);
    expect(page.body).toMatch(/<a href="[^"]*\/api\/payments\/failure/);
    // A card sent after the lifetime is not charged.
    const late = await submitCard(url);
    expect(late.statusCode).toBe(410);
    expect((await host('GET', `${path}/status`)).json()).toMatchObject({
      status: 'cancelled',
      next: null,
      expired: true,
    });
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]?.status).not.toBe('paid');
  });

  it('the admin view expires an open mobile session now (sandbox key only); its pages say the approval timed out', async () => {
    const orderId = await newDraft();
    const res = await owner.post('/api/publish/bit-payment', startBody(orderId, newKey(), SUPERGOLD.hash));
    const path = new URL(res.json().sale_url).pathname;
    const token = /name="t" value="([^"]+)"/.exec((await host('GET', path)).body)?.[1];
    expect((await expireNow(path, 'not-the-key')).statusCode).toBe(401);
    expect((await host('GET', path)).statusCode).toBe(200);
    expect((await expireNow(path)).statusCode).toBe(200);
    const page = await host('GET', path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(hePay.mobileExpiredTitle);
    const phone = await host('GET', `/approve/${path.split('/').pop()}?t=${token}`);
    expect(phone.statusCode).toBe(410);
    expect(phone.body).toContain(hePay.mobileExpiredText);
    expect(phone.body).not.toContain('<a href');
    const approve = await host('POST', `${path}/approve`, `decision=approve&from=phone&t=${token}`);
    expect(approve.body).toContain(hePay.mobileExpiredTitle);
    // A finished session cannot be expired again.
    expect((await expireNow(path)).statusCode).toBe(404);
  });
});
