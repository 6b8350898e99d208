/**
 * EasyStart's trials (migration 0040, easy_start_trials) and what a trial writes on its ad: SQL only; the rules are
 * easy-start-service.ts's. Every time is the caller's (the injected clock).
 */
import type { SavedCard } from '../payments/provider.ts';
import type { Queryable } from '../platform/db/db.ts';

export type TrialStatus = 'running' | 'cancelled' | 'charged' | 'failed';

export interface Trial {
  id: number;
  adId: number;
  customerId: number;
  paymentId: number;
  card: SavedCard;
  amountAgorot: number;
  days: number;
  status: TrialStatus;
  chargeAt: Date;
  attempts: number;
  chargePaymentId: number | null;
  cancelledAt: Date | null;
  finishedAt: Date | null;
}

interface Row {
  id: string | number;
  ad_id: string | number;
  customer_id: string | number;
  payment_id: string | number;
  card_token: string;
  card_customer_ref: string | null;
  card_last4: string;
  card_expiry: string;
  amount_agorot: number;
  days: number;
  status: TrialStatus;
  charge_at: Date | string;
  attempts: number;
  charge_payment_id: string | number | null;
  cancelled_at: Date | string | null;
  finished_at: Date | string | null;
}

const toTrial = (r: Row): Trial => ({
  id: Number(r.id),
  adId: Number(r.ad_id),
  customerId: Number(r.customer_id),
  paymentId: Number(r.payment_id),
  card: { token: r.card_token, customerRef: r.card_customer_ref, last4: r.card_last4, expiry: r.card_expiry },
  amountAgorot: Number(r.amount_agorot),
  days: Number(r.days),
  status: r.status,
  chargeAt: new Date(r.charge_at),
  attempts: Number(r.attempts),
  chargePaymentId: r.charge_payment_id === null ? null : Number(r.charge_payment_id),
  cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
});

/** The statuses of an ad still on the board. */
const ON_THE_BOARD = "status IN ('active', 'pending', 'out_of_slots')";

export async function trialOfAd(db: Queryable, adId: number): Promise<Trial | null> {
  const [row] = await db.query<Row>('SELECT * FROM easy_start_trials WHERE ad_id = $1', [adId]);
  return row ? toTrial(row) : null;
}

export async function findTrial(db: Queryable, trialId: number): Promise<Trial | null> {
  const [row] = await db.query<Row>('SELECT * FROM easy_start_trials WHERE id = $1', [trialId]);
  return row ? toTrial(row) : null;
}

/** Records a running trial of a paid 'trial' payment; its id. */
export async function insertTrial(
  tx: Queryable,
  t: {
    adId: number;
    customerId: number;
    paymentId: number;
    card: SavedCard;
    amountAgorot: number;
    days: number;
    chargeAt: Date;
  },
  now: Date,
): Promise<number> {
  const [row] = await tx.query<{ id: string | number }>(
    `INSERT INTO easy_start_trials (ad_id, customer_id, payment_id, card_token, card_customer_ref, card_last4,
       card_expiry, amount_agorot, days, status, charge_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'running', $10, $11) RETURNING id`,
    [
      t.adId,
      t.customerId,
      t.paymentId,
      t.card.token,
      t.card.customerRef,
      t.card.last4,
      t.card.expiry,
      t.amountAgorot,
      t.days,
      t.chargeAt,
      now,
    ],
  );
  return Number(row?.id);
}

/** The customer's running trial on the ad, cancelled now; null when there is none. */
export async function cancelRunningTrial(
  tx: Queryable,
  input: { adId: number; customerId: number },
  now: Date,
): Promise<Trial | null> {
  const [row] = await tx.query<Row>(
    `UPDATE easy_start_trials SET status = 'cancelled', cancelled_at = $3
     WHERE ad_id = $1 AND customer_id = $2 AND status = 'running' RETURNING *`,
    [input.adId, input.customerId, now],
  );
  return row ? toTrial(row) : null;
}

export async function markTrialFinished(tx: Queryable, trialId: number, now: Date): Promise<void> {
  await tx.query('UPDATE easy_start_trials SET finished_at = $2 WHERE id = $1', [trialId, now]);
}

/** A running trial whose ad left the board: cancelled and finished now, nothing charged. */
export async function cancelAndFinishTrial(db: Queryable, trialId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE easy_start_trials SET status = 'cancelled', cancelled_at = $2, finished_at = $2
     WHERE id = $1 AND status = 'running'`,
    [trialId, now],
  );
}

/** The running trial charged by this attempt's payment; false when it was not running any more. */
export async function markTrialCharged(
  tx: Queryable,
  trialId: number,
  charge: { attempt: number; paymentId: number },
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE easy_start_trials SET status = 'charged', attempts = $2, charge_payment_id = $3, finished_at = $4
     WHERE id = $1 AND status = 'running' RETURNING id`,
    [trialId, charge.attempt, charge.paymentId, now],
  );
  return rows.length > 0;
}

/**
 * A declined attempt counted on the running trial (once: only while it has `before` attempts), running on or failed
 * for good; false when another run counted it already.
 */
export async function countTrialAttempt(
  tx: Queryable,
  trialId: number,
  attempt: { before: number; status: 'running' | 'failed'; finishedAt: Date | null },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE easy_start_trials SET attempts = $2, status = $3, finished_at = $4
     WHERE id = $1 AND status = 'running' AND attempts = $5 RETURNING id`,
    [trialId, attempt.before + 1, attempt.status, attempt.finishedAt, attempt.before],
  );
  return rows.length > 0;
}

/** The trial ad's end, set (its week and the day its charge has to decide). */
export async function setTrialAdEnd(tx: Queryable, adId: number, endsAt: Date): Promise<void> {
  await tx.query('UPDATE ads SET ends_at = $2 WHERE id = $1', [adId, endsAt]);
}

/** The ad stays on the board at least until `until` (a charge tried again later). */
export async function keepTrialAdUntil(tx: Queryable, adId: number, until: Date): Promise<void> {
  await tx.query(`UPDATE ads SET ends_at = GREATEST(ends_at, $2) WHERE id = $1 AND ${ON_THE_BOARD}`, [adId, until]);
}

/** A charged trial's ad: its track type for `ms` from the week's end (`from`). The new end, or null when gone. */
export async function extendChargedTrialAd(
  tx: Queryable,
  adId: number,
  change: { adType: string; from: Date; ms: number },
  now: Date,
): Promise<Date | null> {
  const [row] = await tx.query<{ ends_at: Date | string }>(
    `UPDATE ads SET ad_type = $2, updated_at = $4,
       ends_at = $3::timestamptz + ($5::bigint * interval '1 millisecond')
     WHERE id = $1 AND ${ON_THE_BOARD} RETURNING ends_at`,
    [adId, change.adType, change.from, now, change.ms],
  );
  return row ? new Date(row.ends_at) : null;
}

/**
 * The ad back on the free track: its type, and `freeMs` from its publication (never shorter than it had). The new
 * end, or null when the ad is no longer on the board.
 */
export async function trialAdBackToFree(tx: Queryable, adId: number, freeMs: number, now: Date): Promise<Date | null> {
  const [row] = await tx.query<{ ends_at: Date | string }>(
    `UPDATE ads SET ad_type = 'Free', updated_at = $3,
       ends_at = GREATEST(ends_at, published_at + ($2::bigint * interval '1 millisecond'))
     WHERE id = $1 AND ${ON_THE_BOARD} RETURNING ends_at`,
    [adId, freeMs, now],
  );
  return row ? new Date(row.ends_at) : null;
}
