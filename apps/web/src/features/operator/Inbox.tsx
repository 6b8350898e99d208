/** The contact-us inbox (support, admin): messages by status; a reply mailed to the sender, or closing one. */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { answerInbox, fetchInbox, type InboxMessage } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { ErrorNote } from './parts.tsx';

const t = heOperator.inbox;
const STATUSES = ['new', 'replied', 'closed'] as const;

export function Inbox() {
  const [status, setStatus] = useState<InboxMessage['status']>('new');
  const [messages, setMessages] = useState<InboxMessage[] | null>(null);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [error, setError] = useState<string>();
  const load = useCallback(async (which: InboxMessage['status']) => {
    const res = await fetchInbox(which);
    if (!(res.ok && res.data?.messages)) return setError(heOperator.failed);
    setError(undefined);
    setMessages(res.data.messages);
    setCounts(res.data.counts ?? {});
  }, []);
  useEffect(() => {
    void load(status);
  }, [load, status]);
  return (
    <section className="operator__section" aria-labelledby="inbox-title" data-testid="inbox">
      <h2 id="inbox-title">{t.title}</h2>
      <div className="operator__actions inbox__tabs">
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'btn btn--primary' : 'btn btn--secondary'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {t.tabCount(t.tabs[s] ?? s, counts[s] ?? 0)}
          </button>
        ))}
      </div>
      <ErrorNote text={error} />
      {messages?.length === 0 && <p>{t.none}</p>}
      {messages && messages.length > 0 && (
        <ul className="inbox__list">
          {messages.map((m) => (
            <InboxItem key={m.id} message={m} onAnswered={() => void load(status)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InboxItem({ message: m, onAnswered }: { message: InboxMessage; onAnswered: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState('');
  const ids = { title: useId(), reply: useId() };
  const send = async (answer: { text: string } | { close: true }) => {
    if (busy) return;
    setBusy(true);
    const res = await answerInbox(m.id, answer);
    setBusy(false);
    if (res.ok) {
      setDone('close' in answer ? t.closedNote : t.sent);
      window.setTimeout(onAnswered, 1500);
      return;
    }
    setError(
      res.data?.errors?.[0]?.msg ?? (typeof res.data?.message === 'string' ? res.data.message : heOperator.failed),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send({ text });
  };
  return (
    <li className="inbox__item" aria-labelledby={ids.title} data-message={m.id}>
      <h3 id={ids.title} className="inbox__subject">
        {m.subject}
      </h3>
      <p className="inbox__meta">
        {t.from}: <bdi dir="ltr">{m.email}</bdi> · <bdi dir="ltr">{m.phone}</bdi> ·{' '}
        {m.customerId ? t.customer(m.customerId) : t.visitor} · {formatDateTime(m.createdAt)}
      </p>
      <p className="inbox__text">{m.description}</p>
      {m.status !== 'new' && (
        <>
          {m.replyText && <p className="inbox__text inbox__reply">{m.replyText}</p>}
          <p className="inbox__meta">
            {t.answeredBy(m.repliedBy ?? '—', m.repliedAt ? formatDateTime(m.repliedAt) : '')}
          </p>
        </>
      )}
      {m.status === 'new' &&
        (done ? (
          <p role="status">{done}</p>
        ) : (
          <form noValidate onSubmit={submit} className="inbox__form">
            <ErrorNote text={error} />
            <div className="text-field">
              <label htmlFor={ids.reply} className="text-field__label">
                {t.reply}
              </label>
              <textarea
                id={ids.reply}
                className="text-field__input moderation__text"
                rows={4}
                maxLength={5000}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
            <div className="operator__actions">
              <SendButton sending={busy} label={t.send} sendingLabel={t.sending} />
              <button
                type="button"
                className="btn btn--secondary"
                disabled={busy}
                onClick={() => void send({ close: true })}
              >
                {t.close}
              </button>
            </div>
          </form>
        ))}
    </li>
  );
}
