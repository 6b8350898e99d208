#!/usr/bin/env node
// Runs every test: lint, types, unit, API (embedded database, or PostgreSQL when DATABASE_URL is set),
// the web build, browser tests in Chromium and the bundle budget (bytes Chromium receives from the running server). Installs Chromium with apt-get when it
// is missing and that is possible; otherwise stops with a message that says how.
import { execFileSync, spawnSync } from 'node:child_process';
import { findChromium } from './lib/chromium.mjs';

function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('» Chromium is missing: installing it with apt-get (Debian package "chromium-headless-shell")');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    found = findChromium();
    if (found) return found;
  }
  console.error(
    '\n✖ The browser tests need Chromium and it is not installed.\n' +
      '  On Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell (or chromium)\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium\n',
  );
  process.exit(1);
}

const steps = [
  ['Lint and format (Biome)', 'npx', ['biome', 'check', '.']],
  ['Type check', 'npm', ['run', '--silent', 'typecheck']],
  ['Unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']],
  ['Web build', 'npm', ['run', '--silent', 'build', '-w', '@app/web']],
  ['Browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']],
  // Alone, after the others: `npm start` rebuilds apps/web/dist, which the other browser files serve.
  ["The README's start command", 'npx', ['vitest', 'run', '--project', 'e2e-start']],
  [
    'Bytes on the wire of the first /publish screen, and each page’s code (bundle budgets)',
    'node',
    ['--import', 'tsx', 'scripts/bundle-size.mjs'],
  ],
];

const chromium = ensureChromium();
const env = { ...process.env, CHROMIUM_PATH: chromium };
const started = Date.now();
for (const [title, cmd, args] of steps) {
  console.log(`\n» ${title}`);
  const stepStarted = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(res.status ?? 1);
  }
  console.log(`» ${title}: ${Math.round((Date.now() - stepStarted) / 1000)} s`);
}
console.log(`\n✔ All tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
