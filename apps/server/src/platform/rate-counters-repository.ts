/** The rate_counters table: fixed-window counters (rate-limiter.ts decides with them). SQL only. */
import type { Queryable } from './db/db.ts';

export interface CounterRow {
  key: string;
  count: number;
  windowStart: Date;
}

/**
 * Counts one hit on each key in one statement (INSERT … ON CONFLICT … DO UPDATE … RETURNING): a counter whose window
 * started at or before `staleBefore` starts again at `now` with 1. Rows are inserted and locked in key order.
 */
export async function hitCounters(
  db: Queryable,
  keys: readonly string[],
  now: Date,
  staleBefore: Date,
): Promise<CounterRow[]> {
  const rows = await db.query<{ key: string; count: number; window_start: Date | string }>(
    `INSERT INTO rate_counters (key, window_start, count)
     SELECT k, $2::timestamptz, 1 FROM unnest($1::text[]) AS k ORDER BY k
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_counters.window_start <= $3 THEN 1 ELSE rate_counters.count + 1 END,
       window_start = CASE WHEN rate_counters.window_start <= $3 THEN $2 ELSE rate_counters.window_start END
     RETURNING key, count, window_start`,
    [keys, now, staleBefore],
  );
  return rows.map((r) => ({ key: r.key, count: r.count, windowStart: new Date(r.window_start) }));
}

/** Takes one back from each counter (never below 0), locking the rows in key order first. */
export async function decrementCounters(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE rate_counters AS r SET count = greatest(r.count - 1, 0)
     FROM (SELECT key FROM rate_counters WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE) AS locked
     WHERE r.key = locked.key`,
    [keys],
  );
}

export async function deleteCounter(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
}

/** Deletes the counters whose window started before `before` (the daily housekeeping); answers how many went. */
export async function pruneCounters(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ key: string }>('DELETE FROM rate_counters WHERE window_start < $1 RETURNING key', [
    before,
  ]);
  return rows.length;
}
