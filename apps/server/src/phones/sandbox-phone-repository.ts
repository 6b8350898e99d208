/**
 * The SMS/voice stand-in's state (sandbox_phone_outbox, sandbox_phone_settings, sandbox_virtual_numbers): SQL only;
 * sandbox-provider.ts is the provider that uses it.
 */
import type { OutboxPhoneMessage, SandboxSmsFailure } from '@app/contract/phones';
import type { Queryable } from '../platform/db/db.ts';

export async function readSmsFailure(db: Queryable): Promise<SandboxSmsFailure> {
  const [row] = await db.query<{ sms_failure: SandboxSmsFailure }>(
    'SELECT sms_failure FROM sandbox_phone_settings WHERE id = 1',
  );
  return row?.sms_failure ?? 'none';
}

export async function writeSmsFailure(db: Queryable, failure: SandboxSmsFailure): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_phone_settings (id, sms_failure) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET sms_failure = excluded.sms_failure`,
    [failure],
  );
}

/** One SMS or call in the outbox (a verification call names its verification). */
export async function insertOutboxMessage(
  db: Queryable,
  m: { kind: 'sms' | 'call'; to: string; body: string; status: OutboxPhoneMessage['status']; verificationId?: number },
): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_phone_outbox (kind, to_phone, body, status, verification_id) VALUES ($1, $2, $3, $4, $5)`,
    [m.kind, m.to, m.body, m.status, m.verificationId ?? null],
  );
}

/** Records a virtual number and where it forwards; false when the number is taken. */
export async function insertSandboxVirtualNumber(
  db: Queryable,
  virtualPhone: string,
  forwardTo: string,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO sandbox_virtual_numbers (virtual_phone, forward_to) VALUES ($1, $2)
     ON CONFLICT (virtual_phone) DO NOTHING RETURNING virtual_phone`,
    [virtualPhone, forwardTo],
  );
  return rows.length > 0;
}

export async function deleteSandboxVirtualNumber(db: Queryable, virtualPhone: string): Promise<void> {
  await db.query('DELETE FROM sandbox_virtual_numbers WHERE virtual_phone = $1', [virtualPhone]);
}

export async function sandboxForwardOf(db: Queryable, virtualPhone: string): Promise<string | null> {
  const [row] = await db.query<{ forward_to: string }>(
    'SELECT forward_to FROM sandbox_virtual_numbers WHERE virtual_phone = $1',
    [virtualPhone],
  );
  return row?.forward_to ?? null;
}

/**
 * A ringing call answered (or rejected) with the key pressed: the verification it belongs to (null for a test
 * call), or undefined when it is not a ringing call.
 */
export async function answerRingingCall(
  db: Queryable,
  callId: number,
  status: 'answered' | 'rejected',
  pressed: string,
): Promise<{ verificationId: number | null } | undefined> {
  const [row] = await db.query<{ verification_id: number | string | null }>(
    `UPDATE sandbox_phone_outbox SET status = $2, pressed = $3
     WHERE id = $1 AND kind = 'call' AND status = 'ringing' RETURNING verification_id`,
    [callId, status, pressed],
  );
  if (!row) return undefined;
  return { verificationId: row.verification_id === null ? null : Number(row.verification_id) };
}

/** The outbox, newest first (to one number when given). */
export async function listOutbox(db: Queryable, to: string | undefined, limit: number): Promise<OutboxPhoneMessage[]> {
  const rows = await db.query<{
    id: number;
    kind: 'sms' | 'call';
    to_phone: string;
    body: string;
    status: OutboxPhoneMessage['status'];
    pressed: string | null;
    created_at: Date | string;
  }>(
    `SELECT id, kind, to_phone, body, status, pressed, created_at FROM sandbox_phone_outbox
     WHERE ($1::text IS NULL OR to_phone = $1) ORDER BY id DESC LIMIT $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    to: r.to_phone,
    text: r.body,
    status: r.status,
    pressed: r.pressed,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
