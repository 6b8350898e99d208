/**
 * The webhook subscribers and their deliveries (migration 0048): SQL only. Every time is the caller's (the injected
 * clock). An ad's deliveries to one subscriber go in the order of its events: a delivery is claimed only while no
 * earlier one of the same subscriber and ad is undelivered.
 */
import type { AdEventType } from '../ads/ad-events-repository.ts';
import type { Queryable } from '../platform/db/db.ts';

export interface Subscriber {
  id: number;
  url: string;
  events: AdEventType[];
  secretBox: string;
  secretHint: string;
  createdAt: Date;
  pausedAt: Date | null;
  pausedReason: string | null;
  consecutiveFailures: number;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  /** Events waiting to be delivered to it. */
  pending: number;
}

interface SubscriberRow {
  id: string | number;
  url: string;
  events: AdEventType[];
  secret_box: string;
  secret_hint: string;
  created_at: Date | string;
  paused_at: Date | string | null;
  paused_reason: string | null;
  consecutive_failures: number;
  last_attempt_at: Date | string | null;
  last_success_at: Date | string | null;
  last_status: number | null;
  last_error: string | null;
  pending?: number | string;
}

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

const toSubscriber = (r: SubscriberRow): Subscriber => ({
  id: Number(r.id),
  url: r.url,
  events: r.events,
  secretBox: r.secret_box,
  secretHint: r.secret_hint,
  createdAt: new Date(r.created_at),
  pausedAt: date(r.paused_at),
  pausedReason: r.paused_reason,
  consecutiveFailures: r.consecutive_failures,
  lastAttemptAt: date(r.last_attempt_at),
  lastSuccessAt: date(r.last_success_at),
  lastStatus: r.last_status,
  lastError: r.last_error,
  pending: Number(r.pending ?? 0),
});

const WITH_PENDING = `s.*, (SELECT count(*) FROM webhook_deliveries d
  WHERE d.subscriber_id = s.id AND d.delivered_at IS NULL)::int AS pending`;

export async function insertSubscriber(
  tx: Queryable,
  s: { url: string; events: readonly AdEventType[]; secretBox: string; secretHint: string; createdBy: number },
  now: Date,
): Promise<Subscriber> {
  const [row] = await tx.query<SubscriberRow>(
    `INSERT INTO webhook_subscribers (url, events, secret_box, secret_hint, created_by, created_at, after_event_seq)
     VALUES ($1, $2::text[], $3, $4, $5, $6, (SELECT COALESCE(max(seq), 0) FROM ad_events)) RETURNING *`,
    [s.url, s.events, s.secretBox, s.secretHint, s.createdBy, now],
  );
  if (!row) throw new Error('subscriber not stored');
  return toSubscriber(row);
}

export async function listSubscribers(db: Queryable): Promise<Subscriber[]> {
  const rows = await db.query<SubscriberRow>(`SELECT ${WITH_PENDING} FROM webhook_subscribers s ORDER BY s.id`);
  return rows.map(toSubscriber);
}

export async function findSubscriber(db: Queryable, id: number): Promise<Subscriber | null> {
  const [row] = await db.query<SubscriberRow>(`SELECT ${WITH_PENDING} FROM webhook_subscribers s WHERE s.id = $1`, [
    id,
  ]);
  return row ? toSubscriber(row) : null;
}

/** Pauses a running subscriber; whether it was running. */
export async function pauseSubscriber(tx: Queryable, id: number, reason: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE webhook_subscribers SET paused_at = $2, paused_reason = $3 WHERE id = $1 AND paused_at IS NULL RETURNING id`,
    [id, now, reason],
  );
  return rows.length > 0;
}

/** Resumes a paused subscriber: what waits for it is due now, its day of failures starts again. Whether it was paused. */
export async function resumeSubscriber(tx: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE webhook_subscribers SET paused_at = NULL, paused_reason = NULL, consecutive_failures = 0
     WHERE id = $1 AND paused_at IS NOT NULL RETURNING id`,
    [id],
  );
  if (rows.length === 0) return false;
  await tx.query(
    `UPDATE webhook_deliveries SET next_attempt_at = $2, first_failed_at = NULL, locked_until = NULL
     WHERE subscriber_id = $1 AND delivered_at IS NULL`,
    [id, now],
  );
  return true;
}

export async function deleteSubscriber(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('DELETE FROM webhook_subscribers WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/**
 * Makes a delivery of each new event for every subscriber of its type added before it (a paused one too: it gets
 * them when resumed), and marks the events fanned out; SKIP LOCKED lets two processes share the work.
 * How many events it took.
 */
export async function fanOutEvents(tx: Queryable, now: Date, limit = 500): Promise<number> {
  const rows = await tx.query<{ n: number | string }>(
    `WITH ev AS (
       UPDATE ad_events SET fanned_out_at = $1
       WHERE seq IN (SELECT seq FROM ad_events WHERE fanned_out_at IS NULL ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING seq, ad_id, type, created_at
     ), made AS (
       INSERT INTO webhook_deliveries (subscriber_id, event_seq, ad_id, next_attempt_at)
       SELECT s.id, ev.seq, ev.ad_id, $1 FROM ev JOIN webhook_subscribers s
         ON ev.type = ANY (s.events) AND ev.seq > s.after_event_seq
       ON CONFLICT (subscriber_id, event_seq) DO NOTHING
       RETURNING id
     )
     SELECT (SELECT count(*) FROM ev) AS n, (SELECT count(*) FROM made) AS made`,
    [now, limit],
  );
  return Number(rows[0]?.n ?? 0);
}

export interface DueDelivery {
  id: number;
  subscriberId: number;
  eventSeq: number;
  attempts: number;
  firstFailedAt: Date | null;
}

/**
 * Claims up to `limit` deliveries due now for `leaseMs`: each the first undelivered one of its subscriber and ad (the
 * ad's events in order), of a subscriber not paused, not claimed by a run still within its lease.
 */
export async function claimDueDeliveries(
  db: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<DueDelivery[]> {
  const rows = await db.query<{
    id: string | number;
    subscriber_id: string | number;
    event_seq: string | number;
    attempts: number;
    first_failed_at: Date | string | null;
  }>(
    `UPDATE webhook_deliveries SET locked_until = $2
     WHERE id IN (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_subscribers s ON s.id = d.subscriber_id
       WHERE d.delivered_at IS NULL AND s.paused_at IS NULL AND d.next_attempt_at <= $1
         AND (d.locked_until IS NULL OR d.locked_until <= $1)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
           WHERE e.subscriber_id = d.subscriber_id AND e.ad_id = d.ad_id AND e.event_seq < d.event_seq
             AND e.delivered_at IS NULL)
       ORDER BY d.event_seq LIMIT $3 FOR UPDATE OF d SKIP LOCKED)
     RETURNING id, subscriber_id, event_seq, attempts, first_failed_at`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      subscriberId: Number(r.subscriber_id),
      eventSeq: Number(r.event_seq),
      attempts: r.attempts,
      firstFailedAt: date(r.first_failed_at),
    }))
    .sort((a, b) => a.eventSeq - b.eventSeq);
}

export async function markDelivered(
  db: Queryable,
  d: { id: number; subscriberId: number; status: number },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET delivered_at = $2, attempts = attempts + 1, locked_until = NULL, last_error = NULL
     WHERE id = $1`,
    [d.id, now],
  );
  await db.query(
    `UPDATE webhook_subscribers SET consecutive_failures = 0, last_attempt_at = $2, last_success_at = $2,
       last_status = $3, last_error = NULL WHERE id = $1`,
    [d.subscriberId, now, d.status],
  );
}

/** Records a failed attempt and when the next one is due; the time its failures began. */
export async function markFailed(
  db: Queryable,
  d: { id: number; subscriberId: number; status: number | null; error: string; nextAt: Date },
  now: Date,
): Promise<Date> {
  const [row] = await db.query<{ first_failed_at: Date | string }>(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, locked_until = NULL, last_error = $3,
       next_attempt_at = $4, first_failed_at = COALESCE(first_failed_at, $2)
     WHERE id = $1 RETURNING first_failed_at`,
    [d.id, now, d.error, d.nextAt],
  );
  await db.query(
    `UPDATE webhook_subscribers SET consecutive_failures = consecutive_failures + 1, last_attempt_at = $2,
       last_status = $3, last_error = $4 WHERE id = $1`,
    [d.subscriberId, now, d.status, d.error],
  );
  return row ? new Date(row.first_failed_at) : now;
}

/** When the next undelivered delivery of a running subscriber is due, or null. */
export async function nextDueAt(db: Queryable): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | string | null }>(
    `SELECT min(d.next_attempt_at) AS at FROM webhook_deliveries d JOIN webhook_subscribers s ON s.id = d.subscriber_id
     WHERE d.delivered_at IS NULL AND s.paused_at IS NULL`,
  );
  return row?.at ? new Date(row.at) : null;
}
