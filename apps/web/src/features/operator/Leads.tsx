/**
 * The leads (support, admin): every lead the publishing flow collected, newest first, by kind and status, with whom
 * it was mailed to and how its mail fares; one marked handled (the server audits it); the filtered list as a CSV file.
 */
import { useState } from 'react';
import {
  fetchLeads,
  type LeadFilter,
  type LeadItem,
  type LeadsPage,
  leadsCsvHref,
  markLeadHandled,
} from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { ChoiceFilter, ErrorNote, TableWrap, useFilteredList } from './parts.tsx';

const t = heOperator.leads;
type Filter = Omit<LeadFilter, 'after'>;

export function Leads() {
  const list = useFilteredList<Filter, LeadItem, LeadsPage & { message?: string }>(fetchLeads);
  const { filter, set, shown, items, setItems, next, form } = list;
  const [notice, setNotice] = useState('');
  const replace = (lead: LeadItem) => {
    setItems((list) => list?.map((l) => (l.id === lead.id ? lead : l)) ?? null);
    setNotice(t.marked);
  };

  return (
    <section className="operator__section" aria-labelledby="leads-title" data-testid="leads">
      <h2 id="leads-title">{t.title}</h2>
      <p>{t.intro}</p>
      <form className="finance__filters" noValidate onSubmit={form.submit} aria-label={t.filters}>
        <ChoiceFilter label={t.kind} value={filter.kind} onChange={set('kind')} any={t.anyKind} choices={t.kinds} />
        <ChoiceFilter
          label={t.status}
          value={filter.status}
          onChange={set('status')}
          any={t.anyStatus}
          choices={t.statuses}
        />
        <SendButton sending={form.busy} label={t.search} sendingLabel={t.searching} />
      </form>
      <ErrorNote text={form.error} />
      <p>
        <a className="btn btn--secondary" href={leadsCsvHref(shown)} download>
          {t.csv}
        </a>
      </p>
      <h3>{t.list}</h3>
      <p role="status" className="leads__notice">
        {notice}
      </p>
      {items?.length === 0 && <p>{t.none}</p>}
      {items && items.length > 0 && (
        <TableWrap label={t.list}>
          <table className="operator__table" data-testid="leads-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.date}</th>
                <th scope="col">{t.columns.kind}</th>
                <th scope="col">{t.columns.owner}</th>
                <th scope="col">{t.columns.details}</th>
                <th scope="col">{t.columns.delivery}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.action}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((lead) => (
                <LeadRow key={lead.id} lead={lead} onHandled={replace} />
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {next && (
        <button type="button" className="btn btn--secondary" onClick={list.more}>
          {t.more}
        </button>
      )}
    </section>
  );
}

function LeadRow({ lead, onHandled }: { lead: LeadItem; onHandled: (lead: LeadItem) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const mark = async () => {
    if (busy) return;
    setBusy(true);
    const res = await markLeadHandled(lead.id);
    setBusy(false);
    if (res.ok && res.data?.lead) return onHandled(res.data.lead);
    setError(res.data?.message ?? heOperator.failed);
  };
  return (
    <tr data-lead={lead.id} data-kind={lead.kind}>
      <td>{formatDateTime(lead.createdAt)}</td>
      <td>
        {lead.kindTitle}
        {lead.adId !== null && <> · {t.ad(lead.adId)}</>}
      </td>
      <td>
        {lead.ownerName}
        {lead.ownerAddress && (
          <>
            <br />
            <bdi dir="ltr">{lead.ownerAddress}</bdi>
          </>
        )}
      </td>
      <td>
        <ul className="leads__facts">
          {lead.facts.map((f) => (
            <li key={f.label}>
              {f.label}: <bdi>{f.value}</bdi>
            </li>
          ))}
        </ul>
      </td>
      <td>{t.deliveries[lead.delivery] ?? lead.delivery}</td>
      <td>
        {t.statuses[lead.status] ?? lead.status}
        {lead.status === 'handled' && lead.handledAt && (
          <>
            <br />
            {t.handledBy(lead.handledBy ?? '—', formatDateTime(lead.handledAt))}
          </>
        )}
      </td>
      <td>
        {lead.status === 'new' && (
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void mark()}>
            {busy ? t.marking : t.markHandled}
          </button>
        )}
        <ErrorNote text={error} />
      </td>
    </tr>
  );
}
