import crypto from 'node:crypto';
import type { OutboxPhoneMessage } from '@app/contract/phones';
import type { Queryable } from '../platform/db/db.ts';
import { type PhoneProvider, PhoneSendError } from './provider.ts';

export type SandboxSmsFailure = 'none' | 'fail' | 'late';

interface OutboxRow {
  id: number;
  kind: 'sms' | 'call';
  to_phone: string;
  body: string;
  status: OutboxPhoneMessage['status'];
  pressed: string | null;
  verification_id: number | null;
  created_at: Date;
}

/**
 * The local SMS/voice provider: every SMS and call is a row of sandbox_phone_outbox (so it survives a restart and
 * every server process sees it), read by a developer or a test through the sandbox API. Its failure switch
 * (sandbox_phone_settings) makes sending fail ('fail': the provider refuses) or delivery late ('late': accepted,
 * not delivered yet). A call rings until someone "answers" it through the sandbox API and presses a key.
 */
export class SandboxPhoneProvider implements PhoneProvider {
  constructor(private readonly db: Queryable) {}

  async failure(): Promise<SandboxSmsFailure> {
    const [row] = await this.db.query<{ sms_failure: SandboxSmsFailure }>(
      'SELECT sms_failure FROM sandbox_phone_settings WHERE id = 1',
    );
    return row?.sms_failure ?? 'none';
  }

  async setFailure(failure: SandboxSmsFailure): Promise<void> {
    await this.db.query(
      `INSERT INTO sandbox_phone_settings (id, sms_failure) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET sms_failure = excluded.sms_failure`,
      [failure],
    );
  }

  async sendSms(to: string, text: string): Promise<'delivered' | 'queued'> {
    const failure = await this.failure();
    if (failure === 'fail') throw new PhoneSendError('sandbox: sending fails (switch on)');
    const status = failure === 'late' ? 'queued' : 'delivered';
    await this.db.query('INSERT INTO sandbox_phone_outbox (kind, to_phone, body, status) VALUES ($1, $2, $3, $4)', [
      'sms',
      to,
      text,
      status,
    ]);
    return status;
  }

  async call(to: string, spokenText: string, verificationId: number): Promise<void> {
    if ((await this.failure()) === 'fail') throw new PhoneSendError('sandbox: calling fails (switch on)');
    await this.db.query(
      `INSERT INTO sandbox_phone_outbox (kind, to_phone, body, status, verification_id)
       VALUES ('call', $1, $2, 'ringing', $3)`,
      [to, spokenText, verificationId],
    );
  }

  /**
   * The test call rings like a verification call (a developer may "answer" it; no verification is attached, so a
   * key confirms nothing). The call goes to the real number; the text names the virtual number it came through.
   */
  async testCall(to: string, virtualNumber: string, text: string): Promise<void> {
    if ((await this.failure()) === 'fail') throw new PhoneSendError('sandbox: calling fails (switch on)');
    if ((await this.forwardOf(virtualNumber)) !== to) {
      throw new PhoneSendError('sandbox: the virtual number does not forward to this number');
    }
    await this.db.query(
      `INSERT INTO sandbox_phone_outbox (kind, to_phone, body, status) VALUES ('call', $1, $2, 'ringing')`,
      [to, text],
    );
  }

  /**
   * A virtual number from the sandbox's 073 range, recorded with the number it forwards to
   * (sandbox_virtual_numbers); a random draw that is taken already is drawn again. The failure switch 'fail'
   * makes it refuse like the SMS.
   */
  async allocateVirtualNumber(forwardTo: string): Promise<string> {
    if ((await this.failure()) === 'fail') throw new PhoneSendError('sandbox: virtual numbers fail (switch on)');
    for (let tries = 0; tries < 20; tries++) {
      const candidate = `073${String(crypto.randomInt(1_000_000, 10_000_000))}`;
      const rows = await this.db.query(
        `INSERT INTO sandbox_virtual_numbers (virtual_phone, forward_to) VALUES ($1, $2)
         ON CONFLICT (virtual_phone) DO NOTHING RETURNING virtual_phone`,
        [candidate, forwardTo],
      );
      if (rows.length > 0) return candidate;
    }
    throw new PhoneSendError('sandbox: no free virtual number');
  }

  async releaseVirtualNumber(virtualPhone: string): Promise<void> {
    await this.db.query('DELETE FROM sandbox_virtual_numbers WHERE virtual_phone = $1', [virtualPhone]);
  }

  /** Where a sandbox virtual number forwards, null when it is not one of the sandbox's. */
  async forwardOf(virtualPhone: string): Promise<string | null> {
    const [row] = await this.db.query<{ forward_to: string }>(
      'SELECT forward_to FROM sandbox_virtual_numbers WHERE virtual_phone = $1',
      [virtualPhone],
    );
    return row?.forward_to ?? null;
  }

  /**
   * A developer answers a ringing call and presses a key: '1' confirms, anything else rejects. Returns the
   * verification the call belongs to when it was confirmed, null when the call is not ringing (or not a call).
   */
  async answer(callId: number, key: string): Promise<{ verificationId: number | null; confirmed: boolean } | null> {
    const confirmed = key === '1';
    const [row] = await this.db.query<{ verification_id: number | null }>(
      `UPDATE sandbox_phone_outbox SET status = $2, pressed = $3
       WHERE id = $1 AND kind = 'call' AND status = 'ringing' RETURNING verification_id`,
      [callId, confirmed ? 'answered' : 'rejected', key.slice(0, 1)],
    );
    if (!row) return null;
    return { verificationId: row.verification_id === null ? null : Number(row.verification_id), confirmed };
  }

  async list(to: string | undefined, limit = 50): Promise<OutboxPhoneMessage[]> {
    const rows = await this.db.query<OutboxRow>(
      `SELECT id, kind, to_phone, body, status, pressed, verification_id, created_at FROM sandbox_phone_outbox
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
}
