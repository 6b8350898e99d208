import crypto from 'node:crypto';
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
