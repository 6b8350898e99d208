/**
 * The pages the browser is sent to about an ad (after-save-area.md §2 "Routes"): the finish page, the wizard on its
 * plan step, the finish page of blocked words and the cat 3 'next ad'. Made from the ad's selection, as the wizard's
 * query had it.
 */
import { catalogFor } from '@app/catalog/categories/registry';
import { SELECTOR_KEYS } from '@app/contract/publish';
import { catalogQuery } from '../catalogue/selectors.ts';
import type { Ad } from './ads-repository.ts';

/** The ad's selection as the wizard's query had it (every selector but step, which is not one), in order. */
function selectionQuery(ad: Pick<Ad, 'cat' | 'subcat' | 'selectors'>): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of SELECTOR_KEYS) {
    const value = key === 'cat' ? String(ad.cat) : key === 'subcat' ? ad.subcat : ad.selectors[key];
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query;
}

/** /finishArea with the current query except step, plus OrderID (spec §2 Routes). */
export function finishPath(ad: Pick<Ad, 'orderId' | 'cat' | 'subcat' | 'selectors'>): string {
  const query = selectionQuery(ad);
  query.set('OrderID', String(ad.orderId));
  return `/finishArea?${query}`;
}

/**
 * The wizard on the plan step of a saved draft (a reload there shows the plan again: the server confirms the ad as
 * adData.OrderID2), with `extra` query parameters; null where the ad's catalogue has no plan step. The browser's
 * steps start with the category step (index 0) unless the catalogue's own first step is the sub-category picker.
 */
export function planPath(
  ad: Pick<Ad, 'orderId' | 'cat' | 'subcat' | 'selectors'>,
  extra: Record<string, string> = {},
): string | null {
  const { query, steps } = wizardOf(ad);
  const plan = steps.findIndex((step, index) => index > 0 && step.stepGroup === 'choosePlan');
  if (plan < 0) return null;
  query.set('step', String(browserStep(steps, plan)));
  query.set('OrderID', String(ad.orderId));
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `/publish?${query}`;
}

/** The ad's selection as the wizard's query and the catalogue's steps for it. */
function wizardOf(ad: Pick<Ad, 'cat' | 'subcat' | 'selectors'>) {
  const query = selectionQuery(ad);
  const selection = catalogQuery(Object.fromEntries(query));
  const steps = (selection && catalogFor(selection)?.steps) || [];
  return { query, steps };
}

/** The browser's index of a catalogue step: its steps start with the category step unless the catalogue's does. */
const browserStep = (steps: readonly { stepGroup?: string }[], index: number): number =>
  steps[0]?.stepGroup === 'chooseSubcat' ? index : index + 1;

/**
 * The publish wizard (before the first save) on the step of this area, or on the save step (the last before the plan
 * step, or the last) when the area is none of the catalogue's: the owner's preview links back to where a value is.
 */
export function wizardStepPath(ad: Pick<Ad, 'cat' | 'subcat' | 'selectors'>, area?: string): string {
  const { query, steps } = wizardOf(ad);
  const found = area === undefined ? -1 : steps.findIndex((step) => step.area === area);
  const plan = steps.findIndex((step, index) => index > 0 && step.stepGroup === 'choosePlan');
  const index = found >= 0 ? found : (plan >= 0 ? plan : steps.length) - 1;
  query.set('step', String(browserStep(steps, Math.max(0, index))));
  return `/publish?${query}`;
}

/** The area of the ad's catalogue step of this group (the photos' `uploadImages`), or null when it has none. */
export function wizardStepArea(ad: Pick<Ad, 'cat' | 'subcat' | 'selectors'>, stepGroup: string): string | null {
  return wizardOf(ad).steps.find((step) => step.stepGroup === stepGroup)?.area ?? null;
}

/** The finish page of blocked words (as the save chain builds it from save-ad's hasWordBlocked). */
export function blockedFinishPath(ad: Pick<Ad, 'orderId' | 'cat' | 'subcat'>): string {
  const query = new URLSearchParams({ OrderID: String(ad.orderId), cat: String(ad.cat) });
  if (ad.subcat !== null) query.set('subcat', String(ad.subcat));
  return `/finishArea?${query}`;
}

/**
 * Cat 3 'next ad' (spec §2 "Choose-order-type screen"): the publish flow again at step 1 with the OrderIDs list
 * (comma separated, this ad added last when missing).
 */
export function continuePublishPath(ad: Pick<Ad, 'orderId' | 'cat' | 'subcat'>, earlier: number[]): string {
  const ids = earlier.includes(ad.orderId) ? earlier : [...earlier, ad.orderId];
  const query = new URLSearchParams({ cat: String(ad.cat) });
  if (ad.subcat !== null) query.set('subcat', String(ad.subcat));
  query.set('step', '1');
  query.set('OrderIDs', ids.join(','));
  return `/publish?${query.toString().replace(/%2C/g, ',')}`;
}
