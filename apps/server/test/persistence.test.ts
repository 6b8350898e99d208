import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type ServerProcess, startExpectingFailure, startServer } from './support/server-process.ts';
import { startedDataDir } from './support/started-data-dir.ts';

// The embedded database's durability and its one-process lock; PostgreSQL handles both itself.
const embedded = !process.env.DATABASE_URL;

describe.runIf(embedded)('data survives restarts of the embedded database', () => {
  let dataDir = '';
  let env: Record<string, string> = {};
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = await startedDataDir('yad-data-');
    env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  }, 180_000);
  afterAll(() => {
    for (const s of running) s.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const account = (n: number) => ({
    username: `persist${n}@example.co.il`,
    password: 'Persist123',
    passwordAgain: 'Persist123',
    firstname: 'שמירה',
    lastname: `מספר ${n}`,
  });
  const canLogin = async (s: ServerProcess, n: number) =>
    (await new HttpClient(s.url).post('/api/auth/login', { username: account(n).username, password: 'Persist123' }))
      .status;

  it('keeps accounts over a clean stop, refuses a second server on the same directory, survives kill -9', async () => {
    const first = await startServer(env);
    running.push(first);
    expect((await new HttpClient(first.url).post('/api/auth/register', account(1))).status).toBe(200);
    const localities = await (await fetch(`${first.url}/api/health`)).json();
    expect(localities).toEqual({ status: 'ok', database: 'pglite' });

    // A second server on the same data directory refuses to start, with a clear message.
    const second = await startExpectingFailure(env);
    expect(second.code).toBe(2);
    expect(second.output).toContain(
      `The data directory ${dataDir} is in use by another server (pid ${first.child.pid})`,
    );
    expect(await canLogin(first, 1)).toBe(200); // and the first one is unharmed

    // Clean stop: SIGTERM checkpoints, closes and removes the lock.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const restarted = await startServer(env);
    running.push(restarted);
    expect(await canLogin(restarted, 1)).toBe(200);

    // kill -9 right after an acknowledged write: nothing acknowledged is lost, the stale lock is taken over.
    expect((await new HttpClient(restarted.url).post('/api/auth/register', account(2))).status).toBe(200);
    restarted.child.kill('SIGKILL');
    await restarted.exited;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const recovered = await startServer(env);
    running.push(recovered);
    expect(await canLogin(recovered, 1)).toBe(200);
    expect(await canLogin(recovered, 2)).toBe(200);
    recovered.child.kill('SIGTERM');
    expect(await recovered.exited).toBe(0);
    // Four server starts on a fresh data directory in one test: 22 s on a quiet machine, past 60 s on a loaded one.
  }, 180_000);
});
