import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

describe("the README's start command", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-start-'));
  let stop: () => void = () => {};
  afterAll(() => {
    stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds and serves the Hebrew RTL product at the printed URL within 2 minutes, on the PORT given', async () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const block = /## Quick start\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1]?.trim().split('\n') ?? [];
    expect(block).toEqual(['npm install && npm start', 'npm install && npm test']);

    const started = Date.now();
    // `npm start` is the part of the first line that starts the product (npm install already ran here).
    const child = spawn('npm', ['start'], {
      cwd: repo,
      // A user's shell: no NODE_ENV (vitest sets it to test).
      env: { ...process.env, NODE_ENV: '', PORT: '3987', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    stop = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already stopped */
      }
    };
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (c: Buffer) => {
        out += c.toString();
        const m = /Ready: (http:\/\/localhost:\d+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
      setTimeout(() => reject(new Error(`not ready after 120 s:\n${out}`)), 120_000);
    });
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(url).toBe('http://localhost:3987');
    expect(out).toMatch(/private@demo\.co\.il \/ Demo1234/);
    expect(out).toMatch(/trader@demo\.co\.il \/ Trader1234/);

    const html = await (await fetch(`${url}/publish`)).text();
    expect(html).toMatch(/<html lang="he" dir="rtl">/);
    const health = await (await fetch(`${url}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', database: 'pglite' });
  });
});
