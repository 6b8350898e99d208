/**
 * A job added due now runs within a second or two in the process that added it, not at its next tick (an ad event
 * reaches its subscriber, a lead's mail its owner, while the tick stays every half minute); one added for later waits
 * for its time. Runs on PGlite and on DATABASE_URL's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/db.ts';
import { scheduleJob } from '../src/platform/jobs/jobs-repository.ts';
import { JobScheduler } from '../src/platform/jobs/scheduler.ts';
import { openTestDb } from './support/test-db.ts';

let db: Db;
let drop: () => Promise<void>;
let scheduler: JobScheduler;
const ran: { kind: string; at: number }[] = [];
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  scheduler = new JobScheduler(db, systemClock, { tickMs: 60_000 });
  for (const kind of ['due.now', 'due.later']) {
    scheduler.register(kind, async () => {
      ran.push({ kind, at: Date.now() });
    });
  }
  scheduler.start();
});
afterAll(async () => {
  await scheduler.stop();
  await drop();
});

const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('a job due now', () => {
  it('added in a transaction, runs soon after its commit, though the tick is a minute away', async () => {
    const added = Date.now();
    await db.transaction(async (tx) => {
      await scheduleJob(tx, { kind: 'due.now', runAt: new Date() }, new Date());
      // The transaction is still open a while after the job is added: the first look finds nothing yet.
      await new Promise((r) => setTimeout(r, 150));
    });
    await until(() => ran.some((r) => r.kind === 'due.now'), 5_000);
    const run = ran.find((r) => r.kind === 'due.now');
    expect(run, 'the job ran').toBeDefined();
    expect((run?.at ?? Infinity) - added).toBeLessThan(2_000);
  });

  it('added for a minute later, does not run before then', async () => {
    await scheduleJob(db, { kind: 'due.later', runAt: new Date(Date.now() + 60_000) }, new Date());
    await new Promise((r) => setTimeout(r, 2_000));
    expect(ran.filter((r) => r.kind === 'due.later')).toEqual([]);
  });
});
