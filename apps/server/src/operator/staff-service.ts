/**
 * Staff login: a password, then a code from an authenticator app (TOTP, RFC 6238) or a one-time recovery code. A
 * staff member without a confirmed authenticator enrols first (the secret as a QR code's otpauth URI and as text,
 * confirmed by a code; ten recovery codes shown once). Login limits and the captcha are the customers' own; a
 * session ends after a short idle time. Every step is written to the audit log.
 */
import { Secret, TOTP } from 'otpauth';
import type { CaptchaService, IssuedCaptcha } from '../accounts/captcha-service.ts';
import { dummyHash, hashPassword, passwordMeetsPolicy, verifyPassword } from '../accounts/passwords.ts';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import {
  appendAudit,
  createStaffSession,
  deleteStaffSession,
  findStaffByEmail,
  findStaffById,
  insertStaff,
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

export type LoginStep =
  | { ok: true; next: 'code' | 'enrol'; token: string }
  | { ok: false; status: 400 | 401 | 429; message: string; field: string; captcha?: IssuedCaptcha };

export type SecondStep =
  | { ok: true; token: string; staff: Staff; recoveryCodes?: string[] }
  | { ok: false; status: 400 | 401; message: string };

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
    await Promise.all([this.limiter.reset(keys[0] as string), this.limiter.reset(keys[1] as string)]);
    await this.limiter.giveBack([keys[2] as string]);
    return { ok: true, next: staff.totpEnabled ? 'code' : 'enrol', token: await this.secondStep(staff) };
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
    const fresh = await findStaffById(this.db, staff.id);
    if (!fresh || !(await this.takeCode(fresh, code, true))) {
      return { ok: false, status: 401, message: heOperator.wrongCode };
    }
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(this.db, staff.id, recoveryCodes);
    await appendAudit(this.db, { staffId: staff.id, action: 'totp.enrolled', ip }, this.clock.now());
    return { ...(await this.finish(secondToken, fresh, ip)), recoveryCodes };
  }

  /** The code step: a code from the app, or a recovery code (each works once). */
  async confirmCode(
    secondToken: string,
    staff: Staff,
    body: { code?: unknown; recoveryCode?: unknown },
    ip: string,
  ): Promise<SecondStep> {
    if (!staff.totpEnabled) return { ok: false, status: 400, message: heOperator.enrolFirst };
    let ok = false;
    if (typeof body.recoveryCode === 'string' && body.recoveryCode.trim()) {
      ok = await useRecoveryCode(this.db, staff.id, normaliseRecovery(body.recoveryCode), this.clock.now());
      if (ok) await appendAudit(this.db, { staffId: staff.id, action: 'login.recovery-code', ip }, this.clock.now());
    } else ok = await this.takeCode(staff, body.code, false);
    if (!ok) {
      await appendAudit(this.db, { staffId: staff.id, action: 'login.wrong-code', ip }, this.clock.now());
      return { ok: false, status: 401, message: heOperator.wrongCode };
    }
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
