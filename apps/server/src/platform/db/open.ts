import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { lockDataDir } from './lock.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** Opens the configured database: PostgreSQL with DATABASE_URL, otherwise embedded PGlite under a lock. */
export async function openDatabase(config: Config): Promise<{ db: Db; release: () => void; where: string }> {
  if (config.DATABASE_URL) {
    const db = await openPostgres(config.DATABASE_URL);
    const url = new URL(config.DATABASE_URL);
    return { db, release: () => undefined, where: `PostgreSQL ${url.host}${url.pathname}` };
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    const dir = path.join(config.DATA_DIR, 'pgdata');
    const db = await openPglite(dir);
    return { db, release, where: `embedded PGlite at ${dir}` };
  } catch (err) {
    release();
    throw err;
  }
}
