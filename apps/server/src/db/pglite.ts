import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';

/** Embedded PostgreSQL (PGlite). `dataDir` undefined means in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
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
    async close() {
      if (pg.closed) return;
      if (dataDir) await pg.query('CHECKPOINT');
      await pg.close();
    },
  };
}
