// Starts the product as a user gets it (production server, built web app, fresh embedded database) for the
// benchmark scripts, the same way the browser tests do (e2e/support/product.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../apps/server/build.mjs';
import { findChromium } from './chromium.mjs';

export const repo = path.resolve(import.meta.dirname, '../..');
export const chromiumPath = findChromium() ?? '/usr/bin/chromium';
/** The flags of e2e/support/browser.ts: no sandbox, no GPU, no background traffic that would blur the numbers. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireBuild() {
  if (!fs.existsSync(path.join(repo, 'apps/web/dist/index.html'))) {
    console.error('✖ apps/web/dist is missing: run `npm run build -w @app/web` first');
    process.exit(1);
  }
}

/** Resolves with { url, stop } once the server prints its "Ready" line. */
export async function startProduct() {
  // The server as production runs it (apps/server/build.mjs), built from the sources as they are now.
  await buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-bench-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], {
    cwd: path.join(repo, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOCAL_ORIGINS: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk.toString();
      const m = /Ready: http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ url: `http://localhost:${m[1]}`, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`the server exited with ${code} before it was ready:\n${out}`)));
  });
}
