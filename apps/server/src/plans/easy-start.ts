/**
 * EasyStart's free first week (after-save-area.md §4 "EasyStart"; migration 0040). The plan step's trial offer,
 * accepted, opens the card page with nothing to pay: the card is checked and kept by the provider (a payment of
 * purpose 'trial', 0 agorot, `saveCard`). Once that payment is confirmed:
 *
 *   startTrial (in the paying transaction): the ad goes live as VIP for the trial days; a trial row keeps the card's
 *     token, the EasyStart price and days of the ad's selection; a reminder job a day before the end and the
 *     charge job at the end are scheduled
 *   reminder: an e-mail that the card will be charged tomorrow, and how to cancel (/my-ads)
 *   charge (the week's end): a payment of purpose 'trial_charge' per attempt, charged on the kept card by the
 *     provider with the payment's public id as the idempotency key (a retried job never charges twice; the
 *     provider answers the charge it made); paid: the ad keeps VIP for the track's days from the week's end;
 *     declined: tried again a day later, three attempts in all; then the ad returns to the free track and an e-mail
 *     says so
 *   cancel (the advertiser, from /my-ads, before the charge): nothing is charged; at the week's end the ad returns
 *     to the free track
 */
import crypto from 'node:crypto';
import { trackOfType } from '@app/catalog/tracks';
import { scheduleAdExpiry } from '../ads/ad-expiry.ts';
import type { Ad } from '../ads/ads-repository.ts';
import { goLive } from '../ads/go-live.ts';
import { israelDate } from '../finish/finish-page.ts';
import { heEasyStart } from '../i18n/easy-start.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentProvider, SavedCard } from '../payments/provider.ts';
import { insertPayment, markPaymentFailed, markPaymentPaid, type Payment } from '../payments/repository.ts';
import type { NotFulfilled } from '../payments/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import { cancelJob, scheduleJob } from '../platform/jobs/job-store.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { trackSelectorsOf } from './plans.ts';

export const EASY_START_CHARGE_JOB = 'plans.easy-start.charge';
export const EASY_START_REMIND_JOB = 'plans.easy-start.remind';
/** Charges tried in all before the ad returns to the free track (one a day). */
export const EASY_START_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60_000;
/** The ad type the trial week and the charged track run as. */
const TRIAL_AD_TYPE = 'VIP';

export type TrialStatus = 'running' | 'cancelled' | 'charged' | 'failed';

export interface Trial {
  id: number;
  adId: number;
  customerId: number;
  paymentId: number;
  card: SavedCard;
  amountAgorot: number;
  days: number;
  status: TrialStatus;
  chargeAt: Date;
  attempts: number;
  chargePaymentId: number | null;
  cancelledAt: Date | null;
  finishedAt: Date | null;
}

interface Row {
  id: string | number;
  ad_id: string | number;
  customer_id: string | number;
  payment_id: string | number;
  card_token: string;
  card_customer_ref: string | null;
  card_last4: string;
  card_expiry: string;
  amount_agorot: number;
  days: number;
  status: TrialStatus;
  charge_at: Date | string;
  attempts: number;
  charge_payment_id: string | number | null;
  cancelled_at: Date | string | null;
  finished_at: Date | string | null;
}

const toTrial = (r: Row): Trial => ({
  id: Number(r.id),
  adId: Number(r.ad_id),
  customerId: Number(r.customer_id),
  paymentId: Number(r.payment_id),
  card: { token: r.card_token, customerRef: r.card_customer_ref, last4: r.card_last4, expiry: r.card_expiry },
  amountAgorot: Number(r.amount_agorot),
  days: Number(r.days),
  status: r.status,
  chargeAt: new Date(r.charge_at),
  attempts: Number(r.attempts),
  chargePaymentId: r.charge_payment_id === null ? null : Number(r.charge_payment_id),
  cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
});

export async function trialOfAd(db: Queryable, adId: number, forUpdate = false): Promise<Trial | null> {
  const [row] = await db.query<Row>(
    `SELECT * FROM easy_start_trials WHERE ad_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [adId],
  );
  return row ? toTrial(row) : null;
}

/** The customer's trials by ad (GET /api/my-ads). */
export async function trialsOfCustomer(db: Queryable, customerId: number): Promise<Map<number, Trial>> {
  const rows = await db.query<Row>('SELECT * FROM easy_start_trials WHERE customer_id = $1', [customerId]);
  return new Map(rows.map((r) => [Number(r.ad_id), toTrial(r)]));
}

/**
 * What a confirmed 'trial' payment does, in the transaction that marks it paid (payments/paid.ts): the draft goes
 * live as VIP for the trial days, the kept card and what the week's end charges are recorded, and its jobs are
 * scheduled. A provider that kept no card, or a selection without EasyStart, delivers nothing.
 */
export async function startTrial(
  tx: Queryable,
  payment: Payment & { paidAt: Date; savedCard?: SavedCard },
): Promise<NotFulfilled | undefined> {
  if (payment.adId === null) return { fulfilled: false, reason: 'no_ad' };
  if (!payment.savedCard) return { fulfilled: false, reason: 'card_not_kept' };
  const [adRow] = await tx.query<{ cat: number; subcat: number | null; selectors: Ad['selectors'] | string }>(
    'SELECT cat, subcat, selectors FROM ads WHERE id = $1',
    [payment.adId],
  );
  if (!adRow) return { fulfilled: false, reason: 'ad_notFound' };
  const selectors = typeof adRow.selectors === 'string' ? JSON.parse(adRow.selectors) : adRow.selectors;
  const track = trackOfType(trackSelectorsOf({ cat: adRow.cat, subcat: adRow.subcat, selectors }), 'EasyStart');
  if (!track) return { fulfilled: false, reason: 'no_easy_start' };
  const { outcome } = await goLive(tx, payment.paidAt, {
    orderId: payment.adId,
    adType: TRIAL_AD_TYPE,
    days: payment.days,
    reason: 'paid',
  });
  if (outcome !== 'published')
    return { fulfilled: false, reason: outcome === 'alreadyFinished' ? 'ad_already_finished' : `ad_${outcome}` };
  const chargeAt = new Date(payment.paidAt.getTime() + payment.days * DAY_MS);
  // The ad stays on the board a day past the charge, until the charge decides its next days.
  const holdUntil = new Date(chargeAt.getTime() + DAY_MS);
  await tx.query('UPDATE ads SET ends_at = $2 WHERE id = $1', [payment.adId, holdUntil]);
  await scheduleAdExpiry(tx, payment.adId, holdUntil, payment.paidAt);
  const [row] = await tx.query<{ id: string | number }>(
    `INSERT INTO easy_start_trials (ad_id, customer_id, payment_id, card_token, card_customer_ref, card_last4,
       card_expiry, amount_agorot, days, status, charge_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'running', $10, $11) RETURNING id`,
    [
      payment.adId,
      payment.customerId,
      payment.id,
      payment.savedCard.token,
      payment.savedCard.customerRef,
      payment.savedCard.last4,
      payment.savedCard.expiry,
      track.amountAgorot,
      track.days,
      chargeAt,
      payment.paidAt,
    ],
  );
  const id = Number(row?.id);
  await scheduleJob(
    tx,
    {
      kind: EASY_START_REMIND_JOB,
      key: String(id),
      runAt: new Date(chargeAt.getTime() - DAY_MS),
      payload: { trialId: id },
    },
    payment.paidAt,
  );
  await scheduleJob(
    tx,
    { kind: EASY_START_CHARGE_JOB, key: `${id}#1`, runAt: chargeAt, payload: { trialId: id }, maxAttempts: 12 },
    payment.paidAt,
  );
  return undefined;
}

/**
 * The advertiser cancels a running trial before its charge (POST /api/my-ads/{id}/easy-start/cancel): answers the
 * trial as it is now, or null when the customer has no running trial on that ad.
 */
export async function cancelTrial(
  db: Db,
  input: { adId: number; customerId: number },
  now: Date,
): Promise<Trial | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `UPDATE easy_start_trials SET status = 'cancelled', cancelled_at = $3
       WHERE ad_id = $1 AND customer_id = $2 AND status = 'running' RETURNING *`,
      [input.adId, input.customerId, now],
    );
    if (!row) return null;
    await cancelJob(tx, EASY_START_REMIND_JOB, String(row.id), now);
    return toTrial(row);
  });
}

/** The ad back on the free track: its type, and the free track's days from its publication (never shorter). */
async function backToFree(tx: Queryable, adId: number, now: Date): Promise<void> {
  const [ad] = await tx.query<{ cat: number; subcat: number | null; selectors: Ad['selectors'] | string }>(
    'SELECT cat, subcat, selectors FROM ads WHERE id = $1',
    [adId],
  );
  if (!ad) return;
  const selectors = typeof ad.selectors === 'string' ? JSON.parse(ad.selectors) : ad.selectors;
  const freeDays = trackOfType(trackSelectorsOf({ cat: ad.cat, subcat: ad.subcat, selectors }), 'Free')?.days ?? 28;
  const [row] = await tx.query<{ ends_at: Date | string }>(
    `UPDATE ads SET ad_type = 'Free', updated_at = $3,
       ends_at = GREATEST(ends_at, published_at + ($2::bigint * interval '1 millisecond'))
     WHERE id = $1 AND status IN ('active', 'pending', 'out_of_slots') RETURNING ends_at`,
    [adId, freeDays * DAY_MS, now],
  );
  if (row) await scheduleAdExpiry(tx, adId, new Date(row.ends_at), now);
}

/** Whether the ad is still on the board (a charge for an ad that is gone would buy nothing). */
async function adIsLive(db: Queryable, adId: number): Promise<boolean> {
  const [row] = await db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [adId]);
  return row?.status === 'active' || row?.status === 'pending' || row?.status === 'out_of_slots';
}

export interface EasyStartDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  mailer: Mailer;
  origins: Pick<PublicOrigins, 'site'>;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

async function mailCustomer(deps: EasyStartDeps, customerId: number, message: { subject: string; text: string }) {
  const [customer] = await deps.db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customerId]);
  if (customer) await deps.mailer.send({ to: customer.email, ...message });
}

/** The trial's charge at the week's end (one attempt per job; a declined one schedules the next a day later). */
export async function chargeTrial(deps: EasyStartDeps, trialId: number): Promise<TrialStatus | 'missing'> {
  const { db, clock, provider } = deps;
  const [row] = await db.query<Row>('SELECT * FROM easy_start_trials WHERE id = $1', [trialId]);
  if (!row) return 'missing';
  const trial = toTrial(row);
  const now = clock.now();
  if (trial.status === 'cancelled') {
    if (!trial.finishedAt)
      await db.transaction(async (tx) => {
        await backToFree(tx, trial.adId, now);
        await tx.query('UPDATE easy_start_trials SET finished_at = $2 WHERE id = $1', [trial.id, now]);
      });
    return 'cancelled';
  }
  if (trial.status !== 'running') return trial.status;
  if (!(await adIsLive(db, trial.adId))) {
    // The ad left the board (deleted, expired, refused): nothing to buy, nothing charged.
    await db.query(
      `UPDATE easy_start_trials SET status = 'cancelled', cancelled_at = $2, finished_at = $2
       WHERE id = $1 AND status = 'running'`,
      [trial.id, now],
    );
    return 'cancelled';
  }
  const charges = provider.savedCards;
  if (!charges) throw new Error(`payment provider ${provider.name} cannot charge a saved card`);
  const attempt = trial.attempts + 1;
  // One payment per attempt (the same one when this job runs again after a crash).
  const payment = await insertPayment(
    db,
    {
      publicId: `pay_${crypto.randomBytes(16).toString('base64url')}`,
      customerId: trial.customerId,
      adId: trial.adId,
      purpose: 'trial_charge',
      adType: TRIAL_AD_TYPE,
      days: trial.days,
      amountAgorot: trial.amountAgorot,
      channel: 'creditCard',
      idempotencyKey: `easystart-${trial.id}-${attempt}`,
      provider: provider.name,
    },
    now,
  );
  // The provider's answer decides; a provider that is down throws, and the job tries again with the same key.
  const result =
    payment.status === 'paid'
      ? ({ status: 'paid' } as const)
      : await charges.chargeSavedCard({
          card: trial.card,
          amountAgorot: trial.amountAgorot,
          merchantRef: payment.publicId,
          description: heEasyStart.chargeDescription,
          idempotencyKey: payment.publicId,
        });
  if (result.status === 'paid') {
    await db.transaction(async (tx) => {
      await markPaymentPaid(tx, payment.id, now);
      await tx.query("UPDATE payments SET fulfilment = 'done' WHERE id = $1", [payment.id]);
      // Once: a second run of this attempt (two processes, a retried job) finds the trial charged already.
      const [moved] = await tx.query(
        `UPDATE easy_start_trials SET status = 'charged', attempts = $2, charge_payment_id = $3, finished_at = $4
         WHERE id = $1 AND status = 'running' RETURNING id`,
        [trial.id, attempt, payment.id, now],
      );
      if (!moved) return;
      const [ad] = await tx.query<{ ends_at: Date | string }>(
        `UPDATE ads SET ad_type = $2, updated_at = $4,
           ends_at = $3::timestamptz + ($5::bigint * interval '1 millisecond')
         WHERE id = $1 AND status IN ('active', 'pending', 'out_of_slots') RETURNING ends_at`,
        [trial.adId, TRIAL_AD_TYPE, trial.chargeAt, now, trial.days * DAY_MS],
      );
      if (ad) await scheduleAdExpiry(tx, trial.adId, new Date(ad.ends_at), now);
    });
    deps.log?.info?.({ trial: trial.id, payment: payment.publicId }, 'easy start charged');
    return 'charged';
  }
  const last = attempt >= EASY_START_ATTEMPTS;
  const moved = await db.transaction(async (tx) => {
    await markPaymentFailed(tx, payment.id, 'failed', result.failureReason ?? 'card_declined', now);
    // Once per attempt: a second run of it finds the attempt counted already.
    const [row] = await tx.query(
      `UPDATE easy_start_trials SET attempts = $2, status = $3, finished_at = $4
       WHERE id = $1 AND status = 'running' AND attempts = $5 RETURNING id`,
      [trial.id, attempt, last ? 'failed' : 'running', last ? now : null, trial.attempts],
    );
    if (!row) return false;
    if (last) {
      await backToFree(tx, trial.adId, now);
      return true;
    }
    // Tried again a day later; the ad stays on the board (as VIP) until then.
    const next = new Date(now.getTime() + DAY_MS);
    await tx.query(
      `UPDATE ads SET ends_at = GREATEST(ends_at, $2) WHERE id = $1 AND status IN ('active', 'pending', 'out_of_slots')`,
      [trial.adId, new Date(next.getTime() + DAY_MS)],
    );
    await scheduleJob(
      tx,
      {
        kind: EASY_START_CHARGE_JOB,
        key: `${trial.id}#${attempt + 1}`,
        runAt: next,
        payload: { trialId: trial.id },
        maxAttempts: 12,
      },
      now,
    );
    return true;
  });
  if (!moved) return (await trialOfAd(db, trial.adId))?.status ?? 'missing';
  if (last) {
    await mailCustomer(deps, trial.customerId, {
      subject: heEasyStart.failedSubject(trial.adId),
      text: heEasyStart.failedText(trial.adId, trial.card.last4, `${deps.origins.site()}/my-ads`),
    });
    return 'failed';
  }
  return 'running';
}

/** The reminder a day before the charge (only while the trial runs). */
export async function remindTrial(deps: EasyStartDeps, trialId: number): Promise<boolean> {
  const [row] = await deps.db.query<Row>('SELECT * FROM easy_start_trials WHERE id = $1', [trialId]);
  if (!row || row.status !== 'running') return false;
  const trial = toTrial(row);
  await mailCustomer(deps, trial.customerId, {
    subject: heEasyStart.reminderSubject(trial.adId),
    text: heEasyStart.reminderText({
      adId: trial.adId,
      chargeDate: israelDate(trial.chargeAt),
      amountAgorot: trial.amountAgorot,
      days: trial.days,
      last4: trial.card.last4,
      myAds: `${deps.origins.site()}/my-ads`,
    }),
  });
  return true;
}

export function registerEasyStartJobs(jobs: JobScheduler, deps: EasyStartDeps): void {
  jobs.register(EASY_START_CHARGE_JOB, async (job) => void (await chargeTrial(deps, Number(job.payload.trialId))), {
    transaction: false,
  });
  jobs.register(EASY_START_REMIND_JOB, async (job) => void (await remindTrial(deps, Number(job.payload.trialId))), {
    transaction: false,
  });
}
