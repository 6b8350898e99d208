import type { Clock } from './clock.ts';
import type { Queryable } from './db/db.ts';

export interface WindowState {
  count: number;
  /** When the current window ends (the counter resets). */
  resetsAt: Date;
}

/** Fixed-window counters kept in the database, so they survive a restart and are shared by servers. */
export class RateLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt and returns the new count, atomically (one INSERT … ON CONFLICT … DO UPDATE … RETURNING
   * on PGlite and PostgreSQL): parallel callers each get their own count, so deciding from the returned count
   * (count > limit → refuse) can never let more than `limit` through, unlike a peek followed by a hit.
   */
  async hit(key: string, windowMs: number): Promise<WindowState> {
    const states = await this.hitMany([key], windowMs);
    const state = states.get(key);
    if (!state) throw new Error('rate counter upsert returned nothing');
    return state;
  }

  /**
   * hit() for several counters in one statement (the keys must differ). Rows are locked in key order, as in
   * giveBack(): on PostgreSQL, parallel statements that lock the same rows in different orders deadlock. In a
   * caller's transaction (`db`) the rows stay locked until it ends.
   */
  async hitMany(keys: readonly string[], windowMs: number, db: Queryable = this.db): Promise<Map<string, WindowState>> {
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - windowMs);
    const rows = await db.query<{ key: string; count: number; window_start: Date }>(
      `INSERT INTO rate_counters (key, window_start, count)
       SELECT k, $2::timestamptz, 1 FROM unnest($1::text[]) AS k ORDER BY k
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_counters.window_start <= $3 THEN 1 ELSE rate_counters.count + 1 END,
         window_start = CASE WHEN rate_counters.window_start <= $3 THEN $2 ELSE rate_counters.window_start END
       RETURNING key, count, window_start`,
      [keys, now, staleBefore],
    );
    return new Map(
      rows.map((r) => [r.key, { count: r.count, resetsAt: new Date(new Date(r.window_start).getTime() + windowMs) }]),
    );
  }

  /** Gives back attempts counted by hit() that turned out not to count (refused unchecked, or a success). */
  async giveBack(keys: readonly string[]): Promise<void> {
    // Lock the rows in key order first (see hitMany), then update them.
    await this.db.query(
      `UPDATE rate_counters AS r SET count = greatest(r.count - 1, 0)
       FROM (SELECT key FROM rate_counters WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE) AS locked
       WHERE r.key = locked.key`,
      [keys],
    );
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
  }
}
