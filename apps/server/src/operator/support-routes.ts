/**
 * Support's calls (roles support and admin): find a customer by e-mail, phone or ad number, see the account, block
 * it with a reason (its sessions end; it cannot log in and is told so) or lift the block. Each change is audited.
 */
import type {
  AuditEntry,
  CustomerActivity,
  InboxMessage,
  InboxPage,
  InboxStatus,
  CustomerSummary as WireCustomerSummary,
} from '@app/contract/operator';
import { normalisePhone } from '@app/contract/phones';
import type { FastifyInstance } from 'fastify';
import { subjectTextOf } from '../contact-us/form.ts';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PhoneService } from '../phones/phone-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { requireStaff } from './guard.ts';
import { answerInboxMessage, findInboxMessage, listInbox } from './inbox-repository.ts';

/** A message as support reads it: its subject in Hebrew, as the form lists it. */
const shown = (m: InboxMessage): InboxMessage => ({ ...m, subject: subjectTextOf(m.subject) });

import { appendAudit, listAuditOfCustomer } from './staff-repository.ts';
import type { StaffService } from './staff-service.ts';
import {
  blockCustomer,
  type CustomerSummary,
  customerActivity,
  customerLimits,
  findCustomerSummary,
  resetCustomerLimits,
  searchCustomers,
  unblockCustomer,
} from './support-repository.ts';

const SUPPORT = ['support'] as const;

const wire = (c: CustomerSummary): WireCustomerSummary => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
  blockedAt: c.blockedAt ? c.blockedAt.toISOString() : null,
});

/** A customer id of the path: a positive integer, or null. */
const idOf = (text: string): number | null => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

export function supportRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; staff: StaffService; mailer: Mailer; phones: PhoneService },
): void {
  const { db, clock, staff: service, mailer, phones } = deps;

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

  // What the account did: its ads, payments, phones, the codes sent to them, its sessions, and its limits now.
  app.get<{ Params: { id: string } }>('/api/operator/customers/:id/activity', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, SUPPORT))) return reply;
    const id = idOf(req.params.id);
    const customer = id === null ? null : await findCustomerSummary(db, id);
    if (!customer) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const [activity, limits] = await Promise.all([
      customerActivity(db, customer.id, clock.now()),
      customerLimits(db, customer),
    ]);
    // What staff did to the account, its ads and its payments (the audit log's entries about them).
    const audit = await listAuditOfCustomer(db, {
      customerId: customer.id,
      adIds: activity.ads.map((a) => String(a.orderId)),
      paymentIds: activity.payments.map((p) => p.publicId),
      limit: 30,
    });
    return {
      status: 200,
      ...activity,
      limits,
      audit: audit.map((r): AuditEntry => ({ ...r, at: r.at.toISOString() })),
    } satisfies CustomerActivity;
  });

  // The customer did not get their code (on the line with support): a new one by the same channel, once per press.
  app.post<{ Params: { id: string } }>('/api/operator/customers/:id/resend-code', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, SUPPORT);
    if (!staff) return reply;
    const id = idOf(req.params.id);
    const customer = id === null ? null : await findCustomerSummary(db, id);
    if (!customer) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const given = (req.body as Record<string, unknown> | undefined)?.phone;
    const phone = typeof given === 'string' ? normalisePhone(given) : null;
    if (!phone) return reply.code(400).send({ status: 400, message: heOperator.badPhone });
    const outcome = await phones.resendForSupport(customer.id, phone, `staff-${staff.id}`);
    if (!outcome) return reply.code(404).send({ status: 404, message: heOperator.noCodeForPhone });
    if (outcome.ok && outcome.confirmed === 1) {
      return reply.code(409).send({ status: 409, message: heOperator.phoneConfirmed });
    }
    if (!outcome.ok) {
      const message = 'errors' in outcome ? (outcome.errors[0] ?? he.badRequest) : outcome.error;
      return reply.code(409).send({ status: 409, message });
    }
    const entry = { staffId: staff.id, action: 'customer.code-resent', targetType: 'customer', targetId: String(id) };
    // The number's last three digits only: the log names the number without holding it.
    await appendAudit(db, { ...entry, detail: { phoneEnd: phone.slice(-3) }, ip: req.ip }, clock.now());
    return { status: 200, phone: outcome.phone };
  });

  // A customer locked out by their own failed logins or codes (on the phone with support): the counters start again.
  app.post<{ Params: { id: string } }>('/api/operator/customers/:id/reset-limits', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, SUPPORT);
    if (!staff) return reply;
    const id = idOf(req.params.id);
    const customer = id === null ? null : await findCustomerSummary(db, id);
    if (!customer) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const kind = (req.body as Record<string, unknown> | undefined)?.kind;
    if (kind !== 'login' && kind !== 'phone') return reply.code(400).send({ status: 400, message: he.badRequest });
    const cleared = await db.transaction(async (tx) => {
      const n = await resetCustomerLimits(tx, kind, customer);
      const entry = {
        staffId: staff.id,
        action: `customer.limits.${kind}`,
        targetType: 'customer',
        targetId: String(id),
      };
      await appendAudit(tx, { ...entry, detail: { cleared: n }, ip: req.ip }, clock.now());
      return n;
    });
    return { status: 200, cleared, limits: await customerLimits(db, customer) };
  });

  // The contact-us inbox: waiting messages first (by status), newest first.
  app.get('/api/operator/contact-us', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, SUPPORT))) return reply;
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    const status = (q.status ?? 'new') as InboxStatus;
    const before = q.before === undefined ? undefined : idOf(q.before);
    if (!['new', 'replied', 'closed'].includes(status) || before === null)
      return reply.code(400).send({ status: 400, message: he.badRequest });
    const { messages, counts } = await listInbox(db, { status, before });
    return { status: 200, messages: messages.map(shown), counts } satisfies InboxPage;
  });

  // A reply, mailed to the address the message gave (once: a message already answered is not answered again), or
  // closing it without one.
  app.post<{ Params: { id: string } }>('/api/operator/contact-us/:id/answer', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, SUPPORT);
    if (!staff) return reply;
    const id = idOf(req.params.id);
    const message = id === null ? null : await findInboxMessage(db, id);
    if (id === null || !message) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const close = body.close === true;
    const text = typeof body.text === 'string' ? body.text.trim() : '';
    if (!close && (!text || text.length > 5000))
      return reply.code(400).send({ status: 400, errors: [{ fieldName: 'text', msg: heOperator.replyRequired }] });
    const status = close ? 'closed' : 'replied';
    const done = await db.transaction(async (tx) => {
      const answered = await answerInboxMessage(
        tx,
        id,
        { status, text: close ? null : text, staffId: staff.id },
        clock.now(),
      );
      if (answered) {
        const entry = {
          staffId: staff.id,
          action: `contact-us.${status}`,
          targetType: 'contact-us',
          targetId: String(id),
        };
        await appendAudit(tx, { ...entry, detail: {}, ip: req.ip }, clock.now());
      }
      return answered;
    });
    if (!done) return reply.code(409).send({ status: 409, message: heOperator.alreadyAnswered });
    if (!close) {
      try {
        await mailer.send({
          to: message.email,
          subject: heOperator.replySubject(subjectTextOf(message.subject)),
          text: heOperator.replyBody(text, message.description),
        });
      } catch (err) {
        req.log.error({ err, message: id }, 'contact-us reply mail failed');
      }
    }
    const answered = await findInboxMessage(db, id);
    return { status: 200, message: answered ? shown(answered) : null };
  });
}
