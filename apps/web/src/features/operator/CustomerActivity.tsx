/**
 * What support sees of an account's use (its ads, payments, phones, codes, sessions, limits, what staff did to it),
 * the resets, and a new code for a number still waiting for its own.
 */
import { useEffect, useState } from 'react';
import {
  type CustomerActivity as Activity,
  fetchCustomerActivity,
  resendCustomerCode,
  resetCustomerLimits,
} from '../../shared/api/index.ts';
import { formatDateTime, formatPrice } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { AuditTable } from './AuditTable.tsx';
import { ErrorNote } from './parts.tsx';

const t = heOperator.activity;

export function CustomerActivity({ customerId }: { customerId: number }) {
  const [activity, setActivity] = useState<Activity | null>(null);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState('');
  const [resending, setResending] = useState<string>();
  const [shown, setShown] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` reloads the account after a change
  useEffect(() => {
    let alive = true;
    void fetchCustomerActivity(customerId).then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.ads) setActivity(res.data);
      else setError(heOperator.failed);
    });
    return () => {
      alive = false;
    };
  }, [customerId, shown]);
  const resend = async (phone: string) => {
    if (resending) return;
    setResending(phone);
    const res = await resendCustomerCode(customerId, phone);
    setResending(undefined);
    if (!(res.ok && res.data?.phone)) return setNote(res.data?.message ?? heOperator.failed);
    setNote(t.resent(res.data.phone));
    setShown((n) => n + 1);
  };
  const reset = async (kind: 'login' | 'phone') => {
    const res = await resetCustomerLimits(customerId, kind);
    if (!(res.ok && res.data?.limits)) return setError(res.data?.message ?? heOperator.failed);
    setNote(t.resetDone(res.data.cleared ?? 0));
    // Read again: the limits now, and the reset in the account's audit entries.
    setShown((n) => n + 1);
  };
  if (error) return <ErrorNote text={error} />;
  if (!activity) return <p role="status">{t.loading}</p>;
  const loginFailures = Math.max(0, ...(activity.limits?.login ?? []).map((l) => l.count));
  // Numbers whose newest code is not confirmed and that are not verified: the ones a new code can help.
  const verified = new Set((activity.phones ?? []).map((p) => p.phone));
  const waiting = [...new Set((activity.codes ?? []).filter((c) => !c.confirmedAt).map((c) => c.phone))].filter(
    (phone) => !verified.has(phone),
  );
  const list = <T,>(title: string, items: T[] | undefined, line: (item: T) => string) => (
    <div className="activity__block">
      <h4>{title}</h4>
      {items && items.length > 0 ? (
        <ul>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order
            <li key={i}>{line(item)}</li>
          ))}
        </ul>
      ) : (
        <p>{t.none}</p>
      )}
    </div>
  );
  return (
    <div className="activity" data-testid={`activity-${customerId}`}>
      {list(
        t.ads,
        activity.ads,
        (a) =>
          `${a.orderId} · ${heOperator.moderation.statuses[a.status] ?? a.status} · ${formatDateTime(a.createdAt)}`,
      )}
      {list(
        t.payments,
        activity.payments,
        (p) =>
          `${formatPrice(p.amountAgorot)} · ${heOperator.finance.statuses[p.status] ?? p.status} · ${formatDateTime(p.createdAt)}`,
      )}
      {list(t.phones, activity.phones, (p) =>
        [p.phone, p.main ? t.main : '', p.deactivated ? t.off : '', t.since(formatDateTime(p.verifiedAt))]
          .filter(Boolean)
          .join(' · '),
      )}
      {list(t.codes, activity.codes, (c) =>
        [
          c.phone,
          c.channel === 'ivr' ? t.ivr : t.sms,
          formatDateTime(c.createdAt),
          t.attempts(c.attempts),
          c.confirmedAt ? t.confirmed : t.notConfirmed,
        ].join(' · '),
      )}
      {waiting.length > 0 && (
        <div className="operator__actions">
          {waiting.map((phone) => (
            <button
              key={phone}
              type="button"
              className="btn btn--secondary"
              aria-busy={resending === phone}
              onClick={() => void resend(phone)}
            >
              {resending === phone ? t.resending : t.resend(phone)}
            </button>
          ))}
        </div>
      )}
      {list(
        t.sessions,
        activity.sessions,
        (s) => `${formatDateTime(s.createdAt)} · ${t.until(formatDateTime(s.expiresAt))}`,
      )}
      <div className="activity__block">
        <h4>{t.limits}</h4>
        <p>{t.loginFailures(loginFailures)}</p>
        <p>{t.phoneCounters(activity.limits?.phone.length ?? 0)}</p>
        <div className="operator__actions">
          <button type="button" className="btn btn--secondary" onClick={() => void reset('login')}>
            {t.resetLogin}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => void reset('phone')}>
            {t.resetPhone}
          </button>
        </div>
        <p role="status">{note}</p>
      </div>
      <div className="activity__block activity__block--wide">
        <h4>{t.audit}</h4>
        {activity.audit && activity.audit.length > 0 ? (
          <AuditTable entries={activity.audit} testId={`customer-audit-${customerId}`} label={t.audit} />
        ) : (
          <p>{t.none}</p>
        )}
      </div>
    </div>
  );
}
