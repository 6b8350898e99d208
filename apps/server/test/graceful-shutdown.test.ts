import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { flood, tally } from './support/flood.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';
import { startedDataDir } from './support/started-data-dir.ts';

// SIGTERM in the middle of a flood of new connections (platform/lifecycle/drain.ts).
describe('SIGTERM under a flood of new connections', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every accepted connection, refuses the later ones politely, and exits 0 within 10 s', async () => {
    dataDir = await startedDataDir('yad-drain-');
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', JOB_TICK_MS: '200' });
    const s = server;
    // 100 requests always on their way, each a new connection to a route that reads the database.
    const load = flood(s.url, '/api/health', 100);
    while (load.outcomes.filter((o) => o.status === 200).length < 200) await new Promise((r) => setTimeout(r, 5));

    const signalAt = load.elapsed();
    s.child.kill('SIGTERM');
    const exitedIn = s.exited.then((code) => ({ code, ms: load.elapsed() - signalAt }));
    // Clients keep coming for half a second after the signal (a balancer takes that long to stop sending).
    await new Promise((r) => setTimeout(r, 500));
    const outcomes = await load.stop();
    const { code, ms } = await exitedIn;
    const counts = tally(outcomes);
    console.info('flood outcomes', counts, `exit ${code} after ${ms} ms`);

    // No request ended without an answer once its connection was accepted: no reset, no hang-up, no cut body.
    const broken = outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED');
    expect(broken, JSON.stringify(counts)).toEqual([]);
    // Every complete answer is either the real one or the drain's 503 with Retry-After and our Hebrew body.
    for (const o of outcomes.filter((x) => x.status !== undefined)) {
      if (o.status === 200) expect(JSON.parse(o.body ?? '')).toEqual({ status: 'ok', database: 'pglite' });
      else {
        expect(o.status).toBe(503);
        expect(o.retryAfter).toBe('10');
        expect(JSON.parse(o.body ?? '')).toEqual({ status: 503, message: he.serviceUnavailable });
      }
    }
    // Requests sent before the signal were all accepted by an open listener: none was refused.
    expect(outcomes.filter((o) => o.sentAt < signalAt && o.error === 'ECONNREFUSED')).toEqual([]);
    // The drain answered the late-comers with 503 (the listener stays open until the backlog is quiet); a connect
    // after the listener closed is refused by the kernel (ECONNREFUSED): nothing listens there any more.
    expect(outcomes.some((o) => o.sentAt > signalAt && o.status === 503)).toBe(true);
    const after = await fetch(`${s.url}/api/health`).then(
      () => 'answered',
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(after).toBe('ECONNREFUSED');

    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    // A clean stop: the database was closed and the data directory's lock removed.
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 180_000); // the first file to ask makes the started data directory (20 s and more at load 10)
});
