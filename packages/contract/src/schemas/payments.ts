/**
 * The payment provider's side of paying (after-save-area.md §4 "Payment result", §7): its signed notification and
 * the return URLs its hosted page sends the frame to. The calls that start a payment are in
 * paymentStart.ts.
 */
import { z } from 'zod';

/** What the notification did: applied (paid, failed, pending…), already seen, or why it was refused. */
export const NotifyOutcomeSchema = z.enum([
  'paid',
  'failed',
  'pending',
  'mismatch',
  'final',
  'duplicate',
  'unknown',
  'refused',
  'unavailable',
]);

/**
 * POST /api/payments/notify (the provider's signed raw body): 200 applied or seen before, 400 a bad signature or
 * body, 404 no such payment, 409 still pending, 503 the provider could not be asked; a refusal with its Hebrew message.
 */
export const NotifyAnswerSchema = z.object({
  status: z.number().int(),
  outcome: NotifyOutcomeSchema,
  message: z.string().optional(),
});

/** GET /api/payments/success | failure | failureUpgrade: the payment's public id, and where to go on (a site path). */
export const PaymentReturnQuerySchema = z.object({
  /** `pay_…`; anything else (other text, the field repeated) leads to the finish page's failure, as an unknown payment. */
  pid: z.union([z.string(), z.array(z.string())]).optional(),
  /** A path of the site to go on to; anything else is not read. */
  next: z.union([z.string(), z.array(z.string())]).optional(),
});

/** A redirect (303) to /finishPayment, or to the `next` path: no body. */
export const RedirectAnswer = z.null().describe('הפניה לעמוד סיום התשלום');
