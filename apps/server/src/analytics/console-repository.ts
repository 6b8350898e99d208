import type { Queryable } from '../platform/db/db.ts';

/** SMS or calls of one channel, to numbers starting with `start` (three digits), in one UTC hour. */
export interface SendRow {
  start: string;
  channel: 'sms' | 'ivr';
  hour: Date;
  sent: number;
  failed: number;
}

/**
 * The SMS and verification calls of [from, to), grouped by the number's first three digits, channel and hour (Israel
 * is a whole number of hours from UTC, so a UTC hour is one of Israel's). One row per code sent: a day holds at most
 * the daily budget's rows (phone_verifications_created, migration 0034).
 */
export async function sendsBetween(db: Queryable, from: Date, to: Date): Promise<SendRow[]> {
  const rows = await db.query<{ start: string; channel: 'sms' | 'ivr'; hour: Date; sent: unknown; failed: unknown }>(
    `SELECT left(phone, 3) AS start, channel, date_trunc('hour', created_at) AS hour,
            count(*) FILTER (WHERE NOT send_failed) AS sent, count(*) FILTER (WHERE send_failed) AS failed
     FROM phone_verifications WHERE created_at >= $1 AND created_at < $2
     GROUP BY 1, 2, 3`,
    [from, to],
  );
  return rows.map((r) => ({ ...r, hour: new Date(r.hour), sent: Number(r.sent), failed: Number(r.failed) }));
}

/** A guard's counter now (rate_counters): its key, count and when its window started. */
export interface GuardCounter {
  key: string;
  count: number;
  windowStart: Date;
}

/** The phone guards' counters: the daily budget (`sms:global`) and each prefix's hour (`sms:prefix:…`). */
export async function phoneGuardCounters(db: Queryable): Promise<GuardCounter[]> {
  const rows = await db.query<{ key: string; count: number; window_start: Date }>(
    `SELECT key, count, window_start FROM rate_counters WHERE key = 'sms:global' OR starts_with(key, 'sms:prefix:')`,
  );
  return rows.map((r) => ({ key: r.key, count: Number(r.count), windowStart: new Date(r.window_start) }));
}

/** Live ads (status active, not past their end) per category selection. */
export async function liveAdRows(
  db: Queryable,
  now: Date,
): Promise<{ cat: number; subcat: number | null; live: number }[]> {
  const rows = await db.query<{ cat: number; subcat: number | null; live: unknown }>(
    `SELECT cat, subcat, count(*) AS live FROM ads WHERE status = 'active' AND ends_at > $1
     GROUP BY cat, subcat ORDER BY cat, subcat NULLS FIRST`,
    [now],
  );
  return rows.map((r) => ({ cat: r.cat, subcat: r.subcat, live: Number(r.live) }));
}
