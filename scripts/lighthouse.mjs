#!/usr/bin/env node
// Lighthouse navigations (mobile, its default simulated throttling, a cold HTTP cache) on the production server,
// four pages of the publishing path and two public pages:
//   1. chooser  /publish, as a guest (Lighthouse's own storage reset);
//   2. wizard step  /publish?cat=2&subcat=1&step=1, logged in as the demo advertiser;
//   3. media step  /publish?cat=1&subcat=1&step=4 (private car), logged in, with a server draft holding a valid
//      car ad whose last valid step is 3 (the sale step): the load of a user who reloads the page on the photos
//      step. The page starts on step 1 (startQuery) and the wizard resumes at the URL's step 4 once the fields and
//      the draft are in (resumeStep): that whole path is inside the measured navigation, and the accessibility
//      audits run on the media step as it then stands (no photo added);
//   4. finish page  /finishArea?cat=1&subcat=1&OrderID=<id>, as the owner of a car ad just published on the free
//      track through the API (save-ad, then finish-publish).
//   5. ad page  /item/<id>, as a guest: the public page of a car ad just published on the free track;
//   6. board  /board/1/1, as a guest: the private cars' board, with such an ad on it.
// Logged-in pages: the session is made through the API (CSRF cookie and header, as the login form does) and its
// cookies are put in Chromium, so Lighthouse's storage reset is turned off for them and the HTTP cache is emptied
// by us instead (Lighthouse's reset would delete the cookies and the page would end on /login).
// Each page must end on the URL asked for and show its screen (a selector checked in the page Lighthouse measured);
// prints the performance and accessibility scores, the audits that pull them down, and fails (exit 1) below
// performance 95 or accessibility 100 (the median of LIGHTHOUSE_RUNS runs of each page, default 1), or on another
// URL or screen. LIGHTHOUSE_JSON=<dir> keeps each report; LIGHTHOUSE_PAGES=chooser,wizard-step,media-step,finish,
// ad-page,board measures only those pages; LIGHTHOUSE_CATEGORIES=accessibility measures and checks only that one.
// A benchmark, not a test: scores move with the machine's load, so it is not part of `npm test`. Run with tsx
// (`npm run bench:lighthouse`): the car ad comes from the server tests' validCarAd().
import fs from 'node:fs';
import path from 'node:path';
import { CONTACT_TEST_VALUES } from '@app/catalog/categories/contactTestValues';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freeFinishBody } from '../apps/server/test/support/finish-body.ts';
import { validCarAd } from '../apps/server/test/support/vehicle-ad.ts';
import { chromiumFlags, chromiumPath, requireBuild, startProduct } from './lib/product.mjs';

const MIN = { performance: 95, accessibility: 100 };
const DEMO = { username: 'private@demo.co.il', password: 'Demo1234' };
/** Index of the media step in the car catalogue (category, car type, properties, sale, media, contact, plan). */
const CAR_MEDIA_STEP = 4;

/** An API session of the demo advertiser, logged in as the login form would (CSRF cookie and header). */
async function apiSession(base) {
  const jar = new Map();
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const headers = () => ({
    'content-type': 'application/json',
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': jar.get('csrf') ?? '',
  });
  const post = async (url, body) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
    keep(res);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : {};
  };
  keep(await fetch(`${base}/api/auth/customer`));
  await post('/api/auth/login', DEMO);
  return { post, cookies: () => [...jar].map(([name, value]) => ({ name, value })) };
}

/** A car ad of the session published on the free track; its order id. */
async function publishCarAd(session) {
  const saved = await session.post('/api/publish/save-ad', { ...validCarAd(), ...CONTACT_TEST_VALUES });
  const orderId = saved.orderID;
  if (!(orderId > 0)) throw new Error(`save-ad gave no order id: ${JSON.stringify(saved)}`);
  await session.post('/api/publish/finish-publish', freeFinishBody(orderId));
  return orderId;
}

/** The car ad's details (steps 1-3) as the server draft, valid up to the sale step. */
async function carDraftBeforeMedia(session) {
  const { cat, subcat, ...values } = validCarAd();
  await session.post('/api/publish/draft', { cat, subcat, values, lastValidStep: CAR_MEDIA_STEP - 1 });
}

/** The categories measured and their minimums: all of MIN, or those LIGHTHOUSE_CATEGORIES names. */
const asked = process.env.LIGHTHOUSE_CATEGORIES?.split(',').map((name) => name.trim());
const checked = Object.fromEntries(Object.entries(MIN).filter(([id]) => !asked || asked.includes(id)));
if (Object.keys(checked).length === 0) throw new Error(`LIGHTHOUSE_CATEGORIES names none of ${Object.keys(MIN)}`);

requireBuild();
const product = await startProduct();
/** A page's report file name: its name in word characters. */
const fileName = (name) => name.replace(/\W+/g, '-');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** One Lighthouse navigation of `entry` (its API set-up first) in a new tab; the tab is left open for checks. */
async function measure(entry, session) {
  await entry.prepare?.();
  const pagePath = typeof entry.path === 'function' ? await entry.path() : entry.path;
  const url = `${product.url}${pagePath}`;
  // Lighthouse's own "run it again" failures (NO_NAVSTART and the like, seen under load) get one more try.
  for (let attempt = 1; ; attempt++) {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    if (entry.loggedIn) {
      for (const cookie of session.cookies()) await cdp.send('Network.setCookie', { ...cookie, url: product.url });
      await cdp.send('Network.clearBrowserCache');
    }
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: Object.keys(checked), disableStorageReset: entry.loggedIn },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    if (!lhr.runtimeError) return { lhr, page, pagePath };
    if (attempt === 2) throw new Error(`${pagePath}: ${lhr.runtimeError.message}`);
    console.error(`  (${pagePath}: ${lhr.runtimeError.code}, measuring again)`);
    await page.close();
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const reportDir = process.env.LIGHTHOUSE_JSON;
if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
let failed = false;
try {
  const session = await apiSession(product.url);
  /** name, path (or a function making it), screen: a selector the measured page must show, prepare: API set-up. */
  const pages = [
    { name: 'chooser', path: '/publish', screen: '[data-testid="chooser-more"]' },
    {
      name: 'wizard step',
      path: '/publish?cat=2&subcat=1&step=1',
      screen: '.step--open[data-step-index="1"]',
      loggedIn: true,
    },
    {
      name: 'media step',
      path: `/publish?cat=1&subcat=1&step=${CAR_MEDIA_STEP}`,
      screen: `.step--open[data-step-index="${CAR_MEDIA_STEP}"] [data-testid="media-field"]`,
      loggedIn: true,
      prepare: () => carDraftBeforeMedia(session),
    },
    {
      name: 'finish',
      path: async () => `/finishArea?cat=1&subcat=1&OrderID=${await publishCarAd(session)}`,
      screen: '[data-testid="finish-published"][data-state]:not(:has([data-variant="failure"]))',
      loggedIn: true,
    },
    {
      name: 'ad page',
      path: async () => `/item/${await publishCarAd(session)}`,
      screen: '.ad-page__price',
    },
    {
      name: 'board',
      path: '/board/1/1',
      screen: '.cards > li',
      prepare: () => publishCarAd(session),
    },
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const runs = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS ?? 1)) || 1);
  for (const entry of pages.filter((page) => !only || only.includes(fileName(page.name)))) {
    const scores = Object.fromEntries(Object.keys(checked).map((id) => [id, []]));
    for (let run = 1; run <= runs; run++) {
      const { lhr, page, pagePath } = await measure(entry, session);
      const url = `${product.url}${pagePath}`;
      if (reportDir)
        fs.writeFileSync(
          path.join(reportDir, `${fileName(entry.name)}${runs > 1 ? `-${run}` : ''}.json`),
          JSON.stringify(lhr, null, 1),
        );
      console.log(
        `\n${entry.name}${runs > 1 ? ` (run ${run} of ${runs})` : ''} ${pagePath} (final URL ${lhr.finalDisplayedUrl})`,
      );
      if (lhr.finalDisplayedUrl !== url) {
        console.error(`  ✖ measured another page than ${pagePath}`);
        failed = true;
      }
      const onScreen = page.url() === url && (await page.$(entry.screen)) !== null;
      console.log(
        `  ${onScreen ? '✔' : '✖'} screen ${entry.screen}${onScreen ? '' : ` not shown (page at ${page.url()})`}`,
      );
      if (!onScreen) failed = true;
      for (const id of Object.keys(checked)) {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        scores[id].push(score);
        console.log(`    ${id.padEnd(14)} ${String(score).padStart(3)}`);
        // What pulls the score down, for whoever fixes it.
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < (id === 'performance' ? 0.9 : 1))
            console.log(`      ${audit.id}: ${audit.displayValue ?? ''} (score ${audit.score})`);
        }
      }
      for (const metric of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ])
        console.log(`    ${metric}: ${lhr.audits[metric]?.displayValue ?? '-'}`);
      await page.close();
    }
    // The verdict is the median run's (Lighthouse's own advice against one run's noise).
    for (const [id, min] of Object.entries(checked)) {
      const score = median(scores[id]);
      const ok = score >= min;
      if (!ok) failed = true;
      console.log(
        `  ${ok ? '✔' : '✖'} ${entry.name}: ${id} ${score} (minimum ${min})${runs > 1 ? `, median of ${scores[id].join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await product.stop();
}
process.exit(failed ? 1 : 0);
