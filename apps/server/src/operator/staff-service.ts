/**
 * Staff login: a password, then a code from an authenticator app (TOTP, RFC 6238) or a one-time recovery code. A
 * staff member without a confirmed authenticator enrols first (the secret as a QR code's otpauth URI and as text,
 * confirmed by a code; ten recovery codes shown once). The password's limits and captcha are the customers' own;
 * the codes have limits of their own, which a right password never resets (`checkCode`). A session ends after a
 * short idle time. Every step is written to the audit log.
 */
import { Secret, TOTP } from 'otpauth';
import type { CaptchaService, IssuedCaptcha } from '../accounts/captcha-service.ts';
import { dummyHash, hashPassword, passwordMeetsPolicy, verifyPassword } from '../accounts/passwords.ts';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { israelTimeOf } from '../platform/israel-day.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import {
  appendAudit,
  countCodeTry,
  createStaffSession,
  deleteStaffSession,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  lockSignIn,
  replaceRecoveryCodes,
  type Staff,
  type StaffRole,
  type StaffSessionStage,
  setSetupToken,
  setStaffPassword,
  setTotpSecret,
  takeSetupToken,
  takeTotpStep,
  touchStaffSession,
  useRecoveryCode,
} from './staff-repository.ts';

/** The staff session's cookie: scoped to the console's calls, never sent with a customer's. */
export const STAFF_COOKIE = 'op_session';
export const COOKIE_PATH = '/api/operator';

/** A staff session ends after this long without a call (the console pings while it is open and used). */
export const STAFF_IDLE_MS = 15 * 60 * 1000;
/** And after this long whatever happens: a working day. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** The step between the password and the code. */
export const SECOND_STEP_MS = 5 * 60 * 1000;
/** A one-time setup link (the first admin, a new staff member) works this long. */
export const SETUP_LINK_MS = 24 * 60 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'לוח — מסוף התפעול';
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const PAIR_FAILURE_LIMIT = 5;
const ACCOUNT_FAILURE_LIMIT = 20;
const IP_FAILURE_LIMIT = 50;

/**
 * Wrong codes at the second step (the app's, a recovery code, enrolment's confirmation). Three of the 10^6 app codes
 * are valid at any moment, so the guesses an account gets are what protects it once its password is known:
 * - one password step takes 5 wrong codes, then it ends and the password is asked again;
 * - an account takes 10 in an hour over all its logins and addresses, then its sign-in is locked for an hour, it is
 *   told by e-mail and the audit log and the staff list show it: at most 10 guesses an hour, about one chance in
 *   1,400 a day of passing;
 * - an address takes 20 in an hour over all accounts, then its codes are refused for the rest of the hour (no
 *   account is locked: an office shares an address).
 * The counts live in the database (`rate_counters`, `staff_sessions.code_tries`, `staff.sign_in_locked_until`) and
 * survive a restart; a right password resets none of them, a right code gives back only its own count.
 */
export const CODE_STEP_LIMIT = 5;
export const CODE_ACCOUNT_LIMIT = 10;
export const CODE_ADDRESS_LIMIT = 20;
export const CODE_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_IN_LOCK_MS = 60 * 60 * 1000;

export type LoginStep =
  | { ok: true; next: 'code' | 'enrol'; token: string }
  /** `field` names the field the message is about; without one it is about the whole sign-in (a locked account). */
  | { ok: false; status: 400 | 401 | 429; message: string; field?: string; captcha?: IssuedCaptcha };

export type SecondStep =
  | { ok: true; token: string; staff: Staff; recoveryCodes?: string[] }
  /** `ended`: the password step is over (too many wrong codes, or the sign-in is locked): the password comes next. */
  | { ok: false; status: 400 | 401 | 429; message: string; ended?: boolean };

type CodeRefusal = SecondStep & { ok: false };

const totpOf = (staff: Staff, secret: string) =>
  new TOTP({ issuer: ISSUER, label: staff.email, algorithm: 'SHA1', digits: 6, period: 30, secret });

/** Ten recovery codes, each ten characters of base32 in two groups (ABCDE-FGHJK). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = new Secret({ size: 8 }).base32.slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

const normaliseRecovery = (code: string) => {
  const text = code.toUpperCase().replace(/[^A-Z2-7]/g, '');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
    /** Tells a staff member their sign-in was locked. */
    private readonly mailer: Mailer,
  ) {}

  /** The password step: the second step's token (a code, or enrolment first), or why not. */
  async login(
    req: { email?: unknown; password?: unknown; captchaId?: unknown; captchaAnswer?: unknown },
    ip: string,
  ): Promise<LoginStep> {
    const email = typeof req.email === 'string' ? req.email.trim() : '';
    const password = typeof req.password === 'string' ? req.password : '';
    if (!email) return { ok: false, status: 400, message: he.required, field: 'email' };
    if (!password) return { ok: false, status: 400, message: he.required, field: 'password' };
    const account = email.toLowerCase();
    const limits = [
      { key: `staff-login:pair:${account}|${ip}`, limit: PAIR_FAILURE_LIMIT },
      { key: `staff-login:acct:${account}`, limit: ACCOUNT_FAILURE_LIMIT },
      { key: `staff-login:ip:${ip}`, limit: IP_FAILURE_LIMIT },
    ];
    const keys = limits.map((l) => l.key);
    const counts = await this.limiter.hitMany(keys, LOGIN_WINDOW_MS);
    const over = limits.some((l) => (counts.get(l.key)?.count ?? 0) > l.limit);
    const captchaId = typeof req.captchaId === 'string' ? req.captchaId : undefined;
    const captchaAnswer = typeof req.captchaAnswer === 'string' ? req.captchaAnswer : undefined;
    if (over && !(await this.captchas.verify(captchaId, captchaAnswer))) {
      await this.limiter.giveBack(keys);
      const message = captchaId ? he.captchaWrong : heOperator.tooManyAttempts;
      return { ok: false, status: 429, message, field: 'captcha', captcha: await this.captchas.issue() };
    }
    const staff = await findStaffByEmail(this.db, email);
    const usable = staff && !staff.disabledAt && staff.passwordHash;
    const right = await verifyPassword(usable ? (staff.passwordHash as string) : await dummyHash(), password);
    if (!usable || !right) {
      await appendAudit(this.db, { staffId: staff?.id ?? null, action: 'login.failed', ip }, this.clock.now());
      return { ok: false, status: 401, message: heOperator.wrongCredentials, field: 'password' };
    }
    // The password's own counters; never the codes' (a right password must not buy new guesses at the code).
    await Promise.all([this.limiter.reset(keys[0] as string), this.limiter.reset(keys[1] as string)]);
    await this.limiter.giveBack([keys[2] as string]);
    // Told only to whoever knows the password: a wrong one answers as always.
    const lockedUntil = this.lockedUntil(staff);
    if (lockedUntil) {
      await appendAudit(this.db, { staffId: staff.id, action: 'login.while-locked', ip }, this.clock.now());
      return { ok: false, status: 429, message: heOperator.signInLocked(israelTimeOf(lockedUntil)) };
    }
    return { ok: true, next: staff.totpEnabled ? 'code' : 'enrol', token: await this.secondStep(staff) };
  }

  /** When the account's sign-in lock ends, or null when it is not locked. */
  private lockedUntil(staff: Staff): Date | null {
    const until = staff.signInLockedUntil;
    return until && until.getTime() > this.clock.now().getTime() ? until : null;
  }

  /**
   * Every code of the second step passes here (`check` says whether it is right): it is counted before it is
   * checked, in one atomic statement per counter (so parallel tries never check more than the limits let through),
   * against the password step, the account and the address; past a limit it is refused unchecked. The try that
   * reaches the account's limit locks its sign-in. A right code gives back its own count, and only that. `staff` is
   * the step's session's row, read in this request.
   */
  private async checkCode(
    secondToken: string,
    staff: Staff,
    ip: string,
    check: () => Promise<boolean>,
  ): Promise<{ ok: true } | CodeRefusal> {
    const lockedUntil = this.lockedUntil(staff);
    if (lockedUntil) return this.locked(secondToken, lockedUntil);
    const tries = await countCodeTry(this.db, secondToken);
    if (tries === null) return { ok: false, status: 401, message: heOperator.secondStepEnded, ended: true };
    // Refused by its step before it reaches the account's count: a burst in one step cannot lock the account.
    if (tries > CODE_STEP_LIMIT) return this.endStep(secondToken, heOperator.tooManyCodes(CODE_STEP_LIMIT));
    const account = `staff-code:acct:${staff.id}`;
    const address = `staff-code:ip:${ip}`;
    const counts = await this.limiter.hitMany([account, address], CODE_WINDOW_MS);
    const ofAccount = counts.get(account)?.count ?? 0;
    const ofAddress = counts.get(address)?.count ?? 0;
    if (ofAccount > CODE_ACCOUNT_LIMIT || ofAddress > CODE_ADDRESS_LIMIT) {
      await this.limiter.giveBack([account, address]); // refused unchecked: no guess
      if (ofAccount > CODE_ACCOUNT_LIMIT) return this.lock(secondToken, staff, ip, CODE_ACCOUNT_LIMIT);
      return this.endStep(secondToken, heOperator.tooManyCodesFromAddress);
    }
    if (await check()) {
      await this.limiter.giveBack([account, address]); // a right code is no failure
      return { ok: true };
    }
    await appendAudit(this.db, { staffId: staff.id, action: 'login.wrong-code', ip }, this.clock.now());
    if (ofAccount >= CODE_ACCOUNT_LIMIT) return this.lock(secondToken, staff, ip, ofAccount);
    if (tries >= CODE_STEP_LIMIT) return this.endStep(secondToken, heOperator.tooManyCodes(CODE_STEP_LIMIT));
    return { ok: false, status: 401, message: heOperator.wrongCode };
  }

  /** Ends the password step on a limit: the next code needs the password again. */
  private async endStep(secondToken: string, message: string): Promise<CodeRefusal> {
    await deleteStaffSession(this.db, secondToken);
    return { ok: false, status: 429, message, ended: true };
  }

  /**
   * Locks the account's sign-in for SIGN_IN_LOCK_MS and ends this password step. Once: the try that locks it writes
   * the audit entry and mails the staff member; a parallel one finds it locked.
   */
  private async lock(secondToken: string, staff: Staff, ip: string, wrongCodes: number): Promise<CodeRefusal> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + SIGN_IN_LOCK_MS);
    if (!(await lockSignIn(this.db, staff.id, now, until))) {
      const locked = await findStaffById(this.db, staff.id);
      return this.locked(secondToken, (locked && this.lockedUntil(locked)) ?? until);
    }
    const entry = { staffId: staff.id, action: 'login.locked', targetType: 'staff', targetId: String(staff.id), ip };
    await appendAudit(this.db, { ...entry, detail: { until: until.toISOString(), wrongCodes } }, now);
    await this.mailer.send({
      to: staff.email,
      subject: heOperator.lockMailSubject,
      text: heOperator.lockMailBody(staff.name, wrongCodes, israelTimeOf(until)),
    });
    return this.locked(secondToken, until);
  }

  /** A code tried while the sign-in is locked: refused unchecked, and the password step ends. */
  private locked(secondToken: string, until: Date): Promise<CodeRefusal> {
    return this.endStep(secondToken, heOperator.signInLocked(israelTimeOf(until)));
  }

  private secondStep(staff: Staff): Promise<string> {
    const now = this.clock.now();
    return createStaffSession(this.db, staff.id, 'second', now, new Date(now.getTime() + SECOND_STEP_MS));
  }

  /** The staff member of a token at `stage`, its idle time renewed; null when it no longer works. */
  session(token: string | undefined, stage: StaffSessionStage): Promise<Staff | null> {
    if (!token) return Promise.resolve(null);
    const idle = stage === 'second' ? SECOND_STEP_MS : STAFF_IDLE_MS;
    return touchStaffSession(this.db, token, stage, this.clock.now(), idle);
  }

  /** Enrolment's first half: a new secret for the authenticator app (replacing one not yet confirmed). */
  async startEnrolment(staff: Staff): Promise<{ otpauthUri: string; secret: string } | null> {
    if (staff.totpEnabled) return null;
    const secret = new Secret({ size: 20 }).base32;
    await setTotpSecret(this.db, staff.id, secret);
    return { otpauthUri: totpOf(staff, secret).toString(), secret };
  }

  /** Checks a code from the app; the time step it belongs to is taken once (a code is never accepted twice). */
  private async takeCode(staff: Staff, code: unknown, enable: boolean): Promise<boolean> {
    if (!staff.totpSecret || typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return false;
    const now = this.clock.now().getTime();
    const delta = totpOf(staff, staff.totpSecret).validate({ token: code.trim(), timestamp: now, window: 1 });
    if (delta === null) return false;
    return takeTotpStep(this.db, staff.id, Math.floor(now / 30_000) + delta, enable);
  }

  /** Enrolment's second half: a code from the app confirms it; the session starts and the recovery codes show once. */
  async confirmEnrolment(secondToken: string, staff: Staff, code: unknown, ip: string): Promise<SecondStep> {
    if (staff.totpEnabled) return { ok: false, status: 400, message: heOperator.alreadyEnrolled };
    const checked = await this.checkCode(secondToken, staff, ip, () => this.takeCode(staff, code, true));
    if (!checked.ok) return checked;
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(this.db, staff.id, recoveryCodes);
    await appendAudit(this.db, { staffId: staff.id, action: 'totp.enrolled', ip }, this.clock.now());
    return { ...(await this.finish(secondToken, staff, ip)), recoveryCodes };
  }

  /** The code step: a code from the app, or a recovery code (each works once). */
  async confirmCode(
    secondToken: string,
    staff: Staff,
    body: { code?: unknown; recoveryCode?: unknown },
    ip: string,
  ): Promise<SecondStep> {
    if (!staff.totpEnabled) return { ok: false, status: 400, message: heOperator.enrolFirst };
    const recovery = typeof body.recoveryCode === 'string' && body.recoveryCode.trim() ? body.recoveryCode : null;
    const checked = await this.checkCode(secondToken, staff, ip, async () => {
      if (recovery === null) return this.takeCode(staff, body.code, false);
      const used = await useRecoveryCode(this.db, staff.id, normaliseRecovery(recovery), this.clock.now());
      if (used) await appendAudit(this.db, { staffId: staff.id, action: 'login.recovery-code', ip }, this.clock.now());
      return used;
    });
    if (!checked.ok) return checked;
    return this.finish(secondToken, staff, ip);
  }

  private async finish(secondToken: string, staff: Staff, ip: string): Promise<SecondStep & { ok: true }> {
    await deleteStaffSession(this.db, secondToken);
    const now = this.clock.now();
    const token = await createStaffSession(
      this.db,
      staff.id,
      'session',
      now,
      new Date(now.getTime() + STAFF_SESSION_MAX_MS),
    );
    await appendAudit(this.db, { staffId: staff.id, action: 'login', ip }, now);
    return { ok: true, token, staff };
  }

  async logout(token: string | undefined, staff: Staff | null, ip: string): Promise<void> {
    if (token) await deleteStaffSession(this.db, token);
    if (staff) await appendAudit(this.db, { staffId: staff.id, action: 'logout', ip }, this.clock.now());
  }

  /** A one-time setup link's step: sets the password and opens enrolment. */
  async setup(token: unknown, password: unknown, ip: string): Promise<LoginStep> {
    if (typeof password !== 'string' || !passwordMeetsPolicy(password)) {
      return { ok: false, status: 400, message: he.passwordPolicy, field: 'password' };
    }
    const staff = typeof token === 'string' && token ? await takeSetupToken(this.db, token, this.clock.now()) : null;
    if (!staff) return { ok: false, status: 401, message: heOperator.setupLinkInvalid, field: 'token' };
    await setStaffPassword(this.db, staff.id, await hashPassword(password));
    await appendAudit(this.db, { staffId: staff.id, action: 'setup.password', ip }, this.clock.now());
    return { ok: true, next: staff.totpEnabled ? 'code' : 'enrol', token: await this.secondStep(staff) };
  }

  /**
   * A new staff account without a password, with its one-time setup link's token; null when the e-mail has an
   * account already.
   */
  async invite(
    s: { email: string; name: string; role: StaffRole },
    by: Staff,
    ip: string,
  ): Promise<{ staff: Staff; setupToken: string } | null> {
    if (await findStaffByEmail(this.db, s.email)) return null;
    const now = this.clock.now();
    const staff = await insertStaff(this.db, { ...s, passwordHash: null }, now);
    const setupToken = await setSetupToken(this.db, staff.id, new Date(now.getTime() + SETUP_LINK_MS));
    const entry = { staffId: by.id, action: 'staff.invited', targetType: 'staff', targetId: String(staff.id), ip };
    await appendAudit(this.db, { ...entry, detail: { email: s.email, role: s.role } }, now);
    return { staff, setupToken };
  }

  /** The current code of a secret (the tests sign in with it). */
  static codeAt(secret: string, at: Date): string {
    return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });
  }
}
