/**
 * The ad events other systems receive (admin only): the subscribers with how their delivery fares (running or paused
 * and why, what waits, the last success and the last error), a new one (its signing secret shown here once, never
 * again), pause, resume and delete (confirmed first). The server audits every change.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  type AdEventTypeName,
  addWebhook,
  changeWebhook,
  fetchWebhooks,
  type WebhookItem,
} from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { ConfirmPopup, SendButton } from '../../shared/popups/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { ErrorNote, TableWrap, useSubmit } from './parts.tsx';

const t = heOperator.webhooks;
const EVENTS = Object.keys(t.eventNames) as AdEventTypeName[];

export function Webhooks() {
  const [items, setItems] = useState<WebhookItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState('');
  const load = useCallback(async () => {
    const res = await fetchWebhooks();
    if (res.ok && res.data?.items) setItems(res.data.items);
    else setLoadFailed(true);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = (text: string) => {
    setNotice(text);
    void load();
  };
  return (
    <section className="operator__section" aria-labelledby="webhooks-title" data-testid="webhooks">
      <h2 id="webhooks-title">{t.title}</h2>
      <p className="operator__intro">{t.intro}</p>
      <AddForm onAdded={() => changed(t.added)} />
      <h3>{t.list}</h3>
      <p role="status" className="leads__notice">
        {notice}
      </p>
      {loadFailed && <ErrorNote text={heOperator.failed} />}
      {items?.length === 0 && <p>{t.none}</p>}
      {items && items.length > 0 && (
        <TableWrap label={t.list}>
          <table className="operator__table" data-testid="webhooks-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.url}</th>
                <th scope="col">{t.columns.events}</th>
                <th scope="col">{t.columns.state}</th>
                <th scope="col">{t.columns.delivery}</th>
                <th scope="col">{t.columns.action}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <SubscriberRow key={item.id} item={item} onChanged={changed} />
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

function AddForm({ onAdded }: { onAdded: () => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<AdEventTypeName[]>(EVENTS);
  const [secret, setSecret] = useState<string>();
  const form = useSubmit(async () => {
    setSecret(undefined);
    const res = await addWebhook({ url, events });
    if (res.ok && res.data?.secret) {
      setSecret(res.data.secret);
      setUrl('');
      onAdded();
      return undefined;
    }
    return res.data?.message ?? heOperator.failed;
  });
  const toggle = (event: AdEventTypeName, on: boolean) =>
    setEvents((list) => (on ? EVENTS.filter((e) => e === event || list.includes(e)) : list.filter((e) => e !== event)));
  return (
    <form className="operator__invite" noValidate onSubmit={form.submit} aria-labelledby="webhook-add-title">
      <h3 id="webhook-add-title">{t.addTitle}</h3>
      <TextField
        name="url"
        label={t.url}
        value={url}
        onChange={setUrl}
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        maxLength={2000}
        required
      />
      <fieldset className="moderation__cats">
        <legend>{t.events}</legend>
        {EVENTS.map((event) => (
          <label key={event} className="moderation__rule">
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            {t.eventNames[event]}
          </label>
        ))}
      </fieldset>
      <ErrorNote text={form.error} />
      <SendButton sending={form.busy} label={t.add} sendingLabel={t.adding} />
      <div aria-live="polite">
        {secret && (
          <div className="webhooks__secret" data-testid="webhook-secret">
            <h4>{t.secretTitle}</h4>
            <p>{t.secretOnce}</p>
            <p>
              <bdi dir="ltr" className="webhooks__secret-value">
                {secret}
              </bdi>
            </p>
            <button type="button" className="btn btn--secondary" onClick={() => setSecret(undefined)}>
              {t.secretDone}
            </button>
          </div>
        )}
      </div>
    </form>
  );
}

function SubscriberRow({ item, onChanged }: { item: WebhookItem; onChanged: (notice: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const act = async (action: 'pause' | 'resume' | 'delete') => {
    if (busy) return;
    setBusy(true);
    const res = await changeWebhook(item.id, action);
    setBusy(false);
    setConfirming(false);
    if (!res.ok) return setError(res.data?.message ?? heOperator.failed);
    onChanged(action === 'pause' ? t.pausedNotice : action === 'resume' ? t.resumedNotice : t.removedNotice);
  };
  const paused = item.state === 'paused';
  return (
    <tr data-webhook={item.id} data-state={item.state}>
      <td>
        <bdi dir="ltr">{item.url}</bdi>
        <br />
        {t.secretEnds(item.secretHint)}
      </td>
      <td className="operator__detail">{item.events.map((e) => t.eventNames[e] ?? e).join(', ')}</td>
      <td className="operator__detail">
        <strong>{paused ? t.paused : t.running}</strong>
        {paused && item.pausedReason && (
          <>
            <br />
            {item.pausedReason}
          </>
        )}
      </td>
      <td className="operator__detail">
        {t.pending(item.pending)}
        <br />
        {item.lastSuccessAt ? t.lastSuccess(formatDateTime(item.lastSuccessAt)) : t.neverDelivered}
        {item.lastError && item.lastAttemptAt && (
          <>
            <br />
            {t.lastError(formatDateTime(item.lastAttemptAt), item.lastError)}
          </>
        )}
        {item.consecutiveFailures > 1 && (
          <>
            <br />
            {t.failures(item.consecutiveFailures)}
          </>
        )}
      </td>
      <td>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => void act(paused ? 'resume' : 'pause')}
        >
          {busy ? t.working : paused ? t.resume : t.pause}
        </button>{' '}
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {t.remove}
        </button>
        <ErrorNote text={error} />
        {confirming && (
          <ConfirmPopup
            header={t.removeTitle}
            text={t.removeText(item.url)}
            busy={busy}
            onClose={() => setConfirming(false)}
            confirm={{ text: t.removeConfirm, onClick: () => void act('delete') }}
            cancel={{ text: t.removeCancel, onClick: () => setConfirming(false), focused: true }}
          />
        )}
      </td>
    </tr>
  );
}
