import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/db.ts';

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

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - windowMs);
    const [row] = await this.db.query<{ count: number; window_start: Date }>(
      `INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_counters.window_start <= $3 THEN 1 ELSE rate_counters.count + 1 END,
         window_start = CASE WHEN rate_counters.window_start <= $3 THEN $2 ELSE rate_counters.window_start END
       RETURNING count, window_start`,
      [key, now, staleBefore],
    );
    if (!row) throw new Error('rate counter upsert returned nothing');
    return { count: row.count, resetsAt: new Date(new Date(row.window_start).getTime() + windowMs) };
  }

  async peek(key: string, windowMs: number): Promise<WindowState> {
    const now = this.clock.now();
    const [row] = await this.db.query<{ count: number; window_start: Date }>(
      'SELECT count, window_start FROM rate_counters WHERE key = $1',
      [key],
    );
    if (!row) return { count: 0, resetsAt: now };
    const resetsAt = new Date(new Date(row.window_start).getTime() + windowMs);
    return resetsAt <= now ? { count: 0, resetsAt: now } : { count: row.count, resetsAt };
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
  }
}
