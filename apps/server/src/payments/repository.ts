/** The payments and payment_events tables (migration 0012): SQL only; every time is the caller's clock. */
import type { PaymentChannel, PaymentRefund } from '@app/contract/orders';
import type { Queryable } from '../platform/db/db.ts';

/**
 * track: a paid track; package: a one-ad upgrade; ad_package: a package of ads (migration 0023); auto_bump; trial:
 * EasyStart's card checked and kept, nothing charged; trial_charge: the kept card charged when the week ends
 * (migration 0040, plans/easy-start-service.ts).
 */
export type PaymentPurpose = 'track' | 'auto_bump' | 'package' | 'ad_package' | 'trial' | 'trial_charge';
export type PaymentStatus = 'created' | 'paid' | 'failed' | 'cancelled';

/** What a new payment is made of: the caller's choice of what is bought, by whom, for how much. */
export interface NewPayment {
  publicId: string;
  customerId: number;
  adId: number | null;
  purpose: PaymentPurpose;
  adType: string;
  days: number;
  amountAgorot: number;
  channel: PaymentChannel;
  idempotencyKey: string;
  provider: string;
  /** The catalogue hash of the package of ads an ad_package payment buys, else null. */
  packageHash?: string | null;
  /** The site origin its return URLs lead to (migration 0043), when it has a hosted page. */
  returnOrigin?: string | null;
}

/** A payment as stored: what was bought, and where it stands at the provider. */
export interface Payment extends Omit<NewPayment, 'packageHash' | 'returnOrigin'> {
  id: number;
  status: PaymentStatus;
  providerSessionId: string | null;
  hostedUrl: string | null;
  createdAt: Date;
  paidAt: Date | null;
  /** A newer start for the same ad replaced this open session (migration 0018): its payment fulfils nothing. */
  supersededAt: Date | null;
  packageHash: string | null;
  /** The automatic refund of a payment that delivered nothing (migration 0025): pending until the provider confirms. */
  refundStatus: 'pending' | 'refunded' | null;
  /** The idempotency key of that refund at the provider. */
  refundKey: string | null;
}

interface Row {
  id: number | string;
  public_id: string;
  customer_id: number | string;
  ad_id: number | string | null;
  purpose: PaymentPurpose;
  ad_type: string;
  days: number;
  amount_agorot: number;
  channel: PaymentChannel;
  status: PaymentStatus;
  idempotency_key: string;
  provider: string;
  provider_session_id: string | null;
  hosted_url: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  superseded_at?: Date | string | null;
  package_hash?: string | null;
  refund_status?: 'pending' | 'refunded' | null;
  refund_key?: string | null;
}

const toPayment = (r: Row): Payment => ({
  id: Number(r.id),
  publicId: r.public_id,
  customerId: Number(r.customer_id),
  adId: r.ad_id === null ? null : Number(r.ad_id),
  purpose: r.purpose,
  adType: r.ad_type,
  days: Number(r.days),
  amountAgorot: Number(r.amount_agorot),
  channel: r.channel,
  status: r.status,
  idempotencyKey: r.idempotency_key,
  provider: r.provider,
  providerSessionId: r.provider_session_id,
  hostedUrl: r.hosted_url,
  createdAt: new Date(r.created_at),
  paidAt: r.paid_at === null ? null : new Date(r.paid_at),
  supersededAt: r.superseded_at ? new Date(r.superseded_at) : null,
  packageHash: r.package_hash ?? null,
  refundStatus: r.refund_status ?? null,
  refundKey: r.refund_key ?? null,
});

/** Inserts a payment, or answers the customer's payment of the same idempotency key. */
export async function insertPayment(db: Queryable, p: NewPayment, now: Date): Promise<Payment> {
  const [row] = await db.query<Row>(
    `INSERT INTO payments (public_id, customer_id, ad_id, purpose, ad_type, days, amount_agorot, channel,
       idempotency_key, provider, created_at, package_hash, return_origin)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (customer_id, idempotency_key) DO NOTHING RETURNING *`,
    [
      p.publicId,
      p.customerId,
      p.adId,
      p.purpose,
      p.adType,
      p.days,
      p.amountAgorot,
      p.channel,
      p.idempotencyKey,
      p.provider,
      now,
      p.packageHash ?? null,
      p.returnOrigin ?? null,
    ],
  );
  if (row) return toPayment(row);
  const existing = await findPaymentByKey(db, p.customerId, p.idempotencyKey);
  if (!existing) throw new Error('idempotent payment insert found nothing');
  return existing;
}

export async function findPaymentByKey(db: Queryable, customerId: number, key: string): Promise<Payment | null> {
  const [row] = await db.query<Row>('SELECT * FROM payments WHERE customer_id = $1 AND idempotency_key = $2', [
    customerId,
    key,
  ]);
  return row ? toPayment(row) : null;
}

export async function findPaymentByPublicId(
  db: Queryable,
  publicId: string,
  forUpdate = false,
): Promise<Payment | null> {
  const [row] = await db.query<Row>(`SELECT * FROM payments WHERE public_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    publicId,
  ]);
  return row ? toPayment(row) : null;
}

/** The customer's open payment of the same ad, purpose, charge and channel, created since `since` (reused). */
export async function findOpenPayment(
  db: Queryable,
  q: Pick<NewPayment, 'customerId' | 'adId' | 'purpose' | 'adType' | 'days' | 'amountAgorot' | 'channel'> & {
    since: Date;
    /** Its return URLs lead to this site origin (a row from before migration 0043 has none, and matches). */
    returnOrigin: string;
  },
): Promise<Payment | null> {
  const [row] = await db.query<Row>(
    `SELECT * FROM payments
     WHERE customer_id = $1 AND ad_id IS NOT DISTINCT FROM $2 AND purpose = $3 AND ad_type = $4 AND days = $5
       AND amount_agorot = $6 AND channel = $7 AND status = 'created' AND created_at >= $8
       AND superseded_at IS NULL AND (return_origin = $9 OR return_origin IS NULL)
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [q.customerId, q.adId, q.purpose, q.adType, q.days, q.amountAgorot, q.channel, q.since, q.returnOrigin],
  );
  return row ? toPayment(row) : null;
}

export async function setPaymentSession(
  db: Queryable,
  id: number,
  sessionId: string,
  hostedUrl: string,
): Promise<void> {
  await db.query(
    'UPDATE payments SET provider_session_id = $2, hosted_url = $3 WHERE id = $1 AND provider_session_id IS NULL',
    [id, sessionId, hostedUrl],
  );
}

export async function markPaymentPaid(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query("UPDATE payments SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'created'", [id, now]);
}

/**
 * Supersedes the ad's other open payments of this purpose (one open track payment per ad, migration 0018): a
 * later success of one of them is recorded paid and refund_due. Answers the superseded public ids.
 */
export async function supersedeOpenPayments(
  db: Queryable,
  q: { adId: number; purposes: PaymentPurpose[]; exceptId: number },
  now: Date,
): Promise<string[]> {
  const rows = await db.query<{ public_id: string }>(
    `UPDATE payments SET superseded_at = $4
     WHERE ad_id = $1 AND purpose = ANY($2::text[]) AND id <> $3 AND status = 'created' AND superseded_at IS NULL
     RETURNING public_id`,
    [q.adId, q.purposes, q.exceptId, now],
  );
  return rows.map((r) => r.public_id);
}

/** How a paid payment ended (migration 0018): delivered, or paid for nothing (a refund is due). */
export async function setPaymentFulfilment(
  db: Queryable,
  id: number,
  f: { fulfilment: 'done' | 'refund_due'; reason?: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.query('UPDATE payments SET fulfilment = $2, fulfilment_reason = $3, fulfilment_detail = $4 WHERE id = $1', [
    id,
    f.fulfilment,
    f.reason ?? null,
    f.detail ? JSON.stringify(f.detail) : null,
  ]);
}

export async function markPaymentFailed(
  db: Queryable,
  id: number,
  status: 'failed' | 'cancelled',
  reason: string,
  now: Date,
): Promise<void> {
  await db.query(
    "UPDATE payments SET status = $2, failure_reason = $3, failed_at = $4 WHERE id = $1 AND status = 'created'",
    [id, status, reason, now],
  );
}

/** Records a processed event; false when it was processed before (a replay or a second delivery). */
export async function recordPaymentEvent(
  db: Queryable,
  e: { eventId: string; paymentId: number | null; kind: string },
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO payment_events (event_id, payment_id, kind, received_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [e.eventId, e.paymentId, e.kind, now],
  );
  return rows.length > 0;
}

export async function paymentEventSeen(db: Queryable, eventId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM payment_events WHERE event_id = $1', [eventId]);
  return rows.length > 0;
}

/**
 * The ad's other open payments that publish it (a track, a package of ads) with a session at the provider: when the
 * ad is finished another way, each is cancelled there (payments/service.ts cancelOpenSessions).
 */
export async function findOpenSessionsOfAd(db: Queryable, adId: number, exceptId: number | null): Promise<Payment[]> {
  const rows = await db.query<Row>(
    `SELECT * FROM payments WHERE ad_id = $1 AND purpose IN ('track', 'ad_package') AND status = 'created'
       AND provider_session_id IS NOT NULL AND id IS DISTINCT FROM $2 ORDER BY id`,
    [adId, exceptId],
  );
  return rows.map(toPayment);
}

/** How each of these payments (by public id) ended: delivered, or paid for nothing and why. */
export async function fulfilmentsOf(
  db: Queryable,
  publicIds: readonly string[],
): Promise<{ publicId: string; fulfilment: string | null; fulfilmentReason: string | null }[]> {
  const rows = await db.query<{ public_id: string; fulfilment: string | null; fulfilment_reason: string | null }>(
    'SELECT public_id, fulfilment, fulfilment_reason FROM payments WHERE public_id = ANY($1::text[])',
    [publicIds],
  );
  return rows.map((r) => ({ publicId: r.public_id, fulfilment: r.fulfilment, fulfilmentReason: r.fulfilment_reason }));
}

/** A paid payment of the ad for this track, not given back (a refunded one paid for nothing). */
export async function hasPaidTrack(
  db: Queryable,
  ad: { orderId: number; customerId: number },
  adType: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM payments WHERE ad_id = $1 AND customer_id = $2 AND purpose = 'track' AND ad_type = $3
       AND status = 'paid' AND refund_status IS NULL LIMIT 1`,
    [ad.orderId, ad.customerId, adType],
  );
  return rows.length > 0;
}

export interface PublishingPayment {
  status: PaymentStatus;
  purpose: 'track' | 'ad_package' | 'trial';
  amountAgorot: number;
  adType: string;
  packageHash: string | null;
  failureReason: string | null;
  paidAt: Date | null;
  refundStatus: 'pending' | 'refunded' | null;
}

/** The ad's payments that publish it (a track, a package of ads bought for it, EasyStart's trial), newest first. */
export async function publishingPaymentsOf(
  db: Queryable,
  ad: { orderId: number; customerId: number },
): Promise<PublishingPayment[]> {
  const rows = await db.query<{
    status: PaymentStatus;
    purpose: PublishingPayment['purpose'];
    amount_agorot: number;
    ad_type: string;
    package_hash: string | null;
    failure_reason: string | null;
    paid_at: Date | string | null;
    refund_status: 'pending' | 'refunded' | null;
  }>(
    `SELECT status, purpose, amount_agorot, ad_type, package_hash, failure_reason, paid_at, refund_status FROM payments
     WHERE ad_id = $1 AND customer_id = $2 AND purpose IN ('track', 'ad_package', 'trial')
     ORDER BY created_at DESC, id DESC`,
    [ad.orderId, ad.customerId],
  );
  return rows.map((r) => ({
    status: r.status,
    purpose: r.purpose,
    amountAgorot: Number(r.amount_agorot),
    adType: r.ad_type,
    packageHash: r.package_hash,
    failureReason: r.failure_reason,
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
    refundStatus: r.refund_status,
  }));
}

/** payments.fulfilment_reason of a payment refunded because a moderator refused its ad before it went live. */
export const AD_REJECTED = 'ad_rejected';

/** What buys an ad days on the board, or bumps it there: its track, a one-ad upgrade, an auto-bump week. */
export const DAY_BUYING_PURPOSES: readonly PaymentPurpose[] = ['track', 'package', 'auto_bump'];

/**
 * The ad's paid payments of those purposes with no automatic refund, locked in the caller's transaction (a staff
 * refund locks the same row, so what staff gave back is read after this, never before), oldest first.
 */
export async function lockUnrefundedDayPayments(db: Queryable, adId: number): Promise<Payment[]> {
  const rows = await db.query<Row>(
    `SELECT * FROM payments WHERE ad_id = $1 AND status = 'paid' AND purpose = ANY($2::text[]) AND amount_agorot > 0
       AND refund_status IS NULL ORDER BY id FOR UPDATE`,
    [adId, DAY_BUYING_PURPOSES],
  );
  return rows.map(toPayment);
}

/** What staff have refunded of a payment so far, confirmed or not (staff-refunds-service.ts). */
export async function staffRefundedAgorot(db: Queryable, paymentId: number): Promise<number> {
  const [row] = await db.query<{ sum: number | string | null }>(
    'SELECT sum(amount_agorot) AS sum FROM staff_refunds WHERE payment_id = $1',
    [paymentId],
  );
  return Number(row?.sum ?? 0);
}

/** A refund decided (in the transaction that records the payment paid); false when one was decided before. */
export async function markRefundPending(db: Queryable, id: number, refundKey: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE payments SET refund_status = 'pending', refund_key = $2 WHERE id = $1 AND refund_status IS NULL
     RETURNING id`,
    [id, refundKey],
  );
  return rows.length > 0;
}

/** The provider confirmed the refund: pending → refunded, once (a second confirmation changes nothing). */
export async function markRefunded(
  db: Queryable,
  id: number,
  r: { refundId: string; amountAgorot: number },
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE payments SET refund_status = 'refunded', provider_refund_id = $2, refunded_agorot = $3, refunded_at = $4
     WHERE id = $1 AND refund_status = 'pending' RETURNING id`,
    [id, r.refundId, r.amountAgorot, now],
  );
  return rows.length > 0;
}

/**
 * SQL of a LATERAL join on `ads`: the ad's automatic refund as its owner is told it (/my-ads, the finish page). The
 * newest refund decided for the ad, summed with those decided with it (the same reason and, for a refused ad, the
 * same refusal: its track and what was bought for it while it waited are one refund to the owner); pending while
 * any of them is. Columns refund_status, refund_agorot, refund_reason; no row without a refund.
 */
export const AD_REFUND_LATERAL = `SELECT CASE WHEN bool_or(g.refund_status = 'pending') THEN 'pending' ELSE 'refunded' END
      AS refund_status, sum(g.amount_agorot)::int AS refund_agorot, n.fulfilment_reason AS refund_reason
    FROM (SELECT p.fulfilment_reason, p.fulfilment_detail->>'reviewId' AS review FROM payments p
          WHERE p.ad_id = ads.id AND p.customer_id = ads.customer_id AND p.refund_status IS NOT NULL
          ORDER BY p.id DESC LIMIT 1) n
    JOIN payments g ON g.ad_id = ads.id AND g.customer_id = ads.customer_id AND g.refund_status IS NOT NULL
      AND g.fulfilment_reason IS NOT DISTINCT FROM n.fulfilment_reason
      AND (g.fulfilment_detail->>'reviewId') IS NOT DISTINCT FROM n.review
    GROUP BY n.fulfilment_reason, n.review`;

/** The columns of AD_REFUND_LATERAL as the wire's PaymentRefund; null without a refund. */
export function adRefundOf(row: {
  refund_status: 'pending' | 'refunded' | null;
  refund_agorot: number | string | null;
  refund_reason: string | null;
}): PaymentRefund | null {
  if (!row.refund_status) return null;
  return {
    status: row.refund_status,
    agorot: Number(row.refund_agorot),
    reason: row.refund_reason === AD_REJECTED ? 'adRejected' : 'notDelivered',
  };
}

/** The ad's automatic refund (AD_REFUND_LATERAL's row), null when it has none to report. */
export async function adRefundRowOf(db: Queryable, adId: number): Promise<Parameters<typeof adRefundOf>[0] | null> {
  const [row] = await db.query<Parameters<typeof adRefundOf>[0]>(
    `SELECT r.* FROM ads LEFT JOIN LATERAL (${AD_REFUND_LATERAL}) r ON true WHERE ads.id = $1`,
    [adId],
  );
  return row ?? null;
}

/**
 * Locks the row of the ad a payment is for to the end of the caller's transaction (one payment start at a time per
 * ad). Here rather than in the ads' repository: payments come before ads in the capabilities' order.
 */
export async function lockAdOfPayment(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('SELECT id FROM ads WHERE id = $1 FOR UPDATE', [orderId]);
}
