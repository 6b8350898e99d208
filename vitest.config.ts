import { defineConfig } from 'vitest/config';

// Two workers for the unit and API files: vitest's default on a 2-core machine is one (cores - 1), and the API
// files spend much of their time waiting (server processes starting, PGlite's WASM, child processes), so two
// files side by side cut the suite's wall time without the CPU being oversubscribed.
const SIDE_BY_SIDE = 2;
/**
 * Beside the browser tests (scripts/test.mjs) the unit and API files run one at a time: the browser files' servers
 * and pages then keep a core, and the API files that start servers of their own are not starved.
 */
const UNIT_AND_API_WORKERS = Number(process.env.UNIT_AND_API_WORKERS ?? SIDE_BY_SIDE);
/** Records every route through vi.mock('fastify'): it must load fastify itself, after the mock. */
const OWN_MODULES_API_TEST = 'apps/server/test/attack-sweep.test.ts';
/**
 * API files that never open DATABASE_URL's database: the fields answer's throughput (an in-memory database; it keeps
 * both cores busy for half a minute) and the files that start the server on its embedded database to test the
 * process. The second pass of the API suite on PostgreSQL (scripts/test.mjs sets API_SKIP_EMBEDDED_ONLY) leaves them
 * out: it would only run them again as the first pass did.
 */
const EMBEDDED_ONLY_API_TESTS = ['fields-throughput', 'graceful-shutdown', 'sandbox', 'too-large-body'].map(
  (name) => `apps/server/test/${name}.test.ts`,
);
const SKIPPED_API_TESTS = process.env.API_SKIP_EMBEDDED_ONLY ? EMBEDDED_ONLY_API_TESTS : [];
/** `npm start` as the README gives it: rebuilds apps/web/dist, so never beside another browser file. */
const START_COMMAND_TEST = 'e2e/tests/start-command.e2e.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          maxWorkers: UNIT_AND_API_WORKERS,
          // The checks that read every module of the repository (category ids, SQL places, route exports) take a
          // second or two alone and far more beside the browser tests on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [OWN_MODULES_API_TEST, ...SKIPPED_API_TESTS],
          // The server bundle the tests that start the product as a process run (apps/server/build.mjs).
          globalSetup: ['apps/server/test/support/build-server.ts'],
          environment: 'node',
          maxWorkers: UNIT_AND_API_WORKERS,
          // A worker's files share its loaded modules (each file still builds its own app on its own database):
          // loading the server's sources again for every file is a third of the suite's CPU (import 123 s of 337 s
          // wall with two workers, against 12 s of 184 s shared), and PGlite's WebAssembly stays
          // compiled from one file to the next. No API file depends on a fresh module: state the server keeps in a
          // module (caches keyed by catalogue version, the request-id pool) is the same for every app.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The API file that replaces a module (vi.mock) runs with modules of its own.
          name: 'api-own-modules',
          include: [OWN_MODULES_API_TEST],
          globalSetup: ['apps/server/test/support/build-server.ts'],
          environment: 'node',
          maxWorkers: UNIT_AND_API_WORKERS,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          // The README's start command builds the web app into apps/web/dist, which every other browser file
          // serves: it runs after them, alone (the e2e-start project, scripts/test.mjs).
          exclude: [START_COMMAND_TEST],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files side by side, each with its own product (a copy of the seeded data directory) and its own
          // Chromium: the suite's time is mostly waiting (debounces, animations, the server's answers), so two
          // files at once take half the wall time of one after the other (9 min instead of 18).
          // E2E_WORKERS changes it for a trial: four are slower on two cores (load 12-14).
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // No retries: a browser test passes the first time or the run fails (a flaky test is a defect).
          retry: 0,
          // A worker's files share its loaded modules and its Chromium (e2e/support/browser.ts, `workerBrowser`):
          // loading playwright, sharp and the support code again and launching a browser for each of 77 files cost
          // about 170 of the suite's 2,650 CPU seconds. Each file still has its own product, database and contexts.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e-start',
          include: [START_COMMAND_TEST],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
