import { internationalPhone, normalisePhone } from '@app/contract/phones';
import type { Queryable } from '../platform/db/db.ts';

export interface CustomerPhone {
  phone: string;
  isMain: boolean;
  deactivated: boolean;
  /** The virtual number that forwards to it (07x digits), if the customer asked for one. */
  virtualPhone: string | null;
}

export interface VirtualPhone {
  id: number;
  phone: string;
  virtualPhone: string;
}

export interface Verification {
  id: number;
  channel: 'sms' | 'ivr';
  codeHash: string;
  attempts: number;
  isMain: boolean;
  expiresAt: Date;
  consumedAt: Date | null;
}

interface VerificationRow {
  id: number;
  channel: 'sms' | 'ivr';
  code_hash: string;
  attempts: number;
  is_main: boolean;
  expires_at: Date;
  consumed_at: Date | null;
}

const toVerification = (r: VerificationRow): Verification => ({
  id: Number(r.id),
  channel: r.channel,
  codeHash: r.code_hash,
  attempts: Number(r.attempts),
  isMain: r.is_main,
  expiresAt: new Date(r.expires_at),
  consumedAt: r.consumed_at === null ? null : new Date(r.consumed_at),
});

/** The customer's ($1) confirmed numbers with their virtual numbers, the main one first: rows of toCustomerPhone. */
export const CUSTOMER_PHONES_SQL = `SELECT p.phone, p.is_main, p.deactivated, v.virtual_phone FROM customer_phones p
     LEFT JOIN virtual_phones v ON v.customer_id = p.customer_id AND v.phone = p.phone
     WHERE p.customer_id = $1
     ORDER BY p.is_main DESC, p.verified_at, p.phone`;

export interface CustomerPhoneRow {
  phone: string;
  is_main: boolean;
  deactivated: boolean;
  virtual_phone: string | null;
}

export const toCustomerPhone = (r: CustomerPhoneRow): CustomerPhone => ({
  phone: r.phone,
  isMain: r.is_main,
  deactivated: r.deactivated,
  virtualPhone: r.virtual_phone,
});

/** The customer's confirmed numbers, the main one first. */
export async function listCustomerPhones(db: Queryable, customerId: number): Promise<CustomerPhone[]> {
  return (await db.query<CustomerPhoneRow>(CUSTOMER_PHONES_SQL, [customerId])).map(toCustomerPhone);
}

/** The customer's virtual number of one of their numbers, if any. */
export async function findVirtualPhone(db: Queryable, customerId: number, phone: string): Promise<VirtualPhone | null> {
  const [row] = await db.query<{ id: number; phone: string; virtual_phone: string }>(
    'SELECT id, phone, virtual_phone FROM virtual_phones WHERE customer_id = $1 AND phone = $2',
    [customerId, phone],
  );
  return row ? { id: Number(row.id), phone: row.phone, virtualPhone: row.virtual_phone } : null;
}

/** Records a virtual number for the customer's number; null when the number has one already (a parallel call). */
export async function insertVirtualPhone(
  db: Queryable,
  v: { customerId: number; phone: string; virtualPhone: string },
  now: Date,
): Promise<VirtualPhone | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO virtual_phones (customer_id, phone, virtual_phone, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, phone) DO NOTHING RETURNING id`,
    [v.customerId, v.phone, v.virtualPhone, now],
  );
  return row ? { id: Number(row.id), phone: v.phone, virtualPhone: v.virtualPhone } : null;
}

export async function isPhoneConfirmed(db: Queryable, customerId: number, phone: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM customer_phones WHERE customer_id = $1 AND phone = $2', [
    customerId,
    phone,
  ]);
  return rows.length > 0;
}

/** Records a confirmed number (again: a new confirmation activates it); the main one is the only main. */
export async function saveConfirmedPhone(
  db: Queryable,
  customerId: number,
  phone: string,
  isMain: boolean,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO customer_phones (customer_id, phone, verified_at, is_main) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, phone) DO UPDATE SET verified_at = excluded.verified_at, deactivated = false,
       is_main = customer_phones.is_main OR excluded.is_main`,
    [customerId, phone, now, isMain],
  );
  if (isMain) {
    await db.query('UPDATE customer_phones SET is_main = (phone = $2) WHERE customer_id = $1', [customerId, phone]);
  }
}

/** Activates or deactivates one of the customer's own numbers; false when the customer has no such number. */
export async function setPhoneDeactivated(
  db: Queryable,
  customerId: number,
  phone: string,
  deactivated: boolean,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE customer_phones SET deactivated = $3 WHERE customer_id = $1 AND phone = $2 RETURNING phone',
    [customerId, phone, deactivated],
  );
  return rows.length > 0;
}

export async function isPhoneBlocked(db: Queryable, phone: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM blocked_phones WHERE phone = $1', [phone])).length > 0;
}

/** A new code for the customer's number; every earlier open code of that number is void from now on. */
export async function insertVerification(
  db: Queryable,
  v: { customerId: number; phone: string; channel: 'sms' | 'ivr'; codeHash: string; isMain: boolean },
  now: Date,
  expiresAt: Date,
): Promise<number> {
  await db.query(
    `UPDATE phone_verifications SET consumed_at = $3
     WHERE customer_id = $1 AND phone = $2 AND consumed_at IS NULL`,
    [v.customerId, v.phone, now],
  );
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO phone_verifications (customer_id, phone, channel, code_hash, is_main, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [v.customerId, v.phone, v.channel, v.codeHash, v.isMain, now, expiresAt],
  );
  if (!row) throw new Error('phone verification insert returned nothing');
  return Number(row.id);
}

/** The customer's newest code for the number (open or not), if any. */
export async function latestVerification(
  db: Queryable,
  customerId: number,
  phone: string,
): Promise<Verification | null> {
  const [row] = await db.query<VerificationRow>(
    `SELECT id, channel, code_hash, attempts, is_main, expires_at, consumed_at FROM phone_verifications
     WHERE customer_id = $1 AND phone = $2 ORDER BY id DESC LIMIT 1`,
    [customerId, phone],
  );
  return row ? toVerification(row) : null;
}

/**
 * Counts one attempt at an open code, atomically: null when the code is used up (maxAttempts reached) or no
 * longer open, so parallel guesses can never check more than maxAttempts.
 */
export async function countAttempt(db: Queryable, id: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db.query<{ attempts: number }>(
    `UPDATE phone_verifications SET attempts = attempts + 1
     WHERE id = $1 AND consumed_at IS NULL AND attempts < $2 RETURNING attempts`,
    [id, maxAttempts],
  );
  return row ? Number(row.attempts) : null;
}

/** Uses a code up as confirmed (once: a second caller gets null). */
export async function consumeConfirmed(
  db: Queryable,
  id: number,
  now: Date,
  channel?: 'ivr',
): Promise<{ customerId: number; phone: string; isMain: boolean } | null> {
  const [row] = await db.query<{ customer_id: number; phone: string; is_main: boolean }>(
    `UPDATE phone_verifications SET consumed_at = $2, confirmed_at = $2
     WHERE id = $1 AND consumed_at IS NULL AND expires_at > $2 AND ($3::text IS NULL OR channel = $3)
     RETURNING customer_id, phone, is_main`,
    [id, now, channel ?? null],
  );
  return row ? { customerId: Number(row.customer_id), phone: row.phone, isMain: row.is_main } : null;
}

/** Voids a code whose SMS or call the provider refused (of one channel when named): false when none was open. */
export async function voidVerification(
  db: Queryable,
  id: number,
  now: Date,
  channel?: 'sms' | 'ivr',
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE phone_verifications SET consumed_at = $2, send_failed = true
     WHERE id = $1 AND consumed_at IS NULL AND ($3::text IS NULL OR channel = $3) RETURNING id`,
    [id, now, channel ?? null],
  );
  return rows.length > 0;
}

/**
 * The number a virtual number forwards to, in international form, for a call that reached it (given as +972…);
 * null when it is none of ours.
 */
export async function forwardOfVirtual(db: Queryable, calledNumber: string): Promise<string | null> {
  const virtualPhone = normalisePhone(calledNumber);
  if (!virtualPhone) return null;
  const [row] = await db.query<{ phone: string }>('SELECT phone FROM virtual_phones WHERE virtual_phone = $1', [
    virtualPhone,
  ]);
  return row ? internationalPhone(row.phone) : null;
}

// ---- The ad's virtual number choice (ads.virtual_canceled_at; virtual-number-service.ts decides) ----

/** The customer's ad's values and virtual number cancel time, its row locked; null when not theirs. */
export async function lockVirtualChoice(
  tx: Queryable,
  orderId: number,
  customerId: number,
): Promise<{ values: Record<string, unknown>; canceledAt: Date | null } | null> {
  const [ad] = await tx.query<{ field_values: Record<string, unknown>; virtual_canceled_at: Date | string | null }>(
    'SELECT field_values, virtual_canceled_at FROM ads WHERE id = $1 AND customer_id = $2 FOR UPDATE',
    [orderId, customerId],
  );
  if (!ad) return null;
  return { values: ad.field_values, canceledAt: ad.virtual_canceled_at ? new Date(ad.virtual_canceled_at) : null };
}

export async function setVirtualCanceledAt(tx: Queryable, orderId: number, since: Date): Promise<void> {
  await tx.query('UPDATE ads SET virtual_canceled_at = $2 WHERE id = $1', [orderId, since]);
}

/** No cancel pending any more: the cancel time cleared, and the cancel field `canceledField` set to '0' if present. */
export async function clearVirtualCancel(tx: Queryable, orderId: number, canceledField: string): Promise<void> {
  await tx.query(
    `UPDATE ads SET virtual_canceled_at = NULL,
       field_values = CASE WHEN field_values ? $2::text THEN jsonb_set(field_values, ARRAY[$2::text], '"0"') ELSE field_values END
     WHERE id = $1`,
    [orderId, canceledField],
  );
}

/**
 * The virtual number on again ('1' in `onField`, '0' in `canceledField`, in the live values and a pending edit's),
 * if the ad is still cancelled by the cancel of `canceledAt` and not deleted. updated_at is left alone.
 */
export async function reenableVirtual(
  tx: Queryable,
  orderId: number,
  canceledAt: Date,
  fields: { onField: string; canceledField: string },
): Promise<void> {
  await tx.query(
    `UPDATE ads SET virtual_canceled_at = NULL,
       field_values = field_values || jsonb_build_object($3::text, '1', $4::text, '0'),
       pending_values = CASE WHEN pending_values IS NULL THEN NULL
         ELSE pending_values || jsonb_build_object($3::text, '1', $4::text, '0') END
     WHERE id = $1 AND virtual_canceled_at = $2 AND status <> 'deleted'`,
    [orderId, canceledAt, fields.onField, fields.canceledField],
  );
}
