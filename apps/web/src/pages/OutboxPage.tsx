import type { OutboxEmail } from '@app/contract/auth';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { fetchOutbox, sandboxKey } from '../api/outbox.ts';
import { useSearchParams } from '../app/routing.tsx';
import { usePageTitle } from '../app/usePageTitle.ts';
import { formatDateTime } from '../format/dateTime.ts';
import { he } from '../i18n/he.ts';
import { TextField } from '../ui/TextField.tsx';
import './pages.css';

const t = he.outbox;

/**
 * /sandbox/outbox: the sandbox e-mails sent to an address, newest first (developer page). Opens only with the
 * sandbox key: the ?key= of the link in the server's start-up log, kept for the tab and then removed from the
 * address bar.
 */
export default function OutboxPage() {
  usePageTitle(he.meta.outbox);
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [key] = useState(() => sandboxKey(params.get('key')));
  const [draft, setDraft] = useState(to);
  const [emails, setEmails] = useState<OutboxEmail[] | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed' | 'keyNeeded'>(key ? 'idle' : 'keyNeeded');

  useEffect(() => {
    if (params.has('key')) {
      const rest = new URLSearchParams(params);
      rest.delete('key');
      setParams(rest, { replace: true });
    }
  }, [params, setParams]);

  const load = useCallback(
    async (address: string) => {
      setStatus('loading');
      const result = await fetchOutbox(address, key);
      setEmails(result.kind === 'ok' ? result.emails : null);
      setStatus(result.kind === 'ok' ? 'idle' : result.kind);
    },
    [key],
  );

  useEffect(() => {
    if (to) void load(to);
  }, [to, load]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = draft.trim();
    if (address === to) void load(address);
    else setParams(address ? { to: address } : {}, { replace: true });
  };

  return (
    <section className="outbox">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.intro}</p>
      <form className="outbox__form card" onSubmit={onSubmit}>
        <TextField
          name="to"
          label={t.to}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={draft}
          onChange={setDraft}
        />
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
