/**
 * The console's finance calls (/api/operator/payments, roles finance and admin): the payments by filters, one
 * payment with its refunds, a staff refund, a day's totals. Types in ../operator.ts. Dates travel as ISO strings,
 * days as YYYY-MM-DD (Israel's), money as integer agorot.
 */
import { z } from 'zod';
import { FieldErrorSchema, isoDay, orEmpty, timeIdCursor, withStatus200 } from './common.ts';

export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'cancelled'] as const;

/** A payment as finance lists it. */
export const PaymentItemSchema = z
  .object({
    publicId: z.string(),
    customerId: z.number().int(),
    email: z.string(),
    adId: z.number().int().nullable(),
    purpose: z.string(),
    adType: z.string(),
    /** What it bought, in Hebrew (a track's or an upgrade's title); null when not known. */
    title: z.string().nullable(),
    amountAgorot: z.number().int(),
    /** Refunded or being refunded: an automatic refund (the whole amount) and every staff refund. */
    refundedAgorot: z.number().int(),
    channel: z.string(),
    provider: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    /** An automatic refund (pending or refunded), or null. */
    refundStatus: z.enum(['pending', 'refunded']).nullable(),
    /** The paid ad's status and category, when the payment is for an ad. */
    adStatus: z.string().nullable(),
    cat: z.number().int().nullable(),
    subcat: z.number().int().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentItem' });

/** GET /api/operator/payments: the list's filters (each may be sent empty: not filtered). */
export const PaymentFilterSchema = z.object({
  status: orEmpty(z.enum(PAYMENT_STATUSES)),
  provider: orEmpty(z.string().regex(/^[a-z0-9_-]{1,30}$/)),
  /** The start of the customer's e-mail. */
  customer: z.string().optional(),
  /** The ad's number. */
  ad: orEmpty(z.string().regex(/^\d{1,12}$/)),
  from: orEmpty(isoDay),
  to: orEmpty(isoDay),
  /** The `next` cursor of the page before. */
  after: orEmpty(timeIdCursor),
});

/** A page of payments, newest first; the first page also lists those that need a hand (`attention`). */
export const PaymentsPageSchema = withStatus200({
  items: z.array(PaymentItemSchema),
  next: z.string().nullable(),
  attention: z.array(PaymentItemSchema).optional(),
});

/** A payment's public id, in the path. */
export const PaymentParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** A refund a staff member made of a payment (not the automatic refund of a refused ad). */
export const StaffRefundItemSchema = z.object({
  id: z.number().int(),
  amountAgorot: z.number().int(),
  reason: z.string(),
  staffId: z.number().int(),
  status: z.enum(['pending', 'refunded']),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});

/** One payment: as the list shows it, what is left to refund, its staff refunds. */
export const PaymentDetailSchema = withStatus200({
  payment: PaymentItemSchema,
  refundableAgorot: z.number().int(),
  refunds: z.array(StaffRefundItemSchema),
});

/** POST /api/operator/payments/{id}/refund: the amount, why, and the form's key (a double press refunds once). */
export const RefundRequestSchema = z.object({
  amountAgorot: z.number().int().positive(),
  reason: z.string().trim().min(1).max(500),
  idempotencyKey: z.string().regex(/^[\w-]{8,100}$/),
});

/** A staff refund's answer: the refund and its state at the provider, or why it was refused. */
export const RefundAnswerSchema = z.object({
  status: z.number().int(),
  refund: z
    .object({ id: z.number().int(), amountAgorot: z.number().int(), status: z.enum(['pending', 'refunded']) })
    .optional(),
  errors: z.array(FieldErrorSchema).optional(),
  /** What may still be refunded, when the amount asked is more. */
  refundableAgorot: z.number().int().optional(),
  message: z.string().optional(),
});

/** GET /api/operator/payments/totals?day=YYYY-MM-DD (today by default). */
export const DayTotalsQuerySchema = z.object({ day: isoDay.optional() });

/** A day's payments of one line of the totals: how many, paid, and refunded of them (agorot). */
export const TotalsLineSchema = z.object({
  payments: z.number().int(),
  paidAgorot: z.number().int(),
  refundedAgorot: z.number().int(),
});
export const ProviderTotalsSchema = TotalsLineSchema.extend({ provider: z.string() });
/** A day's totals of one track (ad type), with its Hebrew title. */
export const TrackTotalsSchema = TotalsLineSchema.extend({ adType: z.string(), title: z.string() });

/** A day's money for reconciliation, by provider and by track. */
export const DayTotalsSchema = withStatus200({
  day: z.string(),
  byProvider: z.array(ProviderTotalsSchema),
  byTrack: z.array(TrackTotalsSchema),
});

/** A day's lines by provider and by track, as the reconciliation reads them from the payments. */
export type DayTotalsLines = Pick<z.infer<typeof DayTotalsSchema>, 'byProvider' | 'byTrack'>;
