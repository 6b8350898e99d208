/**
 * Dependent option lists: a field's dataUrl names a list (/api/publish/options/<listId>); the request carries
 * the values of the field's parents (`dependence`) as query parameters named after the parent ids.
 */

import type { ValueReader } from './conditions.ts';
import type { FieldDef } from './model.ts';
import { chosenItems, isChosen } from './values.ts';

export const OPTIONS_URL_PREFIX = '/api/publish/options/';

/** The dataUrl of a list id. */
export function optionsUrl(listId: string): string {
  return `${OPTIONS_URL_PREFIX}${listId}`;
}

/** The list id of a dataUrl, or undefined when it is not an options URL. */
export function listIdOf(dataUrl: string | undefined): string | undefined {
  if (!dataUrl?.startsWith(OPTIONS_URL_PREFIX)) return undefined;
  const id = dataUrl.slice(OPTIONS_URL_PREFIX.length);
  return /^[a-z0-9][a-z0-9-]*$/.test(id) ? id : undefined;
}

export interface OptionsRequest {
  listId: string;
  /** Parent id -> its value (lists joined by commas). */
  params: Record<string, string>;
}

/**
 * The list request of a field, or undefined when it has no list or a parent has no value yet (the field is
 * disabled then, and nothing is fetched).
 */
export function optionsRequest(field: FieldDef, read: ValueReader): OptionsRequest | undefined {
  const listId = listIdOf(field.dataUrl);
  if (!listId) return undefined;
  const params: Record<string, string> = {};
  for (const parent of field.dependence ?? []) {
    const value = read(parent);
    if (!isChosen(value)) return undefined;
    params[parent] = chosenItems(value).join(',');
  }
  return { listId, params };
}

/** The URL of a request, parameters in name order (stable for caching). */
export function optionsRequestUrl(request: OptionsRequest): string {
  const query = Object.keys(request.params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(request.params[name] ?? '')}`)
    .join('&');
  return query ? `${optionsUrl(request.listId)}?${query}` : optionsUrl(request.listId);
}
