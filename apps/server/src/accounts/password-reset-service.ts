import crypto from 'node:crypto';
import {
  CODE_ATTEMPT_LIMIT,
  type ConfirmCodeResponse,
  type CreateNewPassResponse,
  type ForgetPassResponse,
  RESET_CODE_LENGTH,
} from '@app/contract/auth';
import type {
  ConfirmCodeRequestSchema,
  CreateNewPassRequestSchema,
  ForgetPassRequestSchema,
} from '@app/contract/schemas/auth';
import type { z } from 'zod';
import { he } from '../i18n/messages.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import type { CaptchaService } from './captcha-service.ts';
import { findCustomerByEmail, updatePassword } from './customers-repository.ts';
import {
  type ActiveReset,
  activeResetOf,
  consumeReset,
  countResetGuess,
  findVerifiedReset,
  startPasswordReset,
  verifyReset,
} from './password-resets-repository.ts';
import { hashPassword, passwordMeetsPolicy } from './passwords.ts';
import { EMAIL_RE, LOGIN_WINDOW_MS } from './service.ts';
import { deleteCustomerSessions, hashToken } from './sessions-repository.ts';

const CODE_TTL_MS = 15 * 60 * 1000;
const FORGOT_WINDOW_MS = 15 * 60 * 1000;
const FORGOT_ACCOUNT_LIMIT = 3;
const FORGOT_IP_LIMIT = 10;

/**
 * Wrong codes over every code of an account and from an address. A code takes 5 guesses, but a new code starts
 * again: without these, each request bought 5 more (3 requests in 15 minutes, more past the captcha). 10 wrong codes
 * a day per account (one chance in 10,000 a day of guessing one of 10^5 codes) and 30 an hour per address (a sweep
 * of accounts); past either, a code is refused unchecked. A right code gives back its own count; a new code or a
 * new password resets nothing.
 */
export const RESET_CODE_ACCOUNT_LIMIT = 10;
export const RESET_CODE_ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RESET_CODE_IP_LIMIT = 30;
export const RESET_CODE_IP_WINDOW_MS = 60 * 60 * 1000;

/** The recovery steps' fields as the schema read them (each text, or missing). */
export type ForgetPassFields = z.output<typeof ForgetPassRequestSchema>;
export type ConfirmCodeFields = z.output<typeof ConfirmCodeRequestSchema>;
export type CreateNewPassFields = z.output<typeof CreateNewPassRequestSchema>;

/** A recovery request without an e-mail, or with one that is none: the step's error (a 200, as the spec answers). */
export function forgetPassFieldsError(req: ForgetPassFields): ForgetPassResponse | null {
  const email = (req.EmailForgetPass ?? '').trim();
  if (!email) return { error: 1, captcha: 0, message: he.required };
  if (!EMAIL_RE.test(email)) return { error: 1, captcha: 0, message: he.invalidEmail };
  return null;
}

/** A code's check without a code. */
export function confirmCodeFieldsError(req: ConfirmCodeFields): ConfirmCodeResponse | null {
  return (req.confirmCodePass ?? '').trim() ? null : { error: 1, attempts: 0, message: he.required };
}

/** A new password against the policy and its repetition, and the step's token. */
export function createNewPassFieldsError(req: CreateNewPassFields): CreateNewPassResponse | null {
  const password = req.newPass ?? '';
  if (!password) return { error: 1, message: he.required };
  if (!passwordMeetsPolicy(password)) return { error: 1, message: he.passwordPolicy };
  if (password !== req.renewPass) return { error: 1, message: he.passwordsDiffer };
  if (!req.resetToken) return { error: 1, message: he.resetExpired };
  return null;
}

const codeHash = (resetId: number, code: string) =>
  crypto.createHash('sha256').update(`${resetId}:${code}`).digest('hex');

/** Forgot password: a 5-digit code by e-mail, 5 attempts, then a new password (spec §4, §7). */
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
    private readonly mailer: Mailer,
    /** The mail's link back to the site (public-origins.ts: configured, never the request's Host). */
    private readonly origins: Pick<PublicOrigins, 'siteUrl'>,
  ) {}

  async forgetPass(req: ForgetPassFields, ip: string): Promise<ForgetPassResponse> {
    const refused = forgetPassFieldsError(req);
    if (refused) return refused;
    const email = (req.EmailForgetPass ?? '').trim();

    const acctKey = `forgot:acct:${email.toLowerCase()}`;
    const ipKey = `forgot:ip:${ip}`;
    // Reserve the request first (one atomic statement) and decide from the returned counts.
    const counts = await this.limiter.hitMany([acctKey, ipKey], FORGOT_WINDOW_MS);
    const over =
      (counts.get(acctKey)?.count ?? 0) > FORGOT_ACCOUNT_LIMIT || (counts.get(ipKey)?.count ?? 0) > FORGOT_IP_LIMIT;
    if (over && !(await this.captchas.verify(req.captchaId, req.captchaAnswer))) {
      await this.limiter.giveBack([acctKey, ipKey]);
      const message = req.captchaId ? he.captchaWrong : he.forgotNeedCaptcha;
      return { error: 1, message, ...(await this.captchas.issue()) };
    }

    const customer = await findCustomerByEmail(this.db, email);
    if (customer) {
      const code = String(crypto.randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
      await this.db.transaction((tx) =>
        startPasswordReset(tx, customer.id, { now, expiresAt }, (resetId) => codeHash(resetId, code)),
      );
      await this.mailer.send({
        to: customer.email,
        subject: he.resetMailSubject,
        text: he.resetMailText(code, this.origins.siteUrl('/login')),
      });
    }
    // The same answer whether or not the address is registered: no account enumeration.
    return { error: 0, captcha: 0, message: he.forgotSent };
  }

  private activeReset(email: string): Promise<ActiveReset | null> {
    return activeResetOf(this.db, email, this.clock.now());
  }

  async confirmCode(req: ConfirmCodeFields, ip: string): Promise<ConfirmCodeResponse> {
    const refused = confirmCodeFieldsError(req);
    if (refused) return refused;
    const email = (req.EmailForgetPass ?? '').trim();
    const code = (req.confirmCodePass ?? '').trim();
    // Counted before anything is looked up (the same for an unknown address), and before the code is checked.
    const account = `reset-code:acct:${email.toLowerCase()}`;
    const address = `reset-code:ip:${ip}`;
    const ofAccount = (await this.limiter.hit(account, RESET_CODE_ACCOUNT_WINDOW_MS)).count;
    const ofAddress = (await this.limiter.hit(address, RESET_CODE_IP_WINDOW_MS)).count;
    if (ofAccount > RESET_CODE_ACCOUNT_LIMIT || ofAddress > RESET_CODE_IP_LIMIT) {
      await this.limiter.giveBack([account, address]); // refused unchecked: no guess
      const message = ofAccount > RESET_CODE_ACCOUNT_LIMIT ? he.codeTooManyForAccount : he.codeTooManyFromAddress;
      return { error: 1, attempts: CODE_ATTEMPT_LIMIT, message };
    }
    const reset = email ? await this.activeReset(email) : null;
    if (!reset) {
      // Unknown address or no live code: count attempts the same way, so the answer reveals nothing.
      const { count } = await this.limiter.hit(`confirm:${email.toLowerCase()}`, LOGIN_WINDOW_MS);
      return count >= CODE_ATTEMPT_LIMIT
        ? { error: 1, attempts: CODE_ATTEMPT_LIMIT, message: he.codeExhausted }
        : { error: 1, attempts: count, message: he.codeWrong(CODE_ATTEMPT_LIMIT - count) };
    }
    // The guess is counted on the code before it is checked, in one statement: parallel guesses each get their own
    // count, and none past the fifth is checked.
    const attempts = await countResetGuess(this.db, reset.id, CODE_ATTEMPT_LIMIT);
    if (attempts === null) {
      await this.limiter.giveBack([account, address]);
      return { error: 1, attempts: CODE_ATTEMPT_LIMIT, message: he.codeExhausted };
    }
    if (codeHash(reset.id, code) !== reset.codeHash) {
      const exhausted = attempts >= CODE_ATTEMPT_LIMIT;
      if (exhausted) await consumeReset(this.db, reset.id);
      return exhausted
        ? { error: 1, attempts, message: he.codeExhausted }
        : { error: 1, attempts, message: he.codeWrong(CODE_ATTEMPT_LIMIT - attempts) };
    }
    // Verified once: of two right guesses at once, one gets the token.
    const resetToken = crypto.randomBytes(24).toString('base64url');
    if (!(await verifyReset(this.db, reset.id, hashToken(resetToken))))
      return { error: 1, attempts: CODE_ATTEMPT_LIMIT, message: he.codeExhausted };
    await this.limiter.giveBack([account, address]); // a right code is no failure
    // `attempts` counts the wrong ones before it.
    return { error: 0, attempts: attempts - 1, message: he.codeOk, custID: reset.customerId, resetToken };
  }

  async createNewPass(req: CreateNewPassFields): Promise<CreateNewPassResponse> {
    const refused = createNewPassFieldsError(req);
    if (refused || !req.resetToken) return refused ?? { error: 1, message: he.resetExpired };
    const password = req.newPass ?? '';
    const row = await findVerifiedReset(this.db, {
      tokenHash: hashToken(req.resetToken),
      customerId: Number(req.custID) || 0,
      email: (req.userName ?? '').trim(),
      now: this.clock.now(),
    });
    if (!row) return { error: 1, message: he.resetExpired };
    const { customerId } = row;
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await updatePassword(tx, customerId, passwordHash);
      await consumeReset(tx, row.id);
      await deleteCustomerSessions(tx, customerId);
    });
    await this.limiter.reset(`login:acct:${(req.userName ?? '').trim().toLowerCase()}`);
    return { error: 0, message: he.passwordChanged };
  }
}
