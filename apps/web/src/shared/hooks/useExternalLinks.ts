import type { ExternalLinkKey } from '@app/catalog/chooser';
import { useEffect, useState } from 'react';
import { type ExternalLinks, fetchExternalLinks, loadedExternalLinks } from '../api/index.ts';

/** The configured external URLs (GET /api/site-config); empty until loaded or when the call fails. */
export function useExternalLinks(): ExternalLinks {
  // Already loaded (the wizard asks for them with its steps): no second render when they arrive.
  const [links, setLinks] = useState<ExternalLinks>(() => loadedExternalLinks() ?? {});
  useEffect(() => {
    let alive = true;
    void fetchExternalLinks().then((l) => {
      if (alive) setLinks(l);
    });
    return () => {
      alive = false;
    };
  }, []);
  return links;
}

/** A configured link with extra query parameters appended; undefined when it is not configured or unsafe. */
export function externalUrl(
  links: ExternalLinks,
  key: ExternalLinkKey,
  params?: Readonly<Record<string, string>>,
): string | undefined {
  const base = links[key];
  if (!base) return undefined;
  try {
    const url = new URL(base, window.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    for (const [name, value] of Object.entries(params ?? {})) url.searchParams.set(name, value);
    return url.href;
  } catch {
    return undefined;
  }
}
