/** The audit log's screen (/operator/audit, admin). */
import { useEffect, useId, useState } from 'react';
import { type AuditEntry, fetchAudit } from '../../shared/api/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { AuditTable } from './AuditTable.tsx';
import { ErrorNote, useSubmit } from './parts.tsx';

const t = heOperator;

const TARGET_TYPES = ['customer', 'ad', 'payment', 'staff', 'contact-us'] as const;

/** The admin's audit log: newest first, 50 a page, searched by what an entry is about (a customer, an ad, …). */
export function AuditLog() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [filter, setFilter] = useState({ targetType: '', targetId: '' });
  const [more, setMore] = useState(false);
  const ids = { type: useId(), id: useId() };
  const load = async (before?: number) => {
    const res = await fetchAudit({ ...filter, ...(before ? { before } : {}) });
    if (!(res.ok && res.data?.entries)) return res.data?.message ?? t.failed;
    const page = res.data.entries;
    setEntries((shown) => (before && shown ? [...shown, ...page] : page));
    setMore(page.length === 50);
    return undefined;
  };
  const form = useSubmit(() => load());
  const { setError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page once; later ones by the form
  useEffect(() => {
    void load().then(setError);
  }, []);
  return (
    <section className="operator__section" aria-labelledby="audit-title">
      <h2 id="audit-title">{t.auditTitle}</h2>
      <form className="finance__filters" noValidate onSubmit={form.submit} aria-label={t.auditSearch}>
        <div className="text-field">
          <label htmlFor={ids.type} className="text-field__label">
            {t.auditTargetType}
          </label>
          <select
            id={ids.type}
            className="text-field__input"
            value={filter.targetType}
            onChange={(e) => setFilter((f) => ({ ...f, targetType: e.target.value }))}
          >
            <option value="">{t.auditAnyTarget}</option>
            {TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t.targets[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="text-field">
          <label htmlFor={ids.id} className="text-field__label">
            {t.auditTargetId}
          </label>
          <input
            id={ids.id}
            className="text-field__input"
            dir="ltr"
            value={filter.targetId}
            onChange={(e) => setFilter((f) => ({ ...f, targetId: e.target.value.trim().slice(0, 40) }))}
          />
        </div>
        <SendButton sending={form.busy} label={t.auditFind} sendingLabel={t.moderation.loading} />
      </form>
      <ErrorNote text={form.error} />
      {entries?.length === 0 && <p>{filter.targetType || filter.targetId ? t.auditNone : t.auditEmpty}</p>}
      {entries && entries.length > 0 && <AuditTable entries={entries} testId="audit-log" label={t.auditTitle} />}
      {more && entries && (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void load(entries[entries.length - 1]?.id).then(setError)}
        >
          {t.auditMore}
        </button>
      )}
    </section>
  );
}
