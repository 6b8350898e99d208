import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server-process.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a started server leaves in its data directory that no copy may take along. */
const NOT_COPIED = new Set(['server.lock']);

/**
 * A data directory the server (the bundle the tests run) has started on once and stopped cleanly: the embedded
 * database created, migrated, the localities and streets seeded, no demo data. Made once per bundle and kept in the
 * system's temporary directory under the bundle's hash, so the files that start the server as a process begin from
 * a copy instead of creating, migrating and seeding the database again (10-20 s of a loaded machine each). A
 * start on an empty directory is still tested: by the browser tests' own template and `npm start`'s test.
 */
async function template(): Promise<string> {
  const bundle = fs.readFileSync(path.join(serverDir, 'dist/main.mjs'));
  const hash = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `yad-started-${hash}`);
  if (fs.existsSync(dir)) return dir;
  const making = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-started-making-'));
  const server = await startServer({ DATA_DIR: making, DATABASE_URL: '', SEED_DEMO: 'false' });
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`the server did not stop cleanly (exit ${code}):\n${server.output()}`);
  try {
    // Whole or not at all: a directory appears under its name only when complete (another worker may be first).
    fs.renameSync(making, dir);
  } catch {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return dir;
}

/** A new data directory with the started server's data in it, for one test file (removed by the caller). */
export async function startedDataDir(prefix: string): Promise<string> {
  const from = await template();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(from, dir, { recursive: true, filter: (src) => !NOT_COPIED.has(path.basename(src)) });
  return dir;
}
