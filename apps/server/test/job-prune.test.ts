/**
 * The daily housekeeping job (platform/jobs/scheduler.ts): ended jobs (done, cancelled, failed for good) are deleted once
 * they are 30 days old, open ones never; workers silent for a day are forgotten; each run schedules the next day's
 * (one job whatever the number of processes); rate counters whose window has ended whatever its length are deleted.
 * Runs on PGlite and on DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/db.ts';
import { beat, scheduleJob } from '../src/platform/jobs/jobs-repository.ts';
import { JOBS_PRUNE_JOB, JobScheduler } from '../src/platform/jobs/scheduler.ts';
import { LONGEST_WINDOW_MS, RateLimiter } from '../src/platform/rate-limiter.ts';
import { openTestDb } from './support/test-db.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
});
afterAll(() => drop());

const DAY = 24 * 60 * 60_000;
const statusOf = async (id: number) =>
  (await db.query<{ status: string }>('SELECT status FROM scheduled_jobs WHERE id = $1', [id]))[0]?.status;

describe('housekeeping of the jobs table', () => {
  it('deletes jobs ended 30 days ago and silent workers, keeps the rest, and schedules the next run', async () => {
    const clock = new ManualClock(new Date('2026-10-01T09:00:00Z'));
    const jobs = new JobScheduler(db, clock, { tickMs: 0 });
    jobs.register('prune.ok', async () => undefined);
    jobs.register('prune.bad', async () => {
      throw new Error('always fails');
    });
    const add = async (kind: string, at: Date, key?: string) =>
      Number(await scheduleJob(db, { kind, runAt: at, key, maxAttempts: 1 }, clock.now()));
    // Ended on 1 October: one done, one failed for good, one cancelled. One pending for December stays open.
    const done = await add('prune.ok', clock.now());
    const failed = await add('prune.bad', clock.now());
    const cancelled = await add('prune.ok', new Date('2026-10-05T00:00:00Z'), 'c-1');
    await jobs.cancel('prune.ok', 'c-1');
    const later = await add('prune.ok', new Date('2026-12-01T00:00:00Z'));
    expect(await jobs.runDueJobs()).toBe(1);
    expect([await statusOf(done), await statusOf(failed), await statusOf(cancelled)]).toEqual([
      'done',
      'failed',
      'cancelled',
    ]);
    await beat(db, 'silent-worker', clock.now());

    // 20 days on: a job done then, and the housekeeping run due at midnight.
    clock.advance(20 * DAY);
    const recent = await add('prune.ok', clock.now());
    await jobs.runDueJobs();
    expect(await statusOf(recent)).toBe('done');
    await jobs.scheduleHousekeeping();
    await jobs.scheduleHousekeeping(); // a second process starting: still one job
    const pending = () =>
      db.query<{ run_at: Date }>(`SELECT run_at FROM scheduled_jobs WHERE kind = $1 AND status = 'pending'`, [
        JOBS_PRUNE_JOB,
      ]);
    expect((await pending()).map((r) => new Date(r.run_at).toISOString())).toEqual(['2026-10-22T00:00:00.000Z']);

    // Day 31 after the first ones ended: they go; the recent one, the open one and the live worker stay.
    clock.advance(11 * DAY);
    await beat(db, 'live-worker', clock.now());
    await jobs.runDueJobs();
    expect(await statusOf(done)).toBeUndefined();
    expect(await statusOf(failed)).toBeUndefined();
    expect(await statusOf(cancelled)).toBeUndefined();
    expect(await statusOf(recent)).toBe('done');
    expect(await statusOf(later)).toBe('pending');
    const workers = (await db.query<{ id: string }>('SELECT id FROM job_workers')).map((r) => r.id);
    expect(workers).toContain('live-worker');
    expect(workers).not.toContain('silent-worker');
    // Each run scheduled the next midnight's: one open housekeeping job, tomorrow's.
    expect((await pending()).map((r) => new Date(r.run_at).toISOString())).toEqual(['2026-11-02T00:00:00.000Z']);
  });

  it("deletes the rate counters of yesterday's visitors, keeps the ones still counting, and refuses a longer window", async () => {
    const clock = new ManualClock(new Date('2026-11-10T09:00:00Z'));
    const limiter = new RateLimiter(db, clock);
    const jobs = new JobScheduler(db, clock, { tickMs: 0 });
    jobs.onHousekeeping('rate_counters', (tx, now) => limiter.prune(tx, now));
    await limiter.hit('prune:ip:old', 60 * 60_000);
    await limiter.hit('prune:day:old', DAY);
    clock.advance(20 * 60 * 60_000);
    // Counting still: a day's counter started 20 hours ago, and an hour's counter started now.
    await limiter.hit('prune:ip:new', 60 * 60_000);
    await limiter.hit('prune:day:still', DAY);
    clock.advance(5 * 60 * 60_000);
    await jobs.scheduleHousekeeping();
    await jobs.runDueJobs();
    const keys = (await db.query<{ key: string }>(`SELECT key FROM rate_counters WHERE key LIKE 'prune:%'`))
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual(['prune:day:still', 'prune:ip:new']);
    // The day's counter that stays still counts where it was.
    expect((await limiter.hit('prune:day:still', DAY)).count).toBe(2);
    await expect(limiter.hit('prune:week', LONGEST_WINDOW_MS + 1)).rejects.toThrow(/longer than a day/);
  });
});
