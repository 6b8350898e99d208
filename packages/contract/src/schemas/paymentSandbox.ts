/**
 * The payment sandbox's admin calls (/api/sandbox/payments/..., behind the sandbox key, hidden from the OpenAPI
 * document): its hosted sessions, the provider's refunds, the notifications' deliveries, the test cards and the
 * failure switches. Types in ../paymentSandbox.ts.
 */
import { z } from 'zod';
import { PAYMENT_SANDBOX_SWITCHES } from '../paymentSandbox.ts';

/** One hosted session of the payment sandbox, as its admin view lists it. */
export const SandboxPaymentSessionSchema = z.object({
  id: z.string(),
  merchantRef: z.string(),
  amountAgorot: z.number().int(),
  description: z.string(),
  channel: z.enum(['creditCard', 'bit']),
  status: z.enum(['pending', 'challenge', 'paid', 'declined', 'cancelled']),
  /** The one-time code of a challenge card, shown to the tester. */
  challengeCode: z.string().nullable(),
  notifyMode: z.enum(['normal', 'slow', 'lost']),
  cardLast4: z.string().nullable(),
  installments: z.number().int().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** How much of the charge the sandbox refunded. */
  refundedAgorot: z.number().int(),
  /** Our side of it: a paid payment that delivered nothing is refund_due, and why. */
  fulfilment: z.string().nullable(),
  fulfilmentReason: z.string().nullable(),
});
export const SandboxSessionsSchema = z.object({ sessions: z.array(SandboxPaymentSessionSchema) });

/** A refund the stand-in provider made. */
export const SandboxRefundSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  amountAgorot: z.number().int(),
  idempotencyKey: z.string(),
  createdAt: z.string(),
});
export const SandboxRefundsSchema = z.object({ refunds: z.array(SandboxRefundSchema) });

/** A notification the sandbox sends our server, and its attempts. */
export const SandboxDeliverySchema = z.object({
  eventId: z.string(),
  sessionId: z.string(),
  kind: z.string(),
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'failed', 'dropped']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export const SandboxDeliveriesSchema = z.object({ deliveries: z.array(SandboxDeliverySchema) });

/** What a test card of the hosted card page does (the sandbox's test-cards.json). */
export const TestCardBehaviourSchema = z.enum([
  'success',
  'decline',
  'expiredCard',
  'authenticationFails',
  'processingError',
  'challenge',
  'slow',
  'lost',
]);
export const SandboxTestCardSchema = z.object({ number: z.string(), behaviour: TestCardBehaviourSchema });
export const SandboxTestCardsSchema = z.object({ cards: z.array(SandboxTestCardSchema) });

/** The failure switches, each on or off. */
export const SandboxSwitchesSchema = z.object({
  switches: z.record(z.enum(PAYMENT_SANDBOX_SWITCHES), z.boolean()),
});

/** POST /api/sandbox/payments/switches: one switch or more, each turned on or off. */
export const SandboxSwitchesRequestSchema = z
  .partialRecord(z.enum(PAYMENT_SANDBOX_SWITCHES), z.boolean())
  .refine((switches) => Object.keys(switches).length > 0);

/** POST /api/sandbox/payments/sessions/:id/expire: an open hosted session's id. */
export const SandboxSessionParamsSchema = z.object({ id: z.string().regex(/^ps_[A-Za-z0-9_-]{16}$/) });
export const SandboxExpiredSchema = z.object({ expired: z.literal(true) });
