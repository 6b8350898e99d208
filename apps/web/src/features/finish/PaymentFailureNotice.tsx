import type { FinishPageState } from '@app/contract/orders';
import { hePaymentFailure, hePlan } from '../../shared/i18n/index.ts';
import { Link, sameOriginPath } from '../../shared/routing/index.ts';

const t = hePlan.finish;

/**
 * The finish page's payment failure (after-save-area.md §2 "Payment failure"): the spec's message with the service
 * phone, and once the server has answered, what happened and what to do for the reason the provider gave, with the
 * way back to the payment choice of the same ad and track ("pay again", the draft's plan step).
 */
export function PaymentFailureNotice({ page }: { page: FinishPageState | undefined }) {
  const payAgain = sameOriginPath(page?.payAgainUrl);
  const reason = page?.paymentFailure;
  return (
    <>
      <div className="finish__failure" role="alert" data-testid="payment-failure">
        <p>{t.paymentFailed}</p>
        {page && (
          <p className="finish__guidance" data-testid="payment-failure-guidance" data-reason={reason ?? 'unknown'}>
            {reason ? hePaymentFailure.reasons[reason] : hePaymentFailure.unknown}
          </p>
        )}
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
