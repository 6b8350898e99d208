import { getJson } from './http.ts';

export type ExternalLinks = Readonly<Record<string, string>>;

let siteConfig: Promise<ExternalLinks> | undefined;
let loaded: ExternalLinks | undefined;

/** The links once GET /api/site-config has answered (a component mounting later starts with them). */
export function loadedExternalLinks(): ExternalLinks | undefined {
  return loaded;
}

/** GET /api/site-config, once per page load; a failure gives no links (the UI disables those tiles). */
export function fetchExternalLinks(): Promise<ExternalLinks> {
  siteConfig ??= getJson<{ externalLinks?: Record<string, string> }>('/api/site-config').then((r) => {
    if (!r.ok) siteConfig = undefined;
    const links = r.data?.externalLinks ?? {};
    if (r.ok) loaded = links;
    return links;
  });
  return siteConfig;
}
