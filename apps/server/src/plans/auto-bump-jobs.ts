/**
 * The auto-bump week (after-save-area.md: bumped every AUTO_BUMP_EVERY_HOURS for AUTO_BUMP_DAYS). A
 * confirmed auto_bump payment (paid-service.ts hands it to the `autoBump` OnPaid, inside the transaction that marks it
 * paid) records the week (auto_bump_weeks, one per payment) and schedules ALL its slots at once as jobs, one per
 * slot, keyed `${weekId}:${slotIndex}`: slot k runs at starts_at + k × 4 h, k = 0 … 41, the first at once.
 * One job per slot (not a self-rescheduling job) so a late or restarted process still has every slot in the
 * database, each claimed by one process (job store, SKIP LOCKED), and a slot job is independent of the previous
 * one having run. A slot is done exactly once: it inserts its (ad_id, slot_at) into auto_bump_slots and bumps only
 * if that row is new, all inside the transaction that completes the job (a lost lease rolls it back).
 * A bump sets ads.bumped_at to the slot's time (never back) for an ad still active or pending and not past its
 * end; otherwise the week stops, its remaining slot jobs are cancelled and its payment is marked refund_due with
 * the slots not run (payments.fulfilment_detail.slotsNotRun). A week bought while another is
 * running starts where the last one ends.
 */
import { AUTO_BUMP_DAYS, AUTO_BUMP_EVERY_HOURS } from '@app/catalog/tracks';
import { findAd } from '../ads/ads-repository.ts';
import { setPaymentFulfilment } from '../payments/repository.ts';
import type { OnPaid } from '../payments/service.ts';
import type { Queryable } from '../platform/db/db.ts';
import { cancelJobsByKeyPrefix, scheduleJob } from '../platform/jobs/jobs-repository.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import {
  findWeekOfAd,
  insertAutoBumpWeek,
  lastAutoBumpEnd,
  recordBump,
  stopWeek,
  stopWeeksOfAd,
} from './auto-bump-repository.ts';

export const AUTO_BUMP_JOB = 'ads.auto-bump';
export const AUTO_BUMP_SLOT_MS = AUTO_BUMP_EVERY_HOURS * 60 * 60_000;
export const AUTO_BUMP_WEEK_MS = AUTO_BUMP_DAYS * 24 * 60 * 60_000;
/** 42 slots: 7 days × 24 h / 4 h. */
export const AUTO_BUMP_SLOTS = AUTO_BUMP_WEEK_MS / AUTO_BUMP_SLOT_MS;

/** Records the paid week of an ad and schedules its slots (in the paying transaction); idempotent per payment. */
export async function startAutoBumpWeek(
  tx: Queryable,
  input: { adId: number; paymentId: number; paidAt: Date },
): Promise<number | null> {
  const lastEnd = await lastAutoBumpEnd(tx, input.adId);
  const startsAt = lastEnd && lastEnd > input.paidAt ? lastEnd : input.paidAt;
  const endsAt = new Date(startsAt.getTime() + AUTO_BUMP_WEEK_MS);
  const weekId = await insertAutoBumpWeek(tx, { ...input, startsAt, endsAt }, input.paidAt);
  if (weekId === null) return null; // this payment's week exists already
  for (let slot = 0; slot < AUTO_BUMP_SLOTS; slot += 1) {
    await scheduleJob(
      tx,
      {
        kind: AUTO_BUMP_JOB,
        key: `${weekId}:${slot}`,
        runAt: new Date(startsAt.getTime() + slot * AUTO_BUMP_SLOT_MS),
        payload: { weekId, adId: input.adId, slot },
      },
      input.paidAt,
    );
  }
  return weekId;
}

/** The `autoBump` OnPaid of paidHandler (app.ts). */
export function autoBumpOnPaid(): OnPaid {
  return async (tx, payment) => {
    if (payment.adId === null) return { fulfilled: false, reason: 'no_ad' };
    // The ad left active/pending (deleted, expired) or its end passed before the notification: nothing to bump.
    const ad = await findAd(tx, payment.adId);
    const live =
      ad && (ad.status === 'active' || ad.status === 'pending') && (!ad.endsAt || ad.endsAt > payment.paidAt);
    if (!live) return { fulfilled: false, reason: 'ad_not_live' };
    await startAutoBumpWeek(tx, { adId: payment.adId, paymentId: Number(payment.id), paidAt: payment.paidAt });
    return undefined;
  };
}

export type SlotOutcome = 'bumped' | 'alreadyDone' | 'stopped';

/** The week's slots that have not run are cancelled. */
async function cancelWeekSlots(tx: Queryable, weekId: number, now: Date): Promise<void> {
  await cancelJobsByKeyPrefix(tx, AUTO_BUMP_JOB, `${weekId}:`, now);
}

/**
 * Stops the ad's running weeks now, their slots cancelled, without marking their payments: for a caller that has
 * decided those payments already (a refused ad's refund, moderation/decide.ts).
 */
export async function stopAutoBumpOfAd(tx: Queryable, adId: number, now: Date): Promise<void> {
  for (const weekId of await stopWeeksOfAd(tx, adId, now)) await cancelWeekSlots(tx, weekId, now);
}

/** Runs one slot of a week (inside the job's transaction). */
export async function runAutoBumpSlot(tx: Queryable, weekId: number, slot: number, now: Date): Promise<SlotOutcome> {
  const week = await findWeekOfAd(tx, weekId);
  if (!week || week.stopped) return 'stopped';
  const slotAt = new Date(week.startsAt.getTime() + slot * AUTO_BUMP_SLOT_MS);
  const live =
    (week.adStatus === 'active' || week.adStatus === 'pending') && (week.adEndsAt === null || week.adEndsAt > slotAt);
  if (!live) {
    // Deleted, expired (or past its end): the series stops here; its later slots are cancelled, and the week's
    // payment is marked refund_due with the slots not run (migration 0018).
    if (await stopWeek(tx, weekId, now)) {
      const slotsNotRun = AUTO_BUMP_SLOTS - week.bumpsDone;
      await setPaymentFulfilment(tx, week.paymentId, {
        fulfilment: 'refund_due',
        reason: 'auto_bump_stopped',
        detail: { slotsNotRun, slots: AUTO_BUMP_SLOTS, weekId },
      });
    }
    await cancelWeekSlots(tx, weekId, now);
    return 'stopped';
  }
  return (await recordBump(tx, { adId: week.adId, weekId, slotAt }, now)) ? 'bumped' : 'alreadyDone';
}

export function registerAutoBumpJobs(jobs: JobScheduler): void {
  jobs.register(AUTO_BUMP_JOB, async (job, { tx, now }) => {
    await runAutoBumpSlot(tx, Number(job.payload.weekId), Number(job.payload.slot), now);
  });
}
