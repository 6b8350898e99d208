import type { LoginResponse } from '@app/contract/auth';
import type { LoginRequestSchema, RegisterRequestSchema } from '@app/contract/schemas/auth';
import type { z } from 'zod';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import type { CaptchaService } from './captcha-service.ts';
import { type Customer, findCustomerByEmail, insertCustomer } from './customers-repository.ts';
import { dummyHash, hashPassword, passwordMeetsPolicy, verifyPassword } from './passwords.ts';
import { createSession } from './sessions-repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures of one account from one address within the window before that pair needs a captcha (or a wait):
 * the limit that normally triggers (docs/ARCHITECTURE.md, "Login limits").
 */
export const PAIR_FAILURE_LIMIT = 5;
/** Failures of one account over every address (a distributed guess at one password). */
export const ACCOUNT_FAILURE_LIMIT = 10;
/**
 * Failures from one address over every account: a higher ceiling, so one office or proxy with a few wrong
 * passwords does not force its other users into the captcha, while a sweep over many accounts still stops.
 */
export const IP_FAILURE_LIMIT = 100;
const REGISTER_WINDOW_MS = 60 * 60 * 1000;
const REGISTER_IP_LIMIT = 10;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A login's and a registration's fields as the schema read them (each text, or missing). */
export type LoginFields = z.output<typeof LoginRequestSchema>;
export type RegisterFields = z.output<typeof RegisterRequestSchema>;

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

/** A login without a username or a password: that field's error. */
export function loginFieldsError(req: LoginFields): AuthResult | null {
  if (!(req.username ?? '').trim()) return fail(400, he.required, 'username');
  if (!req.password) return fail(400, he.required, 'password');
  return null;
}

/** A registration's fields as they are kept: the names and the e-mail without spaces around them. */
const registration = (req: RegisterFields) => ({
  username: (req.username ?? '').trim(),
  firstName: (req.firstname ?? '').trim(),
  lastName: (req.lastname ?? '').trim(),
  password: req.password ?? '',
});

/** A registration's fields against the form's rules (names, e-mail, password policy, the password again). */
export function registerFieldsError(req: RegisterFields): AuthResult | null {
  const { username, firstName, lastName, password } = registration(req);
  if (!firstName) return fail(400, he.required, 'firstname');
  if (!lastName) return fail(400, he.required, 'lastname');
  if (firstName.length > 50) return fail(400, he.nameTooLong, 'firstname');
  if (lastName.length > 50) return fail(400, he.nameTooLong, 'lastname');
  if (!username) return fail(400, he.required, 'username');
  if (!EMAIL_RE.test(username) || username.length > 254) return fail(400, he.invalidEmail, 'username');
  if (!password) return fail(400, he.required, 'password');
  if (!passwordMeetsPolicy(password)) return fail(400, he.passwordPolicy, 'password');
  if (password !== req.passwordAgain) return fail(400, he.passwordsDiffer, 'passwordAgain');
  return null;
}

/** A request the schema refused, in the login's and registration's shape: 400 with the field's error. */
export const badFieldResult = (fieldName: string): AuthResult => fail(400, he.badRequest, fieldName);

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

  async login(req: LoginFields, ip: string): Promise<AuthResult> {
    const refused = loginFieldsError(req);
    if (refused) return refused;
    const username = (req.username ?? '').trim();
    const password = req.password ?? '';

    const account = username.toLowerCase();
    const limits = [
      { key: `login:pair:${account}|${ip}`, limit: PAIR_FAILURE_LIMIT },
      { key: `login:acct:${account}`, limit: ACCOUNT_FAILURE_LIMIT },
      { key: `login:ip:${ip}`, limit: IP_FAILURE_LIMIT },
    ];
    const keys = limits.map((l) => l.key);
    // Reserve the attempt first, atomically, and decide from the counts it returns: parallel attempts each get
    // their own number, so no more than the limit are ever checked.
    const counts = await this.limiter.hitMany(keys, LOGIN_WINDOW_MS);
    const over = limits.filter((l) => (counts.get(l.key)?.count ?? 0) > l.limit);
    if (over.length > 0 && !(await this.captchas.verify(req.captchaId, req.captchaAnswer))) {
      // Not checked, so not a failure: the reservation is given back.
      await this.limiter.giveBack(keys);
      const resetsAt = Math.max(...over.map((l) => counts.get(l.key)?.resetsAt.getTime() ?? 0));
      const minutes = Math.max(1, Math.ceil((resetsAt - this.clock.now().getTime()) / 60000));
      const msg = req.captchaId ? he.captchaWrong : he.tooManyAttempts(minutes);
      return fail(429, msg, 'captcha', await this.captchas.issue());
    }

    const customer = await findCustomerByEmail(this.db, username);
    const ok = await verifyPassword(customer?.passwordHash ?? (await dummyHash()), password);
    if (!customer || !ok) return fail(401, he.wrongCredentials, 'password'); // the reservation stays: a failure
    // A blocked account is told so (only once the password was right: no one learns of a block by guessing).
    if (customer.blockedAt) return fail(403, he.accountBlocked, 'username');
    // A success is no failure: the account's counters start again and the address gets its attempt back.
    await Promise.all([this.limiter.reset(keys[0] as string), this.limiter.reset(keys[1] as string)]);
    await this.limiter.giveBack([keys[2] as string]);
    return this.succeed(customer);
  }

  async register(req: RegisterFields, ip: string): Promise<AuthResult> {
    const refused = registerFieldsError(req);
    if (refused) return refused;
    const { username, firstName, lastName, password } = registration(req);

    // Reserve the registration first (atomic count), give it back if no account was made.
    const ipKey = `register:ip:${ip}`;
    if ((await this.limiter.hit(ipKey, REGISTER_WINDOW_MS)).count > REGISTER_IP_LIMIT) {
      await this.limiter.giveBack([ipKey]);
      return fail(429, he.tooManyRegistrations, 'username');
    }
    const customer = (await findCustomerByEmail(this.db, username))
      ? null
      : await insertCustomer(this.db, {
          email: username,
          passwordHash: await hashPassword(password),
          firstName,
          lastName,
        });
    if (!customer) {
      await this.limiter.giveBack([ipKey]);
      return fail(409, he.emailTaken, 'username');
    }
    return this.succeed(customer);
  }
}
