/**
 * The payment sandbox's charges of a saved card (migration 0039), as strict as a real provider's: only a token of a
 * paid card session is charged, one charge per idempotency key (the same key again answers the charge it made; with
 * another token, amount or reference it is refused), and the admin view's "decline all" declines them too.
 */
import crypto from 'node:crypto';
import type { Db } from '../../platform/db/db.ts';
import {
  findCardChargeByKey,
  insertCardCharge,
  lockPaidCardSession,
  type SandboxCardCharge,
} from './sandbox-repository.ts';

export { listCardCharges, type SandboxCardCharge } from './sandbox-repository.ts';

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
    const card = await lockPaidCardSession(tx, input.token);
    const prior = await findCardChargeByKey(tx, input.idempotencyKey);
    if (prior) {
      const same =
        prior.token === input.token &&
        prior.amountAgorot === input.amountAgorot &&
        prior.merchantRef === input.merchantRef;
      return same ? { ok: true, charge: prior, created: false } : { ok: false, error: 'idempotency_key_reused' };
    }
    if (!card) return { ok: false, error: 'token_not_found' };
    const charge = await insertCardCharge(
      tx,
      {
        ...input,
        id: `ch_${crypto.randomBytes(12).toString('base64url')}`,
        status: decline ? 'declined' : 'paid',
        declineReason: decline ? 'card_declined' : null,
      },
      now,
    );
    return { ok: true, charge, created: true };
  });
}
