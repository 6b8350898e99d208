/**
 * A paid ad a moderator refuses before it was ever on the board gets its money back: the refusal refunds its track
 * (and what was bought for it while it waited) in full, through the provider's refund call, exactly once (two
 * moderators refusing at the same moment make one refund), with its audit entry; the payment says so, the refusal's
 * e-mail, /my-ads and the finish page tell the owner, and the ad is back before its plan (edited, it waits for a
 * moderator, then for its plan step and a new payment). A live ad refused for its edit keeps what it used. A refund
 * the provider does not confirm stays pending for the refund job and in finance's list, and is never made twice.
 * The sandbox provider runs for real (its API over HTTP, its card page through inject, its notifications as jobs).
 */
import { upgradePackagesFor } from '@app/catalog/packages';
import { findTrack } from '@app/catalog/tracks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shekels } from '../src/i18n/money.ts';
import type { StaffRole } from '../src/operator/staff-repository.ts';
import { AUTO_BUMP_HASH, autoBumpFor } from '../src/plans/charges.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { setSandboxSwitch, submitCard } from './support/payment-sandbox.ts';
import { staffAgent as sharedStaffAgent } from './support/staff.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const PRICE = VIP?.amountAgorot ?? 0;
const PREMIUM = upgradePackagesFor(1).find((p) => p.adType === 'Premium');

let t: TestApp;
let owner: Agent;
let ownerEmail: string;
let contact: ContactValues;
let keys = 0;
const newKey = () => `refusal-${Date.now().toString(36)}-${++keys}`;
const staffAgent = (role: StaffRole) => sharedStaffAgent(t, role);

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_START_HOURLY_LIMIT: '1000', PAYMENT_API_KEY: 'payment-api-key-of-the-refusal-test' },
    { listenPayments: true },
  );
  owner = new Agent(t.app, '10.83.0.1');
  const registered = await registerWithPhone(t, owner);
  ownerEmail = registered.email;
  contact = registered.contact;
  // Every car waits for a moderator when it goes live.
  const admin = await staffAgent('admin');
  const { rules, words } = (await admin.get('/api/operator/moderation/rules')).json();
  const saved = await admin.post('/api/operator/moderation/rules', {
    rules: { ...rules, categories: [{ cat: 1, subcat: null }] },
    words,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Pays at the sandbox's card page (a good card) and lets its notification arrive: the payment's public id. */
async function pay(start: { statusCode: number; body: string; json(): Record<string, unknown> }): Promise<string> {
  expect(start.statusCode, start.body).toBe(200);
  const data = start.json() as { merchantPaymentUrl?: string; data?: { iframe: string } };
  const url = data.merchantPaymentUrl ?? data.data?.iframe ?? '';
  expect((await submitCard(t, url)).statusCode).toBe(303);
  await t.app.jobs.runDueJobs();
  const [row] = await t.db.query<{ public_id: string; status: string }>(
    'SELECT public_id, status FROM payments WHERE provider_session_id = $1',
    [new URL(url).pathname.split('/')[2]],
  );
  expect(row?.status).toBe('paid');
  return row?.public_id ?? '';
}

/** A car saved and paid on the VIP track: it waits for review. Its number and its payment's public id. */
async function paidCarInReview(): Promise<{ orderId: number; publicId: string }> {
  const saved = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact });
  const orderId = saved.json().orderID as number;
  const publicId = await pay(
    await owner.post('/api/publish/finish-page', {
      CatID: 1,
      SubCatID: 1,
      OrderID: orderId,
      RecordID: orderId,
      pt_hash: VIP?.hash,
      idempotencyKey: newKey(),
    }),
  );
  expect(await adStatus(orderId)).toBe('pending');
  return { orderId, publicId };
}

const adStatus = async (id: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]))[0]?.status;

async function openCase(moderator: Agent, adId: number): Promise<{ id: number; stage: string; heldAs: string }> {
  const items = (await moderator.get('/api/operator/moderation/queue')).json().items as {
    review: { id: number; adId: number; stage: string; heldAs: string; reasons: { kind: string }[] };
  }[];
  const found = items.find((i) => i.review.adId === adId);
  if (!found) throw new Error(`ad ${adId} is not in the queue`);
  return found.review;
}

const reject = (moderator: Agent, reviewId: number) =>
  moderator.post(`/api/operator/moderation/reviews/${reviewId}/reject`, { template: 'misleading', text: '' });

interface PaymentState {
  status: string;
  fulfilment: string | null;
  fulfilment_reason: string | null;
  refund_status: string | null;
  refunded_agorot: number | null;
}
async function paymentOf(publicId: string): Promise<PaymentState> {
  const [row] = await t.db.query<PaymentState>(
    `SELECT status, fulfilment, fulfilment_reason, refund_status, refunded_agorot FROM payments WHERE public_id = $1`,
    [publicId],
  );
  if (!row) throw new Error(`no payment ${publicId}`);
  return { ...row, refunded_agorot: row.refunded_agorot === null ? null : Number(row.refunded_agorot) };
}

/** What the provider refunded of the payment's session, in agorot, one entry per refund. */
const providerRefunds = async (publicId: string) =>
  (
    await t.db.query<{ amount_agorot: number }>(
      `SELECT r.amount_agorot FROM sandbox_payment_refunds r JOIN payments p ON p.provider_session_id = r.session_id
       WHERE p.public_id = $1 ORDER BY r.created_at`,
      [publicId],
    )
  ).map((r) => Number(r.amount_agorot));

const refundAudits = (publicId: string) =>
  t.db.query<{ staff_id: string; detail: { amountAgorot: number; reason: string; adId: number } }>(
    "SELECT staff_id, detail FROM staff_audit WHERE action = 'payment.refunded' AND target_id = $1",
    [publicId],
  );

const myAd = async (orderId: number) =>
  (await owner.get('/api/my-ads')).json().ads.find((a: { OrderID: number }) => a.OrderID === orderId);

const refusalMail = async (orderId: number) =>
  (
    await t.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox_emails WHERE lower(to_address) = lower($1) AND subject = $2 ORDER BY id',
      [ownerEmail, `המודעה שלך (מס' ${orderId}) לא אושרה לפרסום`],
    )
  ).map((m) => m.body_text);

const attention = async (
  finance: Agent,
): Promise<{ publicId: string; refundStatus: string | null; refundedAgorot: number }[]> =>
  (await finance.get('/api/operator/payments')).json().attention;

describe('refusing a paid ad that was never on the board', () => {
  it('refunds its payment once, in full, when two moderators refuse it at the same moment; everyone is told', async () => {
    const { orderId, publicId } = await paidCarInReview();
    const [first, second] = [await staffAgent('moderator'), await staffAgent('moderator')];
    const review = await openCase(first, orderId);
    expect(review).toMatchObject({ stage: 'plan', heldAs: 'pending' });

    const answers = await Promise.all([reject(first, review.id), reject(second, review.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await adStatus(orderId)).toBe('rejected');

    // One refund at the provider, of the whole charge; the payment says why and that it is refunded.
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
    expect(await paymentOf(publicId)).toEqual({
      status: 'paid',
      fulfilment: 'refund_due',
      fulfilment_reason: 'ad_rejected',
      refund_status: 'refunded',
      refunded_agorot: PRICE,
    });
    // Its audit entry: the moderator who refused, the amount, why.
    const audits = await refundAudits(publicId);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.detail).toMatchObject({
      amountAgorot: PRICE,
      reason: 'החזר אוטומטי: המודעה נדחתה לפני שעלתה לאתר',
      adId: orderId,
    });
    const [decided] = await t.db.query<{ decided_by: string }>('SELECT decided_by FROM ad_reviews WHERE id = $1', [
      review.id,
    ]);
    expect(audits[0]?.staff_id).toBe(decided?.decided_by);

    // The owner is told: one e-mail, which says the money was refunded and what follows an edit.
    const mails = await refusalMail(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(
      `המודעה לא עלתה לאתר, ולכן החזרנו את התשלום עליה, ${shekels(PRICE)}, לאמצעי התשלום שבו שילמת.`,
    );
    expect(mails[0]).toContain('אחרי שנאשר אותה אפשר יהיה לבחור לה מסלול ולפרסם אותה.');
    expect(await myAd(orderId)).toMatchObject({
      status: 'rejected',
      rejection: { reason: expect.any(String) },
      refund: { status: 'refunded', agorot: PRICE, reason: 'adRejected' },
      // Its plan was given back with the money: no track, no days.
      adType: null,
      endsAt: null,
      daysLeft: null,
    });
    const page = (await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`)).json();
    expect(page).toMatchObject({
      state: 'rejected',
      refund: { status: 'refunded', agorot: PRICE, reason: 'adRejected' },
    });

    // Nothing is left for finance, and the refund job, later, refunds nothing again.
    const finance = await staffAgent('finance');
    expect((await attention(finance)).some((p) => p.publicId === publicId)).toBe(false);
    t.clock.advance(2 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
    expect(await refundAudits(publicId)).toHaveLength(1);
  });

  it('refunds the upgrade and auto-bump week bought while it waited with the track; the edit waits for review, then for a new payment', async () => {
    const { orderId, publicId } = await paidCarInReview();
    const buy = async (path: string, packageHash: string | undefined) =>
      pay(await owner.post(path, { packageHash, channel: 'creditCard', idempotencyKey: newKey() }));
    const upgrade = await buy(`/gateway/packages/personal/pay/${orderId}`, PREMIUM?.hash);
    const week = await buy(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${orderId}`, AUTO_BUMP_HASH);
    const weekPrice = autoBumpFor(1).amountAgorot;
    let moderator = await staffAgent('moderator');
    expect((await reject(moderator, (await openCase(moderator, orderId)).id)).statusCode).toBe(200);
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
    expect(await providerRefunds(upgrade)).toEqual([PREMIUM?.amountAgorot]);
    expect(await providerRefunds(week)).toEqual([weekPrice]);
    for (const bought of [upgrade, week])
      expect(await paymentOf(bought)).toMatchObject({ fulfilment_reason: 'ad_rejected', refund_status: 'refunded' });
    // The week stops at once, its bumps to come cancelled: the next slot's time changes nothing.
    const bumps = () =>
      t.db.query(
        `SELECT 1 FROM scheduled_jobs j JOIN auto_bump_weeks w ON j.dedupe_key LIKE w.id || ':%'
         WHERE j.kind = 'ads.auto-bump' AND j.status = 'pending' AND w.ad_id = $1`,
        [orderId],
      );
    expect(await bumps()).toEqual([]);
    t.clock.advance(5 * 60 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(await paymentOf(week)).toMatchObject({ fulfilment_reason: 'ad_rejected', refund_status: 'refunded' });
    const total = PRICE + (PREMIUM?.amountAgorot ?? 0) + weekPrice;
    expect((await myAd(orderId)).refund).toEqual({ status: 'refunded', agorot: total, reason: 'adRejected' });
    expect((await refusalMail(orderId))[0]).toContain(`החזרנו את התשלום עליה, ${shekels(total)}, `);
    // The console's session ended while the hours passed.
    moderator = await staffAgent('moderator');

    // Edited, it waits for a moderator as an ad before its plan, and its finish page says it was sent again.
    const edited = await owner.post(`/api/publish/save-ad/${orderId}`, {
      ...validCarAd(),
      ...contact,
      description: 'רכב משפחתי מרווח, התמונות והפרטים תואמים עכשיו את הרכב עצמו.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await adStatus(orderId)).toBe('blocked');
    const again = await openCase(moderator, orderId);
    expect(again).toMatchObject({ stage: 'save', heldAs: 'blocked' });
    const waiting = (await owner.get(`/api/publish/get-finish-page?OrderID=${orderId}`)).json();
    expect(waiting).toMatchObject({ state: 'blocked', title: 'המודעה נשלחה שוב לבדיקה' });
    expect(waiting.notice).toBeUndefined();
    // Approved, it goes to its plan step: the refunded payment publishes nothing, a new one is needed.
    const approved = await moderator.post(`/api/operator/moderation/reviews/${again.id}/approve`);
    expect(approved.json()).toMatchObject({ adStatus: 'draft' });
    const finish = await owner.post('/api/publish/finish-publish', {
      CatID: 1,
      SubCatID: 1,
      OrderID: orderId,
      RecordID: orderId,
      pt_hash: VIP?.hash,
    });
    expect(finish.json().errors?.orderType, finish.body).toBe(
      'המסלול שנבחר כרוך בתשלום. יש להשלים את התשלום כדי לפרסם את המודעה',
    );
    expect(await adStatus(orderId)).toBe('draft');
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
  });
});

describe('refusing a paid ad that staff had refunded part of', () => {
  it('refunds nothing more: the ad keeps its plan, and finance has the rest in its list', async () => {
    const { orderId, publicId } = await paidCarInReview();
    const finance = await staffAgent('finance');
    const part = await finance.post(`/api/operator/payments/${publicId}/refund`, {
      amountAgorot: 1000,
      reason: 'פיצוי על עיכוב בבדיקה',
      idempotencyKey: `part-${publicId}`,
    });
    expect(part.statusCode, part.body).toBe(200);
    const moderator = await staffAgent('moderator');
    expect((await reject(moderator, (await openCase(moderator, orderId)).id)).statusCode).toBe(200);

    expect(await providerRefunds(publicId)).toEqual([1000]);
    expect(await paymentOf(publicId)).toMatchObject({ fulfilment: 'done', refund_status: null });
    expect(await myAd(orderId)).toMatchObject({ status: 'rejected', refund: null, adType: VIP?.adType });
    expect((await refusalMail(orderId)).at(-1)).not.toContain('החזר');
    expect(await attention(finance)).toContainEqual(expect.objectContaining({ publicId, refundedAgorot: 1000 }));
  });
});

describe('refusing a live ad for its edit', () => {
  it('keeps what it used: nothing is refunded, and finance has nothing to do', async () => {
    const { orderId, publicId } = await paidCarInReview();
    const moderator = await staffAgent('moderator');
    await moderator.post(`/api/operator/moderation/reviews/${(await openCase(moderator, orderId)).id}/approve`);
    expect(await adStatus(orderId)).toBe('active');
    // Its edit brings a blocked word: it leaves the board for a moderator, who refuses it.
    const edited = await owner.post(`/api/publish/save-ad/${orderId}`, {
      ...validCarAd(),
      ...contact,
      description: 'רכב שמור מאוד, בתא המטען אקדח צעצוע של הילדים',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await owner.post(`/api/publish/${orderId}/order-edited`)).statusCode).toBe(200);
    expect(await adStatus(orderId)).toBe('blocked');
    const review = await openCase(moderator, orderId);
    expect(review.stage).toBe('edit');
    expect((await reject(moderator, review.id)).statusCode).toBe(200);

    expect(await providerRefunds(publicId)).toEqual([]);
    expect(await paymentOf(publicId)).toMatchObject({ fulfilment: 'done', refund_status: null });
    expect(await refundAudits(publicId)).toEqual([]);
    expect(await myAd(orderId)).toMatchObject({ status: 'rejected', refund: null, adType: VIP?.adType });
    expect((await refusalMail(orderId)).at(-1)).not.toContain('החזר');
    expect((await attention(await staffAgent('finance'))).some((p) => p.publicId === publicId)).toBe(false);
  });
});

describe('a refund the provider does not confirm', () => {
  it.each([
    ['its API is down', 'apiUnavailable', []],
    ['its answer is lost', 'loseRefundAnswers', [PRICE]],
  ] as const)('(%s) stays pending for the job and finance, and is made once', async (_, failure, madeAtOnce) => {
    const { orderId, publicId } = await paidCarInReview();
    const moderator = await staffAgent('moderator');
    const finance = await staffAgent('finance');
    const review = await openCase(moderator, orderId);
    expect((await setSandboxSwitch(t, failure, true)).statusCode).toBe(200);
    try {
      expect((await reject(moderator, review.id)).statusCode).toBe(200);
    } finally {
      await setSandboxSwitch(t, failure, false);
    }
    // Decided, not confirmed: pending, and every place says the refund is on its way.
    expect(await providerRefunds(publicId)).toEqual(madeAtOnce);
    expect(await paymentOf(publicId)).toMatchObject({ fulfilment_reason: 'ad_rejected', refund_status: 'pending' });
    expect((await refusalMail(orderId))[0]).toContain(`ולכן נחזיר את התשלום עליה, ${shekels(PRICE)}, `);
    expect((await myAd(orderId)).refund).toEqual({ status: 'pending', agorot: PRICE, reason: 'adRejected' });
    expect(await attention(finance)).toContainEqual(expect.objectContaining({ publicId, refundStatus: 'pending' }));
    // Staff cannot refund it a second time meanwhile.
    const byHand = await finance.post(`/api/operator/payments/${publicId}/refund`, {
      amountAgorot: PRICE,
      reason: 'החזר ידני',
      idempotencyKey: `by-hand-${publicId}`,
    });
    expect(byHand.statusCode).toBe(409);

    // The refund job, a minute later, with the same key: refunded, once.
    t.clock.advance(61_000);
    await t.app.jobs.runDueJobs();
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
    expect(await paymentOf(publicId)).toMatchObject({ refund_status: 'refunded', refunded_agorot: PRICE });
    expect((await myAd(orderId)).refund).toEqual({ status: 'refunded', agorot: PRICE, reason: 'adRejected' });
    expect((await attention(finance)).some((p) => p.publicId === publicId)).toBe(false);
    t.clock.advance(10 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
    expect(await refundAudits(publicId)).toHaveLength(1);
  });
});
