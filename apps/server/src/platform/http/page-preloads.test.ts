import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFiles, opensWizard, pageHtmlMaker } from './page-preloads.ts';
import { registerWebApp } from './static-web.ts';

/** A manifest shaped like Vite's: the entry, a shared chunk it imports, and the two lazy entries of the wizard. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react.js'], css: ['assets/index-1.css'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_wizard.js': { file: 'assets/wizard-1.js', imports: ['_react.js', '_phones.js'], css: ['assets/wizard-1.css'] },
  '_phones.js': { file: 'assets/phones-1.js' },
  'src/features/wizard/publish/PublishArea.tsx': {
    file: 'assets/PublishArea-1.js',
    imports: ['index.html', '_react.js'],
  },
  '_media-1.js': {
    file: 'assets/media-1.js',
    name: 'media',
    imports: ['index.html', '_wizard.js'],
    css: ['assets/media-1.css'],
  },
  'src/features/wizard/PublishWizard.tsx': {
    file: 'assets/PublishWizard-1.js',
    imports: ['index.html', '_wizard.js'],
    css: ['assets/PublishWizard-1.css'],
  },
};
const INDEX =
  '<!doctype html><html><head><title>x</title></head><body><div id="root"><!--shell--><header class="topbar"></header><!--/shell--></div></body></html>';

describe('wizard page preloads', () => {
  it('names every chunk the wizard imports, but not what the main entry loads already', () => {
    expect(
      chunkFiles(MANIFEST, ['src/features/wizard/publish/PublishArea.tsx', 'src/features/wizard/PublishWizard.tsx']),
    ).toEqual({
      js: ['assets/PublishArea-1.js', 'assets/PublishWizard-1.js', 'assets/wizard-1.js', 'assets/phones-1.js'],
      css: ['assets/PublishWizard-1.css', 'assets/wizard-1.css'],
    });
  });

  it('applies to /publish with a category only', () => {
    expect(opensWizard('/publish?cat=2&subcat=1&step=1')).toBe(true);
    expect(opensWizard('/publish?cat=1')).toBe(true);
    expect(opensWizard('/publish')).toBe(false);
    expect(opensWizard('/publish?cat=')).toBe(false);
    expect(opensWizard('/publishx?cat=1')).toBe(false);
    expect(opensWizard('/finishArea?cat=1')).toBe(false);
  });

  describe('served', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-dist-'));
    const app = Fastify();
    beforeAll(async () => {
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      fs.writeFileSync(path.join(dist, 'assets', 'index-1.js'), '');
      // The photos step of every selection is step 4 here.
      await registerWebApp(app, dist, () => 4);
    });
    afterAll(async () => {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    const headOf = (body: string) => body.slice(0, body.indexOf('</head>'));
    const fetchTag = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;

    it('a wizard page carries its chunks and its first GETs in its head', async () => {
      const wizard = await app.inject({ url: '/publish?cat=2&subcat=1&step=1' });
      expect(wizard.statusCode).toBe(200);
      expect(wizard.headers['content-type']).toContain('text/html');
      expect(wizard.headers['cache-control']).toBe('no-cache');
      const head = headOf(wizard.body);
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/PublishWizard-1.js">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/phones-1.js">');
      expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/wizard-1.css">');
      expect(head).not.toContain('react-1.js');
      // The same paths the wizard asks for (@app/contract/publishPaths), & escaped in the attribute.
      for (const href of [
        '/api/auth/customer',
        '/api/site-config',
        '/api/publish/fields?cat=2&amp;subcat=1',
        '/api/publish/draft?cat=2&amp;subcat=1',
      ])
        expect(head).toContain(fetchTag(href));
      // A saved ad in the URL is part of the fields call.
      const saved = headOf((await app.inject({ url: '/publish?cat=2&subcat=1&step=3&OrderID=77' })).body);
      expect(saved).toContain(fetchTag('/api/publish/fields?cat=2&amp;subcat=1&amp;OrderID=77'));
    });

    it('each page names its own title and description in its head, for search results and link previews', async () => {
      const head = async (url: string) => headOf((await app.inject({ url })).body);
      const myAds = await head('/my-ads');
      expect(myAds).toContain('<title>המודעות שלי | לוח המודעות</title>');
      expect(myAds).toContain('<meta name="description" content="כל המודעות שלך במקום אחד');
      expect(myAds).toContain('<meta property="og:title" content="המודעות שלי | לוח המודעות" />');
      const publish = await head('/publish?cat=1&subcat=1&step=2');
      expect(publish).toContain('<title>פרסום מודעה חדשה | לוח המודעות</title>');
      // Quotes in a description are escaped in the attribute.
      expect(publish).toMatch(/<meta name="description" content="[^"]*נדל&quot;ן/);
      expect(await head('/edit/50000001')).toContain('<title>עריכת מודעה | לוח המודעות</title>');
      expect(await head('/')).toContain('<title>לוח המודעות</title>');
      for (const url of [
        '/',
        '/publish',
        '/finishArea',
        '/packages',
        '/contactus',
        '/login',
        '/payment',
        '/print/carQR/5',
      ])
        expect((await head(url)).split('<meta name="description"').length - 1, url).toBe(1);
    });

    it('a page is compressed by what the browser accepts (the global compression skips the not-found handler)', async () => {
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
        ['gzip', 'gzip', zlib.gunzipSync],
      ] as const) {
        const res = await app.inject({ url: '/publish?cat=2&subcat=1&step=1', headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('Accept-Encoding');
        expect(decode(res.rawPayload).toString('utf8')).toContain(fetchTag('/api/site-config'));
      }
    });

    it('a page opened on the photos step or past it also names the photo field code', async () => {
      for (const [step, named] of [
        [3, false],
        [4, true],
        [6, true],
      ] as const) {
        const head = headOf((await app.inject({ url: `/publish?cat=1&subcat=1&step=${step}` })).body);
        expect(head.includes('<link rel="modulepreload" crossorigin href="/assets/media-1.js">')).toBe(named);
        expect(head.includes('<link rel="preload" as="style" crossorigin href="/assets/media-1.css">')).toBe(named);
        // What the wizard's chunks load already is not named twice.
        expect(head.split('/assets/wizard-1.js').length - 1).toBe(1);
      }
    });

    it('the chooser and the sub-category picker name no wizard GETs; other pages only the session', async () => {
      const chooser = headOf((await app.inject({ url: '/publish' })).body);
      expect(chooser).toContain(fetchTag('/api/auth/customer'));
      expect(chooser).toContain(fetchTag('/api/site-config'));
      expect(chooser).not.toContain('modulepreload');
      const picker = headOf((await app.inject({ url: '/publish?cat=2' })).body);
      expect(picker).toContain('modulepreload');
      expect(picker).not.toContain('/api/publish/');
      const myAds = await app.inject({ url: '/my-ads' });
      expect(myAds.statusCode).toBe(200);
      expect(headOf(myAds.body)).toContain(fetchTag('/api/auth/customer'));
      expect(myAds.body).not.toContain('/api/site-config');
      expect(myAds.body).toContain('<div id="root"><!--shell--><header class="topbar"></header><!--/shell--></div>');
    });

    it('the static top bar only where the page shows one: not on the pages without it, not in the native app', async () => {
      const page = async (url: string, userAgent = 'Mozilla/5.0', cookie = '') =>
        (await app.inject({ url, headers: { 'user-agent': userAgent, cookie } })).body;
      for (const url of ['/', '/publish', '/publish?cat=2&subcat=1&step=1', '/my-ads', '/finishArea?OrderID=1', '/x'])
        expect(await page(url)).toContain('<header class="topbar">');
      for (const url of ['/login', '/finishPayment?x=1', '/finishPaymentArea', '/print/carQR/5'])
        expect(await page(url)).toContain('<div id="root"></div>');
      expect(await page('/publish', 'YAD2_APP/5.2 (Android 14) Mozilla/5.0')).toContain('<div id="root"></div>');
      expect(await page('/publish?webview=1')).toContain('<div id="root"></div>');
      expect(await page('/publish?webview=0')).toContain('<header class="topbar">');
      // A reload in a web view the app was found in by its bridge only (no user agent prefix, no query): the cookie
      // the web app set says so.
      expect(await page('/publish?cat=1', 'Mozilla/5.0', 'csrf=x; webview=1')).toContain('<div id="root"></div>');
      expect(await page('/publish?cat=1', 'Mozilla/5.0', 'webview=1')).toContain('<div id="root"></div>');
      expect(await page('/publish?cat=1', 'Mozilla/5.0', 'xwebview=1; webview=0')).toContain('<header class="topbar">');
    });

    it('a query cannot break out of the attribute', async () => {
      const res = await app.inject({
        url: `/publish?cat=${encodeURIComponent('"><script>alert(1)</script>')}&subcat=1&step=2`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toMatch(/href="[^"]*"[^>]*><script/);
    });

    it('every address under /operator is the console’s page, whatever its last part looks like', async () => {
      for (const url of [
        '/operator',
        '/operator/moderation/12',
        '/operator/finance/pay_Ab-9_x',
        '/operator/customers/7?q=dana',
        '/operator/no-such-section',
        '/operator/report.csv',
        '/operator/finance/pay.x',
      ]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(headOf(res.body), url).toContain('<title>מסוף הצוות | לוח המודעות</title>');
      }
      // Elsewhere a path with an extension is a file, and there is none.
      expect((await app.inject({ url: '/operatorx/report.csv' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/report.csv' })).statusCode).toBe(404);
    });

    it('does not serve the build manifest', async () => {
      const res = await app.inject({ url: '/.vite/manifest.json' });
      expect(res.statusCode).toBe(404);
    });
  });
});

describe("the gateway's base in the page", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-dist-'));
  beforeAll(() => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  });
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('names another host in its head, escaped; our own /gateway is not named', () => {
    const elsewhere = pageHtmlMaker(dist, undefined, 'https://gateway.example.co.il/gateway');
    expect(headOf(elsewhere?.('/publish', '') ?? '')).toContain(
      '<meta name="gateway-base" content="https://gateway.example.co.il/gateway" />',
    );
    const odd = pageHtmlMaker(dist, undefined, '/gw"><script>');
    expect(odd?.('/', '')).toContain('content="/gw&quot;&gt;&lt;script&gt;"');
    expect(pageHtmlMaker(dist)?.('/publish', '')).not.toContain('gateway-base');
  });
});
