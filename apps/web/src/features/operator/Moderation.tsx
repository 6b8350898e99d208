/**
 * The moderation queue (moderator, admin): the ads that wait for review, oldest first, a page at a time; the chosen
 * one's case beside the list. By keyboard: J and K move through the list, X selects for a bulk decision, A
 * approves, R opens the refusal's reason. A decided ad leaves the list and the next one opens.
 *
 * The address names the open case (/operator/moderation/<case>): a link opens it, one decided already or beyond the
 * loaded pages too, and the address follows the case shown (in place, so Back leaves the queue rather than walking
 * through its cases).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { decideMany, fetchQueue, type QueueItem, type RejectTemplateItem } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { ErrorNote } from './parts.tsx';
import { RejectForm, rejectErrors } from './RejectForm.tsx';
import { ReviewPanel, reasonText } from './ReviewPanel.tsx';

const t = heOperator.moderation;

/** A key pressed in a field types; only elsewhere is it a shortcut. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));

export function Moderation(props: {
  /** The case the address names, or null. */
  caseId: number | null;
  /** The case shown now (null: none), for the address. */
  onCase: (caseId: number | null) => void;
}) {
  const { caseId, onCase } = props;
  const [items, setItems] = useState<QueueItem[] | null>(null);
  /** A case the address named that is not in the list (decided, or further on): shown until the list is used. */
  const [linked, setLinked] = useState<number | null>(null);
  const [templates, setTemplates] = useState<RejectTemplateItem[]>([]);
  const [total, setTotal] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const [bulkRejecting, setBulkRejecting] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [error, setError] = useState<string>();
  const list = useRef<HTMLOListElement>(null);

  const load = useCallback(async (after?: string) => {
    const res = await fetchQueue(after);
    if (!(res.ok && res.data?.items)) return setError(heOperator.failed);
    const page = res.data;
    setTemplates(page.templates);
    setTotal(page.total);
    setNext(page.next);
    setItems((before) => (after && before ? [...before, ...page.items] : page.items));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const focusItem = (index: number) =>
    list.current?.querySelectorAll<HTMLButtonElement>('.moderation__open')[index]?.focus();

  const move = (to: number) => {
    if (!items?.length) return;
    const index = Math.max(0, Math.min(items.length - 1, to));
    setCurrent(index);
    setLinked(null);
    setRejecting(false);
    focusItem(index);
  };

  /** Cases closed (here or by someone else): out of the list; the one now in their place opens, and takes focus. */
  const focusAfter = useRef(false);
  const closed = (reviewIds: number[], message: string) => {
    setAnnounce(message);
    setRejecting(false);
    setBulkRejecting(false);
    setLinked((id) => (id !== null && reviewIds.includes(id) ? null : id));
    setSelected((s) => new Set([...s].filter((id) => !reviewIds.includes(id))));
    setTotal((n) => Math.max(0, n - reviewIds.length));
    setItems((before) => before?.filter((i) => !reviewIds.includes(i.review.id)) ?? []);
    focusAfter.current = true;
  };

  const toggle = (id: number) =>
    setSelected((s) => {
      const copy = new Set(s);
      if (!copy.delete(id)) copy.add(id);
      return copy;
    });

  // The current case's place, within the list as it is now (a decided last case leaves its neighbour current).
  const at = items ? Math.max(0, Math.min(current, items.length - 1)) : 0;
  const item = items?.[at];
  const shown = linked ?? item?.review.id ?? null;

  // The address and the case shown: a new address (the first load, a link, Back) opens its case; a move in the
  // list (J, K, a click, a decision) puts the case shown in the address.
  const addressSeen = useRef<number | null | undefined>(undefined);
  const shownSeen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!items) return;
    if (caseId !== addressSeen.current) {
      addressSeen.current = caseId;
      if (caseId !== null && caseId !== shown) {
        const index = items.findIndex((i) => i.review.id === caseId);
        if (index >= 0) setCurrent(index);
        setLinked(index >= 0 ? null : caseId);
        return;
      }
      if (caseId !== null) shownSeen.current = shown;
    }
    if (shown === shownSeen.current) return;
    shownSeen.current = shown;
    if (shown !== caseId) onCase(shown);
  }, [items, caseId, shown, onCase]);
  useEffect(() => {
    if (!focusAfter.current || !items) return;
    focusAfter.current = false;
    if (at !== current) setCurrent(at);
    focusItem(at);
  });
  const approveButton = useRef<() => void>(() => {});
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target) || shown === null) return;
      const key = event.key.toLowerCase();
      // From a linked case, J and K go back to the list where it was.
      if (key === 'j') move(linked === null ? at + 1 : at);
      else if (key === 'k') move(linked === null ? at - 1 : at);
      else if (key === 'x' && linked === null && item) toggle(item.review.id);
      else if (key === 'a' && !rejecting) approveButton.current();
      else if (key === 'r') setRejecting(true);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const approveSelected = async () => {
    const ids = [...selected];
    const res = await decideMany({ action: 'approve', reviewIds: ids });
    if (!(res.ok && res.data?.results)) return setError(res.data?.message ?? heOperator.failed);
    const ok = res.data.results.filter((r) => r.ok).length;
    closed(ids, t.bulkDone(ok, ids.length - ok));
  };

  const panel = shown !== null && (
    <ReviewPanel
      key={shown}
      reviewId={shown}
      templates={templates}
      rejecting={rejecting}
      setRejecting={setRejecting}
      onDecided={(id, message) => closed([id], message)}
      registerApprove={(run) => {
        approveButton.current = run;
      }}
    />
  );

  return (
    <section className="operator__section moderation" aria-labelledby="moderation-title" data-testid="moderation">
      <h2 id="moderation-title">{t.title}</h2>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="moderation-announce">
        {announce}
      </p>
      <ErrorNote text={error} />
      {items === null && !error && <p role="status">{t.loading}</p>}
      {items?.length === 0 && <p data-testid="queue-empty">{t.empty}</p>}
      {items?.length === 0 && panel}
      {items && items.length > 0 && (
        <div className="moderation__layout">
          <div className="moderation__queue">
            <h3 className="moderation__queue-title">
              {t.queueTitle} <span className="moderation__total">({t.total(total)})</span>
            </h3>
            {selected.size > 0 && (
              <div className="moderation__bulk" data-testid="bulk-bar">
                <p>{t.selected(selected.size)}</p>
                {bulkRejecting ? (
                  <RejectForm
                    templates={templates}
                    confirmLabel={t.rejectManyConfirm(selected.size)}
                    onCancel={() => setBulkRejecting(false)}
                    send={async (reason) => {
                      const ids = [...selected];
                      const res = await decideMany({ action: 'reject', reviewIds: ids, ...reason });
                      if (!(res.ok && res.data?.results)) return rejectErrors(res);
                      const ok = res.data.results.filter((r) => r.ok).length;
                      closed(ids, t.bulkDone(ok, ids.length - ok));
                      return undefined;
                    }}
                  />
                ) : (
                  <div className="operator__actions">
                    <button type="button" className="btn btn--primary" onClick={() => void approveSelected()}>
                      {t.approveSelected}
                    </button>
                    <button type="button" className="btn btn--secondary" onClick={() => setBulkRejecting(true)}>
                      {t.rejectSelected}
                    </button>
                  </div>
                )}
              </div>
            )}
            <ol className="moderation__list" ref={list} data-testid="queue">
              {items.map((i, index) => (
                <li
                  key={i.review.id}
                  className={
                    index === at && linked === null ? 'moderation__item moderation__item--current' : 'moderation__item'
                  }
                  data-review={i.review.id}
                  data-ad={i.review.adId}
                >
                  <input
                    type="checkbox"
                    className="moderation__check"
                    checked={selected.has(i.review.id)}
                    onChange={() => toggle(i.review.id)}
                    aria-label={t.select(i.title)}
                  />
                  <button
                    type="button"
                    className="moderation__open"
                    aria-current={(index === at && linked === null) || undefined}
                    onClick={() => {
                      setCurrent(index);
                      setLinked(null);
                      setRejecting(false);
                    }}
                  >
                    {i.thumbnailUrl ? (
                      <img src={i.thumbnailUrl} alt="" className="moderation__thumb" loading="lazy" />
                    ) : (
                      <span className="moderation__thumb moderation__thumb--none" aria-hidden="true" />
                    )}
                    <span className="moderation__item-text">
                      <span className="moderation__item-title">{i.title}</span>
                      <span className="moderation__item-meta">
                        <bdi>{i.review.adId}</bdi> · {formatDateTime(i.review.queuedAt)}
                      </span>
                      <span className="moderation__item-meta">{i.review.reasons.map(reasonText).join(' · ')}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            {next && (
              <button type="button" className="btn btn--secondary" onClick={() => void load(next)}>
                {t.more}
              </button>
            )}
            <details className="moderation__keys">
              <summary>{t.shortcutsTitle}</summary>
              <dl>
                {t.shortcuts.map(([key, what]) => (
                  <div key={key}>
                    <dt>
                      <kbd>{key}</kbd>
                    </dt>
                    <dd>{what}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>
          {panel}
        </div>
      )}
    </section>
  );
}
