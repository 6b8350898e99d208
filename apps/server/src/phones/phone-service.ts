import crypto from 'node:crypto';
import {
  formatPhone,
  isLandline,
  isValidCode,
  normalisePhone,
  PHONE_ERROR,
  PHONE_TEXTS,
  type PhoneErrorType,
  type PhoneOption,
  phoneError,
  phonePrefix,
} from '@app/contract/phones';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/db.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { CODE_ATTEMPTS, CODE_TTL_MS, confirmLimits, ivrLimits, type Limit, smsLimits } from './limits.ts';
import * as repo from './phone-repository.ts';
import { type PhoneProvider, PhoneSendError } from './provider.ts';

/** add-virtual's outcome: the virtual number, or not this customer's verified number, or the provider refused. */
export type VirtualOutcome =
  | { ok: true; virtualPhoneID: number; phone: string; virtualPhone: string }
  | { ok: false; notFound: true }
  | { ok: false; error: string };

/** A test call's outcome: placed, or why not (for the log; the save it follows never fails for it). */
export type TestCallOutcome =
  | { ok: true; virtualPhone: string }
  | { ok: false; reason: 'invalid' | 'blocked' | 'notVerified' | 'noVirtual' | 'providerFailed' }
  | { ok: false; reason: 'limit'; errorType: PhoneErrorType };

/** What a phone call answers: 200 (confirmed now, or a code on its way), or a 500 with a typed error or texts. */
export type PhoneOutcome =
  | { ok: true; phone: string; confirmed: 0 | 1; result?: 0 | 1 }
  | { ok: false; errorType: PhoneErrorType; error: string }
  | { ok: false; errors: string[] };

const typed = (errorType: PhoneErrorType): PhoneOutcome => ({ ok: false, errorType, error: he.phoneErrors[errorType] });
const done = (phone: string, confirmed: 0 | 1, result?: 0 | 1): PhoneOutcome => ({
  ok: true,
  phone: formatPhone(phone),
  confirmed,
  ...(result === undefined ? {} : { result }),
});

const flag = (v: unknown, fallback: boolean): boolean =>
  v === undefined || v === null || v === '' ? fallback : v === true || v === 1 || v === '1' || v === 'true';

type PhoneConfig = Pick<
  Config,
  | 'PHONE_VERIFICATION'
  | 'IVR_VERIFICATION'
  | 'PHONE_CODE_SECRET'
  | 'SMS_DAILY_BUDGET'
  | 'SMS_PREFIX_HOURLY_LIMIT'
  | 'SMS_IP_HOURLY_LIMIT'
>;

/**
 * Phone verification: codes by SMS or voice call, their confirmation, and the customer's numbers. Every
 * counter is reserved before the work it limits, atomically (RateLimiter.hitMany), and given back when the work
 * did not happen or did not count, so parallel calls never pass a limit.
 */
/** A reservation past a limit (rolls its transaction back). */
class Refused extends Error {
  constructor(readonly errorType: PhoneErrorType) {
    super(`refused ${errorType}`);
  }
}

export class PhoneService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly provider: PhoneProvider,
    private readonly config: PhoneConfig,
  ) {}

  private hash(customerId: number, phone: string, code: string): string {
    return crypto
      .createHmac('sha256', this.config.PHONE_CODE_SECRET)
      .update(`${customerId}|${phone}|${code}`)
      .digest('base64url');
  }

  /**
   * Reserves every counter; when one is past its limit, none is counted and its error is the answer. One
   * transaction: each statement's rows stay locked to its end, so parallel reservations that share a counter run one
   * after the other (windows in order, keys in order within each: no deadlock), and a refusal rolls back every count
   * it made. Taken a statement at a time, with a give-back after a refusal, parallel sends could each be refused by
   * another's count in a second counter (the two counters having counted them in different orders): none was sent.
   */
  private async reserve(limits: Limit[]): Promise<{ keys: string[]; refused?: PhoneErrorType }> {
    const keys = limits.map((l) => l.key);
    try {
      await this.db.transaction(async (tx) => {
        const counts = new Map<string, number>();
        for (const windowMs of [...new Set(limits.map((l) => l.windowMs))].sort((a, b) => a - b)) {
          const group = limits.filter((l) => l.windowMs === windowMs).map((l) => l.key);
          for (const [k, s] of await this.limiter.hitMany(group, windowMs, tx)) counts.set(k, s.count);
        }
        const over = limits.find((l) => (counts.get(l.key) ?? 0) > l.limit);
        if (over) throw new Refused(over.errorType);
      });
    } catch (err) {
      if (err instanceof Refused) return { keys, refused: err.errorType };
      throw err;
    }
    return { keys };
  }

  /** The number rule (spec §5) on the server: the typed texts, before anything is counted or sent. */
  private check(input: unknown, primary: boolean): { phone: string } | { errors: string[] } {
    const raw = typeof input === 'string' ? input : '';
    const error = phoneError(raw, { primary });
    const phone = normalisePhone(raw);
    return error || !phone ? { errors: [error ?? PHONE_TEXTS.invalid] } : { phone };
  }

  private newCode(): string {
    return String(crypto.randomInt(0, 100_000)).padStart(5, '0');
  }

  /** POST valid-phone: the first SMS, or a resend (forceSend); an already-confirmed number answers at once. */
  async sendSms(
    customerId: number,
    ip: string,
    body: { Phone1?: unknown; forceSend?: unknown; forceConfirm?: unknown; mainPhone?: unknown },
  ): Promise<PhoneOutcome> {
    if (this.config.PHONE_VERIFICATION === 'off') return typed(PHONE_ERROR.confirmationInactive);
    const isMain = flag(body.mainPhone, true);
    const checked = this.check(body.Phone1, isMain);
    if ('errors' in checked) return { ok: false, errors: checked.errors };
    const { phone } = checked;
    // A landline cannot receive an SMS (and SMS to landlines is a toll-fraud route): it is confirmed by a call.
    if (isLandline(phone)) return { ok: false, errors: [he.phoneLandlineSms] };
    if (await repo.isPhoneBlocked(this.db, phone)) return typed(PHONE_ERROR.blocked);
    if (!flag(body.forceConfirm, false) && (await repo.isPhoneConfirmed(this.db, customerId, phone))) {
      return done(phone, 1);
    }
    const { keys, refused } = await this.reserve(
      smsLimits({
        customerId,
        phone,
        prefix: phonePrefix(phone) ?? phone.slice(0, 3),
        ip,
        forceSend: flag(body.forceSend, false),
        dailyBudget: this.config.SMS_DAILY_BUDGET,
        prefixHourly: this.config.SMS_PREFIX_HOURLY_LIMIT,
        ipHourly: this.config.SMS_IP_HOURLY_LIMIT,
      }),
    );
    if (refused) return typed(refused);
    return this.sendCode({ customerId, phone, isMain, keys }, 'sms', async (code, id) => {
      const status = await this.provider.sendSms(phone, he.phoneSmsText(code), id);
      // Accepted but not delivered: it cost, the code stays valid for when the SMS arrives.
      return status === 'queued' ? typed(PHONE_ERROR.smsNotSent) : undefined;
    });
  }

  /**
   * A new code for the number, kept hashed as the newest verification of its channel, then delivered. When the
   * provider sends nothing (PhoneSendError), the code is void and the limits' counters are given back.
   */
  private async sendCode(
    to: { customerId: number; phone: string; isMain: boolean; keys: string[] },
    channel: 'sms' | 'ivr',
    deliver: (code: string, verificationId: number) => Promise<PhoneOutcome | undefined>,
  ): Promise<PhoneOutcome> {
    const { customerId, phone, isMain } = to;
    const code = this.newCode();
    const now = this.clock.now();
    const id = await repo.insertVerification(
      this.db,
      { customerId, phone, channel, codeHash: this.hash(customerId, phone, code), isMain },
      now,
      new Date(now.getTime() + CODE_TTL_MS),
    );
    try {
      const early = await deliver(code, id);
      if (early) return early;
    } catch (err) {
      if (!(err instanceof PhoneSendError)) throw err;
      await repo.voidVerification(this.db, id, now);
      await this.limiter.giveBack(to.keys);
      return typed(PHONE_ERROR.smsFailed);
    }
    return done(phone, 0);
  }

  /** POST valid-phone-code: the code of the newest SMS or call of this customer's number. */
  async confirmCode(
    customerId: number,
    ip: string,
    body: { Phone1?: unknown; Code?: unknown; mainPhone?: unknown },
  ): Promise<PhoneOutcome> {
    if (this.config.PHONE_VERIFICATION === 'off') return typed(PHONE_ERROR.confirmationInactive);
    const phone = normalisePhone(typeof body.Phone1 === 'string' ? body.Phone1 : '');
    if (!phone) return { ok: false, errors: [PHONE_TEXTS.invalid] };
    if (!isValidCode(body.Code)) return { ok: false, errors: [PHONE_TEXTS.codeInvalid] };
    const now = this.clock.now();
    const open = await repo.latestVerification(this.db, customerId, phone);
    if (!open || open.consumedAt) {
      // No code of this customer is waiting for this number: confirmed already, or never asked for here.
      return typed(
        (await repo.isPhoneConfirmed(this.db, customerId, phone))
          ? PHONE_ERROR.alreadyConfirmed
          : PHONE_ERROR.identificationFailed,
      );
    }
    if (open.expiresAt.getTime() <= now.getTime()) return typed(PHONE_ERROR.codeExpired);
    const { keys, refused } = await this.reserve(confirmLimits({ customerId, phone, ip }));
    if (refused) return typed(refused);
    const attempts = await repo.countAttempt(this.db, open.id, CODE_ATTEMPTS);
    if (attempts === null) {
      await this.limiter.giveBack(keys); // not checked, so no guess
      return typed(PHONE_ERROR.maxAttempts);
    }
    const expected = Buffer.from(open.codeHash);
    const presented = Buffer.from(this.hash(customerId, phone, body.Code));
    if (expected.length !== presented.length || !crypto.timingSafeEqual(expected, presented)) {
      return { ok: false, errors: [he.phoneCodeWrong(CODE_ATTEMPTS - attempts)] };
    }
    // Used up and recorded together: a parallel right guess waits on the row, then finds the number confirmed.
    const used = await this.db.transaction(async (tx) => {
      const row = await repo.consumeConfirmed(tx, open.id, now);
      if (row) await repo.saveConfirmedPhone(tx, customerId, phone, flag(body.mainPhone, row.isMain), now);
      return row;
    });
    if (!used)
      return typed(
        (await repo.isPhoneConfirmed(this.db, customerId, phone))
          ? PHONE_ERROR.alreadyConfirmed
          : PHONE_ERROR.codeExpired,
      );
    await this.limiter.giveBack(keys); // a right code is no failure
    return done(phone, 1);
  }

  /** POST send_IVR_confirmation: a call that reads the code and asks to press 1. */
  async sendCall(
    customerId: number,
    ip: string,
    body: { Phone1?: unknown; mainPhone?: unknown },
  ): Promise<PhoneOutcome> {
    if (this.config.PHONE_VERIFICATION === 'off') return typed(PHONE_ERROR.confirmationInactive);
    if (this.config.IVR_VERIFICATION === 'off') return typed(PHONE_ERROR.ivrInactive);
    const isMain = flag(body.mainPhone, true);
    const checked = this.check(body.Phone1, isMain);
    if ('errors' in checked) return { ok: false, errors: checked.errors };
    const { phone } = checked;
    if (await repo.isPhoneBlocked(this.db, phone)) return typed(PHONE_ERROR.blocked);
    if (await repo.isPhoneConfirmed(this.db, customerId, phone)) return typed(PHONE_ERROR.alreadyConfirmed);
    const { keys, refused } = await this.reserveCall(customerId, phone, ip);
    if (refused) return typed(refused);
    return this.sendCode({ customerId, phone, isMain, keys }, 'ivr', async (code, id) => {
      await this.provider.call(phone, he.phoneIvrText(code), id);
      return undefined;
    });
  }

  /**
   * Support resends a customer's code (the customer is on the line: the SMS never came): a new code by the channel
   * of the number's newest, under every limit a customer's own resend meets (the staff member's key stands for the
   * address). null when this customer never asked to verify the number, so no number of staff's choosing is sent to.
   */
  async resendForSupport(customerId: number, phone: string, staffKey: string): Promise<PhoneOutcome | null> {
    const latest = await repo.latestVerification(this.db, customerId, phone);
    if (!latest) return null;
    const body = { Phone1: phone, mainPhone: latest.isMain };
    return latest.channel === 'ivr'
      ? this.sendCall(customerId, staffKey, body)
      : this.sendSms(customerId, staffKey, { ...body, forceSend: true });
  }

  /** POST valid-phone-check: the browser's poll after a call; result 1 once the number is confirmed. */
  async checkCall(customerId: number, body: { Phone1?: unknown }): Promise<PhoneOutcome> {
    if (this.config.PHONE_VERIFICATION === 'off') return typed(PHONE_ERROR.confirmationInactive);
    const phone = normalisePhone(typeof body.Phone1 === 'string' ? body.Phone1 : '');
    if (!phone) return { ok: false, errors: [PHONE_TEXTS.invalid] };
    if (await repo.isPhoneConfirmed(this.db, customerId, phone)) return done(phone, 1, 1);
    const open = await repo.latestVerification(this.db, customerId, phone);
    if (open?.channel !== 'ivr' || open.consumedAt) return typed(PHONE_ERROR.identificationFailed);
    if (open.expiresAt.getTime() <= this.clock.now().getTime()) return typed(PHONE_ERROR.codeExpired);
    return done(phone, 0, 0);
  }

  /**
   * The provider reports that a verification's SMS was not delivered after all (after it accepted it): its code
   * is void (it was never read) and it is not counted as spent. False when there is no such open verification.
   */
  async deliveryFailed(verificationId: number): Promise<boolean> {
    return repo.voidVerification(this.db, verificationId, this.clock.now(), 'sms');
  }

  /** The provider reports that the call of a verification was answered with 1: the number is confirmed. */
  async confirmCall(verificationId: number): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const used = await repo.consumeConfirmed(tx, verificationId, now, 'ivr');
      if (used) await repo.saveConfirmedPhone(tx, used.customerId, used.phone, used.isMain, now);
      return used !== null;
    });
  }

  /** POST update-phone-activation: false when the number is not one of this customer's (the route's 404). */
  async setActive(customerId: number, input: unknown, deactivate: boolean): Promise<boolean> {
    const phone = normalisePhone(typeof input === 'string' ? input : String(input ?? ''));
    return phone !== null && repo.setPhoneDeactivated(this.db, customerId, phone, deactivate);
  }

  /**
   * GET add-virtual: a virtual number that forwards to one of this customer's verified numbers. Idempotent: the
   * number's virtual number once it has one. Two parallel first calls keep one (the other's is given back).
   */
  async addVirtual(customerId: number, input: unknown): Promise<VirtualOutcome> {
    const phone = normalisePhone(typeof input === 'string' ? input : '');
    if (!phone || !(await repo.isPhoneConfirmed(this.db, customerId, phone))) return { ok: false, notFound: true };
    const answer = (v: repo.VirtualPhone): VirtualOutcome => ({
      ok: true,
      virtualPhoneID: v.id,
      phone: formatPhone(v.phone),
      virtualPhone: formatPhone(v.virtualPhone),
    });
    const existing = await repo.findVirtualPhone(this.db, customerId, phone);
    if (existing) return answer(existing);
    let allocated: string;
    try {
      allocated = await this.provider.allocateVirtualNumber(phone);
    } catch (err) {
      if (!(err instanceof PhoneSendError)) throw err;
      return { ok: false, error: he.virtualPhoneFailed };
    }
    const saved = await repo.insertVirtualPhone(
      this.db,
      { customerId, phone, virtualPhone: allocated },
      this.clock.now(),
    );
    if (saved) return answer(saved);
    await this.provider.releaseVirtualNumber(allocated);
    const winner = await repo.findVirtualPhone(this.db, customerId, phone);
    return winner ? answer(winner) : { ok: false, error: he.virtualPhoneFailed };
  }

  /**
   * The test call of the test-report checkbox: the customer's verified number is called through its virtual number
   * (allocated now when it has none). A voice call costs like a verification call, so it is counted against the
   * same IVR counters (per address, number, customer and the daily budget) and given back when nothing was placed.
   */
  /** A voice call's place under the limits: the customer's, the number's, the address's and the day's budget. */
  private reserveCall(customerId: number, phone: string, ip: string) {
    return this.reserve(
      ivrLimits({
        customerId,
        phone,
        ip,
        dailyBudget: this.config.SMS_DAILY_BUDGET,
        ipHourly: this.config.SMS_IP_HOURLY_LIMIT,
      }),
    );
  }

  async testCall(customerId: number, ip: string, shown: unknown): Promise<TestCallOutcome> {
    const phone = normalisePhone(typeof shown === 'string' ? shown : '');
    if (!phone) return { ok: false, reason: 'invalid' };
    if (await repo.isPhoneBlocked(this.db, phone)) return { ok: false, reason: 'blocked' };
    const virtual = await this.addVirtual(customerId, phone);
    if (!virtual.ok) return { ok: false, reason: 'notFound' in virtual ? 'notVerified' : 'noVirtual' };
    const virtualPhone = normalisePhone(virtual.virtualPhone);
    if (!virtualPhone) return { ok: false, reason: 'noVirtual' };
    const { keys, refused } = await this.reserveCall(customerId, phone, ip);
    if (refused) return { ok: false, reason: 'limit', errorType: refused };
    try {
      await this.provider.testCall(phone, virtualPhone, he.testCallText(formatPhone(virtualPhone)));
    } catch (err) {
      if (!(err instanceof PhoneSendError)) throw err;
      await this.limiter.giveBack(keys);
      return { ok: false, reason: 'providerFailed' };
    }
    return { ok: true, virtualPhone: formatPhone(virtualPhone) };
  }

  /** The virtual number of a customer's number (as shown), for the phone calls' answers. */
  async virtualOf(customerId: number, shown: string): Promise<{ id: number; virtualPhone: string } | null> {
    const phone = normalisePhone(shown);
    const v = phone ? await repo.findVirtualPhone(this.db, customerId, phone) : null;
    return v ? { id: v.id, virtualPhone: formatPhone(v.virtualPhone) } : null;
  }

  /** GET phones: the customer's confirmed numbers as the spec's phone options. */
  async options(customerId: number): Promise<PhoneOption[]> {
    const phones = await repo.listCustomerPhones(this.db, customerId);
    return phones.map((p) => ({
      text: formatPhone(p.phone),
      value: p.phone,
      main: p.isMain ? 1 : 0,
      deactivatedInPublish: p.deactivated ? 1 : 0,
      virtual_phone: p.virtualPhone === null ? null : formatPhone(p.virtualPhone),
      selected: p.isMain && !p.deactivated ? 1 : 0,
    }));
  }
}
