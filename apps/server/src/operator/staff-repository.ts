/**
 * Staff accounts, their sessions and recovery codes, and the audit log (migration 0029). Staff are not customers:
 * nothing here reads or writes the customers' tables.
 */
import crypto from 'node:crypto';
import { type AuditEntry as ConsoleAuditEntry, STAFF_ROLES, type StaffRole } from '@app/contract/operator';
import { hashToken } from '../accounts/sessions-repository.ts';
import type { Queryable } from '../platform/db/db.ts';

/** The staff roles are the contract's (the console shows them too), exported again for the server's modules. */
export { STAFF_ROLES, type StaffRole };

export interface Staff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  /** The last TOTP time step accepted: a code is never taken twice. */
  lastTotpStep: number | null;
  disabledAt: Date | null;
  /** Too many wrong codes: the account cannot sign in until then (a time past means not locked). */
  signInLockedUntil: Date | null;
}

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: boolean;
  last_totp_step: string | null;
  disabled_at: Date | null;
  sign_in_locked_until: Date | null;
}

const COLUMNS =
  'id, email, name, role, password_hash, totp_secret, totp_enabled, last_totp_step, disabled_at, sign_in_locked_until';

const toStaff = (r: StaffRow): Staff => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  role: r.role,
  passwordHash: r.password_hash,
  totpSecret: r.totp_secret,
  totpEnabled: r.totp_enabled,
  lastTotpStep: r.last_totp_step === null ? null : Number(r.last_totp_step),
  disabledAt: r.disabled_at,
  signInLockedUntil: r.sign_in_locked_until === null ? null : new Date(r.sign_in_locked_until),
});

export async function listStaff(db: Queryable): Promise<Staff[]> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff ORDER BY lower(email)`);
  return rows.map(toStaff);
}

export async function countStaff(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff');
  return row?.n ?? 0;
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<Staff | null> {
  const [row] = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff WHERE lower(email) = lower($1)`, [email]);
  return row ? toStaff(row) : null;
}

export async function findStaffById(db: Queryable, id: number): Promise<Staff | null> {
  const [row] = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff WHERE id = $1`, [id]);
  return row ? toStaff(row) : null;
}

/** Creates a staff account (no-op when the e-mail exists); returns the account. */
export async function insertStaff(
  db: Queryable,
  s: { email: string; name: string; role: StaffRole; passwordHash: string | null },
  now: Date,
): Promise<Staff> {
  await db.query(
    `INSERT INTO staff (email, name, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [s.email, s.name, s.role, s.passwordHash, now],
  );
  const staff = await findStaffByEmail(db, s.email);
  if (!staff) throw new Error('staff insert returned nothing');
  return staff;
}

export async function setStaffPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE staff SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** The authenticator's secret of an enrolment not yet confirmed (a new enrolment replaces it). */
export async function setTotpSecret(db: Queryable, id: number, secret: string): Promise<void> {
  await db.query('UPDATE staff SET totp_secret = $2, totp_enabled = false, last_totp_step = NULL WHERE id = $1', [
    id,
    secret,
  ]);
}

/** Sets a confirmed authenticator at once (an account seeded with its secret). */
export async function enableTotp(db: Queryable, id: number, secret: string): Promise<void> {
  await db.query('UPDATE staff SET totp_secret = $2, totp_enabled = true WHERE id = $1', [id, secret]);
}

/**
 * Takes a TOTP step for the account: true when it is newer than the last one taken (a code is used once, also by
 * two requests at the same time), and enables the authenticator when `enable`.
 */
export async function takeTotpStep(db: Queryable, id: number, step: number, enable: boolean): Promise<boolean> {
  const rows = await db.query(
    `UPDATE staff SET last_totp_step = $2, totp_enabled = totp_enabled OR $3
     WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2) RETURNING id`,
    [id, step, enable],
  );
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Queryable, id: number, codes: readonly string[]): Promise<void> {
  await db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [id]);
  await db.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h', [
    id,
    codes.map(hashToken),
  ]);
}

/** Uses a recovery code once: true when it was the account's and unused. */
export async function useRecoveryCode(db: Queryable, id: number, code: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE staff_recovery_codes SET used_at = $3
     WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING staff_id`,
    [id, hashToken(code), now],
  );
  return rows.length === 1;
}

/**
 * Locks the account's sign-in until `until`: true when this call locked it, false when it was locked already (so
 * the lock is told and written to the audit log once, whoever else sees it at the same time).
 */
export async function lockSignIn(db: Queryable, id: number, now: Date, until: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE staff SET sign_in_locked_until = $3
     WHERE id = $1 AND (sign_in_locked_until IS NULL OR sign_in_locked_until <= $2) RETURNING id`,
    [id, now, until],
  );
  return rows.length === 1;
}

/** A one-time setup link's token for the account (its hash stored), valid until `expiresAt`. */
export async function setSetupToken(db: Queryable, id: number, expiresAt: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query('UPDATE staff SET setup_token_hash = $2, setup_expires_at = $3 WHERE id = $1', [
    id,
    hashToken(token),
    expiresAt,
  ]);
  return token;
}

/** Takes a setup token once: the account it opens, or null when unknown, used or expired. */
export async function takeSetupToken(db: Queryable, token: string, now: Date): Promise<Staff | null> {
  const [row] = await db.query<StaffRow>(
    `UPDATE staff SET setup_token_hash = NULL, setup_expires_at = NULL
     WHERE setup_token_hash = $1 AND setup_expires_at > $2 AND disabled_at IS NULL RETURNING ${COLUMNS}`,
    [hashToken(token), now],
  );
  return row ? toStaff(row) : null;
}

export type StaffSessionStage = 'second' | 'session';

export async function createStaffSession(
  db: Queryable,
  staffId: number,
  stage: StaffSessionStage,
  now: Date,
  expiresAt: Date,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO staff_sessions (id_hash, staff_id, stage, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $4, $5)`,
    [hashToken(token), staffId, stage, now, expiresAt],
  );
  return token;
}

/**
 * The staff account of a live session at `stage` (not expired, not idle longer than `idleMs`, account not
 * disabled), its last-seen time moved to now; null otherwise.
 */
export async function touchStaffSession(
  db: Queryable,
  token: string,
  stage: StaffSessionStage,
  now: Date,
  idleMs: number,
): Promise<Staff | null> {
  const [row] = await db.query<StaffRow>(
    `WITH live AS (
       UPDATE staff_sessions SET last_seen_at = $3
       WHERE id_hash = $1 AND stage = $2 AND expires_at > $3 AND last_seen_at > $4
       RETURNING staff_id
     )
     SELECT ${COLUMNS.split(', ')
       .map((c) => `s.${c}`)
       .join(', ')} FROM live JOIN staff s ON s.id = live.staff_id WHERE s.disabled_at IS NULL`,
    [hashToken(token), stage, now, new Date(now.getTime() - idleMs)],
  );
  return row ? toStaff(row) : null;
}

/**
 * Counts one code tried in a password step's session, before it is checked, atomically (parallel tries each get
 * their own count): the count, or null when the step is over.
 */
export async function countCodeTry(db: Queryable, token: string): Promise<number | null> {
  const [row] = await db.query<{ code_tries: number }>(
    `UPDATE staff_sessions SET code_tries = code_tries + 1
     WHERE id_hash = $1 AND stage = 'second' RETURNING code_tries`,
    [hashToken(token)],
  );
  return row ? Number(row.code_tries) : null;
}

export async function deleteStaffSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM staff_sessions WHERE id_hash = $1', [hashToken(token)]);
}

export interface AuditEntry {
  staffId: number | null;
  action: string;
  targetType?: string | undefined;
  targetId?: string | undefined;
  detail?: Record<string, unknown> | undefined;
  ip?: string | undefined;
}

/** Appends to the audit log (it is never updated or deleted). */
export async function appendAudit(db: Queryable, entry: AuditEntry, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO staff_audit (staff_id, action, target_type, target_id, detail, ip, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.staffId,
      entry.action,
      entry.targetType ?? null,
      entry.targetId ?? null,
      JSON.stringify(entry.detail ?? {}),
      entry.ip ?? null,
      at,
    ],
  );
}

/** An audit entry as stored: the console's `AuditEntry` with its time as a date. */
export type AuditRow = Omit<ConsoleAuditEntry, 'at'> & { at: Date };

interface AuditDbRow {
  id: string;
  staff_id: string | null;
  email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  at: Date;
}

const AUDIT_COLUMNS = `SELECT a.id, a.staff_id, s.email, a.action, a.target_type, a.target_id, a.detail, a.ip, a.at
  FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id`;

const auditRow = (r: AuditDbRow): AuditRow => ({
  id: Number(r.id),
  staffId: r.staff_id === null ? null : Number(r.staff_id),
  staffEmail: r.email,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  detail: r.detail,
  ip: r.ip,
  at: new Date(r.at),
});

/** The newest audit entries first, optionally of one staff member or one target; `before` pages back by id. */
export async function listAudit(
  db: Queryable,
  q: { staffId?: number; targetType?: string; targetId?: string; before?: number; limit: number },
): Promise<AuditRow[]> {
  const rows = await db.query<AuditDbRow>(
    `${AUDIT_COLUMNS}
     WHERE ($1::bigint IS NULL OR a.staff_id = $1) AND ($2::text IS NULL OR a.target_type = $2)
       AND ($3::text IS NULL OR a.target_id = $3) AND ($4::bigint IS NULL OR a.id < $4)
     ORDER BY a.id DESC LIMIT $5`,
    [q.staffId ?? null, q.targetType ?? null, q.targetId ?? null, q.before ?? null, q.limit],
  );
  return rows.map(auditRow);
}

/**
 * The newest audit entries about a customer: the account itself, and the ads and payments named (each an index
 * lookup on staff_audit_target).
 */
export async function listAuditOfCustomer(
  db: Queryable,
  q: { customerId: number; adIds: readonly string[]; paymentIds: readonly string[]; limit: number },
): Promise<AuditRow[]> {
  const rows = await db.query<AuditDbRow>(
    `${AUDIT_COLUMNS}
     WHERE (a.target_type = 'customer' AND a.target_id = $1)
        OR (a.target_type = 'ad' AND a.target_id = ANY($2::text[]))
        OR (a.target_type = 'payment' AND a.target_id = ANY($3::text[]))
     ORDER BY a.id DESC LIMIT $4`,
    [String(q.customerId), q.adIds, q.paymentIds, q.limit],
  );
  return rows.map(auditRow);
}
