/**
 * Job leases follow their process's heartbeat: a job claimed by a process that then died (kill -9:
 * no more heartbeats, no clean stop) is taken by another process once the heartbeat is 20 s old, not after the
 * five-minute lease; a live process's running job stays its own. Runs on PGlite and on DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/db.ts';
import { beat, claimDueJobs, scheduleJob } from '../src/platform/jobs/jobs-repository.ts';
import { JobScheduler } from '../src/platform/jobs/scheduler.ts';
import { openTestDb } from './support/test-db.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
});
afterAll(() => drop());

const LEASE_MS = 5 * 60_000;

/** Another process's scheduler: it runs the kind by recording the job ids it ran. */
function survivor(clock: ManualClock, kind: string, ran: number[]): JobScheduler {
  const s = new JobScheduler(db, clock, { tickMs: 0, leaseMs: LEASE_MS });
  s.register(kind, async (job) => {
    ran.push(job.id);
  });
  return s;
}

/** A job claimed by a process named `worker` that beat at the clock's time and was then (maybe) killed. */
async function claimedBy(worker: string, clock: ManualClock, kind: string): Promise<number> {
  const id = await scheduleJob(db, { kind, key: `${kind}-1`, runAt: clock.now(), payload: {} }, clock.now());
  await beat(db, worker, clock.now());
  const [job] = await claimDueJobs(db, [kind], clock.now(), LEASE_MS, 10, {
    id: worker,
    staleBefore: new Date(clock.now().getTime() - 20_000),
  });
  expect(job?.id).toBe(id);
  return Number(id);
}

describe('job leases and heartbeats', () => {
  it("a dead process's running job is run by another process 20 s after its last heartbeat, not after the lease", async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const ran: number[] = [];
    const other = survivor(clock, 'hb.dead', ran);
    const id = await claimedBy('killed-1', clock, 'hb.dead');

    clock.advance(15_000);
    expect(await other.runDueJobs()).toBe(0); // the heartbeat is 15 s old: maybe only slow
    clock.advance(6_000);
    expect(await other.runDueJobs()).toBe(1); // 21 s: dead, 4½ minutes before its lease would end
    expect(ran).toEqual([id]);
    const [row] = await db.query<{ status: string; locked_by: string | null }>(
      'SELECT status, locked_by FROM scheduled_jobs WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'done', locked_by: other.workerId });
  });

  it("a live process's running job stays its own while it beats, and the lease still bounds it", async () => {
    const clock = new ManualClock(new Date('2026-11-24T12:00:00Z'));
    const ran: number[] = [];
    const other = survivor(clock, 'hb.live', ran);
    const id = await claimedBy('alive-1', clock, 'hb.live');
    for (let i = 0; i < 5; i++) {
      clock.advance(10_000);
      await beat(db, 'alive-1', clock.now());
      expect(await other.runDueJobs()).toBe(0);
    }
    // A process that beats but never finishes (a stuck job): the lease ends its hold.
    clock.advance(LEASE_MS);
    await beat(db, 'alive-1', clock.now());
    expect(await other.runDueJobs()).toBe(1);
    expect(ran).toEqual([id]);
  });

  it('a scheduler that stops cleanly removes its heartbeat; a running one writes it', async () => {
    const clock = new ManualClock(new Date('2026-11-24T14:00:00Z'));
    const s = new JobScheduler(db, clock, { tickMs: 60_000, heartbeatMs: 60_000 });
    s.start();
    await expect
      .poll(async () => (await db.query('SELECT 1 FROM job_workers WHERE id = $1', [s.workerId])).length)
      .toBe(1);
    await s.stop();
    expect(await db.query('SELECT 1 FROM job_workers WHERE id = $1', [s.workerId])).toEqual([]);
  });
});

describe('a failed job is tried again', () => {
  /** A scheduler whose `kind` fails until `fixed` says otherwise; the runs it made. */
  function failing(clock: ManualClock, kind: string, retryBaseMs?: number) {
    const runs: Date[] = [];
    const state = { fixed: false };
    const s = new JobScheduler(db, clock, { tickMs: 0, ...(retryBaseMs ? { retryBaseMs } : {}) });
    s.register(kind, async () => {
      runs.push(clock.now());
      if (!state.fixed) throw new Error('the outside service is down');
    });
    return { s, runs, state };
  }

  it('after a minute, then four, then nine by default', async () => {
    const clock = new ManualClock(new Date('2026-11-24T16:00:00Z'));
    const { s, runs } = failing(clock, 'retry.default');
    await scheduleJob(db, { kind: 'retry.default', key: 'r-1', runAt: clock.now(), payload: {} }, clock.now());
    await s.runDueJobs();
    clock.advance(59_000);
    expect(await s.runDueJobs()).toBe(0);
    clock.advance(1_000);
    await s.runDueJobs(); // the second try, a minute after the first
    clock.advance(4 * 60_000 - 1_000);
    expect(await s.runDueJobs()).toBe(0);
    clock.advance(1_000);
    await s.runDueJobs();
    expect(runs.map((at) => (at.getTime() - (runs[0] as Date).getTime()) / 60_000)).toEqual([0, 1, 5]);
  });

  it('by the configured base (JOB_RETRY_BASE_MS): 1, 4, 9… times it, and once it works it is done', async () => {
    const clock = new ManualClock(new Date('2026-11-24T18:00:00Z'));
    const { s, runs, state } = failing(clock, 'retry.base', 1_000);
    const id = await scheduleJob(db, { kind: 'retry.base', key: 'r-2', runAt: clock.now(), payload: {} }, clock.now());
    for (const wait of [0, 1_000, 4_000, 9_000]) {
      clock.advance(wait);
      await s.runDueJobs();
    }
    expect(runs.map((at) => (at.getTime() - (runs[0] as Date).getTime()) / 1_000)).toEqual([0, 1, 5, 14]);
    state.fixed = true;
    clock.advance(16_000);
    await s.runDueJobs();
    const [row] = await db.query<{ status: string }>('SELECT status FROM scheduled_jobs WHERE id = $1', [id]);
    expect(row?.status).toBe('done');
    expect(runs).toHaveLength(5);
  });
});
