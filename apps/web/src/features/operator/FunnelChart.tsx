import type { FunnelCategory } from '@app/contract/analytics';
import { useId } from 'react';
import { heFunnel as t } from '../../shared/i18n/index.ts';

interface Row {
  label: string;
  value: number;
  kind: 'start' | 'step' | 'end';
}

const WIDTH = 440;
const LABEL = 190;
const NUMBER = 36;
const ROW = 34;
const BAR = 22;

/** The chart's rows: started, each step's passed runs in catalogue order, published. */
export function funnelRows(category: FunnelCategory): Row[] {
  return [
    { label: t.started, value: category.started, kind: 'start' },
    ...category.steps.map((s) => ({
      label: `${t.stepLabel(s.step, s.title)} · ${t.passedSuffix}`,
      value: s.passed,
      kind: 'step' as const,
    })),
    { label: t.published, value: category.published, kind: 'end' },
  ];
}

/** Long step titles are cut so the label column keeps its width (the table has them whole). */
const cut = (text: string, max = 20) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The funnel of one category as horizontal SVG bars drawn right to left (Hebrew reading order), scaled to the
 * largest row. The picture is described by its label; the numbers are in the table that follows it (FunnelTable).
 */
export function FunnelChart({ category }: { category: FunnelCategory }) {
  const titleId = useId();
  const rows = funnelRows(category);
  const max = Math.max(1, ...rows.map((r) => r.value));
  const barSpace = WIDTH - LABEL - NUMBER;
  const height = rows.length * ROW + 8;
  return (
    <svg
      className="funnel-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={titleId}
      data-testid="funnel-chart"
    >
      <title id={titleId}>{t.chartLabel(category.title, category.started, category.published)}</title>
      {rows.map((row, i) => {
        const y = 4 + i * ROW;
        const length = Math.round((row.value / max) * barSpace);
        const right = WIDTH - LABEL;
        return (
          <g key={`${row.kind}-${row.label}`}>
            <text x={WIDTH - 4} y={y + BAR / 2 + 5} className="funnel-chart__label" direction="rtl" textAnchor="start">
              {cut(row.label)}
            </text>
            <rect
              x={right - length}
              y={y}
              width={Math.max(length, row.value > 0 ? 2 : 0)}
              height={BAR}
              rx={4}
              className={`funnel-chart__bar funnel-chart__bar--${row.kind}`}
            />
            <text x={right - length - 8} y={y + BAR / 2 + 5} className="funnel-chart__value" textAnchor="end">
              {row.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const share = (value: number, of: number) => (of > 0 ? `${Math.round((value / of) * 100)}%` : '—');

/** The same numbers as a table: every step with the runs that reached it, passed it and met an error. */
export function FunnelTable({ category }: { category: FunnelCategory }) {
  const captionId = useId();
  // A narrow screen scrolls the table sideways inside its own region (reachable by keyboard), not the page.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
    <section className="funnel-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="funnel-table" data-testid="funnel-table">
        <caption id={captionId}>{t.tableCaption(category.title)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.colStep}</th>
            <th scope="col">{t.colShown}</th>
            <th scope="col">{t.colPassed}</th>
            <th scope="col">{t.colErrors}</th>
            <th scope="col">{t.colShare}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t.started}</th>
            <td>{category.started}</td>
            <td>—</td>
            <td>—</td>
            <td>{share(category.started, category.started)}</td>
          </tr>
          <tr data-testid="funnel-from-ad-strength">
            <th scope="row">{t.fromAdStrength}</th>
            <td>{category.fromAdStrength}</td>
            <td>—</td>
            <td>—</td>
            <td>{share(category.fromAdStrength, category.started)}</td>
          </tr>
          {category.steps.map((s) => (
            <tr key={`${s.step}-${s.area}`} data-step={s.step}>
              <th scope="row">{t.stepLabel(s.step, s.title)}</th>
              <td>{s.shown}</td>
              <td>{s.passed}</td>
              <td>{s.withErrors}</td>
              <td>{share(s.passed, category.started)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t.published}</th>
            <td>—</td>
            <td>{category.published}</td>
            <td>—</td>
            <td>{share(category.published, category.started)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
