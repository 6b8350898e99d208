/**
 * A payment that does not go through is not a dead end: the sandbox provider gives each failure its own reason code
 * from its own test card (declined, expired card, failed card-holder authentication, technical failure; the
 * mobile-payment app's decline), carried through the provider's API into our payment and the finish page's state.
 * After a decline the draft waits for payment for the track the customer chose (/my-ads), the finish page says why
 * and leads back to the payment choice of the same track, and paying again with a good card publishes the ad.
 * Another account can neither see that way back nor pay for the ad.
 */
import { findTrack } from '@app/catalog/tracks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hePay } from '../src/i18n/payments.ts';
import { CHALLENGE_MAX_ATTEMPTS } from '../src/payments/sandbox/sandbox-repository.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { type CardFields, sandboxOf, submitCard as submitCardOn, TEST_CARDS } from './support/payment-sandbox.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const API_KEY = 'payment-api-key-of-the-failures-test-0123456789';
const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const SUPERGOLD = findTrack({ cat: 1, subcat: 1 }, 'c1-supergold');

let t: TestApp;
let owner: Agent;
let other: Agent;
let keys = 0;
const newKey = () => `fail-${Date.now().toString(36)}-${++keys}`;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_API_KEY: API_KEY }, { listenPayments: true });
  owner = new Agent(t.app, '10.8.0.1');
  other = new Agent(t.app, '10.8.0.2');
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

const startBody = (orderId: number, hash: string, key = newKey()) => ({
  OrderID: orderId,
  RecordID: orderId,
  CatID: 1,
  SubCatID: 1,
  pt_hash: hash,
  idempotencyKey: key,
});

async function startCard(orderId: number, hash = VIP?.hash ?? ''): Promise<string> {
  const res = await owner.post('/api/publish/finish-page', startBody(orderId, hash));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().merchantPaymentUrl;
}

const host = (method: 'GET' | 'POST', url: string, payload?: string) =>
  sandboxOf(t.app).app.inject({
    method,
    url,
    ...(payload ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload } : {}),
  });

/** The session's result as the provider's server-to-server API answers it (what our service trusts). */
async function providerResult(hostedUrl: string) {
  const res = await sandboxOf(t.app).app.inject({
    method: 'GET',
    url: `/v1/sessions/${new URL(hostedUrl).pathname.split('/').pop()}`,
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function lastPayment(orderId: number) {
  const rows = await t.db.query<{ status: string; failure_reason: string | null }>(
    'SELECT status, failure_reason FROM payments WHERE ad_id = $1 ORDER BY id DESC LIMIT 1',
    [orderId],
  );
  return rows[0];
}

/** The frame's way back after the hosted page: our failure return URL, then the finish page's state. */
async function afterReturn(res: { statusCode: number; headers: Record<string, unknown> }, orderId: number) {
  expect(res.statusCode).toBe(303);
  const failure = new URL(String(res.headers.location));
  expect(failure.pathname).toBe('/api/payments/failure');
  await owner.get(`${failure.pathname}${failure.search}`);
  await t.app.jobs.runDueJobs();
  return (await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`)).json();
}

const payAgainPath = (orderId: number, hash: string | undefined) =>
  `/publish?cat=1&subcat=1&step=6&OrderID=${orderId}&payAgain=${hash}`;

describe('each failing test card has its own reason, from the provider to the finish page', () => {
  it.each([
    ['decline', 'card_declined'],
    ['expiredCard', 'expired_card'],
    ['processingError', 'processing_error'],
  ] as const)('the %s card: declined with %s', async (card, reason) => {
    const orderId = await newDraft();
    const url = await startCard(orderId);
    const res = await submitCardOn(t, url, { cardNumber: TEST_CARDS[card] } satisfies CardFields);
    const result = await providerResult(url);
    expect(result).toMatchObject({ status: 'declined', failureReason: reason });
    const page = await afterReturn(res, orderId);
    expect(await lastPayment(orderId)).toEqual({ status: 'failed', failure_reason: reason });
    expect(page).toMatchObject({ state: 'draft', paymentFailed: true, paymentFailure: reason, adType: 'VIP' });
  });

  it('the authentication-failure card: the one-time-code page, then the issuer fails it whatever is typed', async () => {
    const orderId = await newDraft();
    const url = await startCard(orderId);
    const path = new URL(url).pathname;
    const res = await submitCardOn(t, url, { cardNumber: TEST_CARDS.authenticationFails });
    expect(res.headers.location).toBe(`${path}/challenge`);
    expect((await host('GET', `${path}/challenge`)).body).toContain(hePay.challengeTitle);
    // Even the code the admin view shows fails: the issuer refuses this card's authentication.
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/payments/sessions',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    const code = sessions.json().sessions.find((s: { id: string }) => path.endsWith(s.id))?.challengeCode;
    expect(code).toMatch(/^\d{6}$/);
    const answer = await host('POST', `${path}/challenge`, `code=${code}`);
    expect((await providerResult(url)).failureReason).toBe('authentication_failed');
    const page = await afterReturn(answer, orderId);
    expect(page).toMatchObject({ paymentFailed: true, paymentFailure: 'authentication_failed' });
  });

  it('the challenge card: a wrong code says how many tries are left; the last wrong one fails the authentication', async () => {
    const orderId = await newDraft();
    const url = await startCard(orderId);
    const path = new URL(url).pathname;
    await submitCardOn(t, url, { cardNumber: TEST_CARDS.challenge });
    for (let left = CHALLENGE_MAX_ATTEMPTS - 1; left >= 1; left--) {
      const wrong = await host('POST', `${path}/challenge`, 'code=000000x');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain(hePay.challengeWrong(left));
      expect((await providerResult(url)).status).toBe('pending');
    }
    const last = await host('POST', `${path}/challenge`, 'code=000000x');
    const page = await afterReturn(last, orderId);
    expect(page).toMatchObject({ paymentFailed: true, paymentFailure: 'authentication_failed' });
    // A finished session takes no further code.
    expect((await host('POST', `${path}/challenge`, 'code=000000')).statusCode).toBe(303);
    expect((await providerResult(url)).status).toBe('declined');
  });

  it('a decline in the mobile-payment app is app_declined', async () => {
    const orderId = await newDraft();
    const res = await owner.post('/api/publish/bit-payment', startBody(orderId, SUPERGOLD?.hash ?? ''));
    const url: string = res.json().sale_url;
    const path = new URL(url).pathname;
    const token = /name="t" value="([^"]+)"/.exec((await host('GET', path)).body)?.[1];
    await host('POST', `${path}/approve`, `decision=decline&from=phone&t=${token}`);
    expect((await providerResult(url)).failureReason).toBe('app_declined');
    await t.app.jobs.runDueJobs();
    const page = (await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`)).json();
    expect(page).toMatchObject({ paymentFailure: 'app_declined', payAgainUrl: payAgainPath(orderId, SUPERGOLD?.hash) });
  });
});

describe('after a declined card', () => {
  it('the draft waits for payment for the chosen track, and paying again with a good card publishes it', async () => {
    const orderId = await newDraft();
    const declined = await startCard(orderId);
    const page = await afterReturn(await submitCardOn(t, declined, { cardNumber: TEST_CARDS.decline }), orderId);
    expect(page.payAgainUrl).toBe(payAgainPath(orderId, VIP?.hash));
    // The timeline does not say the payment was received.
    expect(page.timeline.find((s: { step: string }) => s.step === 'paid')).toMatchObject({ done: false });

    const mine = (await owner.get('/api/my-ads')).json().ads.find((a: { OrderID: number }) => a.OrderID === orderId);
    expect(mine).toMatchObject({
      status: 'draft',
      awaitingPayment: true,
      adType: 'VIP',
      publishUrl: `/publish?cat=1&subcat=1&step=6&OrderID=${orderId}`,
    });

    // Paying again: a new session (the declined one is finished), paid by the success card.
    const again = await startCard(orderId);
    expect(again).not.toBe(declined);
    const paid = await submitCardOn(t, again, { cardNumber: TEST_CARDS.success });
    expect(new URL(String(paid.headers.location)).pathname).toBe('/api/payments/success');
    await t.app.jobs.runDueJobs();
    const live = (await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`)).json();
    expect(live).toMatchObject({ state: 'active', adType: 'VIP', paidAgorot: VIP?.amountAgorot });
    expect(live.paymentFailed).toBeUndefined();
    expect(live.paymentFailure).toBeUndefined();
    expect(live.payAgainUrl).toBeUndefined();
    const after = (await owner.get('/api/my-ads')).json().ads.find((a: { OrderID: number }) => a.OrderID === orderId);
    expect(after).toMatchObject({ status: 'active', awaitingPayment: false, adType: 'VIP', publishUrl: null });
  });

  it("another account cannot see the way back nor pay again for someone else's ad", async () => {
    const orderId = await newDraft();
    const declined = await startCard(orderId);
    await afterReturn(await submitCardOn(t, declined, { cardNumber: TEST_CARDS.decline }), orderId);
    const before = await t.db.query('SELECT id, status FROM payments WHERE ad_id = $1 ORDER BY id', [orderId]);

    const page = await other.get(`/api/publish/get-finish-page?OrderID=${orderId}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('payAgain');
    for (const url of ['/api/publish/finish-page', '/api/publish/bit-payment']) {
      const res = await other.post(url, startBody(orderId, VIP?.hash ?? ''));
      expect(res.statusCode, url).toBe(404);
    }
    const theirs = (await other.get('/api/my-ads')).json().ads as { OrderID: number }[];
    expect(theirs.map((a) => a.OrderID)).not.toContain(orderId);
    expect(await t.db.query('SELECT id, status FROM payments WHERE ad_id = $1 ORDER BY id', [orderId])).toEqual(before);
  });
});

describe('the hosted card page lists the test cards', () => {
  it('every test card with what it does, folded under the sandbox banner', async () => {
    const orderId = await newDraft();
    const page = await host('GET', new URL(await startCard(orderId)).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(hePay.testCardsTitle);
    for (const [behaviour, number] of Object.entries(TEST_CARDS)) {
      expect(page.body, behaviour).toContain(number);
      expect(page.body, behaviour).toContain(hePay.testCards[behaviour as keyof typeof hePay.testCards]);
    }
  });
});

describe('a session that ran out of time (last: it moves the clock)', () => {
  it('is session_expired', async () => {
    const orderId = await newDraft();
    const url = await startCard(orderId);
    t.clock.advance(30 * 60_000 + 1000);
    expect((await host('GET', new URL(url).pathname)).statusCode).toBe(410);
    expect((await providerResult(url)).failureReason).toBe('session_expired');
    await t.app.jobs.runDueJobs();
    expect(await lastPayment(orderId)).toEqual({ status: 'cancelled', failure_reason: 'session_expired' });
    const page = (await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`)).json();
    expect(page).toMatchObject({ paymentFailure: 'session_expired', payAgainUrl: payAgainPath(orderId, VIP?.hash) });
  });
});
