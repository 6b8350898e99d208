/** Staff refunds (migration 0032, staff_refunds): SQL only; staff-refunds-service.ts decides and sends them. */
import type { Queryable } from '../platform/db/db.ts';

export interface StaffRefund {
  id: number;
  amountAgorot: number;
  reason: string;
  staffId: number;
  status: 'pending' | 'refunded';
  createdAt: Date;
  refundedAt: Date | null;
}

interface Row {
  id: string;
  amount_agorot: number;
  reason: string;
  staff_id: string;
  status: 'pending' | 'refunded';
  created_at: Date;
  refunded_at: Date | null;
  idempotency_key: string;
  payment_id: string;
}

const toRefund = (r: Row): StaffRefund => ({
  id: Number(r.id),
  amountAgorot: Number(r.amount_agorot),
  reason: r.reason,
  staffId: Number(r.staff_id),
  status: r.status,
  createdAt: new Date(r.created_at),
  refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
});

/** What is left to refund of a paid payment: paid, less the automatic refund and the staff refunds. */
export async function refundableAgorot(db: Queryable, paymentId: number): Promise<number> {
  const [row] = await db.query<{ left: number }>(
    `SELECT (p.amount_agorot - CASE WHEN p.refund_status IS NOT NULL THEN p.amount_agorot ELSE 0 END
             - COALESCE((SELECT sum(s.amount_agorot) FROM staff_refunds s WHERE s.payment_id = p.id), 0))::int AS left
     FROM payments p WHERE p.id = $1`,
    [paymentId],
  );
  return Math.max(0, row?.left ?? 0);
}

export async function staffRefundsOf(db: Queryable, paymentId: number): Promise<StaffRefund[]> {
  const rows = await db.query<Row>('SELECT * FROM staff_refunds WHERE payment_id = $1 ORDER BY id', [paymentId]);
  return rows.map(toRefund);
}

/** The refund decided earlier under this idempotency key, and its payment's id; null when the key is new. */
export async function findStaffRefundByKey(
  db: Queryable,
  idempotencyKey: string,
): Promise<{ refund: StaffRefund; paymentId: number } | null> {
  const [row] = await db.query<Row>('SELECT * FROM staff_refunds WHERE idempotency_key = $1', [idempotencyKey]);
  return row ? { refund: toRefund(row), paymentId: Number(row.payment_id) } : null;
}

export async function insertStaffRefund(
  tx: Queryable,
  r: { paymentId: number; amountAgorot: number; reason: string; staffId: number; idempotencyKey: string },
  now: Date,
): Promise<StaffRefund> {
  const [row] = await tx.query<Row>(
    `INSERT INTO staff_refunds (payment_id, amount_agorot, reason, staff_id, idempotency_key, status, created_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING *`,
    [r.paymentId, r.amountAgorot, r.reason, r.staffId, r.idempotencyKey, now],
  );
  if (!row) throw new Error('staff refund not stored');
  return toRefund(row);
}

/** What the provider is asked to send for a refund: the refund, its key and its payment's session. */
export async function findStaffRefundToSend(
  db: Queryable,
  refundId: number,
): Promise<{ refund: StaffRefund; idempotencyKey: string; sessionId: string | null } | null> {
  const [row] = await db.query<Row & { provider_session_id: string | null }>(
    `SELECT s.*, p.provider_session_id FROM staff_refunds s JOIN payments p ON p.id = s.payment_id WHERE s.id = $1`,
    [refundId],
  );
  return row
    ? { refund: toRefund(row), idempotencyKey: row.idempotency_key, sessionId: row.provider_session_id }
    : null;
}

/** A pending refund the provider made. */
export async function markStaffRefunded(
  db: Queryable,
  refundId: number,
  providerRefundId: string,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE staff_refunds SET status = 'refunded', provider_refund_id = $2, refunded_at = $3
     WHERE id = $1 AND status = 'pending'`,
    [refundId, providerRefundId, now],
  );
}
