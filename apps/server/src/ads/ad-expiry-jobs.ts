/**
 * Ad expiry (migration 0012 "expired: was live, ends_at passed"): one job per ad and end date, scheduled
 * where ends_at is written (goLive, the one-ad upgrade) in the same transaction, keyed `${adId}:${endsAtIso}`. A
 * later end date (an upgrade adds days) schedules its own job; the earlier one then runs, finds ends_at still ahead
 * and does nothing. Per-ad jobs rather than a periodic sweep: nothing runs while no ad is due, and the job store
 * already gives one run per job across processes. Only an 'active' ad expires (a pending one waits for review,
 * out_of_slots for its package). Time is the job's `now` (the injected clock).
 */
import type { Queryable } from '../platform/db/db.ts';
import { scheduleJob } from '../platform/jobs/jobs-repository.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { recordAdEvent } from './ad-events-service.ts';
import { markAdExpired } from './ads-repository.ts';

export const AD_EXPIRE_JOB = 'ads.expire';

/** Schedules the expiry of an ad at its end date (in the caller's transaction). */
export async function scheduleAdExpiry(tx: Queryable, adId: number, endsAt: Date, now: Date): Promise<void> {
  await scheduleJob(
    tx,
    { kind: AD_EXPIRE_JOB, key: `${adId}:${endsAt.toISOString()}`, runAt: endsAt, payload: { adId } },
    now,
  );
}

/** Moves an active ad whose end date has passed to expired (and writes its ad.ended event); whether it moved. */
export async function expireAd(tx: Queryable, adId: number, now: Date): Promise<boolean> {
  const moved = await markAdExpired(tx, adId, now);
  if (moved) await recordAdEvent(tx, { ad: adId, before: 'active' }, now);
  return moved;
}

export function registerAdExpiryJobs(jobs: JobScheduler): void {
  jobs.register(AD_EXPIRE_JOB, async (job, { tx, now }) => {
    await expireAd(tx, Number(job.payload.adId), now);
  });
}
