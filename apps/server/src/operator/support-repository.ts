/** What support reads and changes of a customer's account: the search, and the block (migration 0030). */
import type { CustomerActivity as ActivityAnswer, LimitCounter } from '@app/contract/operator';
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
 * stored: 0501234567) or an ad's number. At most 20, newest accounts first. One statement per kind, each on its
 * own index (migration 0035: the e-mail's prefix with text_pattern_ops, whatever the database's collation; the
 * phone), so a search costs the same on a site of millions of accounts (bench/operator-lists.ts).
 */
export async function searchCustomers(
  db: Queryable,
  q: { email: string } | { phone: string } | { adId: number },
): Promise<CustomerSummary[]> {
  const [where, param] =
    'phone' in q
      ? ['c.id IN (SELECT p.customer_id FROM customer_phones p WHERE p.phone = $1)', q.phone]
      : 'adId' in q
        ? ['c.id = (SELECT a.customer_id FROM ads a WHERE a.id = $1)', q.adId]
        : [
            // The prefix's own % and _ are characters, not patterns.
            "lower(c.email) LIKE lower($1) || '%'",
            q.email.replace(/[%_\\]/g, (c) => `\\${c}`),
          ];
  const rows = await db.query<Row>(`${SUMMARY} WHERE ${where} ORDER BY c.id DESC LIMIT 20`, [param]);
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

/** The rate-limit keys of a customer's login (by its e-mail, as typed: lower case) or its phone codes. */
function limitKeys(
  kind: 'login' | 'phone',
  c: { id: number; email: string; phones: string[] },
): {
  exact: string[];
  prefixes: string[];
} {
  if (kind === 'login') {
    const account = c.email.toLowerCase();
    return { exact: [`login:acct:${account}`], prefixes: [`login:pair:${account}|`] };
  }
  return {
    exact: [
      `sms:cust:${c.id}`,
      `confirm:cust:${c.id}`,
      `ivr:cust:${c.id}`,
      ...c.phones.flatMap((p) => [`sms:num:${p}`, `confirm:num:${p}`, `ivr:num:${p}`]),
    ],
    prefixes: [`sms:cooldown:${c.id}:`],
  };
}

/** The customer's counters of login failures and of phone codes (sent, tried), as they stand. */
export async function customerLimits(
  db: Queryable,
  c: { id: number; email: string; phones: string[] },
): Promise<Record<'login' | 'phone', LimitCounter[]>> {
  const read = async (kind: 'login' | 'phone') => {
    const { exact, prefixes } = limitKeys(kind, c);
    const rows = await db.query<{ key: string; count: number; window_start: Date }>(
      `SELECT key, count, window_start FROM rate_counters
       WHERE key = ANY($1::text[]) OR EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE starts_with(key, p))
       ORDER BY key`,
      [exact, prefixes],
    );
    return rows.map((r) => ({ key: r.key, count: r.count, windowStart: new Date(r.window_start).toISOString() }));
  };
  return { login: await read('login'), phone: await read('phone') };
}

/** Clears the customer's login or phone-code counters (support's reset); how many were cleared. */
export async function resetCustomerLimits(
  db: Queryable,
  kind: 'login' | 'phone',
  c: { id: number; email: string; phones: string[] },
): Promise<number> {
  const { exact, prefixes } = limitKeys(kind, c);
  const rows = await db.query(
    `DELETE FROM rate_counters
     WHERE key = ANY($1::text[]) OR EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE starts_with(key, p))
     RETURNING key`,
    [exact, prefixes],
  );
  return rows.length;
}

/** The activity answer's lists, all of them (the route adds the limits and the audit). */
export type CustomerActivity = Required<Pick<ActivityAnswer, 'ads' | 'payments' | 'phones' | 'codes' | 'sessions'>>;

/** What support sees of an account's use: its latest ads, payments, phones, codes sent or read out, sessions. */
export async function customerActivity(db: Queryable, id: number, now: Date): Promise<CustomerActivity> {
  const [ads, payments, phones, codes, sessions] = await Promise.all([
    db.query<{ id: string; cat: number; subcat: number | null; status: string; created_at: Date }>(
      `SELECT id, cat, subcat, status, created_at FROM ads WHERE customer_id = $1 AND status <> 'reserved'
       ORDER BY id DESC LIMIT 20`,
      [id],
    ),
    db.query<{ public_id: string; ad_type: string; amount_agorot: number; status: string; created_at: Date }>(
      `SELECT public_id, ad_type, amount_agorot, status, created_at FROM payments WHERE customer_id = $1
       ORDER BY created_at DESC, id DESC LIMIT 20`,
      [id],
    ),
    db.query<{ phone: string; verified_at: Date; is_main: boolean; deactivated: boolean }>(
      'SELECT phone, verified_at, is_main, deactivated FROM customer_phones WHERE customer_id = $1 ORDER BY phone',
      [id],
    ),
    db.query<{ phone: string; channel: string; attempts: number; created_at: Date; confirmed_at: Date | null }>(
      `SELECT phone, channel, attempts, created_at, confirmed_at FROM phone_verifications WHERE customer_id = $1
       ORDER BY id DESC LIMIT 20`,
      [id],
    ),
    db.query<{ created_at: Date; expires_at: Date }>(
      `SELECT created_at, expires_at FROM sessions WHERE customer_id = $1 AND expires_at > $2
       ORDER BY created_at DESC LIMIT 10`,
      [id, now],
    ),
  ]);
  const iso = (d: Date) => new Date(d).toISOString();
  return {
    ads: ads.map((a) => ({
      orderId: Number(a.id),
      cat: a.cat,
      subcat: a.subcat,
      status: a.status,
      createdAt: iso(a.created_at),
    })),
    payments: payments.map((p) => ({
      publicId: p.public_id,
      adType: p.ad_type,
      amountAgorot: Number(p.amount_agorot),
      status: p.status,
      createdAt: iso(p.created_at),
    })),
    phones: phones.map((p) => ({
      phone: p.phone,
      verifiedAt: iso(p.verified_at),
      main: p.is_main,
      deactivated: p.deactivated,
    })),
    codes: codes.map((c) => ({
      phone: c.phone,
      channel: c.channel,
      attempts: c.attempts,
      createdAt: iso(c.created_at),
      confirmedAt: c.confirmed_at ? iso(c.confirmed_at) : null,
    })),
    sessions: sessions.map((s) => ({ createdAt: iso(s.created_at), expiresAt: iso(s.expires_at) })),
  };
}
