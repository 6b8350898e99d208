/**
 * A URL or path given by a query parameter or the server, read against `origin`; undefined when it is empty, holds a
 * control character or a backslash (which browsers read as a slash), or is no URL at all.
 */
export function readGivenUrl(value: string | null | undefined, origin: string): URL | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if ([...trimmed].some((c) => c.charCodeAt(0) < 32 || c === '\\')) return undefined;
  try {
    return new URL(trimmed, origin);
  } catch {
    return undefined;
  }
}

/**
 * Same-origin path of a URL or path given by a query parameter or the server (continue links, redirectForce),
 * or undefined when it points elsewhere (another origin, protocol-relative //host, javascript:, …).
 */
export function sameOriginPath(
  value: string | null | undefined,
  origin: string = window.location.origin,
): string | undefined {
  const url = readGivenUrl(value, origin);
  return url && url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/** The `continue` target after logging in on /login: a same-origin path starting with '/', else /publish. */
export function continuePath(value: string | null, origin: string = window.location.origin): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/publish';
  return sameOriginPath(value, origin) ?? '/publish';
}
