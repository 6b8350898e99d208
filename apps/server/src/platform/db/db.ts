/** The one database interface the repositories use: PostgreSQL SQL on PGlite or on a real server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hears `signal` each time a transaction that raised it (`signalAfterCommit`) has committed, in this process; a
   * rolled-back one says nothing. Answers the way to stop hearing.
   */
  onCommitted(signal: string, listener: () => void): () => void;
  /** Flushes to disk (CHECKPOINT) and closes. */
  close(): Promise<void>;
}

/** One round trip to the database (the health call's): throws when it cannot be reached. */
export async function pingDb(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

const RAISE = Symbol('raise after commit');
type Raising = { [RAISE]?: (signal: string) => void };

/**
 * Says `signal` to the database's listeners (`Db.onCommitted`) once the work of `q` is committed: at the commit of
 * its transaction, or at once outside one (the statement committed by itself). A signal raised twice in a
 * transaction is said once. For work another part of this process should start at once, not at its next look (an ad
 * event's delivery).
 */
export function signalAfterCommit(q: Queryable, signal: string): void {
  (q as Raising)[RAISE]?.(signal);
}

/** The listeners of a Db's commit signals; its transactions collect what they raise and say it after COMMIT. */
export class CommitSignals {
  private readonly listeners = new Map<string, Set<() => void>>();

  on(signal: string, listener: () => void): () => void {
    const set = this.listeners.get(signal) ?? new Set();
    this.listeners.set(signal, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Statements outside a transaction commit by themselves: `db`'s signals are said at once. */
  immediate<T extends Queryable>(db: T): T {
    (db as Raising)[RAISE] = (signal) => this.say([signal]);
    return db;
  }

  /** `tx` collects what its work raises; the answer says it (call it after COMMIT only). */
  collect(tx: Queryable): () => void {
    const raised = new Set<string>();
    (tx as Raising)[RAISE] = (signal) => raised.add(signal);
    return () => this.say(raised);
  }

  private say(signals: Iterable<string>): void {
    for (const signal of signals) {
      for (const listener of this.listeners.get(signal) ?? []) {
        try {
          listener();
        } catch {
          // A listener's failure is its own: the commit has happened and the caller's work is done.
        }
      }
    }
  }
}
