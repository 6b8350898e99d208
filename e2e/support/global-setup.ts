import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../apps/server/build.mjs';
import { startServer } from '../../apps/server/test/support/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the product started on once (migrated, localities, streets and demo catalogue seeded). */
    templateDataDir: string;
  }
}

/**
 * Starts the product once on an empty data directory and stops it, so every browser test file starts its own
 * product on a copy of that directory instead of creating the embedded database, migrating it and loading the
 * reference data again (about 3 s of each file's start on a quiet machine, much more on a busy one). Each file
 * still gets its own copy: no test sees another file's data.
 */
export default async function setup(project: TestProject) {
  // The server as production runs it (apps/server/build.mjs), from the sources as they are now.
  await buildServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-e2e-template-'));
  // Without the demo board's ads and the demo trader's: a test that wants them asks its product for them
  // (SEED_DEMO_ADS, SEED_DEMO_DEALER_ADS), so the counts of live ads the other tests read start from none.
  const server = await startServer({
    NODE_ENV: 'production',
    LOCAL_ORIGINS: 'true',
    DATA_DIR: dir,
    DATABASE_URL: '',
    SEED_DEMO_ADS: 'false',
    SEED_DEMO_DEALER_ADS: 'false',
  });
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`the template product did not stop cleanly (exit ${code}):\n${server.output()}`);
  fs.rmSync(path.join(dir, 'server.lock'), { force: true });
  project.provide('templateDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
