/**
 * Support's calls (roles support and admin): find a customer by e-mail, phone or ad number, see the account, block
 * it with a reason (its sessions end; it cannot log in and is told so) or lift the block. Each change is audited.
 */
import { normalisePhone } from '@app/contract/phones';
import type { FastifyInstance } from 'fastify';
import { heOperator } from '../i18n/operator.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { requireStaff } from './guard.ts';
import { appendAudit } from './staff-repository.ts';
import type { StaffService } from './staff-service.ts';
import {
  blockCustomer,
  type CustomerSummary,
  findCustomerSummary,
  searchCustomers,
  unblockCustomer,
} from './support-repository.ts';

const SUPPORT = ['support'] as const;

const wire = (c: CustomerSummary) => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
  blockedAt: c.blockedAt ? c.blockedAt.toISOString() : null,
});

/** A customer id of the path: a positive integer, or null. */
const idOf = (text: string): number | null => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

export function supportRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; staff: StaffService }): void {
  const { db, clock, staff: service } = deps;

  app.get('/api/operator/customers', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, SUPPORT))) return reply;
    const q = String((req.query as Record<string, unknown> | undefined)?.q ?? '')
      .trim()
      .slice(0, 254);
    if (!q) return reply.code(400).send({ status: 400, message: heOperator.searchEmpty });
    const phone = /^[+\d][\d\s-]{6,}$/.test(q) ? normalisePhone(q) : null;
    const adId = /^\d{6,12}$/.test(q) && !phone ? Number(q) : null;
    const found = await searchCustomers(db, phone ? { phone } : adId ? { adId } : { email: q });
    return { status: 200, customers: found.map(wire) };
  });

  app.get<{ Params: { id: string } }>('/api/operator/customers/:id', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, SUPPORT))) return reply;
    const id = idOf(req.params.id);
    const customer = id === null ? null : await findCustomerSummary(db, id);
    if (!customer) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    return { status: 200, customer: wire(customer) };
  });

  app.post<{ Params: { id: string } }>('/api/operator/customers/:id/block', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, SUPPORT);
    if (!staff) return reply;
    const id = idOf(req.params.id);
    const before = id === null ? null : await findCustomerSummary(db, id);
    if (id === null || !before) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const raw = (req.body as Record<string, unknown> | undefined)?.reason;
    const reason = typeof raw === 'string' ? raw.trim() : '';
    if (!reason || reason.length > 500) {
      return reply.code(400).send({ status: 400, errors: [{ fieldName: 'reason', msg: heOperator.blockReason }] });
    }
    const blocked = await db.transaction(async (tx) => {
      const done = await blockCustomer(tx, id, reason, clock.now());
      if (done) {
        const entry = { staffId: staff.id, action: 'customer.blocked', targetType: 'customer', targetId: String(id) };
        await appendAudit(tx, { ...entry, detail: { reason }, ip: req.ip }, clock.now());
      }
      return done;
    });
    if (!blocked) return reply.code(409).send({ status: 409, message: heOperator.alreadyBlocked });
    return { status: 200, customer: wire((await findCustomerSummary(db, id)) ?? before) };
  });

  app.post<{ Params: { id: string } }>('/api/operator/customers/:id/unblock', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, SUPPORT);
    if (!staff) return reply;
    const id = idOf(req.params.id);
    const before = id === null ? null : await findCustomerSummary(db, id);
    if (id === null || !before) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const lifted = await db.transaction(async (tx) => {
      const done = await unblockCustomer(tx, id);
      if (done) {
        const entry = { staffId: staff.id, action: 'customer.unblocked', targetType: 'customer', targetId: String(id) };
        await appendAudit(tx, { ...entry, detail: { reason: before.blockedReason }, ip: req.ip }, clock.now());
      }
      return done;
    });
    if (!lifted) return reply.code(409).send({ status: 409, message: heOperator.notBlocked });
    return { status: 200, customer: wire((await findCustomerSummary(db, id)) ?? before) };
  });
}
