/**
 * Same-origin path of a URL or path given by a query parameter or the server (continue links, redirectForce),
 * or undefined when it points elsewhere (another origin, protocol-relative //host, javascript:, …).
 */
export function sameOriginPath(
  value: string | null | undefined,
  origin: string = window.location.origin,
): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if ([...trimmed].some((c) => c.charCodeAt(0) < 32 || c === '\\')) return undefined;
  try {
    const url = new URL(trimmed, origin);
    if (url.origin !== origin) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** The `continue` target after logging in on /login: a same-origin path starting with '/', else /publish. */
export function continuePath(value: string | null, origin: string = window.location.origin): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/publish';
  return sameOriginPath(value, origin) ?? '/publish';
}
