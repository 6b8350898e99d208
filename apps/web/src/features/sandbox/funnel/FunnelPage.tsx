import type { FunnelResponse } from '@app/contract/analytics';
import { type FormEvent, useCallback, useState } from 'react';
import { fetchFunnel } from '../../../shared/api/index.ts';
import { usePageTitle } from '../../../shared/hooks/index.ts';
import { he, heFunnel as t } from '../../../shared/i18n/index.ts';
import { type SandboxLoad, useSandboxData, useSandboxKey } from '../useSandboxData.ts';
import { FunnelChart, FunnelTable } from './FunnelChart.tsx';
import '../../../shared/ui/textField.css';
import './funnel.css';

/** YYYY-MM-DD (UTC) as DD/MM/YYYY. */
const dayText = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * /sandbox/funnel: the operator's funnel per category selection, as bars and as a table, for a
 * period (the last 30 days by default). Opens only with the sandbox key (the ?key= of the start-up log's link,
 * kept for the tab and removed from the address bar), like the other sandbox pages.
 */
export default function FunnelPage() {
  usePageTitle(t.title);
  const { key, params, setParams } = useSandboxKey();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState({ from, to });
  const read = useCallback(
    async (k: string | undefined): Promise<SandboxLoad<FunnelResponse>> => {
      const result = await fetchFunnel({ from, to }, k);
      return result.kind === 'ok' ? { kind: 'ok', value: result.funnel } : result;
    },
    [from, to],
  );
  const { data: funnel, status, load } = useSandboxData(key, read, true);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    if (draft.from === from && draft.to === to) void load();
    else setParams(next, { replace: true });
  };

  return (
    <section className="funnel">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.intro}</p>
      {status !== 'keyNeeded' && (
        <form className="funnel__form card" onSubmit={onSubmit}>
          <label className="funnel__field">
            <span>{t.from}</span>
            <input
              type="date"
              className="text-field__input"
              value={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </label>
          <label className="funnel__field">
            <span>{t.to}</span>
            <input
              type="date"
              className="text-field__input"
              value={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </label>
          <button type="submit" className="btn btn--primary">
            {t.show}
          </button>
        </form>
      )}
      <div aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'keyNeeded' && <p className="funnel__error">{t.keyNeeded}</p>}
        {status === 'failed' && <p className="funnel__error">{t.failed}</p>}
        {status === 'loading' && <p>{he.common.loading}</p>}
        {funnel && (
          <p className="funnel__period">
            {t.period(dayText(funnel.from), dayText(new Date(Date.parse(funnel.to) - 1).toISOString()))}
          </p>
        )}
        {funnel && funnel.categories.length === 0 && <p>{t.empty}</p>}
      </div>
      {funnel?.categories.map((category) => (
        <article
          key={`${category.cat}-${category.subcat ?? ''}`}
          className="funnel__category card"
          data-testid={`funnel-${category.cat}-${category.subcat ?? ''}`}
        >
          <h2 className="funnel__title">{category.title}</h2>
          <FunnelChart category={category} />
          <FunnelTable category={category} />
        </article>
      ))}
    </section>
  );
}
