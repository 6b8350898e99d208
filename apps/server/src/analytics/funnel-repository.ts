import type { Queryable } from '../platform/db/db.ts';

export interface FunnelStepRow {
  cat: number;
  subcat: number | null;
  name: 'wizard_step_shown' | 'wizard_step_passed' | 'wizard_field_error';
  step: number;
  area: string;
  runs: number;
}

export interface FunnelCountRow {
  cat: number;
  subcat: number | null;
  count: number;
}

export interface FunnelStartedRow extends FunnelCountRow {
  /** Of the runs counted, those that came from the ad-strength box. */
  fromAdStrength: number;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Distinct wizard runs (props.fid) per category selection, step and event in [from, to). The props were checked
 * when the batch was stored (analytics/events-service.ts: cat and step are whole numbers, fid a run id).
 */
export async function funnelStepRows(db: Queryable, from: Date, to: Date): Promise<FunnelStepRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT (props->>'cat')::int AS cat, (props->>'subcat')::int AS subcat, name,
            (props->>'step')::int AS step, coalesce(props->>'area', '') AS area,
            count(DISTINCT props->>'fid') AS runs
     FROM analytics_events
     WHERE name IN ('wizard_step_shown', 'wizard_step_passed', 'wizard_field_error')
       AND occurred_at >= $1 AND occurred_at < $2
     GROUP BY 1, 2, 3, 4, 5`,
    [from, to],
  );
  return rows.map((r) => ({
    cat: num(r.cat),
    subcat: numOrNull(r.subcat),
    name: r.name as FunnelStepRow['name'],
    step: num(r.step),
    area: String(r.area),
    runs: num(r.runs),
  }));
}

/** Runs that saw any step, and those of them that came from the ad-strength box, per selection, in [from, to). */
export async function funnelStartedRows(db: Queryable, from: Date, to: Date): Promise<FunnelStartedRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT (props->>'cat')::int AS cat, (props->>'subcat')::int AS subcat, count(DISTINCT props->>'fid') AS count,
            count(DISTINCT props->>'fid') FILTER (WHERE props->>'entry' = 'ad-strength') AS from_ad_strength
     FROM analytics_events
     WHERE name = 'wizard_step_shown' AND occurred_at >= $1 AND occurred_at < $2
     GROUP BY 1, 2`,
    [from, to],
  );
  return rows.map((r) => ({
    cat: num(r.cat),
    subcat: numOrNull(r.subcat),
    count: num(r.count),
    fromAdStrength: num(r.from_ad_strength),
  }));
}

/** Ads published in [from, to), per category selection (the ads themselves). */
export async function publishedRows(db: Queryable, from: Date, to: Date): Promise<FunnelCountRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT cat, subcat, count(*) AS count FROM ads
     WHERE published_at >= $1 AND published_at < $2
     GROUP BY cat, subcat`,
    [from, to],
  );
  return rows.map((r) => ({ cat: num(r.cat), subcat: numOrNull(r.subcat), count: num(r.count) }));
}
