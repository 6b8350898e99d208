/**
 * The scheduled_jobs table (migration 0010): SQL only. Every time is the caller's (the app's injected clock), never
 * the database's now(), so tests move time by hand.
 */
import type { Queryable } from '../db/db.ts';

export interface ScheduleJob {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** At most one open (pending or running) job per kind and key: scheduling it again keeps the first. */
  key?: string;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This run's number (1 for the first); also the fence of its lease. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Who wants to hear that a job due now was just added (this process's ticking schedulers: scheduler.ts). The row is
 * visible only once the caller's transaction commits, so a listener looks a moment later, not at once.
 */
const dueNowListeners = new Set<() => void>();

/** Hears each job added due within a second; answers the way to stop hearing. */
export function onJobDueNow(listener: () => void): () => void {
  dueNowListeners.add(listener);
  return () => dueNowListeners.delete(listener);
}

/** How far ahead a job still counts as due now (a wake-up of its runner is worth it). */
const DUE_NOW_MS = 1_000;

/** Adds a job; with a key that already has an open job, nothing is added. Returns the new job's id or null. */
export async function scheduleJob(db: Queryable, job: ScheduleJob, now: Date): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO scheduled_jobs (kind, dedupe_key, payload, run_at, max_attempts, created_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6)
     ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('pending', 'running') DO NOTHING
     RETURNING id`,
    [job.kind, job.key ?? null, JSON.stringify(job.payload ?? {}), job.runAt, job.maxAttempts ?? 5, now],
  );
  if (row && job.runAt.getTime() <= now.getTime() + DUE_NOW_MS) for (const listener of dueNowListeners) listener();
  return row ? Number(row.id) : null;
}

/** Cancels the pending job of a kind and key (a running one finishes). Returns how many were cancelled. */
export async function cancelJob(db: Queryable, kind: string, key: string, now: Date): Promise<number> {
  const rows = await db.query(
    `UPDATE scheduled_jobs SET status = 'cancelled', finished_at = $3
     WHERE kind = $1 AND dedupe_key = $2 AND status = 'pending' RETURNING id`,
    [kind, key, now],
  );
  return rows.length;
}

/** Cancels the pending jobs of a kind whose key starts with `keyPrefix` (a series, e.g. a week's slots). */
export async function cancelJobsByKeyPrefix(
  db: Queryable,
  kind: string,
  keyPrefix: string,
  now: Date,
): Promise<number> {
  const rows = await db.query(
    `UPDATE scheduled_jobs SET status = 'cancelled', finished_at = $3
     WHERE kind = $1 AND status = 'pending' AND dedupe_key LIKE $2 RETURNING id`,
    [kind, `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`, now],
  );
  return rows.length;
}

/**
 * Claims up to `limit` due jobs of the given kinds in one statement for `worker`: pending ones whose time has come,
 * and running ones whose process died: its lease ran out, or its process's heartbeat (job_workers) is older than
 * `staleBefore` or gone. SKIP LOCKED lets parallel claimers pass each other's rows, and the row lock re-checks the
 * condition, so a job is claimed by one claimer only.
 */
export async function claimDueJobs(
  db: Queryable,
  kinds: readonly string[],
  now: Date,
  leaseMs: number,
  limit: number,
  worker: { id: string; staleBefore: Date },
): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  const rows = await db.query<{
    id: number;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }>(
    `UPDATE scheduled_jobs SET status = 'running', attempts = attempts + 1, locked_until = $3, locked_by = $5
     WHERE id IN (
       SELECT j.id FROM scheduled_jobs j
       WHERE j.kind = ANY($1::text[]) AND j.run_at <= $2
         AND (j.status = 'pending' OR (j.status = 'running' AND (j.locked_until <= $2 OR NOT EXISTS (
           SELECT 1 FROM job_workers w WHERE w.id = j.locked_by AND w.seen_at > $6))))
       ORDER BY j.run_at, j.id
       LIMIT $4
       FOR UPDATE OF j SKIP LOCKED
     )
     RETURNING id, kind, payload, attempts, max_attempts`,
    [kinds, now, new Date(now.getTime() + leaseMs), limit, worker.id, worker.staleBefore],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    payload: r.payload ?? {},
    attempt: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

/**
 * Marks a claimed job done, if this run still holds it (same attempt, still running): false when its lease ran
 * out and another process claimed it again, so the caller rolls its work back.
 */
export async function completeJob(db: Queryable, job: ClaimedJob, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE scheduled_jobs SET status = 'done', finished_at = $3, locked_until = NULL, last_error = NULL
     WHERE id = $1 AND attempts = $2 AND status = 'running' RETURNING id`,
    [job.id, job.attempt, now],
  );
  return rows.length > 0;
}

/** A failed run: due again after `retryAt`, or failed for good after its last attempt. */
export async function failJob(db: Queryable, job: ClaimedJob, error: string, now: Date, retryAt: Date): Promise<void> {
  await db.query(
    `UPDATE scheduled_jobs
     SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
         run_at = CASE WHEN attempts >= max_attempts THEN run_at ELSE $4::timestamptz END,
         finished_at = CASE WHEN attempts >= max_attempts THEN $5::timestamptz ELSE NULL END,
         locked_until = NULL, last_error = $3
     WHERE id = $1 AND attempts = $2 AND status = 'running'`,
    [job.id, job.attempt, error.slice(0, 2000), retryAt, now],
  );
}

/**
 * Makes every running job due again now: only for a process that knows no other process can be running them (the
 * embedded database's lock, at start-up after a crash). The dead run's attempt stays counted. Answers how many.
 */
export async function releaseRunningJobs(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query(
    `UPDATE scheduled_jobs SET status = 'pending', locked_until = NULL,
       run_at = CASE WHEN run_at > $1 THEN $1 ELSE run_at END
     WHERE status = 'running' RETURNING id`,
    [now],
  );
  return rows.length;
}

/** This process's scheduler is alive at `now` (its running jobs stay its own). */
export async function beat(db: Queryable, worker: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO job_workers (id, seen_at) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
    [worker, now],
  );
}

/**
 * Forgets what no claim reads any more: jobs that ended (done, cancelled, failed for good) before `endedBefore`, and
 * workers silent since `silentBefore` (a process that died without its clean stop). Answers how many of each.
 */
export async function pruneJobs(
  db: Queryable,
  endedBefore: Date,
  silentBefore: Date,
): Promise<{ jobs: number; workers: number }> {
  const jobs = await db.query(
    `DELETE FROM scheduled_jobs WHERE status IN ('done', 'cancelled', 'failed') AND finished_at < $1 RETURNING id`,
    [endedBefore],
  );
  const workers = await db.query('DELETE FROM job_workers WHERE seen_at < $1 RETURNING id', [silentBefore]);
  return { jobs: jobs.length, workers: workers.length };
}

/** A scheduler that stops cleanly says so: its jobs (none are running after the drain) need no waiting. */
export async function forgetWorker(db: Queryable, worker: string): Promise<void> {
  await db.query('DELETE FROM job_workers WHERE id = $1', [worker]);
}
