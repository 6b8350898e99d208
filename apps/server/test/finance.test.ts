/**
 * Finance in the operator console: the payments by filters (those needing a hand first), a refund in full or in
 * part through the payment provider (the sandbox runs for real), once under a double press and once when two staff
 * refund at the same time, never more than was paid; and the day's totals by provider and by track.
 */
import { findTrack } from '@app/catalog/tracks';
import { PaymentItemSchema } from '@app/contract/schemas/finance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../src/operator/staff-repository.ts';
import { israelDayOf } from '../src/platform/israel-day.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { submitCard } from './support/payment-sandbox.ts';
import { staffAgent as sharedStaffAgent } from './support/staff.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const PRICE = VIP?.amountAgorot ?? 0;

let t: TestApp;
let owner: Agent;
let ownerEmail: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_START_HOURLY_LIMIT: '1000', PAYMENT_API_KEY: 'payment-api-key-of-the-finance-test' },
    { listenPayments: true },
  );
  owner = new Agent(t.app, '10.81.0.1');
  ownerEmail = (await registerWithPhone(t, owner)).email;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const staffAgent = (role: StaffRole) => sharedStaffAgent(t, role);

/** A car paid on the VIP track with a good card at the sandbox's page: the ad and its payment's public id. */
async function paidVip(): Promise<{ orderId: number; publicId: string }> {
  const saved = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
  const orderId = saved.json().orderID as number;
  const start = await owner.post('/api/publish/finish-page', {
    CatID: 1,
    SubCatID: 1,
    OrderID: orderId,
    RecordID: orderId,
    pt_hash: VIP?.hash,
    idempotencyKey: `finance-${++keys}-${Date.now().toString(36)}`,
  });
  expect((await submitCard(t, start.json().merchantPaymentUrl)).statusCode).toBe(303);
  await t.app.jobs.runDueJobs();
  const [row] = await t.db.query<{ public_id: string; status: string }>(
    'SELECT public_id, status FROM payments WHERE ad_id = $1',
    [orderId],
  );
  expect(row?.status).toBe('paid');
  return { orderId, publicId: row?.public_id ?? '' };
}

const providerRefunds = async (publicId: string) =>
  (
    await t.db.query<{ amount_agorot: number }>(
      `SELECT r.amount_agorot FROM sandbox_payment_refunds r JOIN payments p ON p.provider_session_id = r.session_id
       WHERE p.public_id = $1 ORDER BY r.created_at`,
      [publicId],
    )
  ).map((r) => Number(r.amount_agorot));

describe('the payments list', () => {
  it('filters by status, ad, customer and day; a paid ad refused before it went live, not refunded, needs a hand first', async () => {
    const finance = await staffAgent('finance');
    const { orderId, publicId } = await paidVip();
    const list = async (query: string) => {
      const res = await finance.get(`/api/operator/payments${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await list(`?ad=${orderId}`)).items.map((p: { publicId: string }) => p.publicId)).toEqual([publicId]);
    expect((await list(`?status=paid&customer=${encodeURIComponent(ownerEmail.slice(0, 8))}`)).items).toContainEqual(
      expect.objectContaining({ publicId, amountAgorot: PRICE, refundedAgorot: 0, adStatus: 'active' }),
    );
    const today = israelDayOf(t.clock.now());
    expect((await list(`?from=${today}&to=${today}&ad=${orderId}`)).items).toHaveLength(1);
    expect((await list('?status=failed')).items.some((p: { publicId: string }) => p.publicId === publicId)).toBe(false);
    for (const bad of ['?status=stolen', '?ad=abc', '?from=2026-02-30', '?after=x'])
      expect((await finance.get(`/api/operator/payments${bad}`)).statusCode, bad).toBe(400);

    const listed = async () => (await list('')).attention.some((p: { publicId: string }) => p.publicId === publicId);
    expect(await listed()).toBe(false);
    // Refused for a live ad's edit: it keeps what it used, nothing to do.
    const refused = async (stage: 'edit' | 'plan') => {
      await t.db.query("UPDATE ads SET status = 'rejected' WHERE id = $1", [orderId]);
      await t.db.query(
        `INSERT INTO ad_reviews (ad_id, held_as, stage, reasons, queued_at, decision, decided_at)
         VALUES ($1, 'pending', $2, '[]'::jsonb, $3, 'rejected', $3)`,
        [orderId, stage, t.clock.now()],
      );
    };
    await refused('edit');
    expect(await listed()).toBe(false);
    // Refused before it was ever on the board with its payment kept (the refusal refunds it itself unless staff
    // had refunded part of it): listed first, until it is refunded.
    await refused('plan');
    expect((await list('')).attention).toContainEqual(expect.objectContaining({ publicId, adStatus: 'rejected' }));
  });
});

describe('a refund', () => {
  it('in part, then the rest; once under a double press; never more than was paid; audited', async () => {
    const finance = await staffAgent('finance');
    const { publicId } = await paidVip();
    const refund = (body: Record<string, unknown>) => finance.post(`/api/operator/payments/${publicId}/refund`, body);

    const noReason = await refund({ amountAgorot: 1000, reason: '', idempotencyKey: 'form-key-0001' });
    expect(noReason.json().errors).toEqual([{ fieldName: 'reason', msg: expect.stringMatching(/סיבת ההחזר/) }]);
    expect((await refund({ amountAgorot: -5, reason: 'x', idempotencyKey: 'form-key-0002' })).statusCode).toBe(400);
    expect((await refund({ amountAgorot: PRICE + 1, reason: 'x', idempotencyKey: 'form-key-0003' })).statusCode).toBe(
      409,
    );
    expect(await providerRefunds(publicId)).toEqual([]);

    // A double press of one form: one refund.
    const body = { amountAgorot: 1000, reason: 'פיצוי על תקלה באתר', idempotencyKey: `form-${publicId}-1` };
    const [a, b] = await Promise.all([refund(body), refund(body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund).toEqual(b.json().refund);
    expect(a.json().refund).toMatchObject({ amountAgorot: 1000, status: 'refunded' });
    expect(await providerRefunds(publicId)).toEqual([1000]);

    const detail = (await finance.get(`/api/operator/payments/${publicId}`)).json();
    expect(detail).toMatchObject({ refundableAgorot: PRICE - 1000, payment: { refundedAgorot: 1000 } });
    expect(detail.refunds).toEqual([expect.objectContaining({ amountAgorot: 1000, reason: 'פיצוי על תקלה באתר' })]);

    const [audit] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_audit WHERE action = 'payment.refunded' AND target_id = $1",
      [publicId],
    );
    expect(audit?.n).toBe(1);
  });

  it('two staff refunding the rest at the same time: one refund, the other told it is refunded', async () => {
    const [first, second] = [await staffAgent('finance'), await staffAgent('admin')];
    const { publicId } = await paidVip();
    const rest = (agent: Agent, key: string) =>
      agent.post(`/api/operator/payments/${publicId}/refund`, {
        amountAgorot: PRICE,
        reason: 'ביטול עסקה',
        idempotencyKey: key,
      });
    const answers = await Promise.all([rest(first, `a-${publicId}`), rest(second, `b-${publicId}`)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)?.json();
    expect(refused.errors[0].msg).toBe('התשלום כבר הוחזר במלואו');
    expect(await providerRefunds(publicId)).toEqual([PRICE]);
  });

  it('of a payment that was not paid, or unknown: refused, nothing sent', async () => {
    const finance = await staffAgent('finance');
    const body = { amountAgorot: 100, reason: 'בדיקה', idempotencyKey: 'form-key-unknown' };
    expect((await finance.post('/api/operator/payments/pay_nothing/refund', body)).statusCode).toBe(404);
    expect((await finance.get('/api/operator/payments/pay_nothing')).statusCode).toBe(404);
  });
});

describe("the day's totals", () => {
  it('sum what was paid and refunded by provider and by track, for an Israeli day', async () => {
    const finance = await staffAgent('finance');
    const day = israelDayOf(t.clock.now());
    const before = (await finance.get(`/api/operator/payments/totals?day=${day}`)).json();
    const { publicId } = await paidVip();
    await finance.post(`/api/operator/payments/${publicId}/refund`, {
      amountAgorot: 500,
      reason: 'החזר חלקי',
      idempotencyKey: `totals-${publicId}`,
    });
    const after = (await finance.get(`/api/operator/payments/totals?day=${day}`)).json();
    const line = (totals: {
      byProvider: { provider: string; paidAgorot: number; refundedAgorot: number; payments: number }[];
    }) => totals.byProvider.find((p) => p.provider === 'sandbox') ?? { payments: 0, paidAgorot: 0, refundedAgorot: 0 };
    expect(line(after).payments - line(before).payments).toBe(1);
    expect(line(after).paidAgorot - line(before).paidAgorot).toBe(PRICE);
    expect(line(after).refundedAgorot - line(before).refundedAgorot).toBe(500);
    expect(after.byTrack).toContainEqual(expect.objectContaining({ adType: VIP?.adType }));
    expect((await finance.get('/api/operator/payments/totals?day=someday')).statusCode).toBe(400);
  });
});

describe('the answers are their schemas', () => {
  it("a payment's answer carries the contract's fields only: its row's database id never leaves the server", async () => {
    const finance = await staffAgent('finance');
    const { publicId } = await paidVip();
    const detail = (await finance.get(`/api/operator/payments/${publicId}`)).json();
    expect(detail.payment.publicId).toBe(publicId);
    // The repository's item carries the row's id beside the listed fields, and the route passes it on whole.
    expect(Object.keys(detail.payment).sort()).toEqual(Object.keys(PaymentItemSchema.shape).sort());
    expect(detail.payment).not.toHaveProperty('id');
  });

  it("a refund form of the wrong types is refused with the form's field errors or a Hebrew message, never a 500", async () => {
    const finance = await staffAgent('finance');
    const { publicId } = await paidVip();
    const refund = (body: unknown) => finance.post(`/api/operator/payments/${publicId}/refund`, body);
    const wrongTypes = await refund({ amountAgorot: '1000', reason: 7, idempotencyKey: 'form-key-types' });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toEqual({
      status: 400,
      errors: [
        { fieldName: 'amount', msg: expect.stringMatching(/סכום/) },
        { fieldName: 'reason', msg: expect.stringMatching(/סיבת ההחזר/) },
      ],
    });
    for (const body of [[1, 2], { amountAgorot: 1000, reason: 'x', idempotencyKey: 5 }]) {
      const res = await refund(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: expect.stringMatching(/[א-ת]/) });
    }
    expect(await providerRefunds(publicId)).toEqual([]);
  });
});
