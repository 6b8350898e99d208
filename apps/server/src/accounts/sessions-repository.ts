import crypto from 'node:crypto';
import type { Queryable } from '../platform/db/db.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Creates a session with a brand-new random id; returns the token for the cookie. */
export async function createSession(db: Queryable, customerId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query('INSERT INTO sessions (id_hash, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    customerId,
    now,
    new Date(now.getTime() + SESSION_TTL_MS),
  ]);
  return token;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [hashToken(token)]);
}

export async function deleteCustomerSessions(db: Queryable, customerId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE customer_id = $1', [customerId]);
}
