import type {
  ConfirmCodeRequest,
  CreateNewPassRequest,
  CustomerResponse,
  ForgetPassRequest,
  LoginRequest,
  RegisterRequest,
} from '@app/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/db.ts';
import type { CaptchaService } from './captcha-service.ts';
import type { PasswordResetService } from './password-reset-service.ts';
import { type AuthResult, type AuthService, customerPayload } from './service.ts';
import { endSession, setSessionCookie } from './session.ts';

/**
 * Every auth body is a flat object of short strings; anything else is treated as empty. A number is kept as its
 * text (the services trim and hash these values: a JSON number as username or resetToken made them throw, a 500).
 */
function strings<T>(body: unknown): Partial<T> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === 'string' && v.length <= 1000) out[k] = v;
      else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    }
  }
  return out as Partial<T>;
}

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; resets: PasswordResetService; captchas: CaptchaService },
): void {
  const { db, auth, resets, captchas } = deps;

  const answer = async (req: FastifyRequest, reply: FastifyReply, result: AuthResult) => {
    if (result.sessionToken) {
      await endSession(db, req, reply); // a new session id at login: the old one dies
      setSessionCookie(req, reply, result.sessionToken);
    }
    return reply.code(result.httpStatus).send(result.body);
  };

  app.get('/api/auth/customer', async (req): Promise<CustomerResponse> => {
    return { status: 200, ...customerPayload(await req.customer()) };
  });

  app.post('/api/auth/login', async (req, reply) =>
    answer(req, reply, await auth.login(strings<LoginRequest>(req.body) as LoginRequest, req.ip)),
  );

  app.post('/api/auth/register', async (req, reply) =>
    answer(req, reply, await auth.register(strings<RegisterRequest>(req.body) as RegisterRequest, req.ip)),
  );

  app.post('/api/auth/logout', async (req, reply) => {
    await endSession(db, req, reply);
    return { status: 200, CustID: 0 };
  });

  const forget = async (req: FastifyRequest) =>
    resets.forgetPass(strings<ForgetPassRequest>(req.body) as ForgetPassRequest, req.ip);
  app.post('/api/auth/forgetPass', forget);
  app.post('/api/auth/forgetPassword', forget);

  app.post('/api/auth/confirmCode', async (req) =>
    resets.confirmCode(strings<ConfirmCodeRequest>(req.body) as ConfirmCodeRequest),
  );

  app.post('/api/auth/createNewPass', async (req) =>
    resets.createNewPass(strings<CreateNewPassRequest>(req.body) as CreateNewPassRequest),
  );

  app.get<{ Params: { id: string } }>('/api/auth/captcha/:id', async (req, reply) => {
    const svg = await captchas.image(req.params.id);
    if (!svg) return reply.code(404).send({ status: 404, message: 'הקוד שבתמונה פג תוקף' });
    return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
  });
}
