import type { OutboxEmail } from '@app/contract/auth';
import { type FormEvent, useCallback, useState } from 'react';
import { fetchOutbox } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import '../../shared/ui/pages.css';
import { type SandboxLoad, useSandboxData, useSandboxKey } from './useSandboxData.ts';

const t = he.outbox;

/**
 * /sandbox/outbox: the sandbox e-mails sent to an address, newest first (developer page). Opens only with the
 * sandbox key (useSandboxKey).
 */
export default function OutboxPage() {
  usePageTitle(he.meta.outbox);
  const { key, params, setParams } = useSandboxKey();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const read = useCallback(
    async (k: string | undefined): Promise<SandboxLoad<OutboxEmail[]>> => {
      const result = await fetchOutbox(to, k);
      return result.kind === 'ok' ? { kind: 'ok', value: result.emails } : result;
    },
    [to],
  );
  const { data: emails, status, load } = useSandboxData(key, read, to !== '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = draft.trim();
    if (address === to) void load();
    else setParams(address ? { to: address } : {}, { replace: true });
  };

  return (
    <section className="outbox">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.intro}</p>
      <form className="outbox__form card" onSubmit={onSubmit}>
        <TextField name="to" label={t.to} kind="email" value={draft} onChange={setDraft} />
        <button type="submit" className="btn btn--primary">
          {to && draft.trim() === to ? t.refresh : t.show}
        </button>
      </form>
      <div aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'failed' && <p className="outbox__error">{t.failed}</p>}
        {status === 'keyNeeded' && <p className="outbox__error">{t.keyNeeded}</p>}
        {status === 'loading' && <p className="outbox__status">{he.common.loading}</p>}
        {emails && emails.length === 0 && <p className="outbox__status">{t.empty}</p>}
      </div>
      {emails && emails.length > 0 && (
        <ol className="outbox__list" aria-label={t.listLabel}>
          {emails.map((email) => (
            <li key={email.id} className="outbox__email card" data-testid="outbox-email">
              <h2 className="outbox__subject">{email.subject}</h2>
              <p className="outbox__meta">
                {t.sentAt}
                <time dateTime={email.createdAt}>
                  <bdi dir="ltr">{formatDateTime(email.createdAt)}</bdi>
                </time>{' '}
                · <bdi dir="ltr">{email.to}</bdi>
              </p>
              <div className="outbox__text">{email.text}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
