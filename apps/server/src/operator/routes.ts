/**
 * The console's login and account calls under /api/operator/ (the console's pages are /operator). Staff have their
 * own cookie, scoped to these calls: a customer's session never opens them, and a staff session never opens a
 * customer's call. Every other console call is guarded by `app.staffOnly(roles)`. Each call declares its request
 * and answers (packages/contract/src/schemas/operator.ts).
 */
import type { StaffMember, StaffSessionAnswer, StaffStepAnswer } from '@app/contract/operator';
import { FieldErrorsRefusalSchema, RefusalSchema } from '@app/contract/schemas/common';
import {
  AuditPageSchema,
  AuditQuerySchema,
  EnrolmentConfirmRequestSchema,
  EnrolmentStartAnswerSchema,
  StaffCodeRequestSchema,
  StaffInviteAnswerSchema,
  StaffInviteRequestSchema,
  StaffListAnswerSchema,
  StaffLoginRequestSchema,
  StaffLogoutAnswerSchema,
  StaffMeAnswerSchema,
  StaffSessionAnswerSchema,
  StaffSetupRequestSchema,
  StaffStepAnswerSchema,
} from '@app/contract/schemas/operator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { listAudit, listStaff, STAFF_ROLES, type Staff } from './staff-repository.ts';
import { COOKIE_PATH, STAFF_COOKIE, STAFF_SESSION_MAX_MS, type StaffService } from './staff-service.ts';

/** What the console knows of the staff member logged in. */
const publicStaff = (s: Staff): StaffMember => ({ id: s.id, email: s.email, name: s.name, role: s.role });

function setStaffCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.setCookie(STAFF_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** A body's field as text, or '' when it is not text (a refused field counts as empty, as the steps read it). */
const textOf = (body: unknown, key: string): string => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};

const fieldRefusal = (status: number, fieldName: string, msg: string) => ({
  status,
  body: { status, errors: [{ fieldName, msg }] },
});

/** A password step the schema refused: an e-mail or password that is not text is missing, as the step answers it. */
const loginRefused: InvalidInputAnswer = (_part, _issues, req) => {
  if (!textOf(req.body, 'email').trim()) return fieldRefusal(400, 'email', he.required);
  if (!textOf(req.body, 'password')) return fieldRefusal(400, 'password', he.required);
  return refusal(400, he.badRequest);
};

/** A setup the schema refused: a password that is not text fails the policy; a token that is not text is no link. */
const setupRefused: InvalidInputAnswer = (_part, _issues, req) =>
  textOf(req.body, 'password')
    ? fieldRefusal(401, 'token', heOperator.setupLinkInvalid)
    : fieldRefusal(400, 'password', he.passwordPolicy);

/** The invitation's checks, each field's error in the form's order (the whole form when it is no object). */
const INVITE_ERRORS = [
  { fieldName: 'email', msg: heOperator.badEmail },
  { fieldName: 'name', msg: he.required },
  { fieldName: 'role', msg: heOperator.badRole },
];
const inviteRefused: InvalidInputAnswer = (_part, issues) => {
  const fields = new Set(issues.map((i) => i.path[0] ?? '*'));
  const errors = INVITE_ERRORS.filter((e) => fields.has('*') || fields.has(e.fieldName));
  return { status: 400, body: { status: 400, errors } };
};

/** The login's and setup's answers: the next step, or the step's refusal (fields, a captcha, a lock). */
const stepAnswers = {
  200: StaffStepAnswerSchema,
  400: StaffStepAnswerSchema,
  401: StaffStepAnswerSchema,
  429: StaffStepAnswerSchema,
};
/** The second step's answers: the session, or why not (`ended`: sign in again). */
const sessionAnswers = {
  200: StaffSessionAnswerSchema,
  400: StaffSessionAnswerSchema,
  401: StaffSessionAnswerSchema,
  429: StaffSessionAnswerSchema,
};
/** A console call's refusals: not logged in, another role. */
const staffRefusals = { 401: RefusalSchema, 403: RefusalSchema } as const;

export function operatorRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; staff: StaffService; origins: PublicOrigins },
): void {
  const { db, clock, staff: service, origins } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.staffOnly(['admin']);

  // The second step (between the password and the code) as a preValidation hook: a step that ended is refused
  // before its code is read.
  const seconds = new WeakMap<FastifyRequest, { token: string; staff: Staff }>();
  const secondStepOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = req.cookies[STAFF_COOKIE];
    const staff = await service.session(token, 'second');
    if (!token || !staff) {
      const ended: StaffSessionAnswer = { status: 401, ended: true, message: heOperator.secondStepEnded };
      return reply.code(401).send(ended);
    }
    seconds.set(req, { token, staff });
    return undefined;
  };
  const secondOf = (req: FastifyRequest) => {
    const second = seconds.get(req);
    if (!second) throw new Error('a second-step call without its hook');
    return second;
  };

  routes.post(
    '/api/operator/login',
    {
      schema: { summary: 'כניסת צוות: דוא"ל וסיסמה', body: StaffLoginRequestSchema, response: stepAnswers },
      config: { invalidInput: loginRefused },
    },
    async (req, reply) => {
      const step = await service.login(req.body, req.ip);
      if (!step.ok) {
        return reply.code(step.status).send({
          status: step.status,
          ...(step.field ? { errors: [{ fieldName: step.field, msg: step.message }] } : { message: step.message }),
          ...(step.captcha ? { captcha: step.captcha } : {}),
        } satisfies StaffStepAnswer);
      }
      setStaffCookie(req, reply, step.token, STAFF_SESSION_MAX_MS);
      return { status: 200, next: step.next } satisfies StaffStepAnswer;
    },
  );

  routes.post(
    '/api/operator/setup',
    {
      schema: { summary: 'כניסת צוות: סיסמה מקישור ההקמה', body: StaffSetupRequestSchema, response: stepAnswers },
      config: { invalidInput: setupRefused },
    },
    async (req, reply) => {
      const step = await service.setup(req.body.token, req.body.password, req.ip);
      if (!step.ok) {
        return reply
          .code(step.status)
          .send({ status: step.status, errors: [{ fieldName: step.field ?? 'password', msg: step.message }] });
      }
      setStaffCookie(req, reply, step.token, STAFF_SESSION_MAX_MS);
      return { status: 200, next: step.next } satisfies StaffStepAnswer;
    },
  );

  // Enrolment: a new secret for the app (a POST: it changes the account), then a code from the app confirms it.
  routes.post(
    '/api/operator/enrolment/start',
    {
      preValidation: secondStepOnly,
      schema: {
        summary: 'כניסת צוות: רישום אפליקציית האימות',
        response: { 200: EnrolmentStartAnswerSchema, 400: RefusalSchema, 401: StaffSessionAnswerSchema },
      },
    },
    async (req, reply) => {
      const started = await service.startEnrolment(secondOf(req).staff);
      if (!started) return reply.code(400).send({ status: 400, message: heOperator.alreadyEnrolled });
      return { status: 200 as const, ...started };
    },
  );

  const completed = async (
    req: FastifyRequest,
    reply: FastifyReply,
    outcome: Awaited<ReturnType<StaffService['confirmCode']>>,
  ) => {
    if (!outcome.ok) {
      const { status, message, ended } = outcome;
      return reply.code(status).send({ status, message, ...(ended ? { ended } : {}) } satisfies StaffSessionAnswer);
    }
    setStaffCookie(req, reply, outcome.token, STAFF_SESSION_MAX_MS);
    return reply.send({
      status: 200,
      staff: publicStaff(outcome.staff),
      ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}),
    } satisfies StaffSessionAnswer);
  };

  routes.post(
    '/api/operator/enrolment/confirm',
    {
      preValidation: secondStepOnly,
      schema: {
        summary: 'כניסת צוות: אישור הרישום בקוד מהאפליקציה',
        body: EnrolmentConfirmRequestSchema,
        response: sessionAnswers,
      },
    },
    async (req, reply) => {
      const { token, staff } = secondOf(req);
      return completed(req, reply, await service.confirmEnrolment(token, staff, req.body.code, req.ip));
    },
  );

  routes.post(
    '/api/operator/login/code',
    {
      preValidation: secondStepOnly,
      schema: {
        summary: 'כניסת צוות: קוד מהאפליקציה או קוד שחזור',
        body: StaffCodeRequestSchema,
        response: sessionAnswers,
      },
    },
    async (req, reply) => {
      const { token, staff } = secondOf(req);
      return completed(req, reply, await service.confirmCode(token, staff, req.body, req.ip));
    },
  );

  routes.post(
    '/api/operator/logout',
    { schema: { summary: 'יציאה מהמסוף', response: { 200: StaffLogoutAnswerSchema } } },
    async (req, reply) => {
      const token = req.cookies[STAFF_COOKIE];
      await service.logout(token, await service.session(token, 'session'), req.ip);
      reply.clearCookie(STAFF_COOKIE, { path: COOKIE_PATH });
      return { status: 200 as const };
    },
  );

  routes.get(
    '/api/operator/me',
    {
      preValidation: app.staffOnly(STAFF_ROLES),
      schema: { summary: 'איש הצוות המחובר', response: { 200: StaffMeAnswerSchema, ...staffRefusals } },
    },
    async (req) => ({ status: 200 as const, staff: publicStaff(req.guardedStaff()) }),
  );

  // The audit log, newest first, a page at a time (admin).
  routes.get(
    '/api/operator/audit',
    {
      preValidation: admin,
      schema: {
        summary: 'יומן הפעולות של הצוות',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...staffRefusals },
      },
    },
    async (req) => {
      const { targetType, targetId, before } = req.query;
      const rows = await listAudit(db, {
        ...(targetType ? { targetType: targetType.slice(0, 40) } : {}),
        ...(targetId ? { targetId: targetId.slice(0, 40) } : {}),
        ...(before ? { before: Number(before) } : {}),
        limit: 50,
      });
      return { status: 200 as const, entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
    },
  );

  // Staff accounts (admin): the list, and an invitation with a one-time setup link to hand to the new member.
  routes.get(
    '/api/operator/staff',
    {
      preValidation: admin,
      schema: { summary: 'אנשי הצוות', response: { 200: StaffListAnswerSchema, ...staffRefusals } },
    },
    async () => {
      const list = await listStaff(db);
      const now = clock.now();
      return {
        status: 200 as const,
        staff: list.map((s) => ({
          ...publicStaff(s),
          enrolled: s.totpEnabled,
          disabled: s.disabledAt !== null,
          signInLockedUntil:
            s.signInLockedUntil && s.signInLockedUntil > now ? s.signInLockedUntil.toISOString() : null,
        })),
      };
    },
  );

  routes.post(
    '/api/operator/staff',
    {
      preValidation: admin,
      schema: {
        summary: 'הזמנת איש צוות',
        body: StaffInviteRequestSchema,
        response: {
          200: StaffInviteAnswerSchema,
          400: FieldErrorsRefusalSchema,
          409: FieldErrorsRefusalSchema,
          ...staffRefusals,
        },
      },
      config: { invalidInput: inviteRefused },
    },
    async (req, reply) => {
      const { email, name, role } = req.body;
      const invited = await service.invite(
        { email: email.trim(), name: name.trim(), role },
        req.guardedStaff(),
        req.ip,
      );
      if (!invited) {
        return reply.code(409).send({ status: 409, errors: [{ fieldName: 'email', msg: heOperator.emailTaken }] });
      }
      return {
        status: 200 as const,
        staff: publicStaff(invited.staff),
        setupLink: `${origins.site()}/operator/setup?token=${invited.setupToken}`,
      };
    },
  );
}
