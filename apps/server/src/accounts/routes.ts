import {
  CaptchaParamsSchema,
  CaptchaResponses,
  ConfirmCodeRequestSchema,
  ConfirmCodeResponseSchema,
  CreateNewPassRequestSchema,
  CreateNewPassResponseSchema,
  CustomerResponseSchema,
  ForgetPassRequestSchema,
  ForgetPassResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  RegisterRequestSchema,
} from '@app/contract/schemas/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import type { CaptchaService } from './captcha-service.ts';
import {
  confirmCodeFieldsError,
  createNewPassFieldsError,
  forgetPassFieldsError,
  type PasswordResetService,
} from './password-reset-service.ts';
import {
  type AuthResult,
  type AuthService,
  badFieldResult,
  customerPayload,
  loginFieldsError,
  registerFieldsError,
} from './service.ts';
import { endSession, setSessionCookie } from './session.ts';

/**
 * A form's fields the schema took as they are (text, or a number as its text); a field it refused (not text, or
 * too long) is left out, and so checked as empty by the form's own rules, as the forms always answered it.
 */
function textFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === 'string' && v.length <= 1000) out[k] = v;
      else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    }
  }
  return out;
}

/** The field of the first problem the schema found (the form's error is shown under it). */
const fieldOf = (issues: Parameters<InvalidInputAnswer>[1]): string => issues[0]?.path[0] ?? 'username';

/**
 * A refused request of a form, answered as the form's own check answers it: a refused field counts as empty, so the
 * first field the form's rules refuse is named (the same answer as before the schema); when the rules find nothing
 * (a refused captcha field), 400 with the form's shape.
 */
const formRefused =
  <T>(check: (fields: Record<string, string>) => T | null, answer: (result: T) => { status: number; body: unknown }) =>
  (otherwise: (field: string) => { status: number; body: unknown }): InvalidInputAnswer =>
  (_part, issues, req) => {
    const result = check(textFields(req.body));
    return result ? answer(result) : otherwise(fieldOf(issues));
  };

const authAnswer = (result: AuthResult) => ({ status: result.httpStatus, body: result.body });
const authRefused = (check: (fields: Record<string, string>) => AuthResult | null) =>
  formRefused(check, authAnswer)((field) => authAnswer(badFieldResult(field)));
/** The recovery steps answer a field's error with 200 and `error: 1` (the spec's shape). */
const recoveryRefused = <T>(check: (fields: Record<string, string>) => T | null, bad: T) =>
  formRefused(check, (body: T) => ({ status: 200, body }))(() => ({ status: 400, body: bad }));

/**
 * The account calls (publish-wizard.md §7), public:
 * - GET /api/auth/customer: the session's customer (a guest is CustID 0); it also sets the CSRF cookie.
 * - POST /api/auth/login, /register: the customer and a new session, or the refusal's status with the field's
 *   error (400, 401, 403 blocked, 409 e-mail taken, 429 with a captcha).
 * - POST /api/auth/logout: the session ends on the server.
 * - POST /api/auth/forgetPass (and forgetPassword), /confirmCode, /createNewPass: the recovery's steps, each
 *   answering `{ error: 0 | 1, message }`.
 * - GET /api/auth/captcha/:id: the captcha's SVG picture.
 */
export function authRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; resets: PasswordResetService; captchas: CaptchaService },
): void {
  const { db, auth, resets, captchas } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const answer = async (req: FastifyRequest, reply: FastifyReply, result: AuthResult) => {
    if (result.sessionToken) {
      await endSession(db, req, reply); // a new session id at login: the old one dies
      setSessionCookie(req, reply, result.sessionToken);
    }
    return reply.code(result.httpStatus).send(result.body);
  };

  routes.get(
    '/api/auth/customer',
    { schema: { summary: 'הלקוח המחובר', response: { 200: CustomerResponseSchema } } },
    async (req) => ({ status: 200 as const, ...customerPayload(await req.customer()) }),
  );

  const signInAnswers = {
    200: LoginResponseSchema,
    400: LoginResponseSchema,
    401: LoginResponseSchema,
    403: LoginResponseSchema,
    409: LoginResponseSchema,
    429: LoginResponseSchema,
  };

  routes.post(
    '/api/auth/login',
    {
      schema: { summary: 'כניסה לחשבון', body: LoginRequestSchema, response: signInAnswers },
      config: { invalidInput: authRefused(loginFieldsError) },
    },
    async (req, reply) => answer(req, reply, await auth.login(req.body, req.ip)),
  );

  routes.post(
    '/api/auth/register',
    {
      schema: { summary: 'הרשמה לאתר', body: RegisterRequestSchema, response: signInAnswers },
      config: { invalidInput: authRefused(registerFieldsError) },
    },
    async (req, reply) => answer(req, reply, await auth.register(req.body, req.ip)),
  );

  routes.post(
    '/api/auth/logout',
    { schema: { summary: 'יציאה מהחשבון', response: { 200: LogoutResponseSchema } } },
    async (req, reply) => {
      await endSession(db, req, reply);
      return { status: 200 as const, CustID: 0 as const };
    },
  );

  for (const url of ['/api/auth/forgetPass', '/api/auth/forgetPassword']) {
    routes.post(
      url,
      {
        schema: {
          summary: 'שחזור סיסמה: שליחת קוד לדואר האלקטרוני',
          body: ForgetPassRequestSchema,
          response: { 200: ForgetPassResponseSchema, 400: ForgetPassResponseSchema },
        },
        config: {
          invalidInput: recoveryRefused(forgetPassFieldsError, { error: 1, captcha: 0, message: he.badRequest }),
        },
      },
      async (req) => resets.forgetPass(req.body, req.ip),
    );
  }

  routes.post(
    '/api/auth/confirmCode',
    {
      schema: {
        summary: 'שחזור סיסמה: בדיקת הקוד',
        body: ConfirmCodeRequestSchema,
        response: { 200: ConfirmCodeResponseSchema, 400: ConfirmCodeResponseSchema },
      },
      config: {
        invalidInput: recoveryRefused(confirmCodeFieldsError, { error: 1, attempts: 0, message: he.badRequest }),
      },
    },
    async (req) => resets.confirmCode(req.body, req.ip),
  );

  routes.post(
    '/api/auth/createNewPass',
    {
      schema: {
        summary: 'שחזור סיסמה: סיסמה חדשה',
        body: CreateNewPassRequestSchema,
        response: { 200: CreateNewPassResponseSchema, 400: CreateNewPassResponseSchema },
      },
      config: { invalidInput: recoveryRefused(createNewPassFieldsError, { error: 1, message: he.badRequest }) },
    },
    async (req) => resets.createNewPass(req.body),
  );

  routes.get(
    '/api/auth/captcha/:id',
    {
      schema: { summary: 'תמונת הקוד לאימות', params: CaptchaParamsSchema, response: CaptchaResponses },
      config: { invalidInput: () => refusal(404, he.captchaExpired) },
    },
    async (req, reply) => {
      const svg = await captchas.image(req.params.id);
      if (!svg) return reply.code(404).send({ status: 404, message: he.captchaExpired });
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );
}
