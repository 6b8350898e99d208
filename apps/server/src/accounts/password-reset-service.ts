import crypto from 'node:crypto';
import {
  CODE_ATTEMPT_LIMIT,
  type ConfirmCodeRequest,
  type ConfirmCodeResponse,
  type CreateNewPassRequest,
  type CreateNewPassResponse,
  type ForgetPassRequest,
  type ForgetPassResponse,
  RESET_CODE_LENGTH,
} from '@app/contract/auth';
import { he } from '../i18n/messages.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import type { CaptchaService } from './captcha-service.ts';
import { findCustomerByEmail, updatePassword } from './customers-repository.ts';
import { hashPassword, passwordMeetsPolicy } from './passwords.ts';
import { EMAIL_RE, LOGIN_WINDOW_MS } from './service.ts';
import { deleteCustomerSessions, hashToken } from './sessions-repository.ts';

const CODE_TTL_MS = 15 * 60 * 1000;
const FORGOT_WINDOW_MS = 15 * 60 * 1000;
const FORGOT_ACCOUNT_LIMIT = 3;
const FORGOT_IP_LIMIT = 10;

const codeHash = (resetId: number, code: string) =>
  crypto.createHash('sha256').update(`${resetId}:${code}`).digest('hex');

interface ResetRow {
  id: number;
  customer_id: number;
  code_hash: string;
  attempts: number;
}

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

  async forgetPass(req: ForgetPassRequest, ip: string): Promise<ForgetPassResponse> {
    const email = (req.EmailForgetPass ?? '').trim();
    if (!email) return { error: 1, captcha: 0, message: he.required };
    if (!EMAIL_RE.test(email)) return { error: 1, captcha: 0, message: he.invalidEmail };

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
      await this.db.transaction(async (tx) => {
        await tx.query('UPDATE password_resets SET consumed = true WHERE customer_id = $1 AND consumed = false', [
          customer.id,
        ]);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO password_resets (customer_id, code_hash, created_at, expires_at)
           VALUES ($1, '', $2, $3) RETURNING id`,
          [customer.id, now, new Date(now.getTime() + CODE_TTL_MS)],
        );
        if (!row) throw new Error('password reset insert returned nothing');
        await tx.query('UPDATE password_resets SET code_hash = $2 WHERE id = $1', [row.id, codeHash(row.id, code)]);
      });
      await this.mailer.send({
        to: customer.email,
        subject: he.resetMailSubject,
        text: he.resetMailText(code, this.origins.siteUrl('/login')),
      });
    }
    // The same answer whether or not the address is registered: no account enumeration.
    return { error: 0, captcha: 0, message: he.forgotSent };
  }

  private async activeReset(email: string): Promise<ResetRow | null> {
    const [row] = await this.db.query<ResetRow>(
      `SELECT r.id, r.customer_id, r.code_hash, r.attempts FROM password_resets r
       JOIN customers c ON c.id = r.customer_id
       WHERE lower(c.email) = lower($1) AND r.consumed = false AND r.expires_at > $2
         AND r.verified_token_hash IS NULL
       ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
      [email, this.clock.now()],
    );
    return row ?? null;
  }

  async confirmCode(req: ConfirmCodeRequest): Promise<ConfirmCodeResponse> {
    const email = (req.EmailForgetPass ?? '').trim();
    const code = (req.confirmCodePass ?? '').trim();
    if (!code) return { error: 1, attempts: 0, message: he.required };
    const reset = email ? await this.activeReset(email) : null;
    if (!reset) {
      // Unknown address or no live code: count attempts the same way, so the answer reveals nothing.
      const { count } = await this.limiter.hit(`confirm:${email.toLowerCase()}`, LOGIN_WINDOW_MS);
      return count >= CODE_ATTEMPT_LIMIT
        ? { error: 1, attempts: CODE_ATTEMPT_LIMIT, message: he.codeExhausted }
        : { error: 1, attempts: count, message: he.codeWrong(CODE_ATTEMPT_LIMIT - count) };
    }
    if (codeHash(reset.id, code) !== reset.code_hash) {
      const attempts = reset.attempts + 1;
      const exhausted = attempts >= CODE_ATTEMPT_LIMIT;
      await this.db.query('UPDATE password_resets SET attempts = $2, consumed = $3 WHERE id = $1', [
        reset.id,
        attempts,
        exhausted,
      ]);
      return exhausted
        ? { error: 1, attempts, message: he.codeExhausted }
        : { error: 1, attempts, message: he.codeWrong(CODE_ATTEMPT_LIMIT - attempts) };
    }
    const resetToken = crypto.randomBytes(24).toString('base64url');
    await this.db.query('UPDATE password_resets SET verified_token_hash = $2 WHERE id = $1', [
      reset.id,
      hashToken(resetToken),
    ]);
    return { error: 0, attempts: reset.attempts, message: he.codeOk, custID: Number(reset.customer_id), resetToken };
  }

  async createNewPass(req: CreateNewPassRequest): Promise<CreateNewPassResponse> {
    const password = req.newPass ?? '';
    if (!password) return { error: 1, message: he.required };
    if (!passwordMeetsPolicy(password)) return { error: 1, message: he.passwordPolicy };
    if (password !== req.renewPass) return { error: 1, message: he.passwordsDiffer };
    if (!req.resetToken) return { error: 1, message: he.resetExpired };
    const [row] = await this.db.query<{ id: number; customer_id: number }>(
      `SELECT r.id, r.customer_id FROM password_resets r JOIN customers c ON c.id = r.customer_id
       WHERE r.verified_token_hash = $1 AND r.consumed = false AND r.expires_at > $2
         AND r.customer_id = $3 AND lower(c.email) = lower($4)`,
      [hashToken(req.resetToken), this.clock.now(), Number(req.custID) || 0, (req.userName ?? '').trim()],
    );
    if (!row) return { error: 1, message: he.resetExpired };
    const customerId = Number(row.customer_id);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await updatePassword(tx, customerId, passwordHash);
      await tx.query('UPDATE password_resets SET consumed = true WHERE id = $1', [row.id]);
      await deleteCustomerSessions(tx, customerId);
    });
    await this.limiter.reset(`login:acct:${(req.userName ?? '').trim().toLowerCase()}`);
    return { error: 0, message: he.passwordChanged };
  }
}
