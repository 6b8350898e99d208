#!/usr/bin/env node
// Measures the bytes a browser really receives for the first /publish screen (ENGINEERING.md §8): starts the
// production server, opens /publish in headless Chromium (phone and desktop width) and sums, per script the
// page loads (entry, modulepreloads and whatever it imports on the way), the bytes on the wire as Chromium
// counts them (CDP Network.loadingFinished.encodedDataLength: compressed body plus response headers), once with
// brotli accepted (what browsers send) and once with gzip only. Fails when the gzip total is over the budget.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath, requireBuild, startProduct } from './lib/product.mjs';

/** Issue 7 (ENGINEERING.md §8 allows 120): React 19 + react-dom are about 63 KB gzip of the first screen by themselves. */
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
 * Heavy code that must load only where it is used (issue 8): a text each library's built code contains, looked for
 * in the first screen's scripts; the chunk that holds it is printed.
 */
const LAZY = [
  ['the photo cropper (react-easy-crop)', 'reactEasyCrop_'],
  ['the HEIC converter (heic-to / libheif)', 'libheif'],
  ['the EXIF reader (exifr)', 'exifr'],
  ['photo reordering (@dnd-kit)', 'DndLiveRegion'],
  ['the photo upload code', '/images/upload'],
  ['the plan step and its payment popups (issue 10)', 'payment-finished'],
  ['the plan and finish calls (issue 10)', 'order-types'],
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
} finally {
  await browser.close();
  await product.stop();
}
process.exit(failed ? 1 : 0);
