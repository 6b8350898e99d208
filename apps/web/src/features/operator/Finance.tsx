/**
 * Finance (finance, admin): the payments by filters, those that need a hand first (a refund the provider has not
 * confirmed, a paid ad a moderator refused); a refund in full or in part with its reason (one key per opened form,
 * so a double press refunds once); and a day's totals by provider and by track for reconciliation.
 */
import { type FormEvent, useId, useState } from 'react';
import {
  type DayTotals,
  fetchDayTotals,
  fetchPayments,
  newIdempotencyKey,
  type PaymentFilter,
  type PaymentItem,
  type PaymentsPage,
  refundPayment,
} from '../../shared/api/index.ts';
import { formatDateTime, formatPrice } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { ChoiceFilter, ErrorNote, israelToday, TableWrap, useFilteredList, useSubmit } from './parts.tsx';
import { sectionPath } from './sections.ts';

const t = heOperator.finance;

const whatText = (p: PaymentItem) => p.title ?? t.purposes[p.purpose] ?? p.purpose;

export function Finance() {
  const [attention, setAttention] = useState<PaymentItem[]>([]);
  const ids = { from: useId(), to: useId() };
  const list = useFilteredList<PaymentFilter, PaymentItem, PaymentsPage>(fetchPayments, (page) => {
    if (page.attention) setAttention(page.attention);
  });
  const { filter, set, items, next, form } = list;
  const refreshed = list.reload;

  return (
    <section className="operator__section" aria-labelledby="finance-title" data-testid="finance">
      <h2 id="finance-title">{t.title}</h2>
      <form className="finance__filters" noValidate onSubmit={form.submit} aria-label={t.filters}>
        <ChoiceFilter
          label={t.status}
          value={filter.status}
          onChange={set('status')}
          any={t.anyStatus}
          choices={t.statuses}
        />
        <ChoiceFilter
          label={t.provider}
          value={filter.provider}
          onChange={set('provider')}
          any={t.anyProvider}
          choices={t.providers}
        />
        <TextField
          name="customer"
          label={t.customer}
          autoComplete="off"
          value={filter.customer ?? ''}
          onChange={set('customer')}
        />
        <TextField
          name="ad"
          label={t.ad}
          autoComplete="off"
          inputMode="numeric"
          value={filter.ad ?? ''}
          onChange={set('ad')}
        />
        {(['from', 'to'] as const).map((key) => (
          <div className="text-field" key={key}>
            <label htmlFor={ids[key]} className="text-field__label">
              {t[key]}
            </label>
            <input
              id={ids[key]}
              type="date"
              className="text-field__input"
              value={filter[key] ?? ''}
              onChange={(e) => set(key)(e.target.value)}
            />
          </div>
        ))}
        <SendButton sending={form.busy} label={t.search} sendingLabel={t.searching} />
      </form>
      <ErrorNote text={form.error} />

      <h3>{t.attention}</h3>
      {attention.length === 0 ? (
        <p>{t.attentionNone}</p>
      ) : (
        <PaymentTable items={attention} testId="payments-attention" label={t.attention} onRefunded={refreshed} />
      )}
      <h3>{t.list}</h3>
      {items?.length === 0 && <p>{t.none}</p>}
      {items && items.length > 0 && (
        <PaymentTable items={items} testId="payments" label={t.list} onRefunded={refreshed} />
      )}
      {next && (
        <button type="button" className="btn btn--secondary" onClick={list.more}>
          {t.more}
        </button>
      )}
      <Totals />
    </section>
  );
}

/** Payments as rows, each linked to its own page (but on that page), with the refund of a paid one. */
export function PaymentTable(props: {
  items: PaymentItem[];
  testId: string;
  label: string;
  onRefunded: () => void;
  onItsPage?: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <TableWrap label={props.label}>
      <table className="operator__table" data-testid={props.testId}>
        <thead>
          <tr>
            <th scope="col">{t.when}</th>
            <th scope="col">{t.who}</th>
            <th scope="col">{t.what}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.refunded}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((p) => {
            const left = p.amountAgorot - p.refundedAgorot;
            return (
              <tr key={p.publicId} data-payment={p.publicId}>
                <td>{formatDateTime(p.createdAt)}</td>
                <td>
                  <bdi dir="ltr">{p.email}</bdi>
                </td>
                <td>
                  {props.onItsPage ? whatText(p) : <Link to={sectionPath('finance', p.publicId)}>{whatText(p)}</Link>}
                  {p.adId !== null && <> · {t.adShort(p.adId)}</>}
                </td>
                <td>{formatPrice(p.amountAgorot)}</td>
                <td>{p.refundedAgorot ? formatPrice(p.refundedAgorot) : '—'}</td>
                <td>
                  {t.statuses[p.status] ?? p.status}
                  {p.refundStatus === 'pending' && <> · {t.refundPending}</>}
                  {p.adStatus === 'rejected' && <> · {t.adRejected}</>}
                </td>
                <td>
                  {p.status === 'paid' && left > 0 && open !== p.publicId && (
                    <button type="button" className="btn btn--secondary" onClick={() => setOpen(p.publicId)}>
                      {t.refund}
                    </button>
                  )}
                  {open === p.publicId && (
                    <RefundForm
                      payment={p}
                      leftAgorot={left}
                      onClose={() => setOpen(null)}
                      onRefunded={props.onRefunded}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** Shekels as typed (49, 49.9, 49.90) in agorot; null when it is not an amount. */
const agorotOf = (typed: string): number | null => {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(typed);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || 0) : null;
};

function RefundForm(props: { payment: PaymentItem; leftAgorot: number; onClose: () => void; onRefunded: () => void }) {
  const [amount, setAmount] = useState(String(props.leftAgorot / 100));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; message?: string }>({});
  const [done, setDone] = useState<string>();
  // One key for this form: pressing again (or twice) asks for the same refund, never a second one.
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const agorot = agorotOf(amount);
    if (agorot === null || agorot <= 0) return setErrors({ amount: t.refundBadAmount });
    setBusy(true);
    const res = await refundPayment(props.payment.publicId, { amountAgorot: agorot, reason, idempotencyKey: key });
    setBusy(false);
    if (res.ok && res.data?.refund) {
      const text = formatPrice(res.data.refund.amountAgorot);
      setErrors({});
      setDone(res.data.refund.status === 'refunded' ? t.refundDone(text) : t.refundWaiting(text));
      props.onRefunded();
      return;
    }
    const fields = Object.fromEntries((res.data?.errors ?? []).map((e) => [e.fieldName, e.msg]));
    setErrors(Object.keys(fields).length ? fields : { message: res.data?.message ?? heOperator.failed });
  };
  if (done)
    return (
      <p role="status" data-testid="refund-done">
        {done}
      </p>
    );
  return (
    <form className="finance__refund" noValidate onSubmit={submit} aria-label={t.refundTitle(props.payment.publicId)}>
      <ErrorNote text={errors.message} />
      <TextField
        name="amount"
        label={t.refundAmount}
        autoComplete="off"
        inputMode="decimal"
        dir="ltr"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        required
      />
      <TextField
        name="reason"
        label={t.refundReason}
        autoComplete="off"
        maxLength={500}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        required
      />
      <div className="operator__actions">
        <SendButton sending={busy} label={t.refundSend} sendingLabel={t.refunding} />
        <button type="button" className="btn btn--secondary" onClick={props.onClose}>
          {heOperator.cancel}
        </button>
      </div>
    </form>
  );
}

function Totals() {
  const [day, setDay] = useState(israelToday);
  const [totals, setTotals] = useState<DayTotals | null>(null);
  const dayId = useId();
  const form = useSubmit(async () => {
    const res = await fetchDayTotals(day);
    if (!(res.ok && res.data?.byProvider)) return res.data?.message ?? heOperator.failed;
    setTotals(res.data);
    return undefined;
  });
  const lines = (
    title: string,
    rows: { key: string; label: string; payments: number; paidAgorot: number; refundedAgorot: number }[],
  ) => (
    <>
      <h4>{title}</h4>
      <TableWrap label={title}>
        <table className="operator__table">
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{t.totalsCount}</th>
              <th scope="col">{t.totalsPaid}</th>
              <th scope="col">{t.totalsRefunded}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{r.payments}</td>
                <td>{formatPrice(r.paidAgorot)}</td>
                <td>{formatPrice(r.refundedAgorot)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
  return (
    <section aria-labelledby="totals-title" data-testid="finance-totals">
      <h3 id="totals-title">{t.totalsTitle}</h3>
      <form className="finance__filters" noValidate onSubmit={form.submit}>
        <div className="text-field">
          <label htmlFor={dayId} className="text-field__label">
            {t.totalsDay}
          </label>
          <input
            id={dayId}
            type="date"
            className="text-field__input"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
        <SendButton sending={form.busy} label={t.totalsShow} sendingLabel={t.searching} />
      </form>
      <ErrorNote text={form.error} />
      {totals?.byProvider?.length === 0 && <p>{t.totalsNone}</p>}
      {totals?.byProvider && totals.byProvider.length > 0 && (
        <>
          {lines(
            t.totalsByProvider,
            totals.byProvider.map((r) => ({ ...r, key: r.provider, label: t.providers[r.provider] ?? r.provider })),
          )}
          {lines(
            t.totalsByTrack,
            (totals.byTrack ?? []).map((r) => ({
              ...r,
              key: r.adType,
              label: r.title,
            })),
          )}
        </>
      )}
    </section>
  );
}
