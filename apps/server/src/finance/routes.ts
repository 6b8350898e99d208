/**
 * The finance calls of the console (roles finance and admin): the payments by filters, those that need a hand
 * first; one payment with its refunds; a refund in full or in part through the provider, once; and a day's totals
 * by provider and by track for reconciliation.
 */
import type { DayTotals, PaymentFilter, PaymentsPage, RefundAnswer } from '@app/contract/operator';
import type { FastifyInstance } from 'fastify';
import { heFinance } from '../i18n/finance.ts';
import { he } from '../i18n/messages.ts';
import { heOperator } from '../i18n/operator.ts';
import { requireStaff } from '../operator/guard.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import type { StaffService } from '../operator/staff-service.ts';
import type { PaymentService } from '../payments/service.ts';
import { refundableAgorot, staffRefundsOf } from '../payments/staff-refunds.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { israelDayOf, israelDayRange } from '../platform/israel-day.ts';
import {
  dayTotals,
  findPaymentItem,
  listPayments,
  type PaymentFilters,
  paymentsNeedingAttention,
} from './payments-repository.ts';

const FINANCE = ['finance'] as const;
const STATUSES = new Set(['created', 'paid', 'failed', 'cancelled']);

/** The list's filters from the query; null when one is not understood. */
function filtersOf(q: PaymentFilter): PaymentFilters | null {
  const f: PaymentFilters = {};
  if (q.status) {
    if (!STATUSES.has(q.status)) return null;
    f.status = q.status as PaymentFilters['status'];
  }
  if (q.provider) {
    if (!/^[a-z0-9_-]{1,30}$/.test(q.provider)) return null;
    f.provider = q.provider;
  }
  if (q.customer) f.customerEmail = q.customer.trim().slice(0, 254);
  if (q.ad) {
    if (!/^\d{1,12}$/.test(q.ad)) return null;
    f.adId = Number(q.ad);
  }
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
    const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([1-9]\d{0,15})$/.exec(q.after);
    if (!m?.[1] || !m[2]) return null;
    f.after = { createdAt: new Date(m[1]), id: Number(m[2]) };
  }
  return f;
}

export function financeRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; staff: StaffService; payments: PaymentService },
): void {
  const { db, clock, staff: service, payments } = deps;

  app.get('/api/operator/payments', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, FINANCE))) return reply;
    const filters = filtersOf((req.query ?? {}) as PaymentFilter);
    if (!filters) return reply.code(400).send({ status: 400, message: heFinance.badFilter });
    const [page, attention] = await Promise.all([
      listPayments(db, filters),
      filters.after ? Promise.resolve(null) : paymentsNeedingAttention(db),
    ]);
    return { status: 200, ...page, ...(attention ? { attention } : {}) } satisfies PaymentsPage;
  });

  app.get('/api/operator/payments/totals', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, FINANCE))) return reply;
    const day = String((req.query as Record<string, unknown> | undefined)?.day ?? israelDayOf(clock.now()));
    const range = israelDayRange(day);
    if (!range) return reply.code(400).send({ status: 400, message: heFinance.badFilter });
    return { status: 200, day, ...(await dayTotals(db, range.start, range.end)) } satisfies DayTotals;
  });

  app.get<{ Params: { id: string } }>('/api/operator/payments/:id', async (req, reply) => {
    if (!(await requireStaff(service, req, reply, FINANCE))) return reply;
    const item = /^[\w-]{1,64}$/.test(req.params.id) ? await findPaymentItem(db, req.params.id) : null;
    if (!item) return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const { id, ...payment } = item;
    const [refunds, left] = await Promise.all([staffRefundsOf(db, id), refundableAgorot(db, id)]);
    return {
      status: 200,
      payment,
      refundableAgorot: payment.status === 'paid' ? left : 0,
      refunds: refunds.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        refundedAt: r.refundedAt?.toISOString() ?? null,
      })),
    };
  });

  app.post<{ Params: { id: string } }>('/api/operator/payments/:id/refund', async (req, reply) => {
    const staff = await requireStaff(service, req, reply, FINANCE);
    if (!staff) return reply;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const amount = body.amountAgorot;
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    const key = body.idempotencyKey;
    const errors = [
      ...(Number.isInteger(amount) && (amount as number) > 0
        ? []
        : [{ fieldName: 'amount', msg: heFinance.badAmount }]),
      ...(reason && reason.length <= 500 ? [] : [{ fieldName: 'reason', msg: heFinance.reasonRequired }]),
    ];
    if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key))
      return reply.code(400).send({ status: 400, message: he.badRequest });
    if (errors.length) return reply.code(400).send({ status: 400, errors });
    if (!/^[\w-]{1,64}$/.test(req.params.id))
      return reply.code(404).send({ status: 404, message: heOperator.notFound });
    const outcome = await db.transaction(async (tx) => {
      const decided = await payments.staffRefunds.decide(tx, {
        publicId: req.params.id,
        amountAgorot: amount as number,
        reason,
        staffId: staff.id,
        idempotencyKey: key,
      });
      if (decided.kind === 'refund' && !decided.repeated) {
        const detail = { payment: req.params.id, amountAgorot: amount, reason, refundId: decided.refund.id };
        const entry = { staffId: staff.id, action: 'payment.refunded', targetType: 'payment', targetId: req.params.id };
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
        } satisfies RefundAnswer);
    }
    const state = await payments.staffRefunds.send(outcome.refund.id);
    const refund = { id: outcome.refund.id, amountAgorot: outcome.refund.amountAgorot, status: state };
    return { status: 200, refund } satisfies RefundAnswer;
  });
}
