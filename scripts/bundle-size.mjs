#!/usr/bin/env node
// Measures the bytes a browser really receives for the first /publish screen (its budget below): starts the
// production server, opens /publish in headless Chromium (phone and desktop width) and sums, per script the
// page loads (entry, modulepreloads and whatever it imports on the way), the bytes on the wire as Chromium
// counts them (CDP Network.loadingFinished.encodedDataLength: compressed body plus response headers), once with
// brotli accepted (what browsers send) and once with gzip only. Fails when the gzip total is over the budget.
// Then, from the build's manifest, each page's own code (what it loads after the main bundle: its lazily loaded
// chunks and what they import) in files and brotli bytes against a budget per page (PAGE_BUDGETS): a page opened on
// a wizard step used to wait for 16 scripts and 7 style sheets, one round trip each on a slow network
// (apps/web/vite.config.ts, chunk groups). Run with tsx (`npm run bench:bundle`): it reads the manifest as the server does.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chunkFiles } from '../apps/server/src/platform/http/page-preloads.ts';
import { chromiumFlags, chromiumPath, requireBuild, startProduct } from './lib/product.mjs';

/**
 * Tighter than the 120 KB gzip ceiling of a first screen: React 19 + react-dom are about 63 KB gzip of it by
 * themselves.
 */
const BUDGET_KB = 90;
const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } };
const ENCODINGS = { br: 'gzip, deflate, br', gzip: 'gzip', raw: 'identity' };

/** Loads /publish once; returns Map<path, {type, encoding, wire}> of every response. */
async function load(browser, url, viewport, acceptEncoding) {
  const context = await browser.newContext({ viewport, locale: 'he-IL' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  const responses = new Map();
  const files = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(requestId, { path: new URL(response.url).pathname, type, encoding: headers['content-encoding'] });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = responses.get(requestId);
    if (r) files.set(r.path, { type: r.type, encoding: r.encoding ?? 'none', wire: encodedDataLength });
  });
  await page.goto(`${url}/publish`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await context.close();
  return files;
}

/**
 * Heavy code that must load only where it is used: a text each library's built code contains, looked for
 * in the first screen's scripts; the chunk that holds it is printed.
 */
const LAZY = [
  ['the photo cropper (react-easy-crop)', 'reactEasyCrop_'],
  ['the HEIC converter (heic-to / libheif)', 'libheif'],
  ['the EXIF reader (exifr)', 'exifr'],
  ['photo reordering (@dnd-kit)', 'DndLiveRegion'],
  ['the photo upload code', '/images/upload'],
  ['the plan step and its payment popups', 'payment-finished'],
  ['the plan and finish calls', 'order-types'],
];

const ASSETS = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

function checkLazy(firstScreen) {
  const chunks = fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
  const text = (f) => fs.readFileSync(path.join(ASSETS, f), 'utf8');
  const first = new Set([...firstScreen].map((p) => path.basename(p)));
  console.log('\nLoaded only where used (not in the first /publish screen):');
  let ok = true;
  for (const [what, marker] of LAZY) {
    const holders = chunks.filter((f) => text(f).includes(marker));
    const early = holders.filter((f) => first.has(f));
    const where = holders.length ? holders.join(', ') : 'not found in the build';
    console.log(`  ${early.length || !holders.length ? '✖' : '✓'} ${what}: ${where}`);
    if (early.length || !holders.length) ok = false;
  }
  return ok;
}

const kb = (n) => `${(n / 1024).toFixed(1).padStart(6)} KB`;

/**
 * Each page's code beyond the main bundle (manifest entries, with the chunks they import): at most this many
 * scripts and style sheets together, and this many KB brotli. Set a little above the sizes of 2026-11-24.
 */
const WIZARD_PAGE = ['src/features/wizard/publish/PublishArea.tsx', 'src/features/wizard/PublishWizard.tsx'];
const PAGE_BUDGETS = [
  { page: 'a wizard step (/publish?cat=…)', entries: () => WIZARD_PAGE, files: 8, kb: 90 },
  // The photo and video fields' chunk (a chunk group, so named by its group in the manifest), on a wizard page.
  {
    page: 'the media step (beyond the wizard)',
    entries: (manifest) => Object.keys(manifest).filter((key) => manifest[key].name === 'media'),
    loaded: [...WIZARD_PAGE, 'index.html'],
    files: 2,
    kb: 25,
  },
  {
    page: 'the plan step (beyond the wizard)',
    entries: () => ['src/features/plan/PlanStep.tsx'],
    loaded: [...WIZARD_PAGE, 'index.html'],
    files: 6,
    kb: 30,
  },
  { page: 'the finish page', entries: () => ['src/features/finish/FinishAreaPage.tsx'], files: 5, kb: 25 },
  // A dealer's page too: the search, filters, sort and bulk actions over hundreds of ads, and each ad's numbers.
  { page: 'My Ads', entries: () => ['src/features/my-ads/MyAdsPage.tsx'], files: 7, kb: 32 },
];

function checkPageBudgets() {
  const manifest = JSON.parse(fs.readFileSync(path.join(ASSETS, '..', '.vite', 'manifest.json'), 'utf8'));
  const brotli = (file) => fs.statSync(path.join(ASSETS, '..', `${file}.br`)).size;
  console.log("\nEach page's own code (beyond the main bundle), brotli:");
  let ok = true;
  for (const budget of PAGE_BUDGETS) {
    const { js, css } = chunkFiles(manifest, budget.entries(manifest), budget.loaded);
    const files = [...js, ...css];
    const bytes = files.reduce((sum, file) => sum + brotli(file), 0);
    const over = files.length === 0 || files.length > budget.files || bytes > budget.kb * 1024;
    if (over) ok = false;
    console.log(
      `  ${over ? '✖' : '✓'} ${budget.page}: ${js.length} scripts + ${css.length} style sheets (at most ${budget.files}), ${kb(bytes).trim()} (at most ${budget.kb} KB)`,
    );
  }
  return ok;
}

requireBuild();
const product = await startProduct();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
let failed = false;
try {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const runs = {};
    for (const [enc, header] of Object.entries(ENCODINGS))
      runs[enc] = await load(browser, product.url, viewport, header);
    const paths = [...runs.raw.keys()].filter((p) => runs.raw.get(p).type === 'Script' || p === '/publish');
    console.log(`\nFirst /publish screen, ${name} (${viewport.width} px): bytes on the wire per response`);
    console.log(`  ${'uncompressed'.padStart(12)}  ${'brotli'.padStart(9)}  ${'gzip'.padStart(9)}  file`);
    const totals = { raw: 0, br: 0, gzip: 0 };
    for (const p of paths) {
      const row = Object.fromEntries(Object.keys(ENCODINGS).map((enc) => [enc, runs[enc].get(p)]));
      for (const enc of ['br', 'gzip']) {
        if (row[enc]?.encoding !== enc) {
          console.error(
            `✖ ${p} came with content-encoding "${row[enc]?.encoding}" when ${ENCODINGS[enc]} was accepted`,
          );
          failed = true;
        }
      }
      const label = p === '/publish' ? '/publish (index.html, not counted below)' : p;
      console.log(
        `  ${kb(row.raw?.wire ?? 0).padStart(12)}  ${kb(row.br?.wire ?? 0)}  ${kb(row.gzip?.wire ?? 0)}  ${label}`,
      );
      if (p !== '/publish') for (const enc of Object.keys(totals)) totals[enc] += row[enc]?.wire ?? 0;
    }
    const scripts = paths.length - 1;
    console.log(
      `  ${kb(totals.raw).padStart(12)}  ${kb(totals.br)}  ${kb(totals.gzip)}  JavaScript total, ${scripts} files (budget ${BUDGET_KB} KB gzip)`,
    );
    if (scripts === 0) {
      console.error('✖ the page loaded no scripts');
      failed = true;
    } else if (totals.gzip > BUDGET_KB * 1024) {
      console.error(`✖ over budget: ${(totals.gzip / 1024).toFixed(1)} KB gzip on the wire > ${BUDGET_KB} KB`);
      failed = true;
    }
    if (name === 'phone' && !checkLazy(paths.filter((p) => p !== '/publish'))) failed = true;
  }
  if (!checkPageBudgets()) failed = true;
} finally {
  await browser.close();
  await product.stop();
}
process.exit(failed ? 1 : 0);
