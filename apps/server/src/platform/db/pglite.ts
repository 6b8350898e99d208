import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CommitSignals, type Db, type Queryable } from './db.ts';

/**
 * Embedded PostgreSQL (PGlite). `dataDir` undefined means in memory (tests). `loadDataDir`, a tarball of a data
 * directory from `dumpDataDir` (the tests' migrated template), starts from that data instead of an empty cluster.
 */
export interface PgliteDb extends Db {
  /** The data directory as an uncompressed tarball (for `loadDataDir`). */
  dump(): Promise<Blob>;
}

/** The calls a PgliteDb makes on PGlite: the instance itself, or a hold on one that can be taken back. */
export type PgliteHandle = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'dumpDataDir' | 'close' | 'closed'>;

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDb> {
  return pgliteDb(await createPglite(dataDir, loadDataDir), dataDir);
}

/** The PGlite instance itself (see openPglite). */
export async function createPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  // pg_trgm: the board's search (migration 0044), as PostgreSQL ships it in contrib.
  return PGlite.create({
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/** A Db on an open PGlite; `dataDir` as it was opened with (a CHECKPOINT before closing when on disk). */
export function pgliteDb(pg: PgliteHandle, dataDir: string | undefined): PgliteDb {
  const wrap = (q: Pick<PgliteHandle, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
  });
  const base = wrap(pg);
  const signals = new CommitSignals();
  return signals.immediate<PgliteDb>({
    kind: 'pglite',
    query: base.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    async transaction(fn) {
      let committed = () => {};
      const out = await pg.transaction((tx) => {
        const wrapped = wrap(tx);
        committed = signals.collect(wrapped);
        return fn(wrapped);
      });
      committed();
      return out;
    },
    onCommitted: (signal, listener) => signals.on(signal, listener),
    async dump() {
      return pg.dumpDataDir('none');
    },
    async close() {
      if (pg.closed) return;
      if (dataDir) await pg.query('CHECKPOINT');
      await pg.close();
    },
  });
}
