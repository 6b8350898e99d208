/** What support sees of an account's use (its ads, payments, phones, codes, sessions, limits) and the resets. */
import { useEffect, useState } from 'react';
import {
  type CustomerActivity as Activity,
  fetchCustomerActivity,
  resetCustomerLimits,
} from '../../shared/api/index.ts';
import { formatDateTime, formatPrice } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { ErrorNote } from './parts.tsx';

const t = heOperator.activity;

export function CustomerActivity({ customerId }: { customerId: number }) {
  const [activity, setActivity] = useState<Activity | null>(null);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState('');
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
  }, [customerId]);
  const reset = async (kind: 'login' | 'phone') => {
    const res = await resetCustomerLimits(customerId, kind);
    if (!(res.ok && res.data?.limits)) return setError(res.data?.message ?? heOperator.failed);
    const limits = res.data.limits;
    setActivity((a) => (a ? { ...a, limits } : a));
    setNote(t.resetDone(res.data.cleared ?? 0));
  };
  if (error) return <ErrorNote text={error} />;
  if (!activity) return <p role="status">{t.loading}</p>;
  const loginFailures = Math.max(0, ...(activity.limits?.login ?? []).map((l) => l.count));
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
    </div>
  );
}
