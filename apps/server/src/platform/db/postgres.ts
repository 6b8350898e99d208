import pg from 'pg';
import { CommitSignals, type Db, type Queryable } from './db.ts';

// int8 (bigint) ids fit in a JS number for this product; parse them as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** A real PostgreSQL server. `schema` (tests) isolates a run inside a shared database. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  await pool.query('SELECT 1');
  const signals = new CommitSignals();
  return signals.immediate<Db>({
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const res = await pool.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<T>(sql: string, params?: unknown[]) {
            return (await client.query(sql, params as unknown[])).rows as T[];
          },
        };
        const committed = signals.collect(tx);
        const out = await fn(tx);
        await client.query('COMMIT');
        committed();
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    onCommitted: (signal, listener) => signals.on(signal, listener),
    async close() {
      await pool.end();
    },
  });
}
