/**
 * The advertiser's numbers: counted in this process's memory as they happen and added to `ad_daily_numbers` in
 * batches, so that no page's answer waits for a write; read for the ad's owner.
 *
 * - `count*` adds to the batch (a Map of ad and day); `flush()` takes the batch and writes it in one upsert. The app
 *   flushes every `NUMBERS_FLUSH_MS` (a second by default) and once more when it closes, so a crash loses at most the
 *   last second's counts. A failed write puts its counts back into the next batch.
 * - A view counts once per visitor, ad and day (visitor-hash.ts: a salted hash kept in memory only); the owner's own
 *   visits and known bots are not counted (the routes ask `isPersonsBrowser` and who is the owner).
 */
import { AD_NUMBERS_DAYS, type AdDayNumbers, type AdNumbers, NO_NUMBERS } from '@app/contract/schemas/adNumbers';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import { israelDayOf } from '../platform/israel-day.ts';
import { adDays, addDailyNumbers, adTotal, customerAdTotals, type DailyAdd } from './numbers-repository.ts';
import { DailyVisitors } from './visitor-hash.ts';

export type NumberKind = keyof AdNumbers;

interface Log {
  error(obj: unknown, msg?: string): void;
}

export class AdNumbersCounter {
  private batch = new Map<string, DailyAdd>();
  private readonly visitors = new DailyVisitors();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  /** Adds `n` of a kind to the ad's day in the batch. */
  count(adId: number, kind: NumberKind, n = 1, at: Date = this.clock.now()): void {
    if (n <= 0) return;
    const day = israelDayOf(at);
    const key = `${adId}|${day}`;
    let row = this.batch.get(key);
    if (!row) {
      row = { adId, day, ...NO_NUMBERS };
      this.batch.set(key, row);
    }
    row[kind] += n;
  }

  /** A visit of the ad's page: counted the first time this visitor opens it today. */
  countView(adId: number, visitorKey: string): void {
    const now = this.clock.now();
    if (this.visitors.firstVisit(visitorKey, adId, israelDayOf(now))) this.count(adId, 'views', 1, now);
  }

  /** A board page showed these ads: one appearance each. */
  countBoardAppearances(adIds: readonly number[]): void {
    const now = this.clock.now();
    for (const id of adIds) this.count(id, 'boardAppearances', 1, now);
  }

  /** How many ad-days wait in the batch. */
  get waiting(): number {
    return this.batch.size;
  }

  /** Writes the batch in one upsert (one write at a time: a flush asked while one runs follows it). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.batch.size === 0) return;
      const rows = [...this.batch.values()];
      this.batch = new Map();
      try {
        await this.db.transaction((tx) => addDailyNumbers(tx, rows));
      } catch (err) {
        // Kept for the next batch, added to what came meanwhile.
        for (const r of rows)
          for (const kind of Object.keys(NO_NUMBERS) as NumberKind[])
            this.count(r.adId, kind, r[kind], dayStart(r.day));
        this.log.error(err, 'the advertiser numbers batch was not written; kept for the next one');
      }
    });
    return this.writing;
  }

  /** Flushes every `everyMs` (none when 0: tests flush by hand). */
  start(everyMs: number): void {
    if (everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (the app's close hook). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** Noon UTC of a day: inside that Israel day whatever the offset (for putting a failed batch back). */
const dayStart = (day: string): Date => new Date(`${day}T12:00:00Z`);

/** The last `AD_NUMBERS_DAYS` Israel days, oldest first, today last. */
export function lastDays(now: Date): string[] {
  const today = israelDayOf(now);
  const base = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: AD_NUMBERS_DAYS }, (_, i) =>
    new Date(base - (AD_NUMBERS_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Each of the customer's ads with its totals, all time and the last 30 days. */
export async function myAdsNumbers(db: Queryable, customerId: number, now: Date) {
  const [since = ''] = lastDays(now);
  const rows = await customerAdTotals(db, customerId, since);
  return rows.map((r) => ({ OrderID: r.adId, total: r.total, lastDays: r.lastDays }));
}

/** One ad's totals and its last 30 days, every day present. The caller checked the ad is the customer's. */
export async function adNumbersByDay(
  db: Queryable,
  adId: number,
  now: Date,
): Promise<{ total: AdNumbers; days: AdDayNumbers[] }> {
  const days = lastDays(now);
  const [total, stored] = await Promise.all([adTotal(db, adId), adDays(db, adId, days[0] ?? '')]);
  const byDay = new Map(stored.map((d) => [d.day, d]));
  return { total, days: days.map((day) => byDay.get(day) ?? { day, ...NO_NUMBERS }) };
}
