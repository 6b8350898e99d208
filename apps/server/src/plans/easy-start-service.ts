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
import { findCustomerById } from '../accounts/customers-repository.ts';
import { scheduleAdExpiry } from '../ads/ad-expiry-jobs.ts';
import { findAd } from '../ads/ads-repository.ts';
import { goLive, type ReviewGate } from '../ads/go-live-service.ts';
import { heEasyStart } from '../i18n/easy-start.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentProvider, SavedCard } from '../payments/provider.ts';
import {
  insertPayment,
  markPaymentFailed,
  markPaymentPaid,
  type Payment,
  setPaymentFulfilment,
} from '../payments/repository.ts';
import type { NotFulfilled } from '../payments/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import { israelDate } from '../platform/israel-day.ts';
import { cancelJob, scheduleJob } from '../platform/jobs/jobs-repository.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import {
  cancelAndFinishTrial,
  cancelRunningTrial,
  countTrialAttempt,
  extendChargedTrialAd,
  findTrial,
  insertTrial,
  keepTrialAdUntil,
  markTrialCharged,
  markTrialFinished,
  setTrialAdEnd,
  type Trial,
  type TrialStatus,
  trialAdBackToFree,
  trialOfAd,
} from './easy-start-repository.ts';
import { trackSelectorsOf } from './plans.ts';

export type { Trial, TrialStatus };

export const EASY_START_CHARGE_JOB = 'plans.easy-start.charge';
export const EASY_START_REMIND_JOB = 'plans.easy-start.remind';
/** Charges tried in all before the ad returns to the free track (one a day). */
export const EASY_START_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60_000;
/** The ad type the trial week and the charged track run as. */
const TRIAL_AD_TYPE = 'VIP';

/**
 * What a confirmed 'trial' payment does, in the transaction that marks it paid (paid-service.ts): the draft goes
 * live as VIP for the trial days, the kept card and what the week's end charges are recorded, and its jobs are
 * scheduled. A provider that kept no card, or a selection without EasyStart, delivers nothing.
 */
export async function startTrial(
  tx: Queryable,
  payment: Payment & { paidAt: Date; savedCard?: SavedCard },
  review: ReviewGate,
): Promise<NotFulfilled | undefined> {
  if (payment.adId === null) return { fulfilled: false, reason: 'no_ad' };
  if (!payment.savedCard) return { fulfilled: false, reason: 'card_not_kept' };
  const ad = await findAd(tx, payment.adId);
  if (!ad) return { fulfilled: false, reason: 'ad_notFound' };
  const track = trackOfType(trackSelectorsOf(ad), 'EasyStart');
  if (!track) return { fulfilled: false, reason: 'no_easy_start' };
  const { outcome } = await goLive(
    tx,
    payment.paidAt,
    {
      orderId: payment.adId,
      adType: TRIAL_AD_TYPE,
      days: payment.days,
      reason: 'paid',
    },
    review,
  );
  if (outcome !== 'published')
    return { fulfilled: false, reason: outcome === 'alreadyFinished' ? 'ad_already_finished' : `ad_${outcome}` };
  const chargeAt = new Date(payment.paidAt.getTime() + payment.days * DAY_MS);
  // The ad stays on the board a day past the charge, until the charge decides its next days.
  const holdUntil = new Date(chargeAt.getTime() + DAY_MS);
  await setTrialAdEnd(tx, payment.adId, holdUntil);
  await scheduleAdExpiry(tx, payment.adId, holdUntil, payment.paidAt);
  const id = await insertTrial(
    tx,
    {
      adId: payment.adId,
      customerId: payment.customerId,
      paymentId: payment.id,
      card: payment.savedCard,
      amountAgorot: track.amountAgorot,
      days: track.days,
      chargeAt,
    },
    payment.paidAt,
  );
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
    const trial = await cancelRunningTrial(tx, input, now);
    if (!trial) return null;
    await cancelJob(tx, EASY_START_REMIND_JOB, String(trial.id), now);
    return trial;
  });
}

/** The ad back on the free track: its type, and the free track's days from its publication (never shorter). */
async function backToFree(tx: Queryable, adId: number, now: Date): Promise<void> {
  const ad = await findAd(tx, adId);
  if (!ad) return;
  const freeDays = trackOfType(trackSelectorsOf(ad), 'Free')?.days ?? 28;
  const endsAt = await trialAdBackToFree(tx, adId, freeDays * DAY_MS, now);
  if (endsAt) await scheduleAdExpiry(tx, adId, endsAt, now);
}

/** Whether the ad is still on the board (a charge for an ad that is gone would buy nothing). */
async function adIsLive(db: Queryable, adId: number): Promise<boolean> {
  const status = (await findAd(db, adId))?.status;
  return status === 'active' || status === 'pending' || status === 'out_of_slots';
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
  const customer = await findCustomerById(deps.db, customerId);
  if (customer) await deps.mailer.send({ to: customer.email, ...message });
}

/** The trial's charge at the week's end (one attempt per job; a declined one schedules the next a day later). */
export async function chargeTrial(deps: EasyStartDeps, trialId: number): Promise<TrialStatus | 'missing'> {
  const { db, clock, provider } = deps;
  const trial = await findTrial(db, trialId);
  if (!trial) return 'missing';
  const now = clock.now();
  if (trial.status === 'cancelled') {
    if (!trial.finishedAt)
      await db.transaction(async (tx) => {
        await backToFree(tx, trial.adId, now);
        await markTrialFinished(tx, trial.id, now);
      });
    return 'cancelled';
  }
  if (trial.status !== 'running') return trial.status;
  if (!(await adIsLive(db, trial.adId))) {
    // The ad left the board (deleted, expired, refused): nothing to buy, nothing charged.
    await cancelAndFinishTrial(db, trial.id, now);
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
      await setPaymentFulfilment(tx, payment.id, { fulfilment: 'done' });
      // Once: a second run of this attempt (two processes, a retried job) finds the trial charged already.
      if (!(await markTrialCharged(tx, trial.id, { attempt, paymentId: payment.id }, now))) return;
      const change = { adType: TRIAL_AD_TYPE, from: trial.chargeAt, ms: trial.days * DAY_MS };
      const endsAt = await extendChargedTrialAd(tx, trial.adId, change, now);
      if (endsAt) await scheduleAdExpiry(tx, trial.adId, endsAt, now);
    });
    deps.log?.info?.({ trial: trial.id, payment: payment.publicId }, 'easy start charged');
    return 'charged';
  }
  const last = attempt >= EASY_START_ATTEMPTS;
  const moved = await db.transaction(async (tx) => {
    await markPaymentFailed(tx, payment.id, 'failed', result.failureReason ?? 'card_declined', now);
    // Once per attempt: a second run of it finds the attempt counted already.
    const counted = await countTrialAttempt(tx, trial.id, {
      before: trial.attempts,
      status: last ? 'failed' : 'running',
      finishedAt: last ? now : null,
    });
    if (!counted) return false;
    if (last) {
      await backToFree(tx, trial.adId, now);
      return true;
    }
    // Tried again a day later; the ad stays on the board (as VIP) until then.
    const next = new Date(now.getTime() + DAY_MS);
    await keepTrialAdUntil(tx, trial.adId, new Date(next.getTime() + DAY_MS));
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
  const trial = await findTrial(deps.db, trialId);
  if (trial?.status !== 'running') return false;
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
