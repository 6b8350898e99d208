/**
 * Server-given URLs of link and iframe fields (and redirects) are followed only to our own origin or to
 * an allowlisted origin, over http(s): a server-given URL never takes the user to an unknown site.
 */
export function allowedUrl(
  value: string | undefined,
  allowlist: readonly string[],
  origin: string = window.location.origin,
): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if ([...trimmed].some((c) => c.charCodeAt(0) < 32 || c === '\\')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  return allowlist.includes(url.origin) ? url.href : undefined;
}
