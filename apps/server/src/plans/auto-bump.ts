/**
 * The auto-bump week (after-save-area.md: bumped every AUTO_BUMP_EVERY_HOURS for AUTO_BUMP_DAYS). A
 * confirmed auto_bump payment (paid.ts hands it to the `autoBump` OnPaid, inside the transaction that marks it
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
import type { OnPaid } from '../payments/service.ts';
import type { Queryable } from '../platform/db/db.ts';
import { scheduleJob } from '../platform/jobs/job-store.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';

export const AUTO_BUMP_JOB = 'ads.auto-bump';
export const AUTO_BUMP_SLOT_MS = AUTO_BUMP_EVERY_HOURS * 60 * 60_000;
export const AUTO_BUMP_WEEK_MS = AUTO_BUMP_DAYS * 24 * 60 * 60_000;
/** 42 slots: 7 days × 24 h / 4 h. */
export const AUTO_BUMP_SLOTS = AUTO_BUMP_WEEK_MS / AUTO_BUMP_SLOT_MS;

const toDate = (v: Date | string): Date => new Date(v);

/** Records the paid week of an ad and schedules its slots (in the paying transaction); idempotent per payment. */
export async function startAutoBumpWeek(
  tx: Queryable,
  input: { adId: number; paymentId: number; paidAt: Date },
): Promise<number | null> {
  const [last] = await tx.query<{ ends_at: Date | string | null }>(
    'SELECT max(ends_at) AS ends_at FROM auto_bump_weeks WHERE ad_id = $1 AND stopped_at IS NULL',
    [input.adId],
  );
  const lastEnd = last?.ends_at ? toDate(last.ends_at) : null;
  const startsAt = lastEnd && lastEnd > input.paidAt ? lastEnd : input.paidAt;
  const endsAt = new Date(startsAt.getTime() + AUTO_BUMP_WEEK_MS);
  const [week] = await tx.query<{ id: number }>(
    `INSERT INTO auto_bump_weeks (ad_id, payment_id, starts_at, ends_at, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
    [input.adId, input.paymentId, startsAt, endsAt, input.paidAt],
  );
  if (!week) return null; // this payment's week exists already
  const weekId = Number(week.id);
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
    const [ad] = await tx.query<{ status: string; ends_at: Date | string | null }>(
      'SELECT status, ends_at FROM ads WHERE id = $1',
      [payment.adId],
    );
    const live =
      ad && (ad.status === 'active' || ad.status === 'pending') && (!ad.ends_at || toDate(ad.ends_at) > payment.paidAt);
    if (!live) return { fulfilled: false, reason: 'ad_not_live' };
    await startAutoBumpWeek(tx, { adId: payment.adId, paymentId: Number(payment.id), paidAt: payment.paidAt });
    return undefined;
  };
}

export type SlotOutcome = 'bumped' | 'alreadyDone' | 'stopped';

/** Runs one slot of a week (inside the job's transaction). */
export async function runAutoBumpSlot(tx: Queryable, weekId: number, slot: number, now: Date): Promise<SlotOutcome> {
  const [row] = await tx.query<{
    ad_id: number;
    payment_id: number | string;
    bumps_done: number;
    starts_at: Date | string;
    stopped_at: Date | string | null;
    status: string;
    ad_ends_at: Date | string | null;
  }>(
    `SELECT w.ad_id, w.payment_id, w.bumps_done, w.starts_at, w.stopped_at, a.status, a.ends_at AS ad_ends_at
     FROM auto_bump_weeks w JOIN ads a ON a.id = w.ad_id WHERE w.id = $1`,
    [weekId],
  );
  if (!row || row.stopped_at !== null) return 'stopped';
  const adId = Number(row.ad_id);
  const slotAt = new Date(toDate(row.starts_at).getTime() + slot * AUTO_BUMP_SLOT_MS);
  const live =
    (row.status === 'active' || row.status === 'pending') &&
    (row.ad_ends_at === null || toDate(row.ad_ends_at) > slotAt);
  if (!live) {
    // Deleted, expired (or past its end): the series stops here; its later slots are cancelled, and the week's
    // payment is marked refund_due with the slots not run (migration 0018).
    const stopped = await tx.query(
      'UPDATE auto_bump_weeks SET stopped_at = $2 WHERE id = $1 AND stopped_at IS NULL RETURNING id',
      [weekId, now],
    );
    if (stopped.length > 0) {
      const slotsNotRun = AUTO_BUMP_SLOTS - Number(row.bumps_done);
      await tx.query(
        `UPDATE payments SET fulfilment = 'refund_due', fulfilment_reason = 'auto_bump_stopped',
           fulfilment_detail = $2 WHERE id = $1`,
        [row.payment_id, JSON.stringify({ slotsNotRun, slots: AUTO_BUMP_SLOTS, weekId })],
      );
    }
    await tx.query(
      `UPDATE scheduled_jobs SET status = 'cancelled', finished_at = $3
       WHERE kind = $1 AND status = 'pending' AND dedupe_key LIKE $2`,
      [AUTO_BUMP_JOB, `${weekId}:%`, now],
    );
    return 'stopped';
  }
  const inserted = await tx.query(
    `INSERT INTO auto_bump_slots (ad_id, slot_at, week_id, done_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ad_id, slot_at) DO NOTHING RETURNING ad_id`,
    [adId, slotAt, weekId, now],
  );
  if (inserted.length === 0) return 'alreadyDone';
  await tx.query(
    `UPDATE ads SET bumped_at = GREATEST(COALESCE(bumped_at, $2::timestamptz), $2::timestamptz) WHERE id = $1`,
    [adId, slotAt],
  );
  await tx.query('UPDATE auto_bump_weeks SET bumps_done = bumps_done + 1 WHERE id = $1', [weekId]);
  return 'bumped';
}

export function registerAutoBumpJobs(jobs: JobScheduler): void {
  jobs.register(AUTO_BUMP_JOB, async (job, { tx, now }) => {
    await runAutoBumpSlot(tx, Number(job.payload.weekId), Number(job.payload.slot), now);
  });
}
