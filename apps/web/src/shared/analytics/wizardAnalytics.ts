/**
 * The wizard's step-by-step analytics (publish-wizard.md §1, §8): each step shown and passed, the
 * first error message per field, the plan choice and the licence-plate search, sent in batches by app/analytics.ts.
 * Only ids, numbers and our own texts travel: never a value the user typed. A run id (`fid`), random and kept per
 * tab and category selection, lets the funnel count runs, not customers (the stored rows keep the session's
 * customer id, as every analytics event does).
 */
import type { FunnelEntry } from '@app/contract/analytics';
import type { Selectors } from '@app/contract/publish';
import { draftSelectionKey } from '@app/contract/publish';
import { useEffect, useRef } from 'react';
import { track } from './analytics.ts';

/** Field errors sent per attempt (the first ones in step order). */
const ERRORS_PER_ATTEMPT = 10;

const memoryRuns = new Map<string, string>();

function newRunId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The run of this tab and selection: sessionStorage (a reload continues it), else memory. */
export function runId(selectors: Selectors): string {
  const key = `funnel:${draftSelectionKey(selectors)}`;
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored) return stored;
    const id = newRunId();
    window.sessionStorage.setItem(key, id);
    return id;
  } catch {
    const id = memoryRuns.get(key) ?? newRunId();
    memoryRuns.set(key, id);
    return id;
  }
}

/** Ends the run of a selection (its ad was saved to the plan step or published): the next ad is a new run. */
export function endRun(selectors: Selectors): void {
  const key = `funnel:${draftSelectionKey(selectors)}`;
  memoryRuns.delete(key);
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

const numberOf = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

function base(selectors: Selectors, step: number, area: string) {
  const subcat = numberOf(selectors.subcat);
  return {
    fid: runId(selectors),
    cat: numberOf(selectors.cat) ?? 0,
    ...(subcat === undefined ? {} : { subcat }),
    step,
    area,
  };
}

/** `entry`: where the visit came from (the /publish query's `source`, when the funnel counts it). */
export function trackStepShown(selectors: Selectors, step: number, area: string, entry?: FunnelEntry): void {
  track('wizard_step_shown', { ...base(selectors, step, area), ...(entry ? { entry } : {}) });
}

export function trackStepPassed(selectors: Selectors, step: number, area: string): void {
  track('wizard_step_passed', base(selectors, step, area));
}

/** The first message of each failing field (field id → its Hebrew message), at most ERRORS_PER_ATTEMPT. */
export function trackFieldErrors(
  selectors: Selectors,
  step: number,
  area: string,
  errors: readonly { field: string; message: string }[],
  source: 'client' | 'server',
): void {
  const seen = new Set<string>();
  for (const { field, message } of errors) {
    if (seen.has(field)) continue;
    seen.add(field);
    if (seen.size > ERRORS_PER_ATTEMPT) break;
    track('wizard_field_error', { ...base(selectors, step, area), field, message, source });
  }
}

export function trackPlanChosen(
  cat: number,
  subcat: number | undefined,
  track_: { adType: string; hash?: string | undefined; paid: boolean },
  orderId: number,
): void {
  track('plan_chosen', {
    cat,
    ...(subcat === undefined ? {} : { subcat }),
    adType: track_.adType,
    ...(track_.hash ? { hash: track_.hash } : {}),
    paid: track_.paid ? 1 : 0,
    orderId,
  });
}

export function trackPlateSearch(
  selectors: Selectors,
  result: 'found' | 'notFound' | 'failed' | 'moved' | 'mismatch',
): void {
  const subcat = numberOf(selectors.subcat);
  track('plate_search', { cat: numberOf(selectors.cat) ?? 0, ...(subcat === undefined ? {} : { subcat }), result });
}

/**
 * Reports each step the wizard shows (once per step and mount) until the ad is saved: the plan step after it is
 * reported by its choice (plan_chosen), and the ad's publication is counted from the ads themselves.
 */
export function useStepShownAnalytics(
  selectors: Selectors,
  current: number,
  area: string | undefined,
  active: boolean,
  entry?: FunnelEntry,
): void {
  const reported = useRef(new Set<string>());
  useEffect(() => {
    if (!active || area === undefined) return;
    const key = `${runId(selectors)}:${current}`;
    if (reported.current.has(key)) return;
    reported.current.add(key);
    trackStepShown(selectors, current, area, entry);
  }, [selectors, current, area, active, entry]);
}
