#!/usr/bin/env node
// Lighthouse (mobile, its default simulated throttling) on the production server: the first /publish screen and
// a wizard step (logged in through the API; the session cookies are put in the browser, and for that run
// Lighthouse's storage reset is replaced by clearing the HTTP cache ourselves: Lighthouse's reset would delete the
// cookies, and a Cookie sent as an extra header did not reach the app's API calls, so the step ended on /login).
// Prints the performance and accessibility scores and fails below performance 95 or accessibility 100
// (ENGINEERING.md §8), or when a page ends on another URL than the one asked for.
// A benchmark, not a test: scores move with the machine's load, so it is not part of `npm test`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath, requireBuild, startProduct } from './lib/product.mjs';

const MIN = { performance: 95, accessibility: 100 };
const DEMO = { username: 'private@demo.co.il', password: 'Demo1234' };

/** Logs the demo advertiser in as the login form would (CSRF cookie and header); returns the cookies. */
async function login(base) {
  const jar = new Map();
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/api/auth/customer`));
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-csrf-token': jar.get('csrf') ?? '' },
    body: JSON.stringify(DEMO),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  keep(res);
  return [...jar].map(([name, value]) => ({ name, value }));
}

/** Puts the cookies in the launched Chromium's default profile and empties its HTTP cache (a cold load). */
async function prepareBrowser(port, url, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    await context.clearCookies();
    await context.addCookies(cookies.map((c) => ({ ...c, url })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close(); // disconnects; the default context and its cookies stay
  }
}

requireBuild();
const product = await startProduct();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
let failed = false;
try {
  const pages = [
    { name: 'chooser', path: '/publish' },
    { name: 'wizard step', path: '/publish?cat=2&subcat=1&step=1', cookies: await login(product.url) },
  ];
  for (const page of pages) {
    if (page.cookies) await prepareBrowser(chrome.port, product.url, page.cookies);
    const result = await lighthouse(`${product.url}${page.path}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: Object.keys(MIN),
      disableStorageReset: Boolean(page.cookies),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
    console.log(`\n${page.name} ${page.path} (final URL ${lhr.finalDisplayedUrl})`);
    if (lhr.finalDisplayedUrl !== `${product.url}${page.path}`) {
      console.error(`✖ measured another page than ${page.path}`);
      failed = true;
    }
    for (const [id, min] of Object.entries(MIN)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ok = score >= min;
      if (!ok) failed = true;
      console.log(`  ${ok ? '✔' : '✖'} ${id.padEnd(14)} ${String(score).padStart(3)} (minimum ${min})`);
      if (!ok) {
        // What pulls the score down, for whoever fixes it.
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
            console.log(`      ${audit.id}: ${audit.displayValue ?? ''} (score ${audit.score})`);
        }
      }
    }
    for (const metric of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ])
      console.log(`    ${metric}: ${lhr.audits[metric]?.displayValue ?? '-'}`);
  }
} finally {
  chrome.kill();
  await product.stop();
}
process.exit(failed ? 1 : 0);
