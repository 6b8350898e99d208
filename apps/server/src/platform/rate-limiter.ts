import type { Clock } from './clock.ts';
import type { Queryable } from './db/db.ts';
import { decrementCounters, deleteCounter, hitCounters, pruneCounters } from './rate-counters-repository.ts';

export interface WindowState {
  count: number;
  /** When the current window ends (the counter resets). */
  resetsAt: Date;
}

/**
 * The longest window a counter may have. A counter whose window started longer ago than this has ended whatever its
 * window (its next hit starts it again at 1), so the daily housekeeping deletes it (`prune`) and the table holds
 * only the last days' visitors, not every address that ever called.
 */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

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
    if (windowMs > LONGEST_WINDOW_MS) throw new Error(`a rate window of ${windowMs} ms is longer than a day`);
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - windowMs);
    const rows = await hitCounters(db, keys, now, staleBefore);
    return new Map(
      rows.map((r) => [r.key, { count: r.count, resetsAt: new Date(r.windowStart.getTime() + windowMs) }]),
    );
  }

  /** Gives back attempts counted by hit() that turned out not to count (refused unchecked, or a success). */
  async giveBack(keys: readonly string[]): Promise<void> {
    // Lock the rows in key order first (see hitMany), then update them.
    await decrementCounters(this.db, keys);
  }

  async reset(key: string): Promise<void> {
    await deleteCounter(this.db, key);
  }

  /** Deletes the counters whose window has ended whatever its length (older than LONGEST_WINDOW_MS). */
  prune(db: Queryable, now: Date): Promise<number> {
    return pruneCounters(db, new Date(now.getTime() - LONGEST_WINDOW_MS));
  }
}
