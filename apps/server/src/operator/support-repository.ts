/** What support reads and changes of a customer's account: the search, and the block (migration 0030). */
import { deleteCustomerSessions } from '../accounts/sessions-repository.ts';
import type { Queryable } from '../platform/db/db.ts';

export interface CustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  blockedAt: Date | null;
  blockedReason: string | null;
  /** Ads that are not deleted. */
  ads: number;
  /** Verified phone numbers. */
  phones: string[];
}

interface Row {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  blocked_at: Date | null;
  blocked_reason: string | null;
  ads: number;
  phones: string[] | null;
}

const SUMMARY = `SELECT c.id, c.email, c.first_name, c.last_name, c.created_at, c.blocked_at, c.blocked_reason,
    (SELECT count(*)::int FROM ads a WHERE a.customer_id = c.id AND a.status <> 'deleted') AS ads,
    (SELECT array_agg(p.phone ORDER BY p.phone) FROM customer_phones p WHERE p.customer_id = c.id) AS phones
  FROM customers c`;

const toSummary = (r: Row): CustomerSummary => ({
  id: Number(r.id),
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  createdAt: new Date(r.created_at),
  blockedAt: r.blocked_at ? new Date(r.blocked_at) : null,
  blockedReason: r.blocked_reason,
  ads: r.ads,
  phones: r.phones ?? [],
});

/**
 * Customers found by what support was told: an e-mail address (its start, case-insensitive), a phone number (as
 * stored: 0501234567) or an ad's number. At most 20, newest accounts first.
 */
export async function searchCustomers(
  db: Queryable,
  q: { email?: string; phone?: string; adId?: number },
): Promise<CustomerSummary[]> {
  const rows = await db.query<Row>(
    `${SUMMARY}
     WHERE ($1::text IS NULL OR lower(c.email) LIKE lower($1) || '%')
       AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM customer_phones p WHERE p.customer_id = c.id AND p.phone = $2))
       AND ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM ads a WHERE a.customer_id = c.id AND a.id = $3))
     ORDER BY c.id DESC LIMIT 20`,
    [q.email?.replace(/[%_\\]/g, (c) => `\\${c}`) ?? null, q.phone ?? null, q.adId ?? null],
  );
  return rows.map(toSummary);
}

export async function findCustomerSummary(db: Queryable, id: number): Promise<CustomerSummary | null> {
  const [row] = await db.query<Row>(`${SUMMARY} WHERE c.id = $1`, [id]);
  return row ? toSummary(row) : null;
}

/** Blocks an account and ends its sessions; false when it was blocked already. */
export async function blockCustomer(db: Queryable, id: number, reason: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'UPDATE customers SET blocked_at = $2, blocked_reason = $3 WHERE id = $1 AND blocked_at IS NULL RETURNING id',
    [id, now, reason],
  );
  if (rows.length === 0) return false;
  await deleteCustomerSessions(db, id);
  return true;
}

/** Lifts a block; false when the account was not blocked. */
export async function unblockCustomer(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE customers SET blocked_at = NULL, blocked_reason = NULL WHERE id = $1 AND blocked_at IS NOT NULL RETURNING id',
    [id],
  );
  return rows.length === 1;
}
