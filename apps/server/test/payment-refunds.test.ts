/**
 * Never charged for nothing: an ad finished another way (the free track) cancels its open payment sessions at the
 * provider before answering, so their pages take no card; a payment that still succeeds in the race is refunded
 * automatically through the provider's refund call, exactly once (a DB transition plus the provider's idempotency
 * key, retried by the 'payments.refund' job after a lost answer), and the finish page and /my-ads say so. The
 * sandbox provider runs for real (its API over HTTP, its card page through inject, its notifications as jobs).
 */
import { findTrack } from '@app/catalog/tracks';
import type { PaymentSandboxSwitch } from '@app/contract/paymentSandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { setSandboxSwitch, submitCard } from './support/payment-sandbox.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const FREE = findTrack({ cat: 1, subcat: 1 }, 'c1-free');
const ROUNDS = 8;
const API_KEY = 'payment-api-key-of-the-refund-test';

let t: TestApp;
let owner: Agent;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_START_HOURLY_LIMIT: '1000', PAYMENT_API_KEY: API_KEY }, { listenPayments: true });
  owner = new Agent(t.app, '10.42.0.1');
  await registerWithPhone(t, owner);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function newDraft(): Promise<number> {
  const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
  expect(res.json().orderID, res.body).toBeGreaterThan(0);
  return res.json().orderID;
}

const adBody = (orderId: number) => ({ CatID: 1, SubCatID: 1, OrderID: orderId, RecordID: orderId });

async function startVip(orderId: number): Promise<string> {
  const res = await owner.post('/api/publish/finish-page', {
    ...adBody(orderId),
    pt_hash: VIP?.hash,
    idempotencyKey: `refund-race-${Date.now().toString(36)}-${++keys}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().merchantPaymentUrl;
}

const finishFree = (orderId: number) =>
  owner.post('/api/publish/finish-publish', { ...adBody(orderId), pt_hash: FREE?.hash });

interface Outcome {
  adType: string | null;
  adStatus: string;
  payment: { status: string; fulfilment: string | null; refund_status: string | null; refunded_agorot: number | null };
  session: { status: string; refunded_agorot: number; amount_agorot: number };
  refunds: { amount_agorot: number }[];
  finishRefund: unknown;
  finishPaid: { paidStep: boolean; paidAgorot: unknown; gtm: unknown };
  myAdsRefund: unknown;
}

async function outcomeOf(orderId: number): Promise<Outcome> {
  const [ad] = await t.db.query<{ ad_type: string | null; status: string }>(
    'SELECT ad_type, status FROM ads WHERE id = $1',
    [orderId],
  );
  const [payment] = await t.db.query<Outcome['payment'] & { provider_session_id: string }>(
    `SELECT status, fulfilment, refund_status, refunded_agorot, provider_session_id FROM payments WHERE ad_id = $1`,
    [orderId],
  );
  const [session] = await t.db.query<Outcome['session']>(
    'SELECT status, refunded_agorot, amount_agorot FROM sandbox_payment_sessions WHERE id = $1',
    [payment?.provider_session_id],
  );
  const refunds = await t.db.query<{ amount_agorot: number }>(
    'SELECT amount_agorot FROM sandbox_payment_refunds WHERE session_id = $1',
    [payment?.provider_session_id],
  );
  const page = await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`);
  const mine = (await owner.get('/api/my-ads')).json().ads.find((a: { OrderID: number }) => a.OrderID === orderId);
  if (!ad || !payment || !session) throw new Error(`no ad, payment or session for ${orderId}`);
  return {
    adType: ad.ad_type,
    adStatus: ad.status,
    payment: {
      status: payment.status,
      fulfilment: payment.fulfilment,
      refund_status: payment.refund_status,
      refunded_agorot: payment.refunded_agorot === null ? null : Number(payment.refunded_agorot),
    },
    session: {
      ...session,
      refunded_agorot: Number(session.refunded_agorot),
      amount_agorot: Number(session.amount_agorot),
    },
    refunds: refunds.map((r) => ({ amount_agorot: Number(r.amount_agorot) })),
    finishRefund: page.json().refund ?? null,
    finishPaid: {
      paidStep: page.json().timeline.some((e: { step: string }) => e.step === 'paid'),
      paidAgorot: page.json().paidAgorot,
      gtm: page.json().addGtmForPayedOrder,
    },
    myAdsRefund: mine?.refund ?? null,
  };
}

const charged = { amount_agorot: VIP?.amountAgorot ?? -1 };

/** The ad is Free and the VIP charge was given back exactly once, in full, and both pages say "refunded". */
function expectFreeAndRefunded(o: Outcome): void {
  expect(o.adType).toBe(FREE?.adType);
  expect(o.payment).toMatchObject({ status: 'paid', fulfilment: 'refund_due', refund_status: 'refunded' });
  expect(o.payment.refunded_agorot).toBe(VIP?.amountAgorot);
  expect(o.refunds).toEqual([charged]);
  expect(o.session).toMatchObject({ status: 'paid', refunded_agorot: VIP?.amountAgorot });
  expect(o.finishRefund).toEqual({ status: 'refunded', agorot: VIP?.amountAgorot, reason: 'notDelivered' });
  // Not the ad's payment: no 'paid' step, no paid amount, no purchase event.
  expect(o.finishPaid).toEqual({ paidStep: false, paidAgorot: undefined, gtm: false });
  expect(o.myAdsRefund).toEqual({ status: 'refunded', agorot: VIP?.amountAgorot, reason: 'notDelivered' });
}

/** The ad is Free and nothing was charged: the open session was cancelled at the provider before the card came. */
function expectFreeAndCancelled(o: Outcome): void {
  expect(o.adType).toBe(FREE?.adType);
  expect(o.session.status).toBe('cancelled');
  expect(o.payment.status).toBe('cancelled');
  expect(o.refunds).toEqual([]);
  expect(o.finishRefund).toBeNull();
  expect(o.myAdsRefund).toBeNull();
}

describe('an ad finished on the free track while its VIP card page is open', () => {
  it('cancels the session at the provider before answering: the card page takes no card, nothing is charged', async () => {
    const orderId = await newDraft();
    const url = await startVip(orderId);
    const finished = await finishFree(orderId);
    expect(finished.json().redirect, finished.body).toContain('/finishArea');
    const card = await submitCard(t, url);
    // The page says the session is over (on to the failure return), and charges nothing.
    expect(card.statusCode).toBe(303);
    expect(String(card.headers.location)).toContain('/api/payments/failure?');
    await t.app.jobs.runDueJobs();
    expectFreeAndCancelled(await outcomeOf(orderId));
  });

  it('a card charged before the free finish is refunded before the finish answers, once, in full', async () => {
    const orderId = await newDraft();
    expect((await submitCard(t, await startVip(orderId))).statusCode).toBe(303);
    // The success notification has not run yet: the finish finds the session paid at the provider.
    const finished = await finishFree(orderId);
    expect(finished.json().redirect, finished.body).toContain('/finishArea');
    expectFreeAndRefunded(await outcomeOf(orderId));
    // The notification that follows changes nothing, and no job refunds again.
    t.clock.advance(5 * 60_000);
    await t.app.jobs.runDueJobs();
    expectFreeAndRefunded(await outcomeOf(orderId));
  });

  it('a success notification processed before the free finish: the VIP paid for, nothing refunded', async () => {
    const orderId = await newDraft();
    expect((await submitCard(t, await startVip(orderId))).statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    // The ad is finished already: the free finish answers as the finish did, and changes nothing.
    const finished = await finishFree(orderId);
    expect(finished.json().redirect, finished.body).toContain('/finishArea');
    const o = await outcomeOf(orderId);
    expect(o.adType).toBe(VIP?.adType);
    expect(o.payment).toMatchObject({ status: 'paid', fulfilment: 'done', refund_status: null });
    expect([o.refunds, o.finishRefund, o.myAdsRefund]).toEqual([[], null, null]);
  });

  it.each(['finish first', 'card first'])(
    'free finish and the card submission in parallel (%s): Free, and either cancelled or refunded once',
    async (order) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const orderId = await newDraft();
        const url = await startVip(orderId);
        const calls = [() => finishFree(orderId), () => submitCard(t, url)];
        if (order === 'card first') calls.reverse();
        await Promise.all(calls.map((c) => c()));
        await t.app.jobs.runDueJobs();
        const o = await outcomeOf(orderId);
        if (o.session.status === 'cancelled') expectFreeAndCancelled(o);
        else expectFreeAndRefunded(o);
      }
    },
  );

  it.each(['finish first', 'notification first'])(
    'free finish and the success notification in parallel (%s): never charged for nothing',
    async (order) => {
      const endings: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const orderId = await newDraft();
        expect((await submitCard(t, await startVip(orderId))).statusCode).toBe(303);
        const calls = [() => finishFree(orderId), () => t.app.jobs.runDueJobs()];
        if (order === 'notification first') calls.reverse();
        const [a, b] = await Promise.all(calls.map((c) => c()));
        const finished = order === 'finish first' ? a : b;
        expect((finished as { json(): { redirect?: string } }).json().redirect).toContain('/finishArea');
        await t.app.jobs.runDueJobs();
        const o = await outcomeOf(orderId);
        if (o.adType === FREE?.adType) {
          // The free finish came first: the charge is refunded, once, in full.
          expectFreeAndRefunded(o);
          endings.push('free');
        } else {
          // The notification came first: the ad is the VIP it was paid for, and nothing is refunded.
          expect(o.adType).toBe(VIP?.adType);
          expect(o.payment).toMatchObject({ status: 'paid', fulfilment: 'done', refund_status: null });
          expect(o.refunds).toEqual([]);
          expect(o.finishRefund).toBeNull();
          endings.push('vip');
        }
      }
      expect(endings).toHaveLength(ROUNDS);
    },
  );
});

describe('the refund is exactly once, whatever fails between the provider and our database', () => {
  const sandboxApi = (path: string, body: object) =>
    fetch(`${t.paymentUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${API_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  const setSwitch = (name: PaymentSandboxSwitch, enabled: boolean) => setSandboxSwitch(t, name, enabled);

  it('a refund whose answer is lost stays pending, says so, and the job finishes it with the same key', async () => {
    const orderId = await newDraft();
    expect((await submitCard(t, await startVip(orderId))).statusCode).toBe(303);
    expect((await setSwitch('loseRefundAnswers', true)).statusCode).toBe(200);
    try {
      await finishFree(orderId);
    } finally {
      await setSwitch('loseRefundAnswers', false);
    }
    // The provider refunded; we did not hear it: pending, and the pages say the refund is on its way.
    const lost = await outcomeOf(orderId);
    expect(lost.refunds).toEqual([charged]);
    expect(lost.payment.refund_status).toBe('pending');
    expect(lost.finishRefund).toEqual({ status: 'pending', agorot: VIP?.amountAgorot, reason: 'notDelivered' });
    expect(lost.myAdsRefund).toEqual({ status: 'pending', agorot: VIP?.amountAgorot, reason: 'notDelivered' });
    // The job asks again with the same key: the provider answers the refund it made, and makes no second one.
    t.clock.advance(61_000);
    await t.app.jobs.runDueJobs();
    expectFreeAndRefunded(await outcomeOf(orderId));
  });

  it('the provider refuses refunding more than was charged, twice, or an unpaid session', async () => {
    const orderId = await newDraft();
    expect((await submitCard(t, await startVip(orderId))).statusCode).toBe(303);
    await finishFree(orderId);
    expectFreeAndRefunded(await outcomeOf(orderId));
    const [payment] = await t.db.query<{ provider_session_id: string; refund_key: string }>(
      'SELECT provider_session_id, refund_key FROM payments WHERE ad_id = $1',
      [orderId],
    );
    const sessionId = payment?.provider_session_id;
    const amount = VIP?.amountAgorot ?? 0;
    const again = await sandboxApi('/v1/refunds', { sessionId, amountAgorot: amount, idempotencyKey: 'another-key-1' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe('exceeds_charge');
    const sameKey = await sandboxApi('/v1/refunds', {
      sessionId,
      amountAgorot: 1,
      idempotencyKey: payment?.refund_key,
    });
    expect(((await sameKey.json()) as { error: string }).error).toBe('idempotency_key_reused');
    const replay = await sandboxApi('/v1/refunds', {
      sessionId,
      amountAgorot: amount,
      idempotencyKey: payment?.refund_key,
    });
    expect(replay.status).toBe(200);
    const open = await startVip(await newDraft());
    const [unpaid] = await t.db.query<{ id: string }>('SELECT id FROM sandbox_payment_sessions WHERE id = $1', [
      new URL(open).pathname.split('/')[2],
    ]);
    const notPaid = await sandboxApi('/v1/refunds', {
      sessionId: unpaid?.id,
      amountAgorot: 100,
      idempotencyKey: 'unpaid-key-1',
    });
    expect(((await notPaid.json()) as { error: string }).error).toBe('not_paid');
    expectFreeAndRefunded(await outcomeOf(orderId));

    // The admin view lists the refund and the session's refunded amount.
    const headers = { 'x-sandbox-key': t.sandboxKey };
    const refunds = (await t.app.inject({ url: '/api/sandbox/payments/refunds', headers })).json().refunds;
    expect(refunds.filter((r: { sessionId: string }) => r.sessionId === sessionId)).toEqual([
      expect.objectContaining({ amountAgorot: amount, idempotencyKey: payment?.refund_key }),
    ]);
    const sessions = (await t.app.inject({ url: '/api/sandbox/payments/sessions', headers })).json().sessions;
    expect(sessions.find((s: { id: string }) => s.id === sessionId)).toMatchObject({ refundedAgorot: amount });
  });
});
