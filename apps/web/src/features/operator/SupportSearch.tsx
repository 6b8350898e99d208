/**
 * Support's search: find an account by e-mail, phone or ad number, see it, block it with a reason or lift the block.
 * The search is in the address (/operator/customers?q=…), so Back from an account's page finds the same results.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { blockCustomer, type CustomerSummary, searchCustomers, unblockCustomer } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { Link, useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { CustomerActivity } from './CustomerActivity.tsx';
import { ErrorNote, useSubmit } from './parts.tsx';
import { sectionPath } from './sections.ts';

const t = heOperator;

export function SupportSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [q, setQ] = useState(() => params.get('q') ?? '');
  const [found, setFound] = useState<CustomerSummary[] | null>(null);
  const search = async (query: string) => {
    const res = await searchCustomers(query);
    if (!(res.ok && res.data?.customers)) return res.data?.message ?? t.failed;
    setFound(res.data.customers);
    return undefined;
  };
  const form = useSubmit(() => {
    navigate({ search: `?q=${encodeURIComponent(q.trim())}` }, { replace: true });
    return search(q);
  });
  const { setError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's search once, when the screen opens
  useEffect(() => {
    if (q.trim()) void search(q).then(setError);
  }, []);
  const replace = (c: CustomerSummary) => setFound((list) => list?.map((x) => (x.id === c.id ? c : x)) ?? null);
  return (
    <section className="operator__section" aria-labelledby="support-title">
      <h2 id="support-title">{t.supportTitle}</h2>
      <form className="operator__search" noValidate onSubmit={form.submit}>
        <TextField name="q" label={t.supportQuery} autoComplete="off" value={q} onChange={setQ} error={form.error} />
        <SendButton sending={form.busy} label={t.supportSearch} sendingLabel={t.supportSearching} />
      </form>
      <div aria-live="polite">
        {found?.length === 0 && <p>{t.supportNone}</p>}
        {found && found.length > 0 && (
          <ul className="operator__customers" data-testid="customers">
            {found.map((c) => (
              <CustomerCard key={c.id} customer={c} onChanged={replace} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** An account: its state, ads and phones, its activity on demand, the block; `page` on its own page (no link to it). */
export function CustomerCard(props: {
  customer: CustomerSummary;
  onChanged: (c: CustomerSummary) => void;
  page?: boolean;
}) {
  const { customer: c } = props;
  const name = `${c.firstName} ${c.lastName}`.trim() || c.email;
  const [blocking, setBlocking] = useState(false);
  const [showActivity, setShowActivity] = useState(props.page === true);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const titleId = useId();
  const done = (res: Awaited<ReturnType<typeof unblockCustomer>>) => {
    setBusy(false);
    if (res.ok && res.data?.customer) {
      props.onChanged(res.data.customer);
      setBlocking(false);
      setReason('');
      setError(undefined);
    } else setError(res.data?.message ?? t.failed);
  };
  const block = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const res = await blockCustomer(c.id, reason);
    if (!res.ok && res.data?.errors?.[0]) {
      setBusy(false);
      return setError(res.data.errors[0].msg);
    }
    done(res);
  };
  return (
    <li className="operator__customer" aria-labelledby={titleId} data-testid={`customer-${c.id}`}>
      <h3 id={titleId} className="operator__customer-name">
        {props.page ? name : <Link to={sectionPath('customers', c.id)}>{name}</Link>} <bdi dir="ltr">{c.email}</bdi>
      </h3>
      <p className={c.blockedAt ? 'operator__blocked' : undefined}>
        {c.blockedAt ? t.customerBlocked(c.blockedReason ?? '') : t.customerActive}
      </p>
      <p>
        {t.customerAds(c.ads)} · {t.customerSince} {formatDateTime(c.createdAt)}
      </p>
      <p>
        {c.phones.length ? (
          <>
            {t.customerPhones}: <bdi dir="ltr">{c.phones.join(', ')}</bdi>
          </>
        ) : (
          t.customerNoPhones
        )}
      </p>
      <button
        type="button"
        className="btn btn--link"
        aria-expanded={showActivity}
        onClick={() => setShowActivity((v) => !v)}
      >
        {showActivity ? t.activity.hide : t.activity.show}
      </button>
      {showActivity && <CustomerActivity customerId={c.id} />}
      <ErrorNote text={error} />
      {c.blockedAt ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => {
            setBusy(true);
            void unblockCustomer(c.id).then(done);
          }}
        >
          {busy ? t.unblocking : t.unblock}
        </button>
      ) : blocking ? (
        <form noValidate onSubmit={block} className="operator__block">
          <TextField
            name="reason"
            label={t.blockReason}
            autoComplete="off"
            maxLength={500}
            value={reason}
            onChange={setReason}
            required
            autoFocus
          />
          <div className="operator__actions">
            <SendButton sending={busy} label={t.blockConfirm} sendingLabel={t.blocking} />
            <button type="button" className="btn btn--secondary" onClick={() => setBlocking(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn--secondary" onClick={() => setBlocking(true)}>
          {t.block}
        </button>
      )}
    </li>
  );
}
