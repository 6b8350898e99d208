/**
 * The payment sandbox's failure switches (ours; the sandbox admin view, behind the sandbox key): each makes the
 * stand-in provider fail as a real one can. One list for the server's sandbox and the admin page.
 */
import type { z } from 'zod';
import type {
  SandboxDeliverySchema,
  SandboxPaymentSessionSchema,
  SandboxTestCardSchema,
  TestCardBehaviourSchema,
} from './schemas/paymentSandbox.ts';

export const PAYMENT_SANDBOX_SWITCHES = [
  // Every card and mobile payment is declined, and so is every charge of a kept card.
  'declineAll',
  // Notifications are not sent at all.
  'dropNotifications',
  // Every attempt to deliver a notification fails (and is tried again later).
  'failNotifications',
  // The server-to-server API answers 503.
  'apiUnavailable',
  // A refund is made but its answer is lost (as if the merchant's process died before recording it).
  'loseRefundAnswers',
] as const;
export type PaymentSandboxSwitch = (typeof PAYMENT_SANDBOX_SWITCHES)[number];
export const isPaymentSandboxSwitch = (name: unknown): name is PaymentSandboxSwitch =>
  (PAYMENT_SANDBOX_SWITCHES as readonly unknown[]).includes(name);

/** One hosted session of the payment sandbox, as its admin view lists it (schemas/paymentSandbox.ts). */
export type SandboxPaymentSession = z.infer<typeof SandboxPaymentSessionSchema>;
/** A notification the sandbox sends the server, and its attempts. */
export type SandboxDelivery = z.infer<typeof SandboxDeliverySchema>;
/** What a test card of the hosted card page does (the sandbox's test-cards.json). */
export type TestCardBehaviour = z.infer<typeof TestCardBehaviourSchema>;
export type SandboxTestCard = z.infer<typeof SandboxTestCardSchema>;
