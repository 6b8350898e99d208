/**
 * The debug control panel (debug-mode customers only) and the native app (detected by the user
 * agent's prefix; the wrapper hears onCarTraderUser, onTivUser and onPersonalArea where the web would navigate).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { openPrivateCar } from './wizard-flow.ts';
import { checkScreen, csrfOf, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;
const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Mobile Safari/537.36';

async function pageWith(viewport: { width: number; height: number }, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'he-IL', reducedMotion: 'reduce', userAgent });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

describe('the debug control panel', () => {
  it('a debug-mode customer sees it, with counts and toggles that stay; a normal customer does not', async () => {
    const debug = await pageWith(DESKTOP);
    const { email } = await registerThroughApi(debug, product.url);
    await product.offline(async (db) => {
      await db.query('UPDATE customers SET debug_mode = true WHERE lower(email) = lower($1)', [email]);
    });
    await openPrivateCar(debug, product.url);
    const panel = debug.getByTestId('debug-panel');
    await panel.waitFor();
    expect(await panel.getByRole('heading', { name: 'לוח בקרה – מצב דיבאג' }).count()).toBe(1);
    const counts = (await panel.getByTestId('debug-counts').textContent()) ?? '';
    expect(counts).toMatch(/שדות בקטגוריה\s*\d+/);
    expect(counts).toMatch(/תלויות\s*[1-9]\d*/);
    // Field ids on the fields, kept (cookie) after a reload.
    await panel.getByLabel('הצגת מזהי השדות').check();
    expect(await debug.evaluate(() => document.body.classList.contains('debug-field-ids'))).toBe(true);
    const before = await debug
      .locator('[data-field-id="manufacturer"]')
      .evaluate((el) => getComputedStyle(el, '::before').content);
    expect(before).toBe('"manufacturer"');
    await checkScreen(debug, 'debug-panel-1280');
    await debug.reload();
    await debug.getByTestId('debug-panel').waitFor();
    expect(await debug.getByLabel('הצגת מזהי השדות').isChecked()).toBe(true);
    expect(await debug.getByLabel('אזהרה ביציאה מהדף עם שינויים שלא נשמרו').isChecked()).toBe(true);
    await debug.context().close();

    const normal = await pageWith(PHONE_390);
    await registerThroughApi(normal, product.url);
    await openPrivateCar(normal, product.url);
    await settled(normal);
    await normal.getByTestId('step-details').waitFor();
    await normal.waitForTimeout(300);
    expect(await normal.getByTestId('debug-panel').count()).toBe(0);
    await normal.context().close();
  });
});

/** The wrapper's React Native bridge, keeping what the page posts in sessionStorage (it survives navigation). */
const BRIDGE = () => {
  (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
    postMessage: (message: string) =>
      sessionStorage.setItem(
        'appMessages',
        JSON.stringify([...JSON.parse(sessionStorage.getItem('appMessages') ?? '[]'), JSON.parse(message)]),
      ),
  };
};
const posted = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('appMessages') ?? '[]'));

describe('the native app', () => {
  it('is known by its user agent: no top bar; the trader menus and the personal area go to the wrapper', async () => {
    const page = await pageWith(PHONE_390, `YAD2_APP/5.2 (Android 14) ${CHROME}`);
    await page.context().addInitScript(BRIDGE);
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).waitFor();
    expect(await page.locator('header.topbar').count()).toBe(0);

    // A vehicle trader: the app opens its own flow, the page stays.
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'עסקי', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'פרטי', exact: true }).click();
    await expect.poll(() => posted(page)).toEqual([{ event: 'onCarTraderUser', catId: 1, subCatId: 1 }]);
    expect(new URL(page.url()).pathname).toBe('/publish');

    // A real-estate broker: onTivUser, and publishing goes on in the page.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'להתחיל נדל"ן', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'עסקי', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'מכירה', exact: true }).click();
    await page.waitForURL((u) => u.search.includes('cat=2') || u.pathname === '/login');
    expect((await posted(page)).at(-1)).toEqual({ event: 'onTivUser', catId: 2, subCatId: 1 });

    // The finish page's personal-area link: onPersonalArea, and the page stays.
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    const finished = await page.request.post(`${product.url}/api/publish/finish-publish`, {
      data: { OrderID: orderId, RecordID: orderId, CatID: 1, SubCatID: 1 },
      headers: { 'x-csrf-token': await csrfOf(page, product.url) },
    });
    expect(finished.status()).toBe(200);
    await page.goto(`${product.url}/finishArea?cat=1&subcat=1&OrderID=${orderId}`);
    await page.getByRole('link', { name: 'לאזור האישי' }).click();
    await expect.poll(async () => (await posted(page)).at(-1)).toEqual({ event: 'onPersonalArea' });
    expect(new URL(page.url()).pathname).toBe('/finishArea');
    await page.context().close();
  });

  it('found by its bridge only: a reload comes without the web top bar, not even for a moment', async () => {
    const page = await pageWith(PHONE_390, CHROME);
    await page.context().addInitScript(BRIDGE);
    const html: string[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'document') html.push(await res.text());
    });
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).waitFor();
    expect(await page.locator('header.topbar').count()).toBe(0);
    // The first page's HTML had the static top bar (the server could not know); the app's session cookie tells it now.
    expect(html[0]).toContain('<header class="topbar">');
    await page.reload();
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).waitFor();
    expect(html).toHaveLength(2);
    expect(html[1]).toContain('<div id="root"></div>');
    expect(await page.locator('header.topbar').count()).toBe(0);
    await page.context().close();
  });

  it('a plain browser (no bridge, no prefix) keeps the top bar and the trader link goes to the partner site', async () => {
    const page = await pageWith(PHONE_390, `${CHROME} YAD2_APP`);
    await page.route('https://cars-partner.example.co.il/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html lang="he"><title>partner</title></html>' }),
    );
    await page.goto(`${product.url}/publish`);
    expect(await page.locator('header.topbar').count()).toBe(1);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'עסקי', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'פרטי', exact: true }).click();
    await page.waitForURL((u) => u.hostname === 'cars-partner.example.co.il');
    await page.context().close();
  });
});
