/**
 * Refunds finance staff make (migration 0032): a paid payment refunded in full or in part through the provider,
 * exactly once.
 *
 *   decide (one transaction, the payment row locked): the form's idempotency key seen before ─► that refund again;
 *   otherwise the amount must fit what is left (paid − the automatic refund − staff refunds) ─► a pending row, a
 *   'payments.staff-refund' job and the audit entry
 *   then, before answering: provider.refund(key) ──► refunded (only from pending); a failure leaves it to the job
 *
 * Two staff refunding the same payment at once queue on the lock: the second sees the first's refund in what is
 * left. The provider refuses more than was charged besides, and answers a repeated key with the refund it made.
 */
import type { Queryable } from '../platform/db/db.ts';
import type { PaymentMachinery } from './refunds.ts';
import { findPaymentByPublicId } from './repository.ts';

export const STAFF_REFUND_JOB = 'payments.staff-refund';
const RETRY_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 30;

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

export type StaffRefundOutcome =
  | { kind: 'refund'; refund: StaffRefund; repeated: boolean }
  | { kind: 'notFound' }
  | { kind: 'notPaid' }
  | { kind: 'tooMuch'; leftAgorot: number };

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

export class StaffRefunds {
  constructor(
    private readonly deps: PaymentMachinery & { log?: { error(obj: unknown, msg?: string): void } | undefined },
  ) {
    deps.jobs.register(
      STAFF_REFUND_JOB,
      async (job) => {
        const state = await this.send(Number(job.payload.refundId), true);
        if (state === 'pending') throw new Error(`staff refund ${String(job.payload.refundId)} not confirmed yet`);
      },
      { transaction: false },
    );
  }

  /**
   * Decides a refund of `amountAgorot` (in `tx`, which the caller also audits in) and answers it; the caller
   * sends it (`send`) once `tx` has committed.
   */
  async decide(
    tx: Queryable,
    input: { publicId: string; amountAgorot: number; reason: string; staffId: number; idempotencyKey: string },
  ): Promise<StaffRefundOutcome> {
    const payment = await findPaymentByPublicId(tx, input.publicId, true);
    if (!payment) return { kind: 'notFound' };
    const [seen] = await tx.query<Row>('SELECT * FROM staff_refunds WHERE idempotency_key = $1', [
      input.idempotencyKey,
    ]);
    // The same form pressed twice: the refund it made (a key of another payment is not this one's).
    if (seen)
      return Number(seen.payment_id) === payment.id
        ? { kind: 'refund', refund: toRefund(seen), repeated: true }
        : { kind: 'notFound' };
    if (payment.status !== 'paid' || !payment.providerSessionId) return { kind: 'notPaid' };
    const left = await refundableAgorot(tx, payment.id);
    if (input.amountAgorot > left) return { kind: 'tooMuch', leftAgorot: left };
    const now = this.deps.clock.now();
    const [row] = await tx.query<Row>(
      `INSERT INTO staff_refunds (payment_id, amount_agorot, reason, staff_id, idempotency_key, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING *`,
      [payment.id, input.amountAgorot, input.reason, input.staffId, input.idempotencyKey, now],
    );
    if (!row) throw new Error('staff refund not stored');
    await this.deps.jobs.schedule(
      {
        kind: STAFF_REFUND_JOB,
        key: String(row.id),
        runAt: new Date(now.getTime() + RETRY_AFTER_MS),
        payload: { refundId: Number(row.id) },
        maxAttempts: MAX_ATTEMPTS,
      },
      tx,
    );
    return { kind: 'refund', refund: toRefund(row), repeated: false };
  }

  /** Asks the provider for a decided refund and records its answer: where it stands now. */
  async send(refundId: number, rethrow = false): Promise<'pending' | 'refunded'> {
    const { db, clock, provider, log } = this.deps;
    const [row] = await db.query<Row & { provider_session_id: string | null }>(
      `SELECT s.*, p.provider_session_id FROM staff_refunds s JOIN payments p ON p.id = s.payment_id WHERE s.id = $1`,
      [refundId],
    );
    if (!row) return 'pending';
    if (row.status === 'refunded') return 'refunded';
    try {
      const refund = await provider.refund({
        sessionId: row.provider_session_id ?? '',
        amountAgorot: Number(row.amount_agorot),
        idempotencyKey: `staff_${row.idempotency_key}`,
      });
      await db.query(
        `UPDATE staff_refunds SET status = 'refunded', provider_refund_id = $2, refunded_at = $3
         WHERE id = $1 AND status = 'pending'`,
        [refundId, refund.refundId, clock.now()],
      );
      return 'refunded';
    } catch (err) {
      log?.error({ err, refundId }, 'staff refund not confirmed yet: the refund job retries');
      if (rethrow) throw err;
      return 'pending';
    }
  }
}
