/**
 * The finance calls of the console (roles finance and admin): the payments by filters, those that need a hand
 * first; one payment with its refunds; a refund in full or in part through the provider, once; and a day's totals
 * by provider and by track for reconciliation.
 */
import type { PaymentFilter } from '@app/contract/operator';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  DayTotalsQuerySchema,
  DayTotalsSchema,
  PaymentDetailSchema,
  PaymentFilterSchema,
  PaymentParamsSchema,
  PaymentsPageSchema,
  RefundAnswerSchema,
  RefundRequestSchema,
} from '@app/contract/schemas/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heFinance } from '../i18n/finance.ts';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import type { PaymentService } from '../payments/service.ts';
import { refundableAgorot, staffRefundsOf } from '../payments/staff-refunds-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal, refuseWith } from '../platform/http/call-contract.ts';
import { israelDayOf, israelDayRange } from '../platform/israel-day.ts';
import {
  dayTotals,
  findPaymentItem,
  listPayments,
  type PaymentFilters,
  paymentsNeedingAttention,
} from './payments-repository.ts';

const FINANCE = ['finance'] as const;
/** Every console call's refusals: not logged in, another role. */
const refusals = { 401: RefusalSchema, 403: RefusalSchema } as const;

/**
 * The list's filters from a query its schema took (each filter's form); null when a day is not on the calendar or
 * the cursor's time is not a time.
 */
function filtersOf(q: PaymentFilter): PaymentFilters | null {
  const f: PaymentFilters = {};
  if (q.status) f.status = q.status;
  if (q.provider) f.provider = q.provider;
  if (q.customer) f.customerEmail = q.customer.trim().slice(0, 254);
  if (q.ad) f.adId = Number(q.ad);
  for (const [key, edge] of [
    ['from', 'start'],
    ['to', 'end'],
  ] as const) {
    const day = q[key];
    if (!day) continue;
    const range = israelDayRange(day);
    if (!range) return null;
    f[key] = range[edge];
  }
  if (q.after) {
    const cut = q.after.lastIndexOf('_');
    const createdAt = new Date(q.after.slice(0, cut));
    if (Number.isNaN(createdAt.getTime())) return null;
    f.after = { createdAt, id: Number(q.after.slice(cut + 1)) };
  }
  return f;
}

/**
 * A refund's form the schema refused: the amount's and the reason's messages as field errors (the console shows
 * them beside their fields); a missing or malformed idempotency key (the console's own) is a plain bad request.
 */
const refundRefused: InvalidInputAnswer = (part, issues) => {
  if (part === 'params') return refusal(404, heOperator.notFound);
  const fields = new Set(issues.map((i) => i.path[0]));
  if (part !== 'body' || fields.has(undefined) || fields.has('idempotencyKey')) return refusal(400, he.badRequest);
  const errors = [
    ...(fields.has('amountAgorot') ? [{ fieldName: 'amount', msg: heFinance.badAmount }] : []),
    ...(fields.has('reason') ? [{ fieldName: 'reason', msg: heFinance.reasonRequired }] : []),
  ];
  return { status: 400, body: { status: 400, errors } };
};

export function financeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; payments: PaymentService }): void {
  const { db, clock, payments } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const finance = app.staffOnly(FINANCE);

  routes.get(
    '/api/operator/payments',
    {
      schema: {
        summary: 'התשלומים לפי סינון, והתשלומים שדורשים טיפול',
        querystring: PaymentFilterSchema,
        response: { 200: PaymentsPageSchema, 400: RefusalSchema, ...refusals },
      },
      preValidation: finance,
      config: { invalidInput: refuseWith(heFinance.badFilter) },
    },
    async (req, reply) => {
      const filters = filtersOf(req.query);
      if (!filters) return reply.code(400).send({ status: 400, message: heFinance.badFilter });
      const [page, attention] = await Promise.all([
        listPayments(db, filters),
        filters.after ? Promise.resolve(null) : paymentsNeedingAttention(db),
      ]);
      return { status: 200 as const, ...page, ...(attention ? { attention } : {}) };
    },
  );

  routes.get(
    '/api/operator/payments/totals',
    {
      schema: {
        summary: 'סכומי היום לפי ספק תשלום ולפי מסלול',
        querystring: DayTotalsQuerySchema,
        response: { 200: DayTotalsSchema, 400: RefusalSchema, ...refusals },
      },
      preValidation: finance,
      config: { invalidInput: refuseWith(heFinance.badFilter) },
    },
    async (req, reply) => {
      const day = req.query.day ?? israelDayOf(clock.now());
      const range = israelDayRange(day);
      if (!range) return reply.code(400).send({ status: 400, message: heFinance.badFilter });
      return { status: 200 as const, day, ...(await dayTotals(db, range.start, range.end)) };
    },
  );

  routes.get(
    '/api/operator/payments/:id',
    {
      schema: {
        summary: 'תשלום אחד, מה שנותר להחזיר וההחזרים שלו',
        params: PaymentParamsSchema,
        response: { 200: PaymentDetailSchema, 404: RefusalSchema, ...refusals },
      },
      preValidation: finance,
      config: { invalidInput: () => refusal(404, heOperator.notFound) },
    },
    async (req, reply) => {
      const item = await findPaymentItem(db, req.params.id);
      if (!item) return reply.code(404).send({ status: 404, message: heOperator.notFound });
      // The item carries its row's id for these reads: the answer's schema leaves it out.
      const [refunds, left] = await Promise.all([staffRefundsOf(db, item.id), refundableAgorot(db, item.id)]);
      return {
        status: 200 as const,
        payment: item,
        refundableAgorot: item.status === 'paid' ? left : 0,
        refunds: refunds.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          refundedAt: r.refundedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  routes.post(
    '/api/operator/payments/:id/refund',
    {
      schema: {
        summary: 'החזר של תשלום, כולו או חלקו, פעם אחת',
        params: PaymentParamsSchema,
        body: RefundRequestSchema,
        response: {
          200: RefundAnswerSchema,
          400: RefundAnswerSchema,
          404: RefusalSchema,
          409: RefundAnswerSchema,
          ...refusals,
        },
      },
      preValidation: finance,
      config: { invalidInput: refundRefused },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const { amountAgorot: amount, reason, idempotencyKey: key } = req.body;
      const outcome = await db.transaction(async (tx) => {
        const decided = await payments.staffRefunds.decide(tx, {
          publicId: req.params.id,
          amountAgorot: amount,
          reason,
          staffId: staff.id,
          idempotencyKey: key,
        });
        if (decided.kind === 'refund' && !decided.repeated) {
          const detail = { payment: req.params.id, amountAgorot: amount, reason, refundId: decided.refund.id };
          const entry = {
            staffId: staff.id,
            action: 'payment.refunded',
            targetType: 'payment',
            targetId: req.params.id,
          };
          await appendAudit(tx, { ...entry, detail, ip: req.ip }, clock.now());
        }
        return decided;
      });
      switch (outcome.kind) {
        case 'notFound':
          return reply.code(404).send({ status: 404, message: heOperator.notFound });
        case 'notPaid':
          return reply.code(409).send({ status: 409, message: heFinance.notPaid });
        case 'tooMuch':
          return reply.code(409).send({
            status: 409,
            errors: [{ fieldName: 'amount', msg: heFinance.tooMuch(outcome.leftAgorot) }],
            refundableAgorot: outcome.leftAgorot,
          });
      }
      const state = await payments.staffRefunds.send(outcome.refund.id);
      const refund = { id: outcome.refund.id, amountAgorot: outcome.refund.amountAgorot, status: state };
      return { status: 200, refund };
    },
  );
}
