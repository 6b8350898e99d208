import type { FinishPageState } from '@app/contract/orders';
import { hePaymentFailure, hePlan } from '../../shared/i18n/index.ts';
import { Link, sameOriginPath } from '../../shared/routing/index.ts';
import { paymentFailureMessage } from './paymentFailure.ts';

const t = hePlan.finish;

/**
 * The finish page's payment failure (after-save-area.md §2 "Payment failure"), once the server has answered: one
 * message (the provider's reason, what happened and what to do; else the spec's failure message) with the service
 * phone, and the way back to the payment choice of the same ad and track ("pay again", the draft's plan step).
 */
export function PaymentFailureNotice({ page, loadFailed }: { page: FinishPageState | undefined; loadFailed: boolean }) {
  const message = paymentFailureMessage(page, loadFailed);
  if (!message) return null;
  const payAgain = sameOriginPath(page?.payAgainUrl);
  return (
    <>
      <div className="finish__failure" role="alert" data-testid="payment-failure" data-reason={message.reason}>
        <p className="finish__failure-message" data-testid="payment-failure-message">
          {message.text}
        </p>
        <p>
          {t.servicePhone}{' '}
          <a href={`tel:${t.servicePhoneNumber}`} dir="ltr">
            {t.servicePhoneNumber}
          </a>
        </p>
      </div>
      {payAgain && (
        <Link to={payAgain} className="btn btn--primary finish__pay-again" data-testid="pay-again">
          {hePaymentFailure.payAgain}
        </Link>
      )}
    </>
  );
}
