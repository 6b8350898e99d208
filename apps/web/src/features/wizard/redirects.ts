import { useMemo } from 'react';
import type { ExternalLinks } from '../../shared/api/index.ts';
import { useExternalLinks } from '../../shared/hooks/index.ts';
import { assignLocation } from '../../shared/routing/index.ts';
import { allowedUrl } from './fields/urls.ts';

/** Origins of the configured external links (older site, partner site): the redirect allowlist. */
export function allowlistOf(links: ExternalLinks): string[] {
  const origins = new Set<string>();
  for (const link of Object.values(links)) {
    try {
      const url = new URL(link);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // not a URL: not allowed
    }
  }
  return [...origins];
}

export function useUrlAllowlist(): string[] {
  const links = useExternalLinks();
  return useMemo(() => allowlistOf(links), [links]);
}

/**
 * Follows a server-given redirect (redirectForce, redirectForceObject.url) when it is same-origin or
 * allowlisted; returns false (and logs) when it is refused.
 */
export function followRedirect(url: string | undefined, allowlist: readonly string[]): boolean {
  const target = allowedUrl(url, allowlist);
  if (!target) {
    if (url) console.warn('redirect refused (not same origin or allowlisted):', url);
    return false;
  }
  // After a closed popup's pending history pop, which would otherwise cancel the load.
  assignLocation(target);
  return true;
}
