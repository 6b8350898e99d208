import { formatPhone } from '@app/contract/phones';
import { type FormEvent, useCallback, useState } from 'react';
import { answerCall, fetchPhoneOutbox, type OutboxPhoneEntry } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { he, heContact } from '../../shared/i18n/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import '../../shared/ui/pages.css';
import { type SandboxLoad, useSandboxData, useSandboxKey } from './useSandboxData.ts';

const t = heContact.outbox;

/**
 * /sandbox/phones: the SMS and verification calls of the sandbox provider (developer page, with the sandbox key like
 * /sandbox/outbox): read a code, or answer a ringing call and press 1 to confirm the number.
 */
export default function PhoneOutboxPage() {
  usePageTitle(t.title);
  const { key, params, setParams } = useSandboxKey();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const read = useCallback(
    async (k: string | undefined): Promise<SandboxLoad<OutboxPhoneEntry[]>> => {
      const result = await fetchPhoneOutbox(to, k);
      return result.kind === 'ok' ? { kind: 'ok', value: result.messages } : result;
    },
    [to],
  );
  const { data: messages, status, load } = useSandboxData(key, read, key !== undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const number = draft.trim();
    if (number === to) void load();
    else setParams(number ? { to: number } : {}, { replace: true });
  };

  return (
    <section className="outbox">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.intro}</p>
      <form className="outbox__form card" onSubmit={onSubmit}>
        <TextField name="to" label={t.to} dir="ltr" autoComplete="off" value={draft} onChange={setDraft} />
        <button type="submit" className="btn btn--primary">
          {t.show}
        </button>
      </form>
      <div aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'failed' && <p className="outbox__error">{t.failed}</p>}
        {status === 'keyNeeded' && <p className="outbox__error">{he.outbox.keyNeeded}</p>}
        {messages && messages.length === 0 && <p className="outbox__status">{t.empty}</p>}
      </div>
      {messages && messages.length > 0 && (
        <ol className="outbox__list" aria-label={t.listLabel}>
          {messages.map((m) => (
            <li key={m.id} className="outbox__email card" data-testid="outbox-phone">
              <h2 className="outbox__subject">
                {m.kind === 'sms' ? t.sms : t.call} <bdi dir="ltr">{formatPhone(m.to)}</bdi>
              </h2>
              <p className="outbox__meta">
                <time dateTime={m.createdAt}>
                  <bdi dir="ltr">{formatDateTime(m.createdAt)}</bdi>
                </time>{' '}
                · {t.status[m.status as keyof typeof t.status] ?? m.status}
              </p>
              <div className="outbox__text">{m.text}</div>
              {m.kind === 'call' && m.status === 'ringing' && (
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={async () => {
                    await answerCall(m.id, key, '1');
                    await load();
                  }}
                >
                  {t.answer}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
