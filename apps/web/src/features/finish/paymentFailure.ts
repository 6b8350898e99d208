import type { FinishPageState, PaymentFailureReason } from '@app/contract/orders';
import { hePaymentFailure } from '../../shared/i18n/index.ts';

export interface PaymentFailureMessage {
  /** The provider's reason, or 'unknown' when it gave none (or the page could not ask). */
  reason: PaymentFailureReason | 'unknown';
  text: string;
}

/**
 * The one message of the finish page's payment failure: the text of the reason the provider gave (what happened and
 * what to do), alone; without a reason, or when the finish page could not be asked, the spec's failure message. None
 * while the server has not answered (the page says it is loading), so a reason's text never follows another one.
 */
export function paymentFailureMessage(
  page: Pick<FinishPageState, 'paymentFailure'> | undefined,
  loadFailed: boolean,
): PaymentFailureMessage | undefined {
  if (!page) return loadFailed ? { reason: 'unknown', text: hePaymentFailure.generic } : undefined;
  const reason = page.paymentFailure;
  return reason
    ? { reason, text: hePaymentFailure.reasons[reason] }
    : { reason: 'unknown', text: hePaymentFailure.generic };
}
