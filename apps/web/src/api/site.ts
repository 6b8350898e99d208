import { getJson } from './http.ts';

export type ExternalLinks = Readonly<Record<string, string>>;

let siteConfig: Promise<ExternalLinks> | undefined;

/** GET /api/site-config, once per page load; a failure gives no links (the UI disables those tiles). */
export function fetchExternalLinks(): Promise<ExternalLinks> {
  siteConfig ??= getJson<{ externalLinks?: Record<string, string> }>('/api/site-config').then((r) => {
    if (!r.ok) siteConfig = undefined;
    return r.data?.externalLinks ?? {};
  });
  return siteConfig;
}
