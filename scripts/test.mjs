#!/usr/bin/env node
// Runs every test: lint, the import rules and the words check, the web build, then the browser tests in Chromium
// with the type check and the unit and API tests (embedded database, or PostgreSQL when DATABASE_URL is set; once
// more on PostgreSQL when TEST_POSTGRES_URL is set) running beside them, then the README's start command and the
// bundle budgets (bytes Chromium receives from the running server) and the main thread's work on a wizard step's
// first load. Installs Chromium with apt-get when it is missing and that is possible; otherwise stops with a message
// that says how.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
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

/** A step: a title and the command that runs it. */
const step = (title, cmd, args, extraEnv = {}) => ({ title, cmd, args, extraEnv });

const lint = step('Lint and format (Biome)', 'npx', ['biome', 'check', '.']);
const imports = step('Import rules (dependency-cruiser)', 'npm', ['run', '--silent', 'check:imports']);
const words = step('Words of the product only (tracked files)', 'npm', ['run', '--silent', 'check:words']);
const types = step('Type check', 'npm', ['run', '--silent', 'typecheck']);
const webBuild = step('Web build', 'npm', ['run', '--silent', 'build', '-w', '@app/web']);
// One file at a time beside the browser tests (vitest.config.ts); two once the browser tests have ended (a step
// that starts after them has both cores: the PostgreSQL pass often does).
let browserEnded = false;
const apiWorkers = () => ({ UNIT_AND_API_WORKERS: browserEnded ? '2' : '1' });
const API = ['--project', 'api', '--project', 'api-own-modules'];
const unitAndApi = step('Unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', ...API], apiWorkers);
// TEST_POSTGRES_URL (CI sets it): the API suite once more, on that PostgreSQL (each run in its own schema), without
// the files that never open DATABASE_URL's database (vitest.config.ts, API_SKIP_EMBEDDED_ONLY).
const apiOnPostgres = process.env.TEST_POSTGRES_URL
  ? step('API tests on PostgreSQL', 'npx', ['vitest', 'run', ...API], () => ({
      DATABASE_URL: process.env.TEST_POSTGRES_URL,
      API_SKIP_EMBEDDED_ONLY: '1',
      ...apiWorkers(),
    }))
  : undefined;
const browser = step('Browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']);
// Alone, after the others: `npm start` rebuilds apps/web/dist, which the other browser files serve.
const startCommand = step("The README's start command", 'npx', ['vitest', 'run', '--project', 'e2e-start']);
const bundle = step('Bytes on the wire of the first /publish screen, and each page’s code (bundle budgets)', 'node', [
  '--import',
  'tsx',
  'scripts/bundle-size.mjs',
]);

// What the first load of a wizard step runs on the main thread (CPU time and long tasks in a Chromium trace).
const firstLoad = step('The first load of a wizard step: main-thread work (a guard)', 'node', [
  'scripts/first-load.mjs',
]);

const chromium = ensureChromium();
const env = { ...process.env, CHROMIUM_PATH: chromium };

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
function fail(title, status) {
  console.error(`\n✖ ${title} failed`);
  process.exit(status ?? 1);
}

/** Runs a step with its output on this terminal. */
function runShown({ title, cmd, args, extraEnv }) {
  console.log(`\n» ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (res.status !== 0) fail(title, res.status);
  console.log(`» ${title}: ${seconds(started)}`);
}

/**
 * Runs steps one after the other in the background, their output kept and printed when each ends (so it does not
 * interleave with the step shown beside them). Resolves with the first failure, or undefined.
 */
async function runBeside(list) {
  for (const { title, cmd, args, extraEnv } of list) {
    const started = Date.now();
    // A step's environment may depend on the moment it starts (the API workers: see apiWorkers).
    const stepEnv = typeof extraEnv === 'function' ? extraEnv() : extraEnv;
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...stepEnv, FORCE_COLOR: '1' },
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
    console.log(`\n» ${title} (run beside the browser tests), its output:\n${Buffer.concat(out).toString()}`);
    console.log(`» ${title}: ${seconds(started)}`);
    if (status !== 0) return { title, status };
  }
  return undefined;
}

const started = Date.now();
for (const s of [lint, imports, words, webBuild]) runShown(s);
// The browser tests spend most of their time waiting on pages (two files at a time use under one of two cores), so
// the type check and the unit and API tests run beside them instead of before them; their output follows when each
// ends, and a failure there stops the browser tests at once.
const besideList = [types, unitAndApi, ...(apiOnPostgres ? [apiOnPostgres] : [])];
console.log(`\n» Beside the browser tests: ${besideList.map((s) => s.title).join(', ')}`);
const browserStarted = Date.now();
console.log(`\n» ${browser.title}`);
// Its own process group, so that a failure beside it can stop it with its servers and browsers.
// Its output is shown as it comes and kept, so that a failure can be told again at the very end of the log (the
// beside steps' output is printed after it, and a CI log is often read from its end).
const browserChild = spawn(browser.cmd, browser.args, {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  detached: true,
});
const browserOut = [];
for (const [from, to] of [
  [browserChild.stdout, process.stdout],
  [browserChild.stderr, process.stderr],
]) {
  from.on('data', (d) => {
    browserOut.push(d);
    to.write(d);
  });
}
const browserDone = new Promise((resolve) =>
  browserChild.on('close', (code) => {
    browserEnded = true;
    resolve(code);
  }),
);
/** The browser tests' failures as vitest summed them up (its "Failed Tests" part), else the end of their output. */
function browserFailures() {
  const text = Buffer.concat(browserOut).toString();
  const at = text.search(/Failed Tests? \d+/);
  const part =
    at === -1 ? text.split('\n').slice(-150).join('\n') : text.slice(Math.max(0, text.lastIndexOf('\n', at)));
  return part.length > 60_000 ? `${part.slice(0, 60_000)}\n…` : part;
}
const stopBrowserTests = () => {
  try {
    process.kill(-browserChild.pid, 'SIGTERM');
  } catch {
    // Already ended.
  }
};
// Ctrl-C reaches this process's group only: the browser tests' group is stopped with it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBrowserTests();
    process.exit(130);
  });
}
const besideFailure = await runBeside(besideList);
if (besideFailure) {
  stopBrowserTests();
  await browserDone;
  fail(besideFailure.title, besideFailure.status);
}
const browserStatus = await browserDone;
if (browserStatus !== 0) {
  console.error(`\n» ${browser.title}: what failed (told again from above)\n${browserFailures()}`);
  fail(browser.title, browserStatus);
}
console.log(`» ${browser.title}: ${seconds(browserStarted)}`);
for (const s of [startCommand, bundle, firstLoad]) runShown(s);
console.log(`\n✔ All tests passed in ${seconds(started)}`);
