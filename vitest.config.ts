import { defineConfig } from 'vitest/config';

// Two workers for the unit and API files: vitest's default on a 2-core machine is one (cores - 1), and the API
// files spend much of their time waiting (server processes starting, PGlite's WASM, child processes), so two
// files side by side cut the suite's wall time without the CPU being oversubscribed.
const SIDE_BY_SIDE = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          maxWorkers: SIDE_BY_SIDE,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          maxWorkers: SIDE_BY_SIDE,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One retry of a failed browser test: on 24 Nov 2026 two full runs each had two different tests time
          // out around a step move after a reminder popup (issue 11), none of which failed alone or on a retry;
          // the stall is open in the session note. A test that fails twice still fails the run.
          retry: 1,
        },
      },
    ],
  },
});
