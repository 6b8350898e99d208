import crypto from 'node:crypto';
import type { OutboxPhoneMessage, SandboxSmsFailure } from '@app/contract/phones';
import type { Queryable } from '../platform/db/db.ts';
import { type PhoneProvider, PhoneSendError } from './provider.ts';
import {
  answerRingingCall,
  deleteSandboxVirtualNumber,
  insertOutboxMessage,
  insertSandboxVirtualNumber,
  listOutbox,
  readSmsFailure,
  sandboxForwardOf,
  writeSmsFailure,
} from './sandbox-phone-repository.ts';

/**
 * The local SMS/voice provider: every SMS and call is a row of sandbox_phone_outbox (so it survives a restart and
 * every server process sees it), read by a developer or a test through the sandbox API. Its failure switch
 * (sandbox_phone_settings, one of SANDBOX_SMS_FAILURES) makes sending fail ('fail': the provider refuses) or
 * delivery late ('late': accepted, not delivered yet). A call rings until someone "answers" it through the sandbox
 * API and presses a key.
 */
export class SandboxPhoneProvider implements PhoneProvider {
  constructor(private readonly db: Queryable) {}

  failure(): Promise<SandboxSmsFailure> {
    return readSmsFailure(this.db);
  }

  async setFailure(failure: SandboxSmsFailure): Promise<void> {
    await writeSmsFailure(this.db, failure);
  }

  async sendSms(to: string, text: string): Promise<'delivered' | 'queued'> {
    const failure = await this.failure();
    if (failure === 'fail') throw new PhoneSendError('sandbox: sending fails (switch on)');
    const status = failure === 'late' ? 'queued' : 'delivered';
    await insertOutboxMessage(this.db, { kind: 'sms', to, body: text, status });
    return status;
  }

  async call(to: string, spokenText: string, verificationId: number): Promise<void> {
    if ((await this.failure()) === 'fail') throw new PhoneSendError('sandbox: calling fails (switch on)');
    await insertOutboxMessage(this.db, { kind: 'call', to, body: spokenText, status: 'ringing', verificationId });
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
    await insertOutboxMessage(this.db, { kind: 'call', to, body: text, status: 'ringing' });
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
      if (await insertSandboxVirtualNumber(this.db, candidate, forwardTo)) return candidate;
    }
    throw new PhoneSendError('sandbox: no free virtual number');
  }

  async releaseVirtualNumber(virtualPhone: string): Promise<void> {
    await deleteSandboxVirtualNumber(this.db, virtualPhone);
  }

  /** Where a sandbox virtual number forwards, null when it is not one of the sandbox's. */
  forwardOf(virtualPhone: string): Promise<string | null> {
    return sandboxForwardOf(this.db, virtualPhone);
  }

  /**
   * A developer answers a ringing call and presses a key: '1' confirms, anything else rejects. Returns the
   * verification the call belongs to when it was confirmed, null when the call is not ringing (or not a call).
   */
  async answer(callId: number, key: string): Promise<{ verificationId: number | null; confirmed: boolean } | null> {
    const confirmed = key === '1';
    const call = await answerRingingCall(this.db, callId, confirmed ? 'answered' : 'rejected', key.slice(0, 1));
    return call ? { verificationId: call.verificationId, confirmed } : null;
  }

  list(to: string | undefined, limit = 50): Promise<OutboxPhoneMessage[]> {
    return listOutbox(this.db, to, limit);
  }
}
