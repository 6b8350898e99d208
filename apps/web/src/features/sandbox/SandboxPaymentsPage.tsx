import {
  fetchSandboxPayments,
  PAYMENT_SWITCHES,
  type SandboxPaymentsView,
  setPaymentSwitch,
} from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { he, heSandboxPayments as t } from '../../shared/i18n/index.ts';
import '../../shared/ui/pages.css';
import { type SandboxLoad, useSandboxData, useSandboxKey } from './useSandboxData.ts';

async function readPayments(key: string | undefined): Promise<SandboxLoad<SandboxPaymentsView>> {
  const result = await fetchSandboxPayments(key);
  return result.kind === 'ok' ? { kind: 'ok', value: result.view } : result;
}

const shekels = (agorot: number) => `₪${(agorot / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/**
 * /sandbox/payments: the payment sandbox's admin view (developer page, with the sandbox key like /sandbox/outbox):
 * hosted sessions with their one-time codes, the notifications and their attempts, and the failure switches.
 */
export default function SandboxPaymentsPage() {
  usePageTitle(t.title);
  const { key } = useSandboxKey();
  const { data: view, status, load } = useSandboxData(key, readPayments, key !== undefined);

  return (
    <section className="outbox">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.intro}</p>
      <button type="button" className="btn btn--secondary" onClick={() => void load()}>
        {t.refresh}
      </button>
      <div aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'failed' && <p className="outbox__error">{t.failed}</p>}
        {status === 'keyNeeded' && <p className="outbox__error">{he.outbox.keyNeeded}</p>}
      </div>
      {view && key && (
        <>
          <h2>{t.testCardsTitle}</h2>
          <ul data-testid="sandbox-test-cards">
            {view.testCards.map((card) => (
              <li key={card.number}>
                <bdi dir="ltr">{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</bdi> – {t.testCards[card.behaviour]}
              </li>
            ))}
          </ul>
          <fieldset className="card">
            <legend>{t.switchesTitle}</legend>
            {PAYMENT_SWITCHES.map((name) => (
              <div key={name}>
                <label>
                  <input
                    type="checkbox"
                    checked={view.switches[name]}
                    onChange={async (e) => {
                      await setPaymentSwitch(key, name, e.target.checked);
                      await load();
                    }}
                  />{' '}
                  {t.switches[name]}
                </label>
              </div>
            ))}
          </fieldset>
          <h2>{t.sessionsTitle}</h2>
          {view.sessions.length === 0 ? (
            <p className="outbox__status">{t.empty}</p>
          ) : (
            <ol className="outbox__list" aria-label={t.sessionsTitle}>
              {view.sessions.map((s) => (
                <li key={s.id} className="outbox__email card" data-testid="sandbox-payment">
                  <h3 className="outbox__subject">
                    {s.description} · <bdi dir="ltr">{shekels(s.amountAgorot)}</bdi>
                  </h3>
                  <p className="outbox__meta">
                    <time dateTime={s.createdAt}>
                      <bdi dir="ltr">{formatDateTime(s.createdAt)}</bdi>
                    </time>{' '}
                    · {t.channel[s.channel]} · {t.status[s.status]}
                    {s.cardLast4 && (
                      <>
                        {' '}
                        · <bdi dir="ltr">**** {s.cardLast4}</bdi>
                      </>
                    )}
                    {s.refundedAgorot > 0 && (
                      <>
                        {' '}
                        · <span data-testid="sandbox-refunded">{t.refunded(shekels(s.refundedAgorot))}</span>
                      </>
                    )}
                  </p>
                  {s.challengeCode && (
                    <p>
                      {t.code} <bdi dir="ltr">{s.challengeCode}</bdi>
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
          <h2>{t.deliveriesTitle}</h2>
          {view.deliveries.length === 0 ? (
            <p className="outbox__status">{t.empty}</p>
          ) : (
            <ol className="outbox__list" aria-label={t.deliveriesTitle}>
              {view.deliveries.map((d) => (
                <li key={d.eventId} className="outbox__email card">
                  <p className="outbox__meta">
                    {t.kinds[d.kind] ?? d.kind} · {t.status[d.status]} · {t.attempts(d.attempts)}
                    {d.lastStatus !== null && (
                      <>
                        {' '}
                        · {t.responseCode} <bdi dir="ltr">{d.lastStatus}</bdi>
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
