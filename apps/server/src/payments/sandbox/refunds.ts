/**
 * The payment sandbox's refunds (migration 0025), as strict as a real provider's: only a paid session is refunded,
 * never for more than was charged (so never twice in full), and one refund per idempotency key (the same key again
 * answers the refund it made, with the same amount; another session or amount with it is refused).
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { findSandboxSession } from './store.ts';

export interface SandboxRefund {
  id: string;
  sessionId: string;
  amountAgorot: number;
  idempotencyKey: string;
  createdAt: Date;
}

export type RefundOutcome =
  | { ok: true; refund: SandboxRefund; created: boolean }
  | { ok: false; error: 'not_found' | 'not_paid' | 'exceeds_charge' | 'idempotency_key_reused' };

interface Row {
  id: string;
  session_id: string;
  amount_agorot: number;
  idempotency_key: string;
  created_at: Date | string;
}

const toRefund = (r: Row): SandboxRefund => ({
  id: r.id,
  sessionId: r.session_id,
  amountAgorot: Number(r.amount_agorot),
  idempotencyKey: r.idempotency_key,
  createdAt: new Date(r.created_at),
});

/** Refunds a paid session; the session's row is locked, so two calls (of one key or of two) are decided in turn. */
export async function refundSession(
  db: Db,
  input: { sessionId: string; amountAgorot: number; idempotencyKey: string },
  now: Date,
): Promise<RefundOutcome> {
  return db.transaction(async (tx): Promise<RefundOutcome> => {
    const session = await findSandboxSession(tx, input.sessionId, true);
    const [prior] = await tx.query<Row>('SELECT * FROM sandbox_payment_refunds WHERE idempotency_key = $1', [
      input.idempotencyKey,
    ]);
    if (prior) {
      const same = prior.session_id === input.sessionId && Number(prior.amount_agorot) === input.amountAgorot;
      return same
        ? { ok: true, refund: toRefund(prior), created: false }
        : { ok: false, error: 'idempotency_key_reused' };
    }
    if (!session) return { ok: false, error: 'not_found' };
    if (session.status !== 'paid') return { ok: false, error: 'not_paid' };
    if (session.refundedAgorot + input.amountAgorot > session.amountAgorot)
      return { ok: false, error: 'exceeds_charge' };
    const [row] = await tx.query<Row>(
      `INSERT INTO sandbox_payment_refunds (id, session_id, amount_agorot, idempotency_key, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [`re_${crypto.randomBytes(12).toString('base64url')}`, session.id, input.amountAgorot, input.idempotencyKey, now],
    );
    if (!row) throw new Error('refund insert returned nothing');
    await tx.query('UPDATE sandbox_payment_sessions SET refunded_agorot = refunded_agorot + $2 WHERE id = $1', [
      session.id,
      input.amountAgorot,
    ]);
    return { ok: true, refund: toRefund(row), created: true };
  });
}

export async function listSandboxRefunds(db: Queryable, limit = 100): Promise<SandboxRefund[]> {
  const rows = await db.query<Row>('SELECT * FROM sandbox_payment_refunds ORDER BY created_at DESC, id LIMIT $1', [
    limit,
  ]);
  return rows.map(toRefund);
}
