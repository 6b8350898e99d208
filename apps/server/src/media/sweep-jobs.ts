/**
 * The orphan photo sweep (faults lose nothing). An upload writes the JPEG and its thumbnail to
 * the media store first and refers to them from ad_images only once both are stored; a replaced photo's old files go
 * after the new row is committed. A process killed in between (kill -9, a lost machine) leaves files no row refers
 * to, and in the local directory a half-written temporary file. This removes them.
 *
 * One implementation, two callers:
 *   - the `media.sweep` scheduled job, every hour on the hour (platform/jobs/scheduler.ts: one process runs it, whichever
 *     claims it), for the local directory and for S3 alike, with an age bound: only objects written more than
 *     ORPHAN_MIN_AGE_MS ago, so an upload in progress on another process (its files stored, its row not yet) is
 *     never touched;
 *   - start-up on PGlite (start.ts), with no age bound: the data directory's lock proves that no other
 *     process writes to DATA_DIR/media, so whatever is unreferenced there was left by the dead predecessor.
 *
 * Per page of the listing, the candidates are checked against ad_images and ad_image_edits (the photos of a published
 * ad's unfinished edit) after they were listed, so a file is judged on rows at least as new as itself (the keys are
 * indexed in both).
 *
 * The same hourly job first gives up the reservations idle for RESERVATION_IDLE_MS (ads/reservations-repository.ts:
 * reserved ads never saved), and removes their photos and video at once.
 */

import { type FreedFiles, RESERVATION_IDLE_MS, sweepIdleReservations } from '../ads/reservations-repository.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { unreferencedKeys } from './media-edits-repository.ts';
import type { MediaStore } from './store-provider.ts';

/** The video host's files (video/host-provider.ts): what a given-up reservation's video is removed with. */
export interface VideoFiles {
  remove(key: string): Promise<void>;
}

export const MEDIA_SWEEP_JOB = 'media.sweep';
/** How often the sweep runs: on the hour. */
export const MEDIA_SWEEP_EVERY_MS = 60 * 60_000;
/** An unreferenced object younger than this may be an upload in progress: it is kept. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
/** Removals in flight at once (S3: one request each). */
const PARALLEL = 16;

export interface SweepResult {
  /** Objects older than the bound that were looked at. */
  checked: number;
  removed: number;
}

/**
 * Removes every object of the store written before `olderThan` (null: any age) that no photo row refers to, and
 * every temporary file of an unfinished write. Answers how many were checked and removed.
 */
export async function sweepOrphanMedia(db: Queryable, store: MediaStore, olderThan: Date | null): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, removed: 0 };
  for await (const page of store.list()) {
    const old = olderThan === null ? page : page.filter((o) => o.modifiedAt.getTime() < olderThan.getTime());
    if (old.length === 0) continue;
    result.checked += old.length;
    const keys = old.filter((o) => !o.temporary).map((o) => o.name);
    const unreferenced = new Set(await unreferencedKeys(db, keys));
    const stray = old.filter((o) => o.temporary || unreferenced.has(o.name)).map((o) => o.name);
    for (let i = 0; i < stray.length; i += PARALLEL)
      await Promise.all(stray.slice(i, i + PARALLEL).map((name) => store.removeListed(name)));
    result.removed += stray.length;
  }
  return result;
}

/** Removes the files of given-up reservations (their rows are gone already); a file already gone is no error. */
export async function removeFreed(freed: FreedFiles, store: MediaStore, videos: VideoFiles): Promise<void> {
  for (let i = 0; i < freed.mediaKeys.length; i += PARALLEL)
    await Promise.all(freed.mediaKeys.slice(i, i + PARALLEL).map((key) => store.delete(key)));
  await Promise.all(freed.videoKeys.map((key) => videos.remove(key)));
}

/** The next sweep's time: the next full hour after `now`. Its key is that time, so every process asks for one job. */
function nextSweep(now: Date): Date {
  return new Date((Math.floor(now.getTime() / MEDIA_SWEEP_EVERY_MS) + 1) * MEDIA_SWEEP_EVERY_MS);
}

/**
 * Schedules the next hourly sweep unless it is scheduled already (by this process, another one, or the last
 * sweep): keyed by its hour, so any number of processes starting together make one job.
 */
export function scheduleMediaSweep(jobs: JobScheduler, now: Date, db?: Queryable): Promise<number | null> {
  const at = nextSweep(now);
  return jobs.schedule({ kind: MEDIA_SWEEP_JOB, key: at.toISOString(), runAt: at, maxAttempts: 3 }, db);
}

/**
 * The sweep job: schedules the next hour's first (a failing sweep still leaves the chain whole), gives up the idle
 * reservations with their files, then sweeps the store with the age bound. It runs outside a transaction (S3 calls;
 * on PGlite an open transaction would hold every other query) and is idempotent: a run that died half way is
 * simply run again.
 */
export function registerMediaSweepJobs(
  jobs: JobScheduler,
  deps: { db: Db; store: MediaStore; videos: VideoFiles; log?: { info(obj: unknown, msg?: string): void } },
): void {
  const { db, store, videos, log } = deps;
  jobs.register(
    MEDIA_SWEEP_JOB,
    async (_job, { tx, now }) => {
      await scheduleMediaSweep(jobs, now, tx);
      const freed = await sweepIdleReservations(db, new Date(now.getTime() - RESERVATION_IDLE_MS));
      await removeFreed(freed, store, videos);
      if (freed.adIds.length > 0)
        log?.info({ reservations: freed.adIds.length, files: freed.mediaKeys.length }, 'idle reservations given up');
      const swept = await sweepOrphanMedia(tx, store, new Date(now.getTime() - ORPHAN_MIN_AGE_MS));
      if (swept.removed > 0)
        log?.info({ ...swept, store: store.kind }, 'media sweep: unreferenced photo files removed');
    },
    { transaction: false },
  );
}
