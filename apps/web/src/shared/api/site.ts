import { getPreloaded } from './http.ts';

export type ExternalLinks = Readonly<Record<string, string>>;

/** GET /api/site-config: links that lead outside the product, and the video host's origin. */
export interface SiteConfig {
  externalLinks: ExternalLinks;
  /** The origin of the video upload iframe: the only origin whose messages the video field accepts. */
  videoOrigin?: string;
}

let siteConfig: Promise<SiteConfig> | undefined;
let loaded: SiteConfig | undefined;

/** The links once GET /api/site-config has answered (a component mounting later starts with them). */
export function loadedExternalLinks(): ExternalLinks | undefined {
  return loaded?.externalLinks;
}

/** GET /api/site-config, once per page load; a failure gives no links and no video origin (and is asked again). */
export function fetchSiteConfig(): Promise<SiteConfig> {
  siteConfig ??= getPreloaded<{ externalLinks?: Record<string, string>; videoOrigin?: unknown }>(
    '/api/site-config',
  ).then((r) => {
    if (!r.ok) siteConfig = undefined;
    const config: SiteConfig = {
      externalLinks: r.data?.externalLinks ?? {},
      videoOrigin: typeof r.data?.videoOrigin === 'string' ? r.data.videoOrigin : undefined,
    };
    if (r.ok) loaded = config;
    return config;
  });
  return siteConfig;
}

/** The links of GET /api/site-config; a failure gives no links (the UI disables those tiles). */
export function fetchExternalLinks(): Promise<ExternalLinks> {
  return fetchSiteConfig().then((c) => c.externalLinks);
}
