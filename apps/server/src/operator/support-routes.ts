/**
 * Support's calls (roles support and admin): find a customer by e-mail, phone or ad number, see the account, block
 * it with a reason (its sessions end; it cannot log in and is told so) or lift the block. Each change is audited.
 * Each call declares its request and answers (packages/contract/src/schemas/operator.ts).
 */
import type { InboxMessage, CustomerSummary as WireCustomerSummary } from '@app/contract/operator';
import { normalisePhone } from '@app/contract/phones';
import { FieldErrorsRefusalSchema, RefusalSchema } from '@app/contract/schemas/common';
import {
  BlockRequestSchema,
  CustomerActivitySchema,
  CustomerAnswerSchema,
  CustomerParamsSchema,
  CustomerSearchAnswerSchema,
  CustomerSearchQuerySchema,
  InboxAnswerAnswerSchema,
  InboxAnswerRequestSchema,
  InboxMessageParamsSchema,
  InboxPageSchema,
  InboxQuerySchema,
  ResendCodeAnswerSchema,
  ResendCodeRequestSchema,
  ResetLimitsAnswerSchema,
  ResetLimitsRequestSchema,
} from '@app/contract/schemas/operator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subjectTextOf } from '../contact-us/form.ts';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PhoneService } from '../phones/phone-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import { answerInboxMessage, findInboxMessage, listInbox } from './inbox-repository.ts';
import { appendAudit, listAuditOfCustomer } from './staff-repository.ts';
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

/** A message as support reads it: its subject in Hebrew, as the form lists it. */
const shown = (m: InboxMessage): InboxMessage => ({ ...m, subject: subjectTextOf(m.subject) });

const SUPPORT = ['support'] as const;

const wire = (c: CustomerSummary): WireCustomerSummary => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
  blockedAt: c.blockedAt ? c.blockedAt.toISOString() : null,
});

/** A console call's refusals: not logged in, another role. */
const staffRefusals = { 401: RefusalSchema, 403: RefusalSchema } as const;

/** A request the schema refused: an id that is none is not found; a bad body is this answer (a bad request by default). */
const refused =
  (
    body: (req: Parameters<InvalidInputAnswer>[2]) => ReturnType<InvalidInputAnswer> = () =>
      refusal(400, he.badRequest),
  ): InvalidInputAnswer =>
  (part, _issues, req) =>
    part === 'params' ? refusal(404, heOperator.notFound) : part === 'body' ? body(req) : refusal(400, he.badRequest);

const fieldRefusal = (fieldName: string, msg: string) => ({
  status: 400,
  body: { status: 400, errors: [{ fieldName, msg }] },
});

/** A reply the schema refused: without `close: true`, its text is missing; else a bad request. */
const replyRefused = refused((req) => {
  const close = (req.body as { close?: unknown } | null)?.close;
  return close === undefined || close === false
    ? fieldRefusal('text', heOperator.replyRequired)
    : refusal(400, he.badRequest);
});

export function supportRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; mailer: Mailer; phones: PhoneService },
): void {
  const { db, clock, mailer, phones } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const support = app.staffOnly(SUPPORT);
  const notFound = { status: 404, message: heOperator.notFound } as const;

  // A call about one customer: the path's customer, found after the role's and the request's checks (404 when there
  // is none); the handler reads it with customerOf.
  const found = new WeakMap<FastifyRequest, CustomerSummary>();
  const customerFound = async (req: FastifyRequest, reply: FastifyReply) => {
    const customer = await findCustomerSummary(db, Number((req.params as { id: string }).id));
    if (!customer) return reply.code(404).send(notFound);
    found.set(req, customer);
    return undefined;
  };
  const customerOf = (req: FastifyRequest): CustomerSummary => {
    const customer = found.get(req);
    if (!customer) throw new Error('a customer call without its hook');
    return customer;
  };
  const ofCustomer = { preValidation: support, preHandler: customerFound };

  routes.get(
    '/api/operator/customers',
    {
      preValidation: support,
      schema: {
        summary: 'חיפוש לקוח: דוא"ל, טלפון או מספר מודעה',
        querystring: CustomerSearchQuerySchema,
        response: { 200: CustomerSearchAnswerSchema, 400: RefusalSchema, ...staffRefusals },
      },
    },
    async (req, reply) => {
      const q = (req.query.q ?? '').trim().slice(0, 254);
      if (!q) return reply.code(400).send({ status: 400, message: heOperator.searchEmpty });
      const phone = /^[+\d][\d\s-]{6,}$/.test(q) ? normalisePhone(q) : null;
      const adId = /^\d{6,12}$/.test(q) && !phone ? Number(q) : null;
      const found = await searchCustomers(db, phone ? { phone } : adId ? { adId } : { email: q });
      return { status: 200 as const, customers: found.map(wire) };
    },
  );

  routes.get(
    '/api/operator/customers/:id',
    {
      ...ofCustomer,
      schema: {
        summary: 'חשבון של לקוח',
        params: CustomerParamsSchema,
        response: { 200: CustomerAnswerSchema, 404: RefusalSchema, ...staffRefusals },
      },
      config: { invalidInput: refused() },
    },
    async (req) => ({ status: 200 as const, customer: wire(customerOf(req)) }),
  );

  routes.post(
    '/api/operator/customers/:id/block',
    {
      ...ofCustomer,
      schema: {
        summary: 'חסימת חשבון של לקוח, עם סיבה',
        params: CustomerParamsSchema,
        body: BlockRequestSchema,
        response: {
          200: CustomerAnswerSchema,
          400: FieldErrorsRefusalSchema,
          404: RefusalSchema,
          409: RefusalSchema,
          ...staffRefusals,
        },
      },
      config: { invalidInput: refused(() => fieldRefusal('reason', heOperator.blockReason)) },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const before = customerOf(req);
      const { id } = before;
      const { reason } = req.body;
      const blocked = await db.transaction(async (tx) => {
        const done = await blockCustomer(tx, id, reason, clock.now());
        if (done) {
          const entry = { staffId: staff.id, action: 'customer.blocked', targetType: 'customer', targetId: String(id) };
          await appendAudit(tx, { ...entry, detail: { reason }, ip: req.ip }, clock.now());
        }
        return done;
      });
      if (!blocked) return reply.code(409).send({ status: 409, message: heOperator.alreadyBlocked });
      return { status: 200 as const, customer: wire((await findCustomerSummary(db, id)) ?? before) };
    },
  );

  routes.post(
    '/api/operator/customers/:id/unblock',
    {
      ...ofCustomer,
      schema: {
        summary: 'ביטול החסימה של חשבון',
        params: CustomerParamsSchema,
        response: { 200: CustomerAnswerSchema, 404: RefusalSchema, 409: RefusalSchema, ...staffRefusals },
      },
      config: { invalidInput: refused() },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const before = customerOf(req);
      const { id } = before;
      const lifted = await db.transaction(async (tx) => {
        const done = await unblockCustomer(tx, id);
        if (done) {
          const entry = {
            staffId: staff.id,
            action: 'customer.unblocked',
            targetType: 'customer',
            targetId: String(id),
          };
          await appendAudit(tx, { ...entry, detail: { reason: before.blockedReason }, ip: req.ip }, clock.now());
        }
        return done;
      });
      if (!lifted) return reply.code(409).send({ status: 409, message: heOperator.notBlocked });
      return { status: 200 as const, customer: wire((await findCustomerSummary(db, id)) ?? before) };
    },
  );

  // What the account did: its ads, payments, phones, the codes sent to them, its sessions, and its limits now.
  routes.get(
    '/api/operator/customers/:id/activity',
    {
      ...ofCustomer,
      schema: {
        summary: 'הפעילות של חשבון',
        params: CustomerParamsSchema,
        response: { 200: CustomerActivitySchema, 404: RefusalSchema, ...staffRefusals },
      },
      config: { invalidInput: refused() },
    },
    async (req) => {
      const customer = customerOf(req);
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
        status: 200 as const,
        ...activity,
        limits,
        audit: audit.map((r) => ({ ...r, at: r.at.toISOString() })),
      };
    },
  );

  // The customer did not get their code (on the line with support): a new one by the same channel, once per press.
  routes.post(
    '/api/operator/customers/:id/resend-code',
    {
      ...ofCustomer,
      schema: {
        summary: 'שליחה חוזרת של קוד האימות לטלפון של לקוח',
        params: CustomerParamsSchema,
        body: ResendCodeRequestSchema,
        response: {
          200: ResendCodeAnswerSchema,
          400: RefusalSchema,
          404: RefusalSchema,
          409: RefusalSchema,
          ...staffRefusals,
        },
      },
      config: { invalidInput: refused(() => refusal(400, heOperator.badPhone)) },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const customer = customerOf(req);
      const { id } = customer;
      const phone = normalisePhone(req.body.phone);
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
      return { status: 200 as const, phone: outcome.phone };
    },
  );

  // A customer locked out by their own failed logins or codes (on the phone with support): the counters start again.
  routes.post(
    '/api/operator/customers/:id/reset-limits',
    {
      ...ofCustomer,
      schema: {
        summary: 'איפוס מגבלות הכניסה או הקודים של לקוח',
        params: CustomerParamsSchema,
        body: ResetLimitsRequestSchema,
        response: { 200: ResetLimitsAnswerSchema, 404: RefusalSchema, ...staffRefusals },
      },
      config: { invalidInput: refused() },
    },
    async (req) => {
      const staff = req.guardedStaff();
      const customer = customerOf(req);
      const { id } = customer;
      const { kind } = req.body;
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
      return { status: 200 as const, cleared, limits: await customerLimits(db, customer) };
    },
  );

  // The contact-us inbox: waiting messages first (by status), newest first.
  routes.get(
    '/api/operator/contact-us',
    {
      preValidation: support,
      schema: {
        summary: 'תיבת הפניות מטופס צור קשר',
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema, ...staffRefusals },
      },
    },
    async (req) => {
      const before = req.query.before === undefined ? undefined : Number(req.query.before);
      const { messages, counts } = await listInbox(db, { status: req.query.status ?? 'new', before });
      return { status: 200 as const, messages: messages.map(shown), counts };
    },
  );

  // A reply, mailed to the address the message gave (once: a message already answered is not answered again), or
  // closing it without one.
  routes.post(
    '/api/operator/contact-us/:id/answer',
    {
      preValidation: support,
      schema: {
        summary: 'מענה לפנייה, או סגירתה',
        params: InboxMessageParamsSchema,
        body: InboxAnswerRequestSchema,
        response: {
          200: InboxAnswerAnswerSchema,
          400: FieldErrorsRefusalSchema,
          404: RefusalSchema,
          409: RefusalSchema,
          ...staffRefusals,
        },
      },
      config: { invalidInput: replyRefused },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const id = Number(req.params.id);
      const message = await findInboxMessage(db, id);
      if (!message) return reply.code(404).send(notFound);
      const close = req.body.close === true;
      const text = (req.body.text ?? '').trim();
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
      return { status: 200 as const, message: answered ? shown(answered) : null };
    },
  );
}
