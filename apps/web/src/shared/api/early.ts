import { type ApiResult, getJson, getPreloaded } from './http.ts';

/**
 * GETs started before the code that needs them has loaded (the wizard's fields and draft, asked for while its
 * chunks are still on the way: one round trip less before the first step shows). Each answer is taken once, by
 * the first caller asking for the same path within `FRESH_MS`; a path already asked for by its owner is not
 * started early afterwards (that would be a second, unused request).
 */
const FRESH_MS = 15_000;
const early = new Map<string, { at: number; result: Promise<ApiResult<unknown>> }>();
const claimed = new Set<string>();

/** Starts a GET of `path` now, unless one is already waiting or the page has asked for it already. */
export function startEarly(path: string): void {
  if (early.has(path) || claimed.has(path)) return;
  early.set(path, { at: Date.now(), result: getPreloaded(path) });
}

/** The early answer of `path` (taken: a later call asks the server again), or a fresh GET. */
export function getOnce<T>(path: string): Promise<ApiResult<T>> {
  const entry = early.get(path);
  early.delete(path);
  claimed.add(path);
  if (entry && Date.now() - entry.at <= FRESH_MS) return entry.result as Promise<ApiResult<T>>;
  return getJson<T>(path);
}

/** Forgets every early answer (tests; a logout). */
export function clearEarly(): void {
  early.clear();
  claimed.clear();
}
