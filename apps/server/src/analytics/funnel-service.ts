import { CATALOGS } from '@app/catalog/categories/registry';
import { CATEGORY_TITLES } from '@app/catalog/chooser';
import { PICKERS } from '@app/catalog/pickers';
import type { FunnelCategory, FunnelResponse, FunnelStep } from '@app/contract/analytics';
import type { Queryable } from '../platform/db/db.ts';
import { funnelStartedRows, funnelStepRows, publishedRows } from './funnel-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest period one request may ask for. */
export const FUNNEL_MAX_DAYS = 366;

/** The period of a request: from..to as YYYY-MM-DD (to inclusive, UTC days); by default the last 30 days. */
export function readFunnelRange(
  query: { from?: unknown; to?: unknown },
  now: Date,
): { from: Date; to: Date } | undefined {
  const day = (v: unknown): Date | undefined | null => {
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
    const d = new Date(`${v}T00:00:00.000Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : d;
  };
  const from = day(query.from);
  const to = day(query.to);
  if (from === null || to === null) return undefined;
  const end = to ? new Date(to.getTime() + DAY_MS) : new Date(now.getTime() + 1);
  const start = from ?? new Date(end.getTime() - 30 * DAY_MS);
  if (start >= end || end.getTime() - start.getTime() > FUNNEL_MAX_DAYS * DAY_MS) return undefined;
  return { from: start, to: end };
}

/** "רכב · פרטי": the category's name and the sub-category's picker title when there is one. */
export function selectionTitle(cat: number, subcat: number | null): string {
  const category = CATEGORY_TITLES[cat] ?? `קטגוריה ${cat}`;
  if (subcat === null) return category;
  const picker = PICKERS.find((p) => p.cat === cat && p.selector === 'subcat' && !p.when);
  const entry = picker?.entries.find((e) => e.params.subcat === String(subcat));
  return entry ? `${category} · ${entry.title}` : `${category} · ${subcat}`;
}

/**
 * A step's title: from a catalogue of the category that serves the sub-category (any, when the selection has
 * none, as pets choose by petType) and has the step's area; the area name when none has it.
 */
export function stepTitle(cat: number, subcat: number | null, area: string): string {
  for (const catalog of CATALOGS) {
    if (catalog.cat !== cat) continue;
    if (subcat !== null && catalog.subcats.length > 0 && !catalog.subcats.includes(subcat)) continue;
    const step = catalog.steps.find((s) => s.area === area);
    if (step) return step.title;
  }
  return area;
}

const keyOf = (cat: number, subcat: number | null) => `${cat}:${subcat ?? ''}`;

/**
 * The funnel of a period: per category selection, the wizard runs that started (saw a step) and how many of them
 * came from the ad-strength box,
 * saw, passed and met errors on each step, and the ads published. Step titles come from the catalogue of the
 * selection; steps are in catalogue order.
 */
export async function buildFunnel(db: Queryable, range: { from: Date; to: Date }): Promise<FunnelResponse> {
  const [stepRows, started, published] = await Promise.all([
    funnelStepRows(db, range.from, range.to),
    funnelStartedRows(db, range.from, range.to),
    publishedRows(db, range.from, range.to),
  ]);
  const categories = new Map<string, FunnelCategory>();
  const category = (cat: number, subcat: number | null): FunnelCategory => {
    const key = keyOf(cat, subcat);
    let found = categories.get(key);
    if (!found) {
      found = {
        cat,
        subcat,
        title: selectionTitle(cat, subcat),
        started: 0,
        fromAdStrength: 0,
        steps: [],
        published: 0,
      };
      categories.set(key, found);
    }
    return found;
  };
  for (const row of started) {
    const c = category(row.cat, row.subcat);
    c.started = row.count;
    c.fromAdStrength = row.fromAdStrength;
  }
  for (const row of published) category(row.cat, row.subcat).published = row.count;
  for (const row of stepRows) {
    const c = category(row.cat, row.subcat);
    let step = c.steps.find((s) => s.step === row.step && s.area === row.area);
    if (!step) {
      const title = stepTitle(row.cat, row.subcat, row.area);
      step = { step: row.step, area: row.area, title, shown: 0, passed: 0, withErrors: 0 };
      c.steps.push(step);
    }
    const field: keyof FunnelStep =
      row.name === 'wizard_step_shown' ? 'shown' : row.name === 'wizard_step_passed' ? 'passed' : 'withErrors';
    step[field] = row.runs;
  }
  const list = [...categories.values()];
  for (const c of list) c.steps.sort((a, b) => a.step - b.step || a.area.localeCompare(b.area));
  list.sort((a, b) => a.cat - b.cat || (a.subcat ?? -1) - (b.subcat ?? -1));
  return { from: range.from.toISOString(), to: range.to.toISOString(), categories: list };
}
