/**
 * Pages a user may reach without what they are about say what is true and lead on, in Chromium against the
 * production server:
 *  - /finishArea without an ad (the personal area links to it) says what the page is for and where the ads are,
 *    and its links open /my-ads, /publish and the personal area;
 *  - an address the app does not know is the Hebrew 404 with the same ways on;
 *  - a /publish selection no catalogue serves (an old or mistyped link) says so and leads back to the chooser.
 * None of them promises a page or a step that will come later.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, loginThroughApi, pathOf } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;
/** Words of a promise for later: a page that says them is not telling the truth about the product. */
const PROMISE = /בקרוב|בבנייה|עדיין לא זמין|עובדים על/;

async function mainText(page: Page): Promise<string> {
  return (await page.locator('main').textContent()) ?? '';
}

/** Each link's text and where it goes, in order. */
async function linksOf(page: Page, scope: string): Promise<[string, string][]> {
  return page
    .locator(`${scope} .link-list a`)
    .evaluateAll((links) => links.map((a) => [a.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname]));
}

describe('pages without what they are about', () => {
  it('the finish area without an ad says what it is for and its links lead on', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/`);
    // The personal area's link to the finish area.
    await page.getByRole('link', { name: 'אזור סיום הפרסום' }).click();
    const finish = page.getByTestId('finish-no-order');
    await finish.waitFor();
    expect(pathOf(page)).toBe('/finishArea');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('סיום הפרסום');
    expect(await finish.textContent()).toContain('כאן מוצג סיכום המודעה מיד כשמסיימים לפרסם אותה');
    expect(await mainText(page)).not.toMatch(PROMISE);
    expect(await page.title()).toContain('סיום הפרסום');
    expect(await linksOf(page, '[data-testid="finish-no-order"]')).toEqual([
      ['למודעות שלי', '/my-ads'],
      ['לפרסום מודעה חדשה', '/publish'],
      ['לאזור האישי', '/'],
    ]);
    await screenshot(page, 'finish-no-order-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'finish-no-order-1280');

    // The main way on: the user's ads.
    await finish.getByRole('link', { name: 'למודעות שלי' }).click();
    await page.waitForURL((u) => u.pathname === '/my-ads');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Any other selection without an ad says the same (not 'this category's page is being built').
    await page.goto(`${product.url}/finishArea?cat=2&subcat=1`);
    await finish.waitFor();
    await finish.getByRole('link', { name: 'לפרסום מודעה חדשה' }).click();
    await page.waitForURL((u) => u.pathname === '/publish');
    await page.close();
  });

  it('an unknown address is the 404 with links to publish, to my ads and home', async () => {
    const page = await newPage(browser, PHONE_390);
    await page.goto(`${product.url}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'העמוד לא נמצא' }).waitFor();
    expect(await mainText(page)).not.toMatch(PROMISE);
    expect(await linksOf(page, '.message-page')).toEqual([
      ['לפרסום מודעה חדשה', '/publish'],
      ['למודעות שלי', '/my-ads'],
      ['לאזור האישי', '/'],
    ]);
    await page.getByRole('link', { name: 'לאזור האישי' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.close();
  });

  it('a selection no catalogue serves says so and leads back to the chooser', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/publish?cat=1&subcat=99&step=1`);
    const missing = page.getByTestId('no-catalogue');
    await missing.waitFor();
    expect(await missing.getByRole('heading').textContent()).toBe('אין טופס פרסום לבחירה הזו');
    expect(await missing.textContent()).toContain('אפשר לבחור קטגוריה מחדש');
    expect(await mainText(page)).not.toMatch(PROMISE);
    await screenshot(page, 'publish-no-catalogue-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'publish-no-catalogue-1280');
    await missing.getByRole('link', { name: 'בחירת קטגוריה אחרת' }).click();
    await page.waitForURL((u) => u.pathname === '/publish' && u.search === '');
    await page.getByTestId('no-catalogue').waitFor({ state: 'detached' });
    await page.close();
  });
});
