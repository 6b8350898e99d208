/**
 * The console's login and account calls under /api/operator/ (the console's pages are /operator). Staff have their
 * own cookie, scoped to these calls: a customer's session never opens them, and a staff session never opens a
 * customer's call. Every other console call asks `requireStaff` for its roles.
 */
import type {
  AuditEntry,
  StaffListItem,
  StaffMember,
  StaffSessionAnswer,
  StaffStepAnswer,
} from '@app/contract/operator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Db } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { COOKIE_PATH, requireStaff, STAFF_COOKIE } from './guard.ts';
import { listAudit, listStaff, STAFF_ROLES, type Staff, type StaffRole } from './staff-repository.ts';
import { STAFF_SESSION_MAX_MS, type StaffService } from './staff-service.ts';

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

const body = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};

export function operatorRoutes(
  app: FastifyInstance,
  deps: { db: Db; staff: StaffService; origins: PublicOrigins },
): void {
  const { db, staff: service, origins } = deps;

  const secondStep = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = req.cookies[STAFF_COOKIE];
    const staff = await service.session(token, 'second');
    if (!token || !staff) {
      await reply.code(401).send({ status: 401, ended: true, message: heOperator.secondStepEnded });
      return null;
    }
    return { token, staff };
  };

  app.post('/api/operator/login', async (req, reply) => {
    const step = await service.login(body(req), req.ip);
    if (!step.ok) {
      return reply.code(step.status).send({
        status: step.status,
        errors: [{ fieldName: step.field, msg: step.message }],
        ...(step.captcha ? { captcha: step.captcha } : {}),
      } satisfies StaffStepAnswer);
    }
    setStaffCookie(req, reply, step.token, STAFF_SESSION_MAX_MS);
    return { status: 200, next: step.next } satisfies StaffStepAnswer;
  });

  app.post('/api/operator/setup', async (req, reply) => {
    const step = await service.setup(body(req).token, body(req).password, req.ip);
    if (!step.ok) {
      return reply
        .code(step.status)
        .send({ status: step.status, errors: [{ fieldName: step.field, msg: step.message }] });
    }
    setStaffCookie(req, reply, step.token, STAFF_SESSION_MAX_MS);
    return { status: 200, next: step.next } satisfies StaffStepAnswer;
  });

  // Enrolment: a new secret for the app (a POST: it changes the account), then a code from the app confirms it.
  app.post('/api/operator/enrolment/start', async (req, reply) => {
    const second = await secondStep(req, reply);
    if (!second) return reply;
    const started = await service.startEnrolment(second.staff);
    if (!started) return reply.code(400).send({ status: 400, message: heOperator.alreadyEnrolled });
    return { status: 200, ...started };
  });

  const completed = async (
    req: FastifyRequest,
    reply: FastifyReply,
    outcome: Awaited<ReturnType<StaffService['confirmCode']>>,
  ) => {
    if (!outcome.ok) return reply.code(outcome.status).send({ status: outcome.status, message: outcome.message });
    setStaffCookie(req, reply, outcome.token, STAFF_SESSION_MAX_MS);
    return {
      status: 200,
      staff: publicStaff(outcome.staff),
      ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}),
    } satisfies StaffSessionAnswer;
  };

  app.post('/api/operator/enrolment/confirm', async (req, reply) => {
    const second = await secondStep(req, reply);
    if (!second) return reply;
    return completed(req, reply, await service.confirmEnrolment(second.token, second.staff, body(req).code, req.ip));
  });

  app.post('/api/operator/login/code', async (req, reply) => {
    const second = await secondStep(req, reply);
    if (!second) return reply;
    return completed(req, reply, await service.confirmCode(second.token, second.staff, body(req), req.ip));
  });

  app.post('/api/operator/logout', async (req, reply) => {
    const token = req.cookies[STAFF_COOKIE];
    await service.logout(token, await service.session(token, 'session'), req.ip);
    reply.clearCookie(STAFF_COOKIE, { path: COOKIE_PATH });
    return { status: 200 };
  });

  app.get('/api/operator/me', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, STAFF_ROLES);
    if (!staff) return reply;
    return { status: 200, staff: publicStaff(staff) };
  });

  // The audit log, newest first, a page at a time (admin).
  app.get('/api/operator/audit', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, ['admin']);
    if (!staff) return reply;
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    const before = q.before === undefined ? undefined : Number(q.before);
    if (before !== undefined && !(Number.isInteger(before) && before > 0)) {
      return reply.code(400).send({ status: 400, message: he.badRequest });
    }
    const rows = await listAudit(db, {
      ...(q.targetType ? { targetType: q.targetType.slice(0, 40) } : {}),
      ...(q.targetId ? { targetId: q.targetId.slice(0, 40) } : {}),
      ...(before ? { before } : {}),
      limit: 50,
    });
    return { status: 200, entries: rows.map((r): AuditEntry => ({ ...r, at: r.at.toISOString() })) };
  });

  // Staff accounts (admin): the list, and an invitation with a one-time setup link to hand to the new member.
  app.get('/api/operator/staff', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, ['admin']))) return reply;
    const list = await listStaff(db);
    return {
      status: 200,
      staff: list.map(
        (s): StaffListItem => ({ ...publicStaff(s), enrolled: s.totpEnabled, disabled: s.disabledAt !== null }),
      ),
    };
  });

  app.post('/api/operator/staff', async (req, reply) => {
    const admin = await requireStaff(service, req, reply, ['admin']);
    if (!admin) return reply;
    const { email, name, role } = body(req);
    const emailOk = typeof email === 'string' && email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
    const nameOk = typeof name === 'string' && name.trim() !== '' && name.length <= 60;
    const errors = [
      ...(emailOk ? [] : [{ fieldName: 'email', msg: heOperator.badEmail }]),
      ...(nameOk ? [] : [{ fieldName: 'name', msg: he.required }]),
      ...(STAFF_ROLES.includes(role as StaffRole) ? [] : [{ fieldName: 'role', msg: heOperator.badRole }]),
    ];
    if (errors.length) return reply.code(400).send({ status: 400, errors });
    const invited = await service.invite(
      { email: (email as string).trim(), name: (name as string).trim(), role: role as StaffRole },
      admin,
      req.ip,
    );
    if (!invited) {
      return reply.code(409).send({ status: 409, errors: [{ fieldName: 'email', msg: heOperator.emailTaken }] });
    }
    return {
      status: 200,
      staff: publicStaff(invited.staff),
      setupLink: `${origins.site()}/operator/setup?token=${invited.setupToken}`,
    };
  });
}
