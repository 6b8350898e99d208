/** The one database interface the repositories use: PostgreSQL SQL on PGlite or on a real server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Flushes to disk (CHECKPOINT) and closes. */
  close(): Promise<void>;
}

/** One round trip to the database (the health call's): throws when it cannot be reached. */
export async function pingDb(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
