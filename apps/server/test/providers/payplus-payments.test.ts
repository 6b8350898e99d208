/**
 * Paying with PAYMENT_PROVIDER=payplus, end to end: the app (listening, so PayPlus's callbacks reach it) opens
 * PayPlus's hosted page through the adapter; the double (doubles/payplus: PayPlus's calls with their documented
 * fields, its page, its signed callback) takes the card or bit and calls back. A callback is checked by its
 * signature and then confirmed by asking PayPlus; a forged one, a replayed one and a signed one PayPlus does not
 * confirm change nothing. A refund whose answer was lost is finished without a second refund; a saved card is
 * charged once whatever the retries.
 */
import type { AddressInfo } from 'node:net';
import { findTrack } from '@app/catalog/tracks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hePay } from '../../src/i18n/payments.ts';
import { PayPlusPaymentProvider } from '../../src/payments/payplus/provider.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { PAYPLUS_TEST_CARDS, PAYPLUS_TEST_KEYS, PayPlusDouble, payplusSettingsFor } from '../doubles/payplus/double.ts';
import { contactOf, registerWithPhone } from '../support/contact.ts';
import { staffAgent } from '../support/staff.ts';
import { Agent, createTestApp, type TestApp } from '../support/test-app.ts';
import { validCarAd } from '../support/vehicle-ad.ts';

const METRICS = 'the-metrics-token-of-the-payplus-test';
const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
if (!VIP) throw new Error('no VIP car track');

let double: PayPlusDouble;
let t: TestApp;
let owner: Agent;
let key = 0;
const newKey = () => `pp-${Date.now().toString(36)}-${++key}`;

beforeAll(async () => {
  double = await new PayPlusDouble().start();
  t = await createTestApp({ ...payplusSettingsFor(double), METRICS_TOKEN: METRICS, JOB_TICK_MS: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = new Agent(t.app, '10.9.0.1');
  await registerWithPhone(t, owner);
});
afterAll(async () => {
  await t?.close();
  await double?.stop();
});

async function newDraft(): Promise<number> {
  const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
  const id = res.json().orderID;
  expect(id, res.body).toBeGreaterThan(0);
  return id;
}

const startBody = (orderId: number) => ({
  OrderID: orderId,
  RecordID: orderId,
  CatID: 1,
  SubCatID: 1,
  pt_hash: VIP.hash,
  idempotencyKey: newKey(),
});

async function startCard(orderId: number): Promise<string> {
  const res = await owner.post('/api/publish/finish-page', startBody(orderId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().merchantPaymentUrl;
}

/** The hosted page's form, as the payer submits it in the frame: answers where the frame is sent. */
async function pay(pageUrl: string, card: string = PAYPLUS_TEST_CARDS.approved, method = 'credit-card') {
  const res = await fetch(pageUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method, card, expiry: '12/30', cvv: '123', id: '000000018' }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const pageUid = (pageUrl: string) => new URL(pageUrl).pathname.split('/').pop() ?? '';

interface PaymentRow {
  public_id: string;
  status: string;
  failure_reason: string | null;
  refund_status: string | null;
}
const paymentsOf = (orderId: number) =>
  t.db.query<PaymentRow>('SELECT * FROM payments WHERE ad_id = $1 ORDER BY id', [orderId]);
const adStatus = async (orderId: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [orderId]))[0]?.status;

describe('a card payment through PayPlus', () => {
  it('opens the hosted page for the track, is paid by the signed callback PayPlus confirms, and publishes the ad', async () => {
    const orderId = await newDraft();
    const pageUrl = await startCard(orderId);
    expect(new URL(pageUrl).origin).toBe(double.origin);
    const [payment] = await paymentsOf(orderId);
    // What PayPlus was asked: the amount in shekels, our public id as its reference, our URLs.
    const asked = double.requests.find((r) => r.path === 'PaymentPages/generateLink')?.body as Record<string, unknown>;
    expect(asked).toMatchObject({
      payment_page_uid: PAYPLUS_TEST_KEYS.pageUid,
      amount: VIP.amountAgorot / 100,
      currency_code: 'ILS',
      more_info: payment?.public_id,
      charge_default: 'credit-card',
      refURL_callback: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/payments\/notify$/),
      refURL_success: expect.stringMatching(/\/api\/payments\/success\?pid=pay_/),
    });
    // The app frames PayPlus's pages: its CSP allows their origin.
    const html = await t.app.inject({ method: 'GET', url: '/publish' });
    expect(String(html.headers['content-security-policy'])).toMatch(
      new RegExp(`frame-src 'self' [^;]*${double.origin}`),
    );

    const back = await pay(pageUrl);
    expect(back.pathname).toBe('/api/payments/success');
    expect(double.callbacks.at(-1)?.status).toBe(200);
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'paid' }]);
    expect(await adStatus(orderId)).toBe('active');
    // The callback was confirmed by asking PayPlus for the page's transaction.
    expect(double.requests.some((r) => r.path === 'PaymentPages/ipn')).toBe(true);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/^outside_calls_total\{service="payplus",operation="session",outcome="ok"\} [1-9]/m);
    // No payment sandbox beside PayPlus.
    const sandbox = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/payments/sessions',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    expect(sandbox.statusCode).toBe(404);
    expect(t.app.paymentHost).toBeNull();
  });

  it('refuses a forged callback, applies a replayed one once, and trusts no signed callback PayPlus does not confirm', async () => {
    const orderId = await newDraft();
    const pageUrl = await startCard(orderId);
    const uid = pageUid(pageUrl);
    const notifyUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/payments/notify`;
    const [payment] = await paymentsOf(orderId);
    const claim = JSON.stringify({
      transaction_type: 'Charge',
      transaction: {
        uid: '5f0c8f52-5b8a-4d8e-9c1f-2a0d9c0a0001',
        payment_page_request_uid: uid,
        status_code: '000',
        amount: VIP.amountAgorot / 100,
        more_info: payment?.public_id,
      },
    });
    // Signed with another key, or not from PayPlus: refused before anything is read.
    expect((await double.post(notifyUrl, claim, 'not-the-secret-key-of-payplus')).status).toBe(400);
    expect((await double.post(notifyUrl, claim, PAYPLUS_TEST_KEYS.secretKey, 'curl/8.0')).status).toBe(400);
    // Signed right, but PayPlus knows no transaction of that page: not paid (asked again later).
    expect((await double.post(notifyUrl, claim, PAYPLUS_TEST_KEYS.secretKey)).status).toBe(409);
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'created' }]);
    expect(await adStatus(orderId)).not.toBe('active');

    await pay(pageUrl);
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'paid' }]);
    const events = async () =>
      (await t.db.query<{ n: string }>("SELECT count(*) AS n FROM payment_events WHERE kind LIKE 'payplus.%'"))[0]?.n;
    const before = await events();
    // The same callback again (a replay, a redelivery): recognised, nothing applied twice.
    const replay = await double.sendCallback(uid);
    expect(replay.status).toBe(200);
    expect(await events()).toBe(before);
    // The genuine body with its amount changed: the signature no longer holds.
    const tampered = replay.body.replace(/"amount":[\d.]+/, '"amount":1');
    const res = await fetch(notifyUrl, { method: 'POST', headers: replay.headers, body: tampered });
    expect(res.status).toBe(400);
  });

  it('says a declined card in the payment, and pays by bit on the same hosted page', async () => {
    const orderId = await newDraft();
    const back = await pay(await startCard(orderId), PAYPLUS_TEST_CARDS.declined);
    expect(back.pathname).toBe('/api/payments/failure');
    // The failure return asks PayPlus, which says declined.
    await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'failed', failure_reason: 'card_declined' }]);

    const bitOrder = await newDraft();
    const res = await owner.post('/api/publish/bit-payment', startBody(bitOrder));
    expect(res.statusCode, res.body).toBe(200);
    const asked = double.requests.filter((r) => r.path === 'PaymentPages/generateLink').at(-1)?.body;
    expect(asked).toMatchObject({ charge_default: 'bit', allowed_charge_methods: ['bit'] });
    await pay(res.json().sale_url, '', 'bit');
    expect(await paymentsOf(bitOrder)).toMatchObject([{ status: 'paid' }]);
    expect(await adStatus(bitOrder)).toBe('active');
  });

  it('refunds a payment that delivered nothing once, though PayPlus’s answer to the refund was lost', async () => {
    // Two pages for one ad: the newer (bit) supersedes the first; paid, it publishes the ad. The first page, which
    // PayPlus cannot close, is paid after: it delivers nothing and is refunded.
    const orderId = await newDraft();
    const first = await startCard(orderId);
    const bit = await owner.post('/api/publish/bit-payment', startBody(orderId));
    await pay(bit.json().sale_url, '', 'bit');
    expect(await adStatus(orderId)).toBe('active');
    double.loseAnswerOf = 'Transactions/RefundByTransactionUID';
    await pay(first);
    const [late] = await paymentsOf(orderId);
    expect(late).toMatchObject({ status: 'paid', refund_status: 'pending' });
    const charge = double.transactionsOf(late?.public_id ?? '').find((x) => x.type === 'charge');
    expect(double.refundsOf(charge?.uid ?? '')).toHaveLength(1);

    // The refund job (a minute later) finds the refund made under our key, and makes none.
    t.clock.advance(2 * 60_000);
    await t.app.jobs.runDueJobs();
    expect((await paymentsOf(orderId))[0]).toMatchObject({ refund_status: 'refunded' });
    expect(double.refundsOf(charge?.uid ?? '')).toHaveLength(1);
    expect(double.requests.filter((r) => r.path === 'Transactions/RefundByTransactionUID')).toHaveLength(1);
  });

  it('refunds a paid ad a moderator refused before it went live, once, through PayPlus, whoever presses twice', async () => {
    const admin = await staffAgent(t, 'admin');
    const { rules, words } = (await admin.get('/api/operator/moderation/rules')).json();
    await admin.post('/api/operator/moderation/rules', {
      rules: { ...rules, categories: [{ cat: 1, subcat: null }] },
      words,
    });
    try {
      const orderId = await newDraft();
      await pay(await startCard(orderId));
      expect(await adStatus(orderId)).toBe('pending');
      const moderator = await staffAgent(t, 'moderator');
      const queue = (await moderator.get('/api/operator/moderation/queue')).json();
      const review = queue.items.find((i: { review: { adId: number } }) => i.review.adId === orderId)?.review;
      const url = `/api/operator/moderation/reviews/${review?.id}/reject`;
      const answers = await Promise.all([1, 2].map(() => moderator.post(url, { template: 'misleading', text: '' })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await adStatus(orderId)).toBe('rejected');
      const [payment] = await paymentsOf(orderId);
      expect(payment).toMatchObject({ status: 'paid', refund_status: 'refunded' });
      const charge = double.transactionsOf(payment?.public_id ?? '').find((x) => x.type === 'charge');
      expect(double.refundsOf(charge?.uid ?? '').map((r) => r.amount)).toEqual([VIP.amountAgorot / 100]);
    } finally {
      await admin.post('/api/operator/moderation/rules', { rules, words });
    }
  });

  it('refunds part of a paid ad from the finance console through PayPlus, once per form, never beyond the charge', async () => {
    const orderId = await newDraft();
    await pay(await startCard(orderId));
    const [payment] = await paymentsOf(orderId);
    const finance = await staffAgent(t, 'finance');
    const refund = (amountAgorot: number, idempotencyKey: string) =>
      finance.post(`/api/operator/payments/${payment?.public_id}/refund`, {
        amountAgorot,
        reason: 'פיצוי על תקלה באתר',
        idempotencyKey,
      });
    const first = await refund(1_000, 'pp-form-key-0001');
    expect(first.json().refund, first.body).toMatchObject({ amountAgorot: 1_000, status: 'refunded' });
    // The same form again: the same refund, not a second one at PayPlus.
    expect((await refund(1_000, 'pp-form-key-0001')).json().refund).toEqual(first.json().refund);
    const rest = await refund(VIP.amountAgorot - 1_000, 'pp-form-key-0002');
    expect(rest.json().refund, rest.body).toMatchObject({ status: 'refunded' });
    const charge = double.transactionsOf(payment?.public_id ?? '').find((x) => x.type === 'charge');
    expect(double.refundsOf(charge?.uid ?? '').map((r) => r.amount)).toEqual([10, (VIP.amountAgorot - 1_000) / 100]);
    expect((await refund(100, 'pp-form-key-0003')).statusCode).toBe(409);
  });

  it('answers in Hebrew when PayPlus is down, and loses nothing: the same press opens the page once it is back', async () => {
    const orderId = await newDraft();
    const body = startBody(orderId);
    double.mode = 'down';
    const down = await owner.post('/api/publish/finish-page', body);
    double.mode = 'ok';
    expect(down.statusCode).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(down.json())).toMatch(/[\u0590-\u05FF]/);
    expect(hePay).toBeDefined();
    const again = await owner.post('/api/publish/finish-page', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });
});

describe('a saved card', () => {
  it('is checked and kept by a page that charges nothing, and charged later once, whatever the retries', async () => {
    const provider = new PayPlusPaymentProvider({
      PAYPLUS_API_KEY: PAYPLUS_TEST_KEYS.apiKey,
      PAYPLUS_SECRET_KEY: PAYPLUS_TEST_KEYS.secretKey,
      PAYPLUS_PAYMENT_PAGE_UID: PAYPLUS_TEST_KEYS.pageUid,
      PAYPLUS_TERMINAL_UID: PAYPLUS_TEST_KEYS.terminalUid,
      PAYPLUS_CASHIER_UID: PAYPLUS_TEST_KEYS.cashierUid,
      PAYPLUS_API_BASE: double.apiBase,
      timeoutMs: 5_000,
    });
    const session = await provider.createSession({
      merchantRef: 'pay_trialweek000001',
      // EasyStart's free week: nothing charged now, the card checked (J2) and kept.
      amountAgorot: 0,
      description: 'אימות כרטיס',
      successUrl: 'https://www.example.co.il/api/payments/success',
      failureUrl: 'https://www.example.co.il/api/payments/failure',
      notifyUrl: 'https://www.example.co.il/api/payments/notify',
      idempotencyKey: 'pay_trialweek000001',
      channel: 'creditCard',
      saveCard: true,
    });
    await fetch(session.hostedUrl, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        method: 'credit-card',
        card: PAYPLUS_TEST_CARDS.approved,
        expiry: '12/30',
        cvv: '123',
      }),
    });
    expect(double.requests.filter((r) => r.path === 'PaymentPages/generateLink').at(-1)?.body).toMatchObject({
      charge_method: 0,
      amount: 0,
      create_token: true,
    });
    const result = await provider.getResult(session.sessionId);
    expect(result).toMatchObject({
      status: 'paid',
      amountAgorot: 0,
      savedCard: { last4: '0000', token: expect.any(String) },
    });
    const card = result.savedCard;
    if (!card) throw new Error('no saved card');
    const charge = {
      card,
      amountAgorot: 4_900,
      merchantRef: 'pay_trialcharge00001',
      description: 'שבוע VIP',
      idempotencyKey: 'pay_trialcharge00001',
    };
    const paid = await provider.chargeSavedCard(charge);
    expect(paid).toMatchObject({ status: 'paid', amountAgorot: 4_900 });
    // Again (a job retried after a crash): the charge made is the answer.
    expect(await provider.chargeSavedCard(charge)).toEqual(paid);
    expect(double.transactionsOf('pay_trialcharge00001')).toHaveLength(1);
    expect(double.requests.filter((r) => r.path === 'Transactions/Charge').at(-1)?.body).toMatchObject({
      use_token: true,
      token: card.token,
      amount: 49,
      terminal_uid: PAYPLUS_TEST_KEYS.terminalUid,
    });
  });
});

describe('a refund whose answer was lost', () => {
  it('is found again whatever case PayPlus spells its type in, so it is never made twice, and the types seen are logged', async () => {
    for (const spelling of ['Refund', 'REFUND']) {
      const seen: unknown[] = [];
      const provider = new PayPlusPaymentProvider(
        {
          PAYPLUS_API_KEY: PAYPLUS_TEST_KEYS.apiKey,
          PAYPLUS_SECRET_KEY: PAYPLUS_TEST_KEYS.secretKey,
          PAYPLUS_PAYMENT_PAGE_UID: PAYPLUS_TEST_KEYS.pageUid,
          PAYPLUS_API_BASE: double.apiBase,
          timeoutMs: 5_000,
        },
        undefined,
        { info: (obj) => void seen.push(obj) },
      );
      const ref = `pay_case${spelling}${newKey().replace(/\W/g, '')}`;
      const session = await provider.createSession({
        merchantRef: ref,
        amountAgorot: 4_900,
        description: 'מודעת VIP',
        successUrl: 'https://www.example.co.il/api/payments/success',
        failureUrl: 'https://www.example.co.il/api/payments/failure',
        notifyUrl: 'https://www.example.co.il/api/payments/notify',
        idempotencyKey: ref,
        channel: 'creditCard',
      });
      await pay(session.hostedUrl);
      double.refundTypeAs = spelling;
      const ask = { sessionId: session.sessionId, amountAgorot: 1_000, idempotencyKey: `${ref}-refund` };
      // PayPlus makes the refund, and its answer is lost on the way.
      double.loseAnswerOf = 'Transactions/RefundByTransactionUID';
      await expect(provider.refund(ask)).rejects.toThrow();
      const charge = double.transactionsOf(ref).find((x) => x.type === 'charge');
      expect(double.refundsOf(charge?.uid ?? '')).toHaveLength(1);
      // Asked again (the refund job, a second press): the refund made under our key is the answer.
      const again = await provider.refund(ask);
      expect(again, spelling).toEqual({ refundId: double.refundsOf(charge?.uid ?? '')[0]?.uid, amountAgorot: 1_000 });
      expect(double.refundsOf(charge?.uid ?? ''), spelling).toHaveLength(1);
      expect(seen.at(-1)).toEqual({
        provider: 'payplus',
        operation: 'refund-lookup',
        relatedTypes: [spelling],
        found: true,
      });
      // The log names no reference, amount or card.
      expect(JSON.stringify(seen)).not.toMatch(new RegExp(`${ref}|0000|"amount`));
    }
    double.refundTypeAs = 'refund';
  });
});

describe('PayPlus’s definition of its calls', () => {
  it('is enforced by the double: a misspelt, missing or mistyped field is refused as PayPlus refuses it', async () => {
    const call = (body: unknown) =>
      fetch(`${double.apiBase}/PaymentPages/generateLink`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-key': PAYPLUS_TEST_KEYS.apiKey,
          'secret-key': PAYPLUS_TEST_KEYS.secretKey,
        },
        body: JSON.stringify(body),
      });
    const good = {
      payment_page_uid: PAYPLUS_TEST_KEYS.pageUid,
      amount: 49.9,
      currency_code: 'ILS',
      sendEmailApproval: false,
      sendEmailFailure: false,
      refURL_success: 'https://www.example.co.il/ok',
      refURL_failure: 'https://www.example.co.il/no',
    };
    expect((await call(good)).status).toBe(200);
    expect((await call({ ...good, refUrl_callback: 'https://x.example' })).status).toBe(422);
    const { amount: _amount, ...noAmount } = good;
    expect((await call(noAmount)).status).toBe(422);
    expect((await call({ ...good, amount: '49.90' })).status).toBe(422);
    expect((await call({ ...good, amount: 49.999 })).status).toBe(422);
    const wrongKey = await fetch(`${double.apiBase}/PaymentPages/generateLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': 'x', 'secret-key': 'y' },
      body: JSON.stringify(good),
    });
    expect(wrongKey.status).toBe(401);
  });
});

describe('choosing PayPlus', () => {
  it('stops a start that names PayPlus without its keys, naming them', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'payplus' })).toThrow(
      /PAYMENT_PROVIDER=payplus needs PAYPLUS_API_KEY, PAYPLUS_SECRET_KEY, PAYPLUS_PAYMENT_PAGE_UID/,
    );
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'payplus', PAYPLUS_API_KEY: 'k'.repeat(12), PAYPLUS_SECRET_KEY: 's'.repeat(12) }),
    ).toThrow(/needs PAYPLUS_PAYMENT_PAGE_UID$/m);
  });

  it('counts as a real provider where REQUIRE_REAL_PROVIDERS refuses stand-ins', () => {
    const real = { ...payplusSettingsFor(double), REQUIRE_REAL_PROVIDERS: 'true' };
    expect(() => loadConfig(real)).toThrow(
      /stand-ins: MAIL_PROVIDER=sandbox, SMS_PROVIDER=sandbox, VEHICLE_REGISTRY=sample$/m,
    );
  });
});
