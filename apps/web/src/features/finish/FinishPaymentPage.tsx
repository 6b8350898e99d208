import type { PaymentFinishedMessage } from '@app/contract/orders';
import { useEffect, useMemo } from 'react';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { hePayment } from '../../shared/i18n/index.ts';
import { useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { postPaymentFinished } from '../payment/index.ts';
import '../../shared/ui/pages.css';

const ORDER_ID = /^\d{1,15}$/;

/** Whether this page runs inside a frame (the payment popup's iframe); a cross-origin parent counts too. */
function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * /finishPayment (after-save-area.md §4 "Payment result"): where the payment frame lands after the provider's hosted
 * page (through our return URLs, which prove nothing). Inside the frame it posts payment-finished to the parent,
 * to our own origin only; a failure of the upgrade flow shows its message in place instead. Opened at the top (no
 * popup around it) it goes on to /finishArea with action finish. Whether the ad is paid is the server's to say:
 * the finish page asks it.
 */
export default function FinishPaymentPage() {
  usePageTitle(hePayment.meta.finishPayment);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderText = params.get('OrderID') ?? '';
  const ok = params.get('result') === 'success';
  const action: PaymentFinishedMessage['action'] = params.get('action') === 'upgrade' ? 'upgrade' : 'finish';
  const orderId = ORDER_ID.test(orderText) ? Number(orderText) : null;
  const showFailure = !ok && action === 'upgrade';
  const framed = useMemo(inFrame, []);

  useEffect(() => {
    if (showFailure) return;
    if (framed) {
      if (orderId !== null) postPaymentFinished({ type: 'payment-finished', OrderID: orderId, ok, action });
      return;
    }
    const query = new URLSearchParams({ action: 'finish' });
    if (orderId !== null) query.set('OrderID', String(orderId));
    navigate(`/finishArea?${query}`, { replace: true });
  }, [framed, orderId, ok, action, showFailure, navigate]);

  if (showFailure) {
    return (
      <main id="main" className="page">
        <section className="message-page">
          <h1 className="page__title">{hePayment.failureTitle}</h1>
          <p className="page__lead" role="alert">
            {hePayment.failureText}
          </p>
          <p>
            {hePayment.failurePhone} <bdi>{hePayment.servicePhone}</bdi>
          </p>
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="page">
      <h1 className="visually-hidden">{hePayment.meta.finishPayment}</h1>
      <p className="page-fallback" role="status">
        {hePayment.pleaseWait}
      </p>
    </main>
  );
}
