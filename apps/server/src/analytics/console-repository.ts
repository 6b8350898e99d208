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

/** Payments of a span for the metrics: started in it, and paid, failed and refunded in it, by provider. */
export async function paymentCountsBetween(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<{ provider: string; started: number; paid: number; failed: number; refunded: number }[]> {
  const rows = await db.query<{
    provider: string;
    started: unknown;
    paid: unknown;
    failed: unknown;
    refunded: unknown;
  }>(
    `SELECT provider,
            count(*) FILTER (WHERE created_at >= $1 AND created_at < $2) AS started,
            count(*) FILTER (WHERE status = 'paid' AND paid_at >= $1 AND paid_at < $2) AS paid,
            count(*) FILTER (WHERE status = 'failed' AND failed_at >= $1 AND failed_at < $2) AS failed,
            count(*) FILTER (WHERE refunded_at >= $1 AND refunded_at < $2) AS refunded
     FROM payments
     WHERE created_at >= $1::timestamptz - interval '60 days' AND created_at < $2
     GROUP BY provider`,
    [from, to],
  );
  return rows.map((r) => ({
    provider: r.provider,
    started: Number(r.started),
    paid: Number(r.paid),
    failed: Number(r.failed),
    refunded: Number(r.refunded),
  }));
}

/** The job runner's queue: open and failed jobs by kind and status, and how many are past their time. */
export async function jobQueue(
  db: Queryable,
  now: Date,
): Promise<{ kind: string; status: string; count: number; overdue: number }[]> {
  const rows = await db.query<{ kind: string; status: string; count: unknown; overdue: unknown }>(
    `SELECT kind, status, count(*) AS count,
            count(*) FILTER (WHERE status = 'pending' AND run_at <= $1::timestamptz - interval '1 minute') AS overdue
     FROM scheduled_jobs WHERE status IN ('pending', 'running', 'failed')
     GROUP BY kind, status`,
    [now],
  );
  return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count), overdue: Number(r.overdue) }));
}
