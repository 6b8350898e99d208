/**
 * The job scheduler (scheduled work lives in the database): jobs are rows of scheduled_jobs,
 * so a restart loses nothing and every server process may tick; a job is claimed by one process at a time
 * (jobs-repository.ts). Each process runs only the kinds it has a handler for. Time is the app's injected clock: a
 * test moves it and calls runDueJobs() instead of waiting for a tick. A claimed job carries its process's name, and the
 * process beats in job_workers; a job whose process stopped beating (kill -9, a lost machine) is claimed again after
 * 20 s, its five-minute lease the bound for a process that beats but never finishes.
 *
 * The tick is a plain interval (JOB_TICK_MS): it only asks the database what is due, so a cron library
 * (croner) would add expressions we do not use. pg-boss is not used either: it needs a real PostgreSQL server
 * (LISTEN/NOTIFY, its own schema and a connection pool) and cannot run on the embedded PGlite.
 */
import crypto from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/db.ts';
import {
  beat,
  type ClaimedJob,
  cancelJob,
  claimDueJobs,
  completeJob,
  failJob,
  forgetWorker,
  pruneJobs,
  type ScheduleJob,
  scheduleJob,
} from './jobs-repository.ts';

/**
 * Does a job's work inside the transaction that marks it done: if the work throws, or the run lost its lease,
 * nothing of it stays. Work outside the database must be idempotent (a died process's job runs again).
 */
export type JobHandler = (job: ClaimedJob, ctx: { tx: Queryable; now: Date }) => Promise<void>;

export interface SchedulerOptions {
  /** How often the process looks for due jobs; 0: never by itself (runDueJobs only). */
  tickMs: number;
  /** The first retry's delay after a failed run; the n-th waits n² times it, at most 60 times. Default a minute. */
  retryBaseMs?: number;
  /** How long a claimed job is this process's before another may take it (the run died). */
  leaseMs?: number;
  /** Jobs claimed per statement. */
  batch?: number;
  /**
   * How often this process writes its heartbeat while ticking, and after how long without one another process may
   * take its running jobs (it died: kill -9, a lost machine). Defaults 5 s and 20 s.
   */
  heartbeatMs?: number;
  staleAfterMs?: number;
  /** Where failures (and the housekeeping's prunes) are reported (the app's logger). */
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

class LeaseLost extends Error {}

/** The daily housekeeping job (every process registers it; one runs it). */
export const JOBS_PRUNE_JOB = 'jobs.prune';
const DAY_MS = 24 * 60 * 60_000;
/** How long an ended job's row is kept (to look at what ran and why one failed). */
export const ENDED_JOBS_KEPT_MS = 30 * DAY_MS;
/** A worker silent this long died without its clean stop: its row goes. */
const SILENT_WORKER_MS = DAY_MS;

/** Retry delay after a failed run: 1, 4, 9, … times the base (a minute), at most 60 times it (an hour). */
const retryDelayMs = (attempt: number, baseMs: number): number => Math.min(attempt * attempt, 60) * baseMs;

export class JobScheduler {
  private readonly handlers = new Map<string, { handler: JobHandler; transaction: boolean }>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> | undefined;
  private nudged = false;
  /** The runs of `wake`, per kind, and the kinds woken again while theirs ran. */
  private readonly wakes = new Map<string, Promise<void>>();
  private readonly wokenAgain = new Set<string>();
  private readonly leaseMs: number;
  private readonly batch: number;
  private heartbeat: NodeJS.Timeout | undefined;
  /** This process's name in job_workers and in the jobs it claims. */
  readonly workerId = `${process.pid}-${crypto.randomUUID()}`;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: SchedulerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batch = options.batch ?? 20;
    // Housekeeping: the table would otherwise keep every job that ever ran. The next day's run is scheduled first,
    // so a failing prune keeps the chain whole.
    this.register(JOBS_PRUNE_JOB, async (_job, { tx, now }) => {
      await this.scheduleHousekeeping(tx, now);
      const pruned = await pruneJobs(
        tx,
        new Date(now.getTime() - ENDED_JOBS_KEPT_MS),
        new Date(now.getTime() - SILENT_WORKER_MS),
      );
      if (pruned.jobs + pruned.workers > 0) this.options.log?.info?.(pruned, 'scheduled jobs: old rows pruned');
      for (const [name, step] of this.housekeeping) {
        const removed = await step(tx, now);
        if (removed > 0) this.options.log?.info?.({ [name]: removed }, 'housekeeping: old rows pruned');
      }
    });
  }

  private readonly housekeeping = new Map<string, (tx: Queryable, now: Date) => Promise<number>>();

  /**
   * Adds a step to the daily housekeeping run: a capability's own old rows (delivered e-mail, providers' callbacks
   * seen), deleted in the run's transaction; the step answers how many it removed.
   */
  onHousekeeping(name: string, step: (tx: Queryable, now: Date) => Promise<number>): void {
    if (this.housekeeping.has(name)) throw new Error(`housekeeping step ${name} added twice`);
    this.housekeeping.set(name, step);
  }

  /**
   * Schedules the next daily housekeeping run (the next midnight UTC) unless it is scheduled already: keyed by its
   * time, so any number of processes starting together make one job.
   */
  scheduleHousekeeping(db: Queryable = this.db, now: Date = this.clock.now()): Promise<number | null> {
    const at = new Date((Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS);
    return scheduleJob(db, { kind: JOBS_PRUNE_JOB, key: at.toISOString(), runAt: at, maxAttempts: 3 }, now);
  }

  /**
   * Registers the work of a kind ('virtual-number.reenable'); one handler per kind. With `transaction: false` the
   * handler runs outside a transaction (ctx.tx is the database itself) and the job is marked done after it: for work
   * that waits on the network, such as a webhook delivery whose receiver may be this very process (on PGlite an open
   * transaction would hold every other query). Such work must be idempotent: a run whose lease ran out may repeat.
   */
  register(kind: string, handler: JobHandler, options: { transaction?: boolean } = {}): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, { handler, transaction: options.transaction ?? true });
  }

  /** Schedules a job (in the caller's transaction when given one); see ScheduleJob.key. */
  schedule(job: ScheduleJob, db: Queryable = this.db): Promise<number | null> {
    return scheduleJob(db, job, this.clock.now());
  }

  /** Cancels the pending job of a kind and key. */
  cancel(kind: string, key: string, db: Queryable = this.db): Promise<number> {
    return cancelJob(db, kind, key, this.clock.now());
  }

  /** Starts the interval tick (unless tickMs is 0). */
  start(): void {
    if (this.timer || this.options.tickMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    const beating = () =>
      beat(this.db, this.workerId, this.clock.now()).catch((err) =>
        this.options.log?.error(err, 'scheduled jobs: heartbeat failed'),
      );
    void beating();
    this.heartbeat = setInterval(() => void beating(), this.options.heartbeatMs ?? 5_000);
    this.heartbeat.unref();
  }

  /** Stops the tick and waits for a run in progress. */
  async stop(): Promise<void> {
    const wasRunning = this.timer !== undefined;
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = undefined;
    this.heartbeat = undefined;
    this.wokenAgain.clear();
    await Promise.all([this.inFlight, ...this.wakes.values()]);
    if (wasRunning) await forgetWorker(this.db, this.workerId).catch(() => undefined);
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /**
   * Work was just scheduled for now (an e-mail to deliver): a ticking process runs its due jobs at once instead of at
   * the next tick; if a run is in progress, once more after it. A process that does not tick does nothing here.
   */
  nudge(): void {
    if (!this.timer) return;
    if (this.inFlight) {
      this.nudged = true;
      return;
    }
    void this.tick();
  }

  /**
   * Work of one kind was just committed for now (an ad event to deliver): a ticking process runs the due jobs of that
   * kind at once, and no other kind, whose timing stays the tick's; if that kind's run is in progress, once more after
   * it. A process that does not tick does nothing here (the tick of a process that does is the fallback).
   */
  wake(kind: string): void {
    if (!this.timer || !this.handlers.has(kind)) return;
    if (this.wakes.has(kind)) {
      this.wokenAgain.add(kind);
      return;
    }
    const run = this.runDueJobs([kind])
      .then(() => undefined)
      .catch((err) => this.options.log?.error(err, 'scheduled jobs: wake failed'))
      .finally(() => {
        this.wakes.delete(kind);
        if (this.wokenAgain.delete(kind)) this.wake(kind);
      });
    this.wakes.set(kind, run);
  }

  private async tick(): Promise<void> {
    if (this.inFlight) return; // the previous tick is still working
    this.inFlight = this.runDueJobs()
      .catch((err) => this.options.log?.error(err, 'scheduled jobs: tick failed'))
      .finally(() => {
        this.inFlight = undefined;
      });
    await this.inFlight;
    if (this.nudged && this.timer) {
      this.nudged = false;
      await this.tick();
    }
  }

  /**
   * Runs every job due now (by the injected clock) that this process can run, or only those of `only`; answers how
   * many were done.
   */
  async runDueJobs(only?: readonly string[]): Promise<number> {
    const kinds = only ? only.filter((k) => this.handlers.has(k)) : [...this.handlers.keys()];
    let done = 0;
    for (;;) {
      const now = this.clock.now();
      // Beating before each claim keeps this process's running jobs its own, whatever the interval does.
      await beat(this.db, this.workerId, now);
      const staleBefore = new Date(now.getTime() - (this.options.staleAfterMs ?? 20_000));
      const jobs = await claimDueJobs(this.db, kinds, now, this.leaseMs, this.batch, {
        id: this.workerId,
        staleBefore,
      });
      for (const job of jobs) if (await this.runOne(job)) done += 1;
      if (jobs.length < this.batch) return done;
    }
  }

  private async runOne(job: ClaimedJob): Promise<boolean> {
    const registered = this.handlers.get(job.kind);
    const now = this.clock.now();
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      const { handler, transaction } = registered;
      if (!transaction) {
        await handler(job, { tx: this.db, now });
        if (!(await completeJob(this.db, job, now))) throw new LeaseLost();
        return true;
      }
      await this.db.transaction(async (tx) => {
        await handler(job, { tx, now });
        if (!(await completeJob(tx, job, now))) throw new LeaseLost();
      });
      return true;
    } catch (err) {
      if (err instanceof LeaseLost) return false; // another process holds it now; our work was rolled back
      this.options.log?.error({ err, jobId: job.id, kind: job.kind }, 'scheduled job failed');
      await failJob(
        this.db,
        job,
        String(err),
        now,
        new Date(now.getTime() + retryDelayMs(job.attempt, this.options.retryBaseMs ?? 60_000)),
      );
      return false;
    }
  }
}
