import type { LoginRequest, LoginResponse, RegisterRequest } from '@app/contract/auth';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { he } from '../i18n/messages.ts';
import { type Customer, findCustomerByEmail, insertCustomer } from '../repositories/customers.ts';
import { createSession } from '../repositories/sessions.ts';
import type { CaptchaService } from './captcha-service.ts';
import { dummyHash, hashPassword, passwordMeetsPolicy, verifyPassword } from './passwords.ts';
import type { RateLimiter } from './rate-limiter.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures per account within the window before a captcha (or waiting) is needed. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failures from one IP, over any accounts, within the window before a captcha is needed. */
export const IP_FAILURE_LIMIT = 20;
const REGISTER_WINDOW_MS = 60 * 60 * 1000;
const REGISTER_IP_LIMIT = 10;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface AuthResult {
  httpStatus: number;
  body: LoginResponse;
  /** Set when a new session was created: the cookie value. */
  sessionToken?: string;
  customer?: Customer;
}

export function customerPayload(c: Customer | null) {
  return {
    CustID: c?.id ?? 0,
    CustFirstName: c?.firstName ?? '',
    CustLastName: c?.lastName ?? '',
    debugMode: c?.debugMode ?? false,
    trade: c?.trade ?? {},
  };
}

function fail(httpStatus: number, msg: string, fieldName: string, extra: Partial<LoginResponse> = {}): AuthResult {
  return {
    httpStatus,
    body: {
      status: httpStatus,
      message: 'login fail',
      ...customerPayload(null),
      errors: [{ msg, fieldName }],
      ...extra,
    },
  };
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
  ) {}

  private async succeed(customer: Customer): Promise<AuthResult> {
    const sessionToken = await createSession(this.db, customer.id, this.clock.now());
    return {
      httpStatus: 200,
      body: { status: 200, message: 'login success', ...customerPayload(customer) },
      sessionToken,
      customer,
    };
  }

  async login(req: LoginRequest, ip: string): Promise<AuthResult> {
    const username = (req.username ?? '').trim();
    const password = req.password ?? '';
    if (!username) return fail(400, he.required, 'username');
    if (!password) return fail(400, he.required, 'password');

    const acctKey = `login:acct:${username.toLowerCase()}`;
    const ipKey = `login:ip:${ip}`;
    const [acct, byIp] = await Promise.all([
      this.limiter.peek(acctKey, LOGIN_WINDOW_MS),
      this.limiter.peek(ipKey, LOGIN_WINDOW_MS),
    ]);
    const limited = acct.count >= ACCOUNT_FAILURE_LIMIT || byIp.count >= IP_FAILURE_LIMIT;
    if (limited && !(await this.captchas.verify(req.captchaId, req.captchaAnswer))) {
      const resetsAt = Math.max(
        acct.count >= ACCOUNT_FAILURE_LIMIT ? acct.resetsAt.getTime() : 0,
        byIp.count >= IP_FAILURE_LIMIT ? byIp.resetsAt.getTime() : 0,
      );
      const minutes = Math.max(1, Math.ceil((resetsAt - this.clock.now().getTime()) / 60000));
      const msg = req.captchaId ? he.captchaWrong : he.tooManyAttempts(minutes);
      return fail(429, msg, 'captcha', await this.captchas.issue());
    }

    const customer = await findCustomerByEmail(this.db, username);
    const ok = await verifyPassword(customer?.passwordHash ?? (await dummyHash()), password);
    if (!customer || !ok) {
      await Promise.all([this.limiter.hit(acctKey, LOGIN_WINDOW_MS), this.limiter.hit(ipKey, LOGIN_WINDOW_MS)]);
      return fail(401, he.wrongCredentials, 'password');
    }
    await this.limiter.reset(acctKey);
    return this.succeed(customer);
  }

  async register(req: RegisterRequest, ip: string): Promise<AuthResult> {
    const username = (req.username ?? '').trim();
    const firstName = (req.firstname ?? '').trim();
    const lastName = (req.lastname ?? '').trim();
    const password = req.password ?? '';
    if (!firstName) return fail(400, he.required, 'firstname');
    if (!lastName) return fail(400, he.required, 'lastname');
    if (firstName.length > 50) return fail(400, he.nameTooLong, 'firstname');
    if (lastName.length > 50) return fail(400, he.nameTooLong, 'lastname');
    if (!username) return fail(400, he.required, 'username');
    if (!EMAIL_RE.test(username) || username.length > 254) return fail(400, he.invalidEmail, 'username');
    if (!password) return fail(400, he.required, 'password');
    if (!passwordMeetsPolicy(password)) return fail(400, he.passwordPolicy, 'password');
    if (password !== req.passwordAgain) return fail(400, he.passwordsDiffer, 'passwordAgain');

    const ipKey = `register:ip:${ip}`;
    if ((await this.limiter.peek(ipKey, REGISTER_WINDOW_MS)).count >= REGISTER_IP_LIMIT) {
      return fail(429, he.tooManyRegistrations, 'username');
    }
    if (await findCustomerByEmail(this.db, username)) return fail(409, he.emailTaken, 'username');
    const customer = await insertCustomer(this.db, {
      email: username,
      passwordHash: await hashPassword(password),
      firstName,
      lastName,
    });
    if (!customer) return fail(409, he.emailTaken, 'username');
    await this.limiter.hit(ipKey, REGISTER_WINDOW_MS);
    return this.succeed(customer);
  }
}
