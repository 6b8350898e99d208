/**
 * The analysts' screen (roles analyst and admin): the SMS and verification calls of a day against the daily budget,
 * per prefix and per hour, with the pumping alarm; the live ads per category; the publishing funnel of a period.
 */
import type { FunnelResponse, LiveAdsResponse, PhoneSpendAlarm, PhoneSpendResponse } from '@app/contract/analytics';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { fetchFunnel, fetchLiveAds, fetchPhoneSpend } from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heFunnel, heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { FunnelChart, FunnelTable } from './FunnelChart.tsx';
import { ErrorNote, israelToday, TableWrap, useSubmit } from './parts.tsx';
import './funnel.css';

const t = heOperator.analytics;

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function Analytics() {
  return (
    <section className="operator__section" aria-labelledby="analytics-title">
      <h2 id="analytics-title">{t.title}</h2>
      <PhoneSpend />
      <LiveAds />
      <Funnel />
    </section>
  );
}

/** A date field of the console's filters. */
function DayField(props: { label: string; value: string; onChange: (day: string) => void }) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field__label">
        {props.label}
      </label>
      <input
        id={id}
        type="date"
        className="text-field__input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** A table of counts: a header cell per row (a prefix, an hour, a category), then its numbers. */
function CountTable(props: {
  testId: string;
  label: string;
  head: string[];
  rows: { key: string; label: ReactNode; counts: number[] }[];
}) {
  return (
    <TableWrap label={props.label}>
      <table className="operator__table" data-testid={props.testId}>
        <thead>
          <tr>
            {props.head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {row.counts.map((n, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by `head`
                <td key={i}>{n.toLocaleString('he-IL')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function alarmText(alarm: PhoneSpendAlarm): string {
  const critical = alarm.level === 'critical';
  return alarm.kind === 'budget'
    ? t.alarmBudget(alarm.count, alarm.limit, critical)
    : t.alarmPrefix(alarm.prefix ?? '', alarm.count, alarm.limit, critical);
}

function PhoneSpend() {
  const [day, setDay] = useState(israelToday);
  const [spend, setSpend] = useState<PhoneSpendResponse | null>(null);
  const load = async (which: string) => {
    const res = await fetchPhoneSpend(which);
    if (!(res.ok && res.data?.byHour)) return res.data?.message ?? heOperator.failed;
    setSpend(res.data);
    return undefined;
  };
  const form = useSubmit(() => load(day));
  const { setError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; later ones by the form
  useEffect(() => {
    void load('').then(setError);
  }, []);
  const hours = spend?.byHour.filter((h) => h.sms + h.calls > 0) ?? [];
  return (
    <section aria-labelledby="spend-title" data-testid="phone-spend">
      <h3 id="spend-title">{t.spendTitle}</h3>
      <form className="finance__filters" noValidate onSubmit={form.submit}>
        <DayField label={t.day} value={day} onChange={setDay} />
        <SendButton sending={form.busy} label={t.show} sendingLabel={t.loading} />
      </form>
      <ErrorNote text={form.error} />
      {!spend && !form.error && <p role="status">{t.loading}</p>}
      {spend && (
        <>
          <div className="analytics__budget">
            <label>
              <span>{t.budgetMeter}: </span>
              <meter min={0} max={Math.max(spend.budget.limit, 1)} value={spend.budget.used} />
            </label>
            <p>
              {t.budget(spend.budget.used, spend.budget.limit)}
              {spend.budget.resetsAt && <> · {t.budgetResets(formatDateTime(spend.budget.resetsAt))}</>}
            </p>
          </div>
          <h4>{t.alarms}</h4>
          {spend.alarms.length === 0 ? (
            <p>{t.noAlarm}</p>
          ) : (
            <ul className="analytics__alarms" data-testid="pumping-alarms">
              {spend.alarms.map((alarm) => (
                <li key={`${alarm.kind}-${alarm.prefix ?? ''}`} className={`analytics__alarm--${alarm.level}`}>
                  <strong>{alarm.level === 'critical' ? t.critical : t.warning}: </strong>
                  {alarmText(alarm)}
                </li>
              ))}
            </ul>
          )}
          <p>{t.totals(spend.totals.sms, spend.totals.calls, spend.totals.failed)}</p>
          {spend.byPrefix.length === 0 ? (
            <p>{t.nothingSent}</p>
          ) : (
            <>
              <h4>{t.byPrefix}</h4>
              <CountTable
                testId="spend-by-prefix"
                label={t.byPrefix}
                head={[t.prefix, t.sms, t.calls, t.currentHour(spend.prefixHourlyLimit)]}
                rows={spend.byPrefix.map((p) => ({
                  key: p.prefix,
                  label: <bdi dir="ltr">{p.prefix}</bdi>,
                  counts: [p.sms, p.calls, p.currentHour],
                }))}
              />
              <h4>{t.byHour}</h4>
              <CountTable
                testId="spend-by-hour"
                label={t.byHour}
                head={[t.hour, t.sms, t.calls]}
                rows={hours.map((h) => ({
                  key: String(h.hour),
                  label: <bdi dir="ltr">{hourText(h.hour)}</bdi>,
                  counts: [h.sms, h.calls],
                }))}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

function LiveAds() {
  const [live, setLive] = useState<LiveAdsResponse | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    void fetchLiveAds().then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.categories) setLive(res.data);
      else setError(heOperator.failed);
    });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <section aria-labelledby="live-title" data-testid="live-ads">
      <h3 id="live-title">{t.liveTitle}</h3>
      <ErrorNote text={error} />
      {!live && !error && <p role="status">{t.loading}</p>}
      {live && (
        <>
          <p>{t.liveTotal(live.total)}</p>
          {live.categories.length > 0 && (
            <CountTable
              testId="live-by-category"
              label={t.liveTitle}
              head={[t.liveCategory, t.liveCount]}
              rows={live.categories.map((c) => ({
                key: `${c.cat}-${c.subcat ?? ''}`,
                label: c.title,
                counts: [c.live],
              }))}
            />
          )}
        </>
      )}
    </section>
  );
}

/** YYYY-MM-DD (UTC) as DD/MM/YYYY. */
const dayText = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

function Funnel() {
  const [range, setRange] = useState({ from: '', to: '' });
  const [funnel, setFunnel] = useState<FunnelResponse | null>(null);
  const load = async (which: { from: string; to: string }) => {
    const res = await fetchFunnel(which);
    if (!(res.ok && Array.isArray(res.data?.categories))) return res.data?.message ?? heOperator.failed;
    setFunnel(res.data);
    return undefined;
  };
  const form = useSubmit(() => load(range));
  const { setError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; later ones by the form
  useEffect(() => {
    void load({ from: '', to: '' }).then(setError);
  }, []);
  return (
    <section aria-labelledby="funnel-title" className="funnel">
      <h3 id="funnel-title">{t.funnelTitle}</h3>
      <p>{heFunnel.intro}</p>
      <form className="finance__filters" noValidate onSubmit={form.submit}>
        <DayField label={heFunnel.from} value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
        <DayField label={heFunnel.to} value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />
        <SendButton sending={form.busy} label={heFunnel.show} sendingLabel={t.loading} />
      </form>
      <ErrorNote text={form.error} />
      {funnel && (
        <p className="funnel__period">
          {heFunnel.period(dayText(funnel.from), dayText(new Date(Date.parse(funnel.to) - 1).toISOString()))}
        </p>
      )}
      {funnel && funnel.categories.length === 0 && <p>{heFunnel.empty}</p>}
      {funnel?.categories.map((category) => (
        <article
          key={`${category.cat}-${category.subcat ?? ''}`}
          className="funnel__category card"
          data-testid={`funnel-${category.cat}-${category.subcat ?? ''}`}
        >
          <h4 className="funnel__title">{category.title}</h4>
          <FunnelChart category={category} />
          <FunnelTable category={category} />
        </article>
      ))}
    </section>
  );
}
