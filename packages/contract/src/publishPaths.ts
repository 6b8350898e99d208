/**
 * The publish calls' paths as the browser builds them from a page's query, shared with the server so the HTML of a
 * page opened on a wizard step can name the same GETs (`<link rel="preload" as="fetch">`) and the browser hands
 * the early answer to the wizard's own request (same URL, same mode and credentials).
 */
import { SELECTOR_KEYS, type Selectors } from './publish.ts';

/** Query strings of the publish calls: empty values dropped, lists as repeated keys (a=1&a=2). */
export type QueryValue = string | number | readonly string[] | null | undefined;

/** Anything with URLSearchParams' `get` (the package has no DOM or Node types). */
export interface QueryReader {
  get(name: string): string | null;
}

/**
 * One name or value as URLSearchParams writes it (application/x-www-form-urlencoded): everything but ASCII letters,
 * digits and `*-._` percent-encoded, a space as '+'. The same bytes on both sides: the server names these paths in a
 * page's HTML, and the browser reuses an early answer only for the very same URL. A lone surrogate becomes U+FFFD,
 * as URLSearchParams writes it (encodeURIComponent would throw).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const formEncode = (text: string): string =>
  encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'))
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

export function toQuery(params: Readonly<Record<string, QueryValue>>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [String(value)])
      pairs.push(`${formEncode(key)}=${formEncode(item)}`);
  }
  return pairs.join('&');
}

/** A path with its query ('' adds nothing). */
export function withQuery(path: string, params: Readonly<Record<string, QueryValue>>): string {
  const query = toQuery(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The step of the query; not a number (or missing) means 0. */
export function readStep(query: QueryReader): number {
  const step = Number.parseInt(query.get('step') ?? '', 10);
  return Number.isNaN(step) ? 0 : step;
}

/** The ad the wizard saved already (OrderID, else the last of OrderIDs), if the query names a valid one. */
export function savedAdOf(query: QueryReader): number | undefined {
  const last = (query.get('OrderIDs') ?? '').split(',').filter(Boolean).at(-1);
  const id = query.get('OrderID') || last || '';
  return /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : undefined;
}

/** The category selectors of a publish query (empty ones left out). */
export function selectorsOf(query: QueryReader): Selectors {
  const selectors: Selectors = {};
  for (const key of SELECTOR_KEYS) {
    const value = query.get(key);
    if (value !== null && value !== '') selectors[key] = value;
  }
  return selectors;
}

/** GET /api/publish/fields?<selectors>[&OrderID=<the wizard's saved ad>] (empty selectors removed). */
export const fieldsPath = (selectors: Selectors, orderId?: number): string =>
  withQuery('/api/publish/fields', orderId ? { ...selectors, OrderID: String(orderId) } : selectors);

/** GET /api/publish/draft?<selectors>. */
export const draftPath = (selectors: Selectors): string => withQuery('/api/publish/draft', selectors);

/**
 * The GETs a /publish page opened on a wizard step (step 1 or more) starts before the wizard's code has run: its
 * fields and the draft. None at the sub-category picker (step 0): the choice is not made yet.
 */
export function wizardEarlyPaths(query: QueryReader): string[] {
  if (readStep(query) < 1) return [];
  const selectors = selectorsOf(query);
  return [fieldsPath(selectors, savedAdOf(query)), draftPath(selectors)];
}
