import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/db/db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or an own schema in the
 * PostgreSQL server of DATABASE_URL (dropped afterwards), so the same suite runs on both.
 */
export async function openTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined);
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
        const db = await openPglite(dir);
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
