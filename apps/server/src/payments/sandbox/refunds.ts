/**
 * The payment sandbox's refunds (migration 0025), as strict as a real provider's: only a paid session is refunded,
 * never for more than was charged (so never twice in full), and one refund per idempotency key (the same key again
 * answers the refund it made, with the same amount; another session or amount with it is refused).
 */
import crypto from 'node:crypto';
import type { Db } from '../../platform/db/db.ts';
import {
  findSandboxRefundByKey,
  findSandboxSession,
  insertSandboxRefund,
  type SandboxRefund,
} from './sandbox-repository.ts';

export { listSandboxRefunds, type SandboxRefund } from './sandbox-repository.ts';

export type RefundOutcome =
  | { ok: true; refund: SandboxRefund; created: boolean }
  | { ok: false; error: 'not_found' | 'not_paid' | 'exceeds_charge' | 'idempotency_key_reused' };

/** Refunds a paid session; the session's row is locked, so two calls (of one key or of two) are decided in turn. */
export async function refundSession(
  db: Db,
  input: { sessionId: string; amountAgorot: number; idempotencyKey: string },
  now: Date,
): Promise<RefundOutcome> {
  return db.transaction(async (tx): Promise<RefundOutcome> => {
    const session = await findSandboxSession(tx, input.sessionId, true);
    const prior = await findSandboxRefundByKey(tx, input.idempotencyKey);
    if (prior) {
      const same = prior.sessionId === input.sessionId && prior.amountAgorot === input.amountAgorot;
      return same ? { ok: true, refund: prior, created: false } : { ok: false, error: 'idempotency_key_reused' };
    }
    if (!session) return { ok: false, error: 'not_found' };
    if (session.status !== 'paid') return { ok: false, error: 'not_paid' };
    if (session.refundedAgorot + input.amountAgorot > session.amountAgorot)
      return { ok: false, error: 'exceeds_charge' };
    const refund = await insertSandboxRefund(
      tx,
      { id: `re_${crypto.randomBytes(12).toString('base64url')}`, ...input, sessionId: session.id },
      now,
    );
    return { ok: true, refund, created: true };
  });
}
