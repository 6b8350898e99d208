import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';

/**
 * Embedded PostgreSQL (PGlite). `dataDir` undefined means in memory (tests). `loadDataDir`, a tarball of a data
 * directory from `dumpDataDir` (the tests' migrated template), starts from that data instead of an empty cluster.
 */
export interface PgliteDb extends Db {
  /** The data directory as an uncompressed tarball (for `loadDataDir`). */
  dump(): Promise<Blob>;
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDb> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async dump() {
      return pg.dumpDataDir('none');
    },
    async close() {
      if (pg.closed) return;
      if (dataDir) await pg.query('CHECKPOINT');
      await pg.close();
    },
  };
}
