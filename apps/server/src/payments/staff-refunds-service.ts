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
import type { PaymentMachinery } from './refunds-service.ts';
import { findPaymentByPublicId } from './repository.ts';
import {
  findStaffRefundByKey,
  findStaffRefundToSend,
  insertStaffRefund,
  markStaffRefunded,
  refundableAgorot,
  type StaffRefund,
} from './staff-refunds-repository.ts';

export { refundableAgorot, type StaffRefund, staffRefundsOf } from './staff-refunds-repository.ts';

export const STAFF_REFUND_JOB = 'payments.staff-refund';
const RETRY_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 30;

export type StaffRefundOutcome =
  | { kind: 'refund'; refund: StaffRefund; repeated: boolean }
  | { kind: 'notFound' }
  | { kind: 'notPaid' }
  | { kind: 'tooMuch'; leftAgorot: number };

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
    const seen = await findStaffRefundByKey(tx, input.idempotencyKey);
    // The same form pressed twice: the refund it made (a key of another payment is not this one's).
    if (seen)
      return seen.paymentId === payment.id
        ? { kind: 'refund', refund: seen.refund, repeated: true }
        : { kind: 'notFound' };
    if (payment.status !== 'paid' || !payment.providerSessionId) return { kind: 'notPaid' };
    const left = await refundableAgorot(tx, payment.id);
    if (input.amountAgorot > left) return { kind: 'tooMuch', leftAgorot: left };
    const now = this.deps.clock.now();
    const { publicId: _, ...refund } = input;
    const row = await insertStaffRefund(tx, { paymentId: payment.id, ...refund }, now);
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
    return { kind: 'refund', refund: row, repeated: false };
  }

  /** Asks the provider for a decided refund and records its answer: where it stands now. */
  async send(refundId: number, rethrow = false): Promise<'pending' | 'refunded'> {
    const { db, clock, provider, log } = this.deps;
    const row = await findStaffRefundToSend(db, refundId);
    if (!row) return 'pending';
    if (row.refund.status === 'refunded') return 'refunded';
    try {
      const refund = await provider.refund({
        sessionId: row.sessionId ?? '',
        amountAgorot: row.refund.amountAgorot,
        idempotencyKey: `staff_${row.idempotencyKey}`,
      });
      await markStaffRefunded(db, refundId, refund.refundId, clock.now());
      return 'refunded';
    } catch (err) {
      log?.error({ err, refundId }, 'staff refund not confirmed yet: the refund job retries');
      if (rethrow) throw err;
      return 'pending';
    }
  }
}
