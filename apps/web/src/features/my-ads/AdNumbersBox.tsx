/**
 * An ad's numbers on /my-ads (GET /api/my-ads/numbers for the totals, GET /api/my-ads/{id}/numbers for the days):
 * its views, phone reveals, shares, reports and board appearances since it was published and in the last 30 days,
 * and on request the last 30 days as a bar chart of the views (plain SVG) with every figure in a table beside it for
 * screen readers and for reading. /my-ads?numbers={id} (the link on the ad's own page) opens it.
 */
import type { AdDayNumbers, AdNumbers, MyAdsNumbersResponse } from '@app/contract/schemas/adNumbers';
import { useEffect, useState } from 'react';
import { getAdNumbers } from '../../shared/api/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';

const t = hePackages.myAds.numbers;
const KEYS = Object.keys(t.names) as (keyof AdNumbers)[];

export type AdTotals = MyAdsNumbersResponse['ads'][number];

const dayFormat = new Intl.DateTimeFormat('he-IL', { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
const dayText = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** The views of the days as bars, oldest on the right (the page reads right to left). */
function ViewsChart({ days, label, labelId }: { days: AdDayNumbers[]; label: string; labelId: string }) {
  const width = days.length * 10;
  const most = Math.max(1, ...days.map((d) => d.views));
  return (
    <svg className="ad-numbers__chart" viewBox={`0 0 ${width} 100`} role="img" aria-labelledby={labelId}>
      <title id={labelId}>{label}</title>
      <line x1="0" x2={width} y1="99.5" y2="99.5" className="ad-numbers__axis" />
      {days.map((d, i) => {
        const height = (d.views / most) * 96;
        return (
          <rect
            key={d.day}
            className="ad-numbers__bar"
            x={width - (i + 1) * 10 + 1.5}
            y={99 - height}
            width="7"
            height={height}
          >
            <title>{`${dayText(d.day)}: ${d.views}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

function DaysTable({ days, adId, id }: { days: AdDayNumbers[]; adId: number; id: string }) {
  return (
    <>
      {/* The name is above the scrolled table, so a phone shows it whole. */}
      <h4 id={id} className="ad-numbers__table-title">
        {t.table(adId)}
      </h4>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by the keyboard to scroll it */}
      <section className="ad-numbers__table" aria-labelledby={id} tabIndex={0}>
        <table aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              {KEYS.map((k) => (
                <th key={k} scope="col">
                  {t.names[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{dayText(d.day)}</time>
                </th>
                {KEYS.map((k) => (
                  <td key={k}>{d[k]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

type Days = { kind: 'closed' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; days: AdDayNumbers[] };

export function AdNumbersBox({
  adId,
  title,
  totals,
  openAtStart,
}: {
  adId: number;
  title: string;
  totals: AdTotals | undefined;
  openAtStart: boolean;
}) {
  const [days, setDays] = useState<Days>({ kind: openAtStart ? 'loading' : 'closed' });
  const [attempt, setAttempt] = useState(0);
  const open = days.kind !== 'closed';
  const base = `ad-numbers-${adId}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when opened and again on a retry
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void getAdNumbers(adId, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      setDays(res.ok && res.data ? { kind: 'ready', days: res.data.days } : { kind: 'failed' });
    });
    return () => controller.abort();
  }, [open, adId, attempt]);

  return (
    // Not a landmark: every card has one, and the ad's heading above names it.
    <div className="ad-numbers" data-testid="ad-numbers">
      <h3 id={`${base}-title`} className="ad-numbers__title">
        {t.title}
      </h3>
      {totals && (
        <table className="ad-numbers__totals">
          <thead>
            <tr>
              <td />
              <th scope="col">{t.lastDays}</th>
              <th scope="col">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {KEYS.map((k) => (
              <tr key={k} data-number={k}>
                <th scope="row">{t.names[k]}</th>
                <td>{totals.lastDays[k]}</td>
                <td>{totals.total[k]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        className="btn btn--secondary"
        aria-expanded={open}
        aria-controls={`${base}-days`}
        onClick={() => setDays(open ? { kind: 'closed' } : { kind: 'loading' })}
      >
        {open ? t.hide : t.show}
      </button>
      <div id={`${base}-days`} hidden={!open}>
        {days.kind === 'loading' && <p role="status">{t.loading}</p>}
        {days.kind === 'failed' && (
          <p role="alert">
            {t.failed}{' '}
            <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {hePackages.packages.retry}
            </button>
          </p>
        )}
        {days.kind === 'ready' && (
          <>
            <figure className="ad-numbers__figure">
              <ViewsChart days={days.days} label={t.chart(title)} labelId={`${base}-chart`} />
              <figcaption>{t.chart(title)}</figcaption>
              <p className="ad-numbers__note">{t.chartNote}</p>
            </figure>
            <DaysTable days={days.days} adId={adId} id={`${base}-caption`} />
          </>
        )}
        <p className="ad-numbers__note">{t.note}</p>
      </div>
    </div>
  );
}
