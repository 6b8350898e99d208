/**
 * The payment sandbox's charges of a saved card (migration 0039), as strict as a real provider's: only a token of a
 * paid card session is charged, one charge per idempotency key (the same key again answers the charge it made; with
 * another token, amount or reference it is refused), and the admin view's "decline all" declines them too.
 */
import crypto from 'node:crypto';
import type { PaymentFailureReason } from '@app/contract/orders';
import type { Db } from '../../platform/db/db.ts';

export interface SandboxCardCharge {
  id: string;
  token: string;
  merchantRef: string;
  amountAgorot: number;
  idempotencyKey: string;
  status: 'paid' | 'declined';
  declineReason: PaymentFailureReason | null;
  createdAt: Date;
}

interface Row {
  id: string;
  token: string;
  merchant_ref: string;
  amount_agorot: number;
  idempotency_key: string;
  status: 'paid' | 'declined';
  decline_reason: PaymentFailureReason | null;
  created_at: Date | string;
}

const toCharge = (r: Row): SandboxCardCharge => ({
  id: r.id,
  token: r.token,
  merchantRef: r.merchant_ref,
  amountAgorot: Number(r.amount_agorot),
  idempotencyKey: r.idempotency_key,
  status: r.status,
  declineReason: r.decline_reason,
  createdAt: new Date(r.created_at),
});

export type CardChargeOutcome =
  | { ok: true; charge: SandboxCardCharge; created: boolean }
  | { ok: false; error: 'token_not_found' | 'idempotency_key_reused' };

/** Charges a saved card once per idempotency key; `decline` is the admin view's switch. */
export async function chargeCard(
  db: Db,
  input: { token: string; amountAgorot: number; merchantRef: string; idempotencyKey: string },
  decline: boolean,
  now: Date,
): Promise<CardChargeOutcome> {
  return db.transaction(async (tx): Promise<CardChargeOutcome> => {
    // The token's session row is locked: two calls with one key are decided in turn.
    const [card] = await tx.query<{ id: string }>(
      `SELECT id FROM sandbox_payment_sessions WHERE card_token = $1 AND status = 'paid' FOR UPDATE`,
      [input.token],
    );
    const [prior] = await tx.query<Row>('SELECT * FROM sandbox_card_charges WHERE idempotency_key = $1', [
      input.idempotencyKey,
    ]);
    if (prior) {
      const same =
        prior.token === input.token &&
        Number(prior.amount_agorot) === input.amountAgorot &&
        prior.merchant_ref === input.merchantRef;
      return same
        ? { ok: true, charge: toCharge(prior), created: false }
        : { ok: false, error: 'idempotency_key_reused' };
    }
    if (!card) return { ok: false, error: 'token_not_found' };
    const [row] = await tx.query<Row>(
      `INSERT INTO sandbox_card_charges (id, token, merchant_ref, amount_agorot, idempotency_key, status,
         decline_reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        `ch_${crypto.randomBytes(12).toString('base64url')}`,
        input.token,
        input.merchantRef,
        input.amountAgorot,
        input.idempotencyKey,
        decline ? 'declined' : 'paid',
        decline ? 'card_declined' : null,
        now,
      ],
    );
    if (!row) throw new Error('card charge insert returned nothing');
    return { ok: true, charge: toCharge(row), created: true };
  });
}

export async function listCardCharges(db: Db, limit = 100): Promise<SandboxCardCharge[]> {
  const rows = await db.query<Row>('SELECT * FROM sandbox_card_charges ORDER BY created_at DESC, id LIMIT $1', [limit]);
  return rows.map(toCharge);
}
