/** The staff check every console call makes: the staff cookie's full session, and the call's roles. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { heOperator } from '../i18n/operator.ts';
import type { Staff, StaffRole } from './staff-repository.ts';
import type { StaffService } from './staff-service.ts';

/** The staff session's cookie: scoped to the console's calls, never sent with a customer's. */
export const STAFF_COOKIE = 'op_session';
export const COOKIE_PATH = '/api/operator';

/**
 * The staff member of the request's full session when their role is one of `roles` (an admin passes every check);
 * otherwise the reply is sent (401 not logged in, 403 another role) and null returned.
 */
export async function requireStaff(
  staffService: StaffService,
  req: FastifyRequest,
  reply: FastifyReply,
  roles: readonly StaffRole[],
): Promise<Staff | null> {
  const staff = await staffService.session(req.cookies[STAFF_COOKIE], 'session');
  if (!staff) {
    await reply.code(401).send({ status: 401, message: heOperator.notLoggedIn });
    return null;
  }
  if (staff.role !== 'admin' && !roles.includes(staff.role)) {
    await reply.code(403).send({ status: 403, message: heOperator.forbidden });
    return null;
  }
  return staff;
}
