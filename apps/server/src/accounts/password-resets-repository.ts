/** The password_resets table: SQL only (password-reset-service.ts decides). Every time is the caller's. */
import type { Queryable } from '../platform/db/db.ts';

export interface ActiveReset {
  id: number;
  customerId: number;
  codeHash: string;
}

/**
 * A new code for the customer (in the caller's transaction): the codes still open are used up, a row is made, and
 * its code's hash, which names the row's id (`hashFor`), is stored. The new row's id.
 */
export async function startPasswordReset(
  tx: Queryable,
  customerId: number,
  at: { now: Date; expiresAt: Date },
  hashFor: (resetId: number) => string,
): Promise<number> {
  await tx.query('UPDATE password_resets SET consumed = true WHERE customer_id = $1 AND consumed = false', [
    customerId,
  ]);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO password_resets (customer_id, code_hash, created_at, expires_at)
     VALUES ($1, '', $2, $3) RETURNING id`,
    [customerId, at.now, at.expiresAt],
  );
  if (!row) throw new Error('password reset insert returned nothing');
  const id = Number(row.id);
  await tx.query('UPDATE password_resets SET code_hash = $2 WHERE id = $1', [id, hashFor(id)]);
  return id;
}

/** The newest open code of the address's account (not used, not expired, not verified yet), or null. */
export async function activeResetOf(db: Queryable, email: string, now: Date): Promise<ActiveReset | null> {
  const [row] = await db.query<{ id: number; customer_id: number; code_hash: string }>(
    `SELECT r.id, r.customer_id, r.code_hash FROM password_resets r
     JOIN customers c ON c.id = r.customer_id
     WHERE lower(c.email) = lower($1) AND r.consumed = false AND r.expires_at > $2
       AND r.verified_token_hash IS NULL
     ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    [email, now],
  );
  return row ? { id: Number(row.id), customerId: Number(row.customer_id), codeHash: row.code_hash } : null;
}

/** Counts a guess on an open code before it is checked: the guesses so far, or null past `maxAttempts`. */
export async function countResetGuess(db: Queryable, resetId: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db.query<{ attempts: number }>(
    `UPDATE password_resets SET attempts = attempts + 1
     WHERE id = $1 AND consumed = false AND verified_token_hash IS NULL AND attempts < $2 RETURNING attempts`,
    [resetId, maxAttempts],
  );
  return row ? Number(row.attempts) : null;
}

export async function consumeReset(db: Queryable, resetId: number): Promise<void> {
  await db.query('UPDATE password_resets SET consumed = true WHERE id = $1', [resetId]);
}

/** Marks the code verified with the hash of the token it gives; false when another guess verified it first. */
export async function verifyReset(db: Queryable, resetId: number, tokenHash: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE password_resets SET verified_token_hash = $2
     WHERE id = $1 AND consumed = false AND verified_token_hash IS NULL RETURNING id`,
    [resetId, tokenHash],
  );
  return rows.length > 0;
}

/** The verified, unused code of this token, customer and address, not expired at `now`, or null. */
export async function findVerifiedReset(
  db: Queryable,
  q: { tokenHash: string; customerId: number; email: string; now: Date },
): Promise<{ id: number; customerId: number } | null> {
  const [row] = await db.query<{ id: number; customer_id: number }>(
    `SELECT r.id, r.customer_id FROM password_resets r JOIN customers c ON c.id = r.customer_id
     WHERE r.verified_token_hash = $1 AND r.consumed = false AND r.expires_at > $2
       AND r.customer_id = $3 AND lower(c.email) = lower($4)`,
    [q.tokenHash, q.now, q.customerId, q.email],
  );
  return row ? { id: Number(row.id), customerId: Number(row.customer_id) } : null;
}
