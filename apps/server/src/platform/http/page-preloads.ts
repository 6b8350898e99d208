import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_GATEWAY_BASE, GATEWAY_META_NAME } from '@app/contract/gateway';
import { nativeAppRequest } from '@app/contract/nativeApp';
import { pageMetaOf, SITE_NAME } from '@app/contract/pageMeta';
import { readStep, wizardEarlyPaths } from '@app/contract/publishPaths';
import { escapeHtml } from './second-origin.ts';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The code a page opened on a wizard step runs before its first step shows: the step area and the wizard. */
const WIZARD_ENTRIES = ['src/features/wizard/publish/PublishArea.tsx', 'src/features/wizard/PublishWizard.tsx'];

/**
 * The files of `entries` and of every chunk they import statically (the manifest's `imports`), minus what the
 * page has loaded already (`loaded` and what it imports: by default the page's own entry, index.html): JavaScript
 * and CSS, in load order.
 */
export function chunkFiles(
  manifest: Manifest,
  entries: readonly string[],
  loaded: readonly string[] = ['index.html'],
): { js: string[]; css: string[] } {
  const skip = new Set<string>();
  const walkSkip = (key: string) => {
    if (skip.has(key) || !manifest[key]) return;
    skip.add(key);
    for (const next of manifest[key].imports ?? []) walkSkip(next);
  };
  for (const key of loaded) walkSkip(key);
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || skip.has(key)) return;
    seen.add(key);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    for (const next of chunk.imports ?? []) walk(next);
  };
  for (const entry of entries) walk(entry);
  return { js, css };
}

/**
 * `<link>`s that start a page's lazily loaded code with the HTML instead of after the main bundle has run
 * (modulepreload for scripts, preload for their styles; crossorigin as Vite's own tags, so the browser reuses them).
 */
export function preloadTags(files: { js: string[]; css: string[] }): string {
  const js = files.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const css = files.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...js, ...css].join('\n    ');
}

/** An attribute value in double quotes. */
const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * GETs a page asks for as it starts, named in its HTML so they start with the page instead of after the main bundle
 * has loaded and run: the session on every page (shared/session/CustomerContext.tsx), the site's links where the first screen
 * shows them (shared/api/site.ts: the home page, the chooser and the wizard, the finish page). A preload the page does not
 * use is a wasted request and a console warning, so the list is per page.
 */
export function pageGets(pathname: string): string[] {
  const siteLinks = pathname === '/' || pathname === '/publish' || pathname === '/finishArea';
  return siteLinks ? ['/api/auth/customer', '/api/site-config'] : ['/api/auth/customer'];
}

/**
 * `<link rel="preload" as="fetch">` of API GETs: the browser hands each answer to the app's own request of the same
 * URL (apps/web/src/shared/api/http.ts `getPreloaded`: credentials included, no header of its own).
 */
export function fetchPreloadTags(paths: readonly string[]): string {
  return paths
    .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attr(url)}">`)
    .join('\n    ');
}

/** A /publish URL whose page opens the step area (a category in the query): the chooser alone needs nothing more. */
export function opensWizard(url: string): boolean {
  const [pathname = '', query = ''] = url.split('?');
  return pathname === '/publish' && Boolean(new URLSearchParams(query).get('cat'));
}

/** The pages without the top bar (apps/web/src/app/router.tsx: outside ShellLayout; the operator console has its own). */
const NO_TOP_BAR = /^\/(login|finishPayment|finishPaymentArea|print|operator)(\/|$)/;

/** index.html's static top bar (between these markers; apps/web/index.html). */
const SHELL = /<!--shell-->[\s\S]*?<!--\/shell-->/;

/** Whether the page of this request shows the top bar: not on the pages without it, not in the native app. */
export function showsTopBar(url: string, userAgent: string, cookieHeader = ''): boolean {
  const [pathname = '', query = ''] = url.split('?');
  return (
    !NO_TOP_BAR.test(pathname) && !nativeAppRequest(userAgent, new URLSearchParams(query).get('webview'), cookieHeader)
  );
}

/**
 * The page's own title and meta description (@app/contract/pageMeta) in place of index.html's, with the Open Graph
 * pair link previews read: search engines and chat apps read the HTML, not what the app sets later.
 */
function withMeta(page: string, url: string): string {
  const meta = pageMetaOf(url.split('?')[0] ?? '/');
  const title = escapeHtml(meta.title === SITE_NAME ? SITE_NAME : `${meta.title} | ${SITE_NAME}`);
  const description = escapeHtml(meta.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    '<meta property="og:locale" content="he_IL" />',
  ].join('\n    ');
  return page.replace(/\s*<meta name="description"[^>]*>/, '').replace(/<title>[^<]*<\/title>/, tags);
}

/**
 * The SPA's index.html for a page request: the static top bar kept only where the page shows one (showsTopBar), and
 * what the page will ask for first named in its head: its first GETs (pageGets); on a /publish page opened with a
 * category (a reload on a step, a link, a return from login) also the step area's and the wizard's chunks (and the
 * photo field's on the photos step or past it: `mediaStepOf`, the catalogue's answer) and, from step 1, the
 * wizard's fields and draft (@app/contract/publishPaths: the same paths the wizard builds). Index.html
 * and the manifest are read once (the build does not change under a running server); without a manifest (a
 * development build) the wizard's chunks are not named. Null when there is no built index.html.
 */
export function pageHtmlMaker(
  distDir: string,
  mediaStepOf: (query: URLSearchParams) => number | undefined = () => undefined,
  /** The gateway's base in this environment (config GATEWAY_URL); named in the head when it is not our own. */
  gatewayBase: string = DEFAULT_GATEWAY_BASE,
): ((url: string, userAgent: string, cookieHeader?: string) => string) | null {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const html = fs.readFileSync(indexPath, 'utf8');
  if (!html.includes('</head>')) return null;
  const withoutShell = html.replace(SHELL, '');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};
  const wizardChunks = preloadTags(chunkFiles(manifest, WIZARD_ENTRIES));
  // The photo and video fields' chunk (a chunk group: named 'media' in the manifest, apps/web/vite.config.ts).
  const mediaKeys = Object.keys(manifest).filter((key) => manifest[key]?.name === 'media');
  const mediaChunks = preloadTags(chunkFiles(manifest, mediaKeys, [...WIZARD_ENTRIES, 'index.html']));
  return (url, userAgent, cookieHeader = '') => {
    const tags = [fetchPreloadTags(pageGets(url.split('?')[0] ?? ''))];
    if (gatewayBase !== DEFAULT_GATEWAY_BASE)
      tags.unshift(`<meta name="${GATEWAY_META_NAME}" content="${escapeHtml(gatewayBase)}" />`);
    if (opensWizard(url)) {
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      tags.push(wizardChunks);
      // Opened on the photos step or past it (a reload there): the photo field's code too, or the step waits for it.
      const mediaStep = mediaStepOf(query);
      if (mediaStep !== undefined && readStep(query) >= mediaStep) tags.push(mediaChunks);
      tags.push(fetchPreloadTags(wizardEarlyPaths(query)));
    }
    const page = withMeta(showsTopBar(url, userAgent, cookieHeader) ? html : withoutShell, url);
    return page.replace('</head>', `  ${tags.filter(Boolean).join('\n    ')}\n  </head>`);
  };
}

/**
 * What a page rendered by the server takes from the built web app (the ad's page, listing/): the app's style sheets
 * and module script as index.html names them, the style sheets of `entries` (a lazily loaded feature's, so the page
 * is styled with scripts off) and their scripts preloaded, and the static top bar. Empty without a build.
 */
export function serverPageChrome(
  distDir: string,
  entries: readonly string[],
  /** The top bar's title on these pages (index.html's is the wizard's). */
  title: string,
): { head: string; topBar: string } {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return { head: '', topBar: '' };
  const html = fs.readFileSync(indexPath, 'utf8');
  const tags = html.match(/<(?:script type="module"[^>]*><\/script>|link rel="(?:stylesheet|modulepreload)"[^>]*>)/g);
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : {};
  const files = chunkFiles(manifest, entries);
  const own = [
    ...files.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...files.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const shell = /<!--shell-->([\s\S]*?)<!--\/shell-->/.exec(html)?.[1] ?? '';
  const topBar = shell.replace(/(<p class="topbar__title">)[^<]*(<\/p>)/, `$1${escapeHtml(title)}$2`);
  return { head: [...(tags ?? []), ...own].join('\n'), topBar };
}
