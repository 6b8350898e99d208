/**
 * URL rules of the publish route (publish-wizard.md §2 "Routes"). The route state lives in the query:
 * cat, subcat, step, SalesCatID, SalesSubCatID, SalesSubCat3ID, CatID, SubCatID, OrderID, OrderIDs, petType,
 * isSuspected, istrader, source. Pure functions over URLSearchParams (inputs are never mutated).
 */
import type { PublishParams } from '@app/catalog/chooser';
import { readStep } from '@app/contract/publishPaths';

/** Shared with the server, which names a wizard page's first GETs in its HTML (@app/contract/publishPaths). */
export { readStep, savedAdOf, selectorsOf } from '@app/contract/publishPaths';

/** SalesCatID kept when going below step 1 (fashion keeps its picker). */
const FASHION_SALES_CAT = '18';

/**
 * The query for another step: the step is replaced, and for steps below 1 SalesSubCatID and subcat are
 * removed, and SalesCatID too unless it is 18.
 */
export function withStep(query: URLSearchParams, step: number): URLSearchParams {
  const next = new URLSearchParams(query);
  next.set('step', String(step));
  if (step < 1) {
    next.delete('SalesSubCatID');
    next.delete('subcat');
    if (next.get('SalesCatID') !== FASHION_SALES_CAT) next.delete('SalesCatID');
  }
  return next;
}

/** The query after choosing a picker entry: its parameters set and step 1. */
export function withChoice(query: URLSearchParams, params: PublishParams): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const [name, value] of Object.entries(params)) next.set(name, value);
  next.set('step', '1');
  return next;
}

/**
 * Where browser back leads from this publish query: step minus one while the step is 1 or more; from a query
 * at step 0 back to the chooser (publish.index); from the chooser to the index page.
 */
export function backTarget(query: URLSearchParams): string {
  const step = readStep(query);
  if (step >= 1) return `/publish?${withStep(query, step - 1)}`;
  return query.toString() ? '/publish' : '/';
}

/**
 * A step given in the URL at start goes to step 1 (the given step is kept in debug mode).
 * Returns the query to replace the URL with, or null when it is fine as it is.
 */
export function startQuery(query: URLSearchParams, debugMode: boolean): URLSearchParams | null {
  if (debugMode || readStep(query) <= 1) return null;
  const next = new URLSearchParams(query);
  next.set('step', '1');
  return next;
}

/**
 * The wizard's saved ad in the query (spec §2): OrderID is the ad, OrderIDs the comma list of the ads saved
 * from this wizard, whose last one is shown as the ad number. Saving the same ad again does not repeat it.
 */
export function withSavedAd(query: URLSearchParams, orderId: number): URLSearchParams {
  const next = new URLSearchParams(query);
  const id = String(orderId);
  const list = (next.get('OrderIDs') ?? '').split(',').filter((item) => /^\d+$/.test(item) && item !== id);
  next.set('OrderID', id);
  next.set('OrderIDs', [...list, id].join(','));
  return next;
}

/** A query without the saved ad: starting over makes a new ad. */
export function withoutSavedAd(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete('OrderID');
  next.delete('OrderIDs');
  return next;
}

/**
 * The spec's other names of the category in a /publish link (publish-wizard.md §2: CatID, SubCatID, as links from
 * the old site and the app carry them): the query with them as cat and subcat, or null when there is nothing to
 * rename (a cat is already there, or CatID is not a number).
 */
export function withCategoryAliases(query: URLSearchParams): URLSearchParams | null {
  const catId = query.get('CatID');
  if (query.get('cat') || !catId || !/^\d{1,4}$/.test(catId)) return null;
  const next = new URLSearchParams(query);
  next.set('cat', catId);
  const subCatId = next.get('SubCatID');
  if (!next.get('subcat') && subCatId && /^\d{1,4}$/.test(subCatId)) next.set('subcat', subCatId);
  next.delete('CatID');
  next.delete('SubCatID');
  return next;
}
