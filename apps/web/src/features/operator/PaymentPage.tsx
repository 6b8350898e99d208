/**
 * One payment's page (/operator/finance/<payment>, finance and admin): the payment as the list shows it, with its
 * refund, what may still be refunded, and the refunds staff made of it.
 */
import { useEffect, useState } from 'react';
import { fetchPayment, type PaymentDetail } from '../../shared/api/index.ts';
import { formatDateTime, formatPrice } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { PaymentTable } from './Finance.tsx';
import { ErrorNote, TableWrap } from './parts.tsx';
import { sectionPath } from './sections.ts';

const t = heOperator.finance;

export function PaymentPage({ publicId }: { publicId: string }) {
  const [detail, setDetail] = useState<PaymentDetail | null>(null);
  const [error, setError] = useState<string>();
  // Read again after a refund: what is left, and the refund in the list.
  const [reads, setReads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` reads the payment again after a refund
  useEffect(() => {
    let alive = true;
    void fetchPayment(publicId).then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.payment) setDetail(res.data);
      else setError(res.status === 404 ? t.paymentNotFound : (res.data?.message ?? heOperator.failed));
    });
    return () => {
      alive = false;
    };
  }, [publicId, reads]);
  const payment = detail?.payment;
  const refunds = detail?.refunds ?? [];
  return (
    <section className="operator__section" aria-labelledby="payment-title" data-testid="payment-page">
      <p className="console__back">
        <Link to={sectionPath('finance')}>{t.toPayments}</Link>
      </p>
      <h2 id="payment-title">{t.paymentTitle}</h2>
      <ErrorNote text={error} />
      {!detail && !error && <p role="status">{t.searching}</p>}
      {payment && (
        <>
          <p>
            {t.paymentId}: <bdi dir="ltr">{payment.publicId}</bdi>
          </p>
          <PaymentTable
            items={[payment]}
            testId="payment"
            label={t.paymentTitle}
            onRefunded={() => setReads((n) => n + 1)}
            onItsPage
          />
          <p data-testid="payment-refundable">
            {detail?.refundableAgorot ? t.refundable(formatPrice(detail.refundableAgorot)) : t.nothingRefundable}
          </p>
          <h3>{t.staffRefunds}</h3>
          {refunds.length === 0 ? (
            <p>{t.staffRefundsNone}</p>
          ) : (
            <TableWrap label={t.staffRefunds}>
              <table className="operator__table" data-testid="staff-refunds">
                <thead>
                  <tr>
                    <th scope="col">{t.when}</th>
                    <th scope="col">{t.amount}</th>
                    <th scope="col">{t.refundReason}</th>
                    <th scope="col">{t.state}</th>
                  </tr>
                </thead>
                <tbody>
                  {refunds.map((r) => (
                    <tr key={r.id}>
                      <td>{formatDateTime(r.createdAt)}</td>
                      <td>{formatPrice(r.amountAgorot)}</td>
                      <td>{r.reason}</td>
                      <td>{t.refundStatuses[r.status] ?? r.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
        </>
      )}
    </section>
  );
}
