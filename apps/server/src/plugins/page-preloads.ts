import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The code a page opened on a wizard step runs before its first step shows: the step area and the wizard. */
const WIZARD_ENTRIES = ['src/publish/PublishArea.tsx', 'src/wizard/PublishWizard.tsx'];

/**
 * The files of `entries` and of every chunk they import statically (the manifest's `imports`), minus what the
 * page's own entry (index.html) loads already: JavaScript and CSS, in load order.
 */
export function chunkFiles(manifest: Manifest, entries: readonly string[]): { js: string[]; css: string[] } {
  const skip = new Set<string>();
  const walkSkip = (key: string) => {
    if (skip.has(key) || !manifest[key]) return;
    skip.add(key);
    for (const next of manifest[key].imports ?? []) walkSkip(next);
  };
  walkSkip('index.html');
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

/**
 * index.html for a /publish page opened with a category in its query (a reload on a step, a link, a return from
 * login): the same page with the wizard's chunks named in its head. Without a manifest (a development build) the
 * page is served as it is. Returns null when the page needs nothing more than index.html.
 */
export function wizardPageHtml(distDir: string): string | null {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(manifestPath) || !fs.existsSync(indexPath)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const tags = preloadTags(chunkFiles(manifest, WIZARD_ENTRIES));
  const html = fs.readFileSync(indexPath, 'utf8');
  if (!tags || !html.includes('</head>')) return null;
  return html.replace('</head>', `  ${tags}\n  </head>`);
}

/** A /publish URL whose page opens the step area (a category in the query): the chooser alone needs nothing more. */
export function opensWizard(url: string): boolean {
  const [pathname = '', query = ''] = url.split('?');
  return pathname === '/publish' && Boolean(new URLSearchParams(query).get('cat'));
}
