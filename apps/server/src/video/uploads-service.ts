/**
 * The limits on the video host's unfinished uploads. Without them one video token opened any number of tus
 * uploads, each declaring 200 MB and kept a day on the data directory's disk. Now:
 *   - an upload is counted from its creation (video_uploads, migration 0025) until it finishes, is ended (DELETE)
 *     or expires, in the database, so every process agrees;
 *   - a new one is refused (429) beyond the open uploads allowed per ad and per customer, or when the customer's
 *     open uploads would declare more than their bytes; one customer's uploads are opened one at a time (a lock of
 *     the customer's row), so uploads started together never pass a limit;
 *   - a new one is refused (507) when it would leave less than the floor free on the videos' disk (fs.statfs);
 *   - an unfinished upload expires VIDEO_UPLOAD_EXPIRE_MIN after its creation: the `video.expire` job, every five
 *     minutes in whichever process claims it, removes it with its file.
 */
import fs from 'node:fs/promises';
import { he } from '../i18n/messages.ts';
import type { Config } from '../platform/config.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { countOpenUploads, deleteUpload, insertUpload, lockUploader, uploadsCreatedBefore } from './repository.ts';

const MB = 1024 * 1024;
export const VIDEO_EXPIRE_JOB = 'video.expire';
/** How often expired uploads are looked for. */
export const VIDEO_EXPIRE_EVERY_MS = 5 * 60_000;
/** Expired uploads removed per statement. */
const EXPIRE_BATCH = 100;

export type VideoLimits = Pick<
  Config,
  | 'VIDEO_OPEN_UPLOADS_PER_AD'
  | 'VIDEO_OPEN_UPLOADS_PER_CUSTOMER'
  | 'VIDEO_OPEN_MB_PER_CUSTOMER'
  | 'VIDEO_DISK_FLOOR_MB'
  | 'VIDEO_UPLOAD_EXPIRE_MIN'
>;

export const expiryMs = (limits: VideoLimits): number => limits.VIDEO_UPLOAD_EXPIRE_MIN * 60_000;

/** Why a new upload is refused: the status and the Hebrew body tus answers with. */
export interface UploadRefusal {
  status: number;
  message: string;
}

/** Bytes free for an unprivileged writer on the disk of `directory`. */
export async function freeBytes(directory: string): Promise<number> {
  const stats = await fs.statfs(directory);
  return stats.bavail * stats.bsize;
}

/**
 * Records a new upload if the limits allow it; answers the refusal otherwise (nothing recorded). Uploads older than
 * the expiry are not counted: they are dead even if the job has not removed them yet.
 */
export async function openUpload(
  db: Db,
  upload: { id: string; adId: number; customerId: number; bytes: number; directory: string },
  limits: VideoLimits,
  now: Date,
): Promise<UploadRefusal | null> {
  if ((await freeBytes(upload.directory)) - upload.bytes < limits.VIDEO_DISK_FLOOR_MB * MB)
    return { status: 507, message: he.videoNoRoom };
  const liveSince = new Date(now.getTime() - expiryMs(limits));
  return db.transaction(async (tx) => {
    await lockUploader(tx, upload.customerId);
    const open = await countOpenUploads(tx, { customerId: upload.customerId, adId: upload.adId, since: liveSince });
    if (open.ofAd >= limits.VIDEO_OPEN_UPLOADS_PER_AD) return { status: 429, message: he.videoOpenPerAd };
    if (open.all >= limits.VIDEO_OPEN_UPLOADS_PER_CUSTOMER) return { status: 429, message: he.videoOpenPerCustomer };
    if (open.bytes + upload.bytes > limits.VIDEO_OPEN_MB_PER_CUSTOMER * MB)
      return { status: 429, message: he.videoOpenBytes };
    await insertUpload(tx, upload, now);
    return null;
  });
}

/** The upload is no longer unfinished (it finished, was refused at the end, or was ended): it stops counting. */
export async function closeUpload(db: Queryable, id: string): Promise<void> {
  await deleteUpload(db, id);
}

/** The next run's time: the next five-minute mark after `now` (its key, so every process asks for one job). */
function nextRun(now: Date): Date {
  return new Date((Math.floor(now.getTime() / VIDEO_EXPIRE_EVERY_MS) + 1) * VIDEO_EXPIRE_EVERY_MS);
}

export function scheduleVideoExpiry(jobs: JobScheduler, now: Date, db?: Queryable): Promise<number | null> {
  const at = nextRun(now);
  return jobs.schedule({ kind: VIDEO_EXPIRE_JOB, key: at.toISOString(), runAt: at, maxAttempts: 3 }, db);
}

/**
 * The expiry job: schedules the next run first, then removes every upload created before the expiry, its file
 * first (tus's remove; a file already gone is no error), then its row. Outside a transaction (file work) and
 * idempotent: a run that died half way is run again.
 */
export function registerVideoExpiryJobs(
  jobs: JobScheduler,
  deps: {
    db: Db;
    limits: VideoLimits;
    remove: (id: string) => Promise<void>;
    log?: { info(o: unknown, m?: string): void };
  },
): void {
  const { db, limits, remove, log } = deps;
  jobs.register(
    VIDEO_EXPIRE_JOB,
    async (_job, { now }) => {
      await scheduleVideoExpiry(jobs, now, db);
      const before = new Date(now.getTime() - expiryMs(limits));
      let removed = 0;
      for (;;) {
        const expired = await uploadsCreatedBefore(db, before, EXPIRE_BATCH);
        for (const id of expired) {
          await remove(id);
          await closeUpload(db, id);
        }
        removed += expired.length;
        if (expired.length < EXPIRE_BATCH) break;
      }
      if (removed > 0) log?.info({ removed }, 'video host: expired unfinished uploads removed');
    },
    { transaction: false },
  );
}
