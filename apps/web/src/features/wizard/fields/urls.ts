import { readGivenUrl } from '../../../shared/routing/index.ts';

/**
 * Server-given URLs of link and iframe fields (and redirects) are followed only to our own origin or to
 * an allowlisted origin, over http(s): a server-given URL never takes the user to an unknown site.
 */
export function allowedUrl(
  value: string | undefined,
  allowlist: readonly string[],
  origin: string = window.location.origin,
): string | undefined {
  const url = readGivenUrl(value, origin);
  if (!url) return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  return allowlist.includes(url.origin) ? url.href : undefined;
}
