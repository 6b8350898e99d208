/**
 * Automatic refunds (migration 0025): a paid payment that delivered nothing (refund_due: the ad was finished another
 * way while its session was open, a superseded session, a blocked or deleted ad; or a moderator refused the ad before
 * it was ever on the board) is refunded through the provider, exactly once.
 *
 *   apply (one transaction): paid + refund_due + refund_status 'pending' + refund key + a 'payments.refund' job
 *   then, before answering: provider.refund(key) ──► refund_status 'refunded' (only from 'pending')
 *   the job (a minute later, retried with back-off): the same call with the same key, if still 'pending'
 *
 * The key is the provider's idempotency key, so a process that dies between the provider's answer and our write
 * (or an answer lost on the way) is finished by the job, whose call answers the refund already made; the provider
 * refuses refunding more than was charged besides. The DB transition pending → refunded happens once.
 */
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import type { PaymentProvider } from './provider.ts';
import {
  AD_REJECTED,
  findPaymentByPublicId,
  lockUnrefundedDayPayments,
  markRefunded,
  markRefundPending,
  type Payment,
  setPaymentFulfilment,
  staffRefundedAgorot,
} from './repository.ts';

export const PAYMENT_REFUND_JOB = 'payments.refund';
/** The job's first run, after the immediate attempt had its chance. */
const REFUND_RETRY_AFTER_MS = 60_000;
/** The job store's back-off (1, 4, 9, … minutes, then hourly): about a day of attempts. */
const REFUND_MAX_ATTEMPTS = 30;

export type RefundState = 'none' | 'pending' | 'refunded';

/** What the payment services work with: the database, the clock, the provider and the job scheduler. */
export interface PaymentMachinery {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  jobs: JobScheduler;
}

export class PaymentRefunds {
  constructor(
    private readonly deps: PaymentMachinery & {
      log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
    },
  ) {
    deps.jobs.register(
      PAYMENT_REFUND_JOB,
      async (job) => {
        const state = await this.refund(String(job.payload.publicId ?? ''), true);
        if (state === 'pending') throw new Error(`refund of ${String(job.payload.publicId)} not confirmed yet`);
      },
      { transaction: false },
    );
  }

  /**
   * Decides the refund of a paid payment, in the caller's transaction (the one that records it paid, or refuses its
   * ad); false when there is nothing to refund or its refund was decided before.
   */
  async decide(tx: Queryable, payment: Payment, now: Date): Promise<boolean> {
    // A card only checked (EasyStart's trial) was charged nothing: nothing to give back.
    if (payment.amountAgorot === 0) return false;
    if (!(await markRefundPending(tx, payment.id, `refund_${payment.publicId}`))) return false;
    await this.deps.jobs.schedule(
      {
        kind: PAYMENT_REFUND_JOB,
        key: payment.publicId,
        runAt: new Date(now.getTime() + REFUND_RETRY_AFTER_MS),
        payload: { publicId: payment.publicId },
        maxAttempts: REFUND_MAX_ATTEMPTS,
      },
      tx,
    );
    return true;
  }

  /**
   * A moderator refused an ad that was never on the board (held when it went live): its paid track bought it no
   * day there, nor did the one-ad upgrades and auto-bump weeks bought while it waited, so each is refunded in full,
   * decided in the refusal's transaction (the caller asks the provider, `refund`, once that has committed). Only
   * when its plan was a paid track: an ad published free or from a package keeps its plan, and what was bought for
   * it, for the edit that sends it again. A payment staff have refunded part of is left to finance. Answers the
   * payments decided now: a refund decided before is never decided again.
   */
  async decideForRefusedAd(tx: Queryable, refusal: { adId: number; reviewId: number }, now: Date): Promise<Payment[]> {
    const untouched: Payment[] = [];
    for (const payment of await lockUnrefundedDayPayments(tx, refusal.adId))
      if ((await staffRefundedAgorot(tx, payment.id)) === 0) untouched.push(payment);
    if (!untouched.some((p) => p.purpose === 'track')) return [];
    const decided: Payment[] = [];
    for (const payment of untouched) {
      const detail = { reviewId: refusal.reviewId };
      await setPaymentFulfilment(tx, payment.id, { fulfilment: 'refund_due', reason: AD_REJECTED, detail });
      if (await this.decide(tx, payment, now)) decided.push(payment);
    }
    return decided;
  }

  /**
   * Asks the provider for a decided refund and records its answer. Answers where the refund stands; a provider
   * failure leaves it pending (thrown only from the job, `rethrow`, so the job store retries).
   */
  async refund(publicId: string, rethrow = false): Promise<RefundState> {
    const { db, clock, provider, log } = this.deps;
    const payment = await findPaymentByPublicId(db, publicId);
    if (!payment?.refundStatus) return 'none';
    if (payment.refundStatus === 'refunded') return 'refunded';
    if (!payment.providerSessionId || !payment.refundKey) return 'pending';
    try {
      const refund = await provider.refund({
        sessionId: payment.providerSessionId,
        amountAgorot: payment.amountAgorot,
        idempotencyKey: payment.refundKey,
      });
      if (await markRefunded(db, payment.id, refund, clock.now()))
        log?.info?.({ payment: publicId, refund: refund.refundId, agorot: refund.amountAgorot }, 'payment refunded');
      return 'refunded';
    } catch (err) {
      log?.error({ err, payment: publicId }, 'payment refund not confirmed yet: the refund job retries');
      if (rethrow) throw err;
      return 'pending';
    }
  }
}
