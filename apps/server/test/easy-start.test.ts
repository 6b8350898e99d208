/**
 * EasyStart's free first week, on the sandbox provider: the card is checked and kept (nothing charged), the ad runs
 * as VIP for the week, a reminder is e-mailed a day before its end, and the kept card is charged the EasyStart price
 * once when it ends (the ad keeps VIP for the track's days). A declined charge is tried again a day later, three
 * times in all, before the ad returns to the free track with an e-mail. The advertiser may cancel from /my-ads
 * before the charge: nothing is charged and the ad returns to the free track at the week's end.
 */
import { findTrack } from '@app/catalog/tracks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSwitch } from '../src/payments/sandbox/sandbox-repository.ts';
import { chargeTrial, EASY_START_ATTEMPTS } from '../src/plans/easy-start-service.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { submitCard } from './support/payment-sandbox.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DAY = 24 * 60 * 60_000;
const EASY = findTrack({ cat: 1, subcat: 1 }, 'c1-easystart');
if (!EASY?.easyStart) throw new Error('no EasyStart car track');

let t: TestApp;
let owner: Agent;
let other: Agent;
let ownerEmail = '';
let key = 0;

beforeAll(async () => {
  t = await createTestApp({ JOB_TICK_MS: '0' }, { listenPayments: true });
  owner = new Agent(t.app, '10.8.0.1');
  other = new Agent(t.app, '10.8.0.2');
  ownerEmail = (await registerWithPhone(t, owner)).email;
  await registerWithPhone(t, other);
});
afterAll(async () => {
  await t?.close();
});

interface AdRow {
  status: string;
  ad_type: string;
  ends_at: Date;
}
const adOf = async (id: number) =>
  (await t.db.query<AdRow>('SELECT status, ad_type, ends_at FROM ads WHERE id = $1', [id]))[0] as AdRow;
const trialOf = async (id: number) =>
  (
    await t.db.query<{ id: string; status: string; attempts: number; charge_at: Date }>(
      'SELECT id, status, attempts, charge_at FROM easy_start_trials WHERE ad_id = $1',
      [id],
    )
  )[0];
const chargesOf = (merchantRefs: string[]) =>
  t.db.query<{ status: string; amount_agorot: number }>(
    'SELECT status, amount_agorot FROM sandbox_card_charges WHERE merchant_ref = ANY($1::text[]) ORDER BY created_at',
    [merchantRefs],
  );
const paymentsOf = (id: number) =>
  t.db.query<{ public_id: string; purpose: string; status: string; amount_agorot: number }>(
    'SELECT public_id, purpose, status, amount_agorot FROM payments WHERE ad_id = $1 ORDER BY id',
    [id],
  );
const ownerMails = async () =>
  t.db.query<{ subject: string; body_text: string }>(
    'SELECT subject, body_text FROM outbox_emails WHERE lower(to_address) = lower($1) ORDER BY id',
    [ownerEmail],
  );
const myAd = async (agent: Agent, id: number) =>
  ((await agent.get('/api/my-ads')).json().ads as { OrderID: number; easyStart: unknown; adType: string }[]).find(
    (a) => a.OrderID === id,
  );

/** A car draft whose owner accepted the free week and had the card kept on the sandbox's page. */
async function trialAd(): Promise<number> {
  const saved = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
  const id: number = saved.json().orderID;
  const started = await owner.post('/api/publish/finish-page', {
    OrderID: id,
    RecordID: id,
    CatID: 1,
    SubCatID: 1,
    pt_hash: EASY?.hash,
    idempotencyKey: `easy-start-${Date.now()}-${++key}`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const page = await submitCard(t, started.json().merchantPaymentUrl);
  expect(page.statusCode).toBe(303);
  await t.app.jobs.runDueJobs();
  return id;
}

/** Moves the clock on and runs what is due (the notification, reminders, charges). */
async function after(ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.app.jobs.runDueJobs();
}

describe('EasyStart’s free week', () => {
  it('keeps the card without charging it, runs the ad as VIP for the week, reminds a day before and charges once at its end', async () => {
    const start = t.clock.now();
    const id = await trialAd();
    // The card was checked and kept: a 'trial' payment of nothing, no charge at the provider.
    expect(await paymentsOf(id)).toEqual([
      expect.objectContaining({ purpose: 'trial', status: 'paid', amount_agorot: 0 }),
    ]);
    const ad = await adOf(id);
    expect(ad).toMatchObject({ status: 'active', ad_type: 'VIP' });
    // The week, and a day past its charge until the charge decides what comes next.
    expect(new Date(ad.ends_at).getTime() - start.getTime()).toBe(8 * DAY);
    expect(await trialOf(id)).toMatchObject({ status: 'running', attempts: 0 });
    expect(await myAd(owner, id)).toMatchObject({
      adType: 'VIP',
      easyStart: { status: 'running', amountAgorot: EASY?.amountAgorot, days: EASY?.days, cardLast4: '0000' },
    });

    // A day before the end: the reminder, in Hebrew, with the date, the amount, the card and the way to cancel.
    await after(6 * DAY);
    const reminder = (await ownerMails()).at(-1);
    expect(reminder?.subject).toBe(`מחר מסתיים שבוע ה-VIP החינמי של מודעה ${id}`);
    expect(reminder?.body_text).toContain('המסתיים ב-0000');
    expect(reminder?.body_text).toMatch(/\/my-ads/);
    expect(await chargesOf((await paymentsOf(id)).map((p) => p.public_id))).toEqual([]);

    // The week's end: the kept card charged the EasyStart price, the ad keeps VIP for the track's days.
    await after(DAY);
    const payments = await paymentsOf(id);
    expect(payments.map((p) => [p.purpose, p.status, p.amount_agorot])).toEqual([
      ['trial', 'paid', 0],
      ['trial_charge', 'paid', EASY?.amountAgorot],
    ]);
    expect(await chargesOf(payments.map((p) => p.public_id))).toEqual([
      { status: 'paid', amount_agorot: EASY?.amountAgorot },
    ]);
    expect(await trialOf(id)).toMatchObject({ status: 'charged', attempts: 1 });
    const charged = await adOf(id);
    expect(charged).toMatchObject({ status: 'active', ad_type: 'VIP' });
    expect(new Date(charged.ends_at).getTime() - start.getTime()).toBe((7 + (EASY?.days ?? 0)) * DAY);
    expect((await myAd(owner, id))?.easyStart).toBeNull();

    // Never twice: the charge run again (two processes, a retried job) finds it made.
    const trialId = Number((await trialOf(id))?.id);
    const deps = {
      db: t.db,
      clock: t.clock,
      provider: t.app.payments.provider,
      mailer: { send: async () => {} },
      origins: t.app.origins,
    };
    await Promise.all([chargeTrial(deps, trialId), chargeTrial(deps, trialId)]);
    expect(await chargesOf((await paymentsOf(id)).map((p) => p.public_id))).toHaveLength(1);
    expect(new Date((await adOf(id)).ends_at).getTime()).toBe(new Date(charged.ends_at).getTime());
  });

  it('tries a declined card again a day later, three times, then puts the ad back on the free track and says so', async () => {
    const id = await trialAd();
    await setSwitch(t.db, 'declineAll', true);
    try {
      await after(7 * DAY);
      expect(await trialOf(id)).toMatchObject({ status: 'running', attempts: 1 });
      expect((await adOf(id)).ad_type).toBe('VIP');
      expect((await myAd(owner, id))?.easyStart).toMatchObject({ status: 'running', attempts: 1 });
      await after(DAY);
      expect(await trialOf(id)).toMatchObject({ status: 'running', attempts: 2 });
      // Still on the board while it is tried again.
      expect((await adOf(id)).status).toBe('active');
      await after(DAY);
      expect(await trialOf(id)).toMatchObject({ status: 'failed', attempts: EASY_START_ATTEMPTS });
    } finally {
      await setSwitch(t.db, 'declineAll', false);
    }
    const payments = await paymentsOf(id);
    expect(payments.filter((p) => p.purpose === 'trial_charge').map((p) => p.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    expect((await chargesOf(payments.map((p) => p.public_id))).map((c) => c.status)).toEqual([
      'declined',
      'declined',
      'declined',
    ]);
    const ad = await adOf(id);
    expect(ad).toMatchObject({ status: 'active', ad_type: 'Free' });
    expect(new Date(ad.ends_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const mail = (await ownerMails()).at(-1);
    expect(mail?.subject).toBe(`לא הצלחנו לחייב את הכרטיס: מודעה ${id} חזרה למסלול הרגיל`);
    await after(DAY);
    expect((await chargesOf(payments.map((p) => p.public_id))).length).toBe(3);
  });

  it('is cancelled by its owner only, before the charge: nothing is charged and the ad returns to the free track', async () => {
    const id = await trialAd();
    const cancel = (agent: Agent) => agent.post(`/api/my-ads/${id}/easy-start/cancel`, {});
    const foreign = await cancel(other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/[\u0590-\u05FF]/);
    expect(await trialOf(id)).toMatchObject({ status: 'running' });
    const mine = await cancel(owner);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().easyStart).toMatchObject({ status: 'cancelled' });
    const again = await cancel(owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('למודעה הזאת אין שבוע התחלה קלה פעיל לביטול');
    expect((await myAd(owner, id))?.easyStart).toMatchObject({ status: 'cancelled' });

    const mailsBefore = (await ownerMails()).length;
    await after(6 * DAY);
    // No reminder for a cancelled trial.
    expect((await ownerMails()).length).toBe(mailsBefore);
    await after(DAY);
    const payments = await paymentsOf(id);
    expect(payments.map((p) => p.purpose)).toEqual(['trial']);
    expect(await chargesOf(payments.map((p) => p.public_id))).toEqual([]);
    expect(await adOf(id)).toMatchObject({ status: 'active', ad_type: 'Free' });
    expect((await myAd(owner, id))?.easyStart).toBeNull();
  });

  it('is not offered by the mobile-payment app, and a charge needs a card kept by a paid session', async () => {
    const saved = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
    const id: number = saved.json().orderID;
    const bit = await owner.post('/api/publish/bit-payment', {
      OrderID: id,
      RecordID: id,
      CatID: 1,
      SubCatID: 1,
      pt_hash: EASY?.hash,
      idempotencyKey: `easy-start-bit-${++key}`,
    });
    expect(bit.statusCode).toBe(400);
    const provider = t.app.payments.provider;
    await expect(
      provider.savedCards?.chargeSavedCard({
        card: { token: `tok_${'x'.repeat(24)}`, customerRef: null, last4: '0000', expiry: '12/30' },
        amountAgorot: 100,
        merchantRef: 'pay_nosuchcard00001',
        description: 'בדיקה',
        idempotencyKey: 'pay_nosuchcard00001',
      }),
    ).rejects.toThrow(/404/);
  });
});
