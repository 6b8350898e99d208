import type { TradeMap } from '@app/contract/auth';
import type { Queryable } from '../platform/db/db.ts';
import { hashToken } from './sessions-repository.ts';

export interface Customer {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  trade: TradeMap;
  debugMode: boolean;
  /** Set when support blocked the account: no login, no session. */
  blockedAt: Date | null;
}

interface Row {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  trade: TradeMap | string;
  debug_mode: boolean;
  blocked_at: Date | null;
}

function toCustomer(r: Row): Customer {
  return {
    id: Number(r.id),
    email: r.email,
    passwordHash: r.password_hash,
    firstName: r.first_name,
    lastName: r.last_name,
    trade: typeof r.trade === 'string' ? (JSON.parse(r.trade) as TradeMap) : r.trade,
    debugMode: r.debug_mode,
    blockedAt: r.blocked_at ?? null,
  };
}

export async function findCustomerByEmail(db: Queryable, email: string): Promise<Customer | null> {
  const [row] = await db.query<Row>('SELECT * FROM customers WHERE lower(email) = lower($1)', [email]);
  return row ? toCustomer(row) : null;
}

export async function findCustomerById(db: Queryable, id: number): Promise<Customer | null> {
  const [row] = await db.query<Row>('SELECT * FROM customers WHERE id = $1', [id]);
  return row ? toCustomer(row) : null;
}

/**
 * The customer of a live session (token not expired), or null: one query for what every signed-in request needs
 * (the session's row and its customer's), not two.
 */
export async function findSessionCustomer(db: Queryable, token: string, now: Date): Promise<Customer | null> {
  const [row] = await db.query<Row>(
    `SELECT c.* FROM sessions s JOIN customers c ON c.id = s.customer_id
     WHERE s.id_hash = $1 AND s.expires_at > $2 AND c.blocked_at IS NULL`,
    [hashToken(token), now],
  );
  return row ? toCustomer(row) : null;
}

export async function insertCustomer(
  db: Queryable,
  c: { email: string; passwordHash: string; firstName: string; lastName: string; trade?: TradeMap },
): Promise<Customer | null> {
  const [row] = await db.query<Row>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, trade)
     VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING *`,
    [c.email, c.passwordHash, c.firstName, c.lastName, JSON.stringify(c.trade ?? {})],
  );
  return row ? toCustomer(row) : null;
}

export async function updatePassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE customers SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}
