import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openPglite } from '../../src/platform/db/pglite.ts';
import { openPostgres } from '../../src/platform/db/postgres.ts';

const require = createRequire(import.meta.url);
const migrationsDir = path.resolve(import.meta.dirname, '../../migrations');

/**
 * A migrated PGlite data directory as a tarball, made once per set of migrations and shared by every test file
 * (each file runs in its own process): creating a PGlite cluster is initdb in WebAssembly, 2 s on a quiet machine
 * and 30 s and more on a loaded one, while opening the template takes 0.3 s. The file's name carries a hash of the
 * migrations and of PGlite's version, so a changed migration makes a new template; it is written under another
 * name and renamed, so two processes making it at once never read half a file.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json')));
  for (const f of fs.readdirSync(migrationsDir).sort()) {
    hash.update(f);
    hash.update(fs.readFileSync(path.join(migrationsDir, f)));
  }
  const file = path.join(os.tmpdir(), `yad-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const db = await openPglite(undefined);
    await migrate(db);
    const tar = Buffer.from(await (await db.dump()).arrayBuffer());
    await db.close();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, tar);
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or an own schema in the
 * PostgreSQL server of DATABASE_URL (dropped afterwards), so the same suite runs on both.
 */
export async function openTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined, await migratedTemplate());
    // Nothing to apply from the template; still run, as a server start does, to prove the template is current.
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const db = await openPostgres(url, schema);
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/**
 * Storage that outlives one app, for restart tests: every open() gives a new connection to the same data (a
 * PGlite data directory, or one PostgreSQL schema), migrated. On PGlite one open() at a time (close before the
 * next); on PostgreSQL several may be open at once, like several server processes.
 */
export async function reopenableTestDb(): Promise<{ open: () => Promise<Db>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-jobs-'));
    return {
      async open() {
        const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
        const db = await openPglite(dir, fresh ? await migratedTemplate() : undefined);
        await migrate(db);
        return db;
      },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  return {
    async open() {
      const db = await openPostgres(url, schema);
      await migrate(db);
      return db;
    },
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
