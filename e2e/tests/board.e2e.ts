/**
 * The public board as a buyer uses it, on the production server with the demo board's ads (SEED_DEMO_ADS): the index
 * and a category's board at 390 and 1280 px with no axe violation, filtering by make, searching a word, paging on
 * with "עוד מודעות", the same with JavaScript off, and the ways in from the web app (the header, the chooser).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ SEED_DEMO_ADS: 'true' }),
);

const NARROW = { width: 390, height: 844 } as const;

async function open(viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'he-IL', reducedMotion: 'reduce', javaScriptEnabled });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Opens the filters' disclosure (closed while no filter is chosen). */
async function filtersOpen(page: Page): Promise<void> {
  if ((await page.locator('details.more-filters').getAttribute('open')) === null)
    await page.locator('details.more-filters > summary').click();
}

const cardTitles = (page: Page) => page.locator('.cards h3 a').allTextContents();
const count = (page: Page) => page.locator('#results-count').textContent();

describe('the board', () => {
  for (const viewport of [NARROW, DESKTOP]) {
    it(`the index and the private cars' board at ${viewport.width} px: landmarks, headings, no axe violation`, async () => {
      const page = await open(viewport);
      await page.goto(`${product.url}/board`);
      expect(await page.locator('h1').textContent()).toBe('לוח המודעות');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('header nav').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `board-index-${viewport.width}`);

      await page.getByRole('link', { name: 'פרטי', exact: true }).click();
      await page.waitForURL(/\/board\/1\/1$/);
      expect(await page.title()).toBe('רכב: פרטי | לוח המודעות');
      expect(await count(page)).toBe('5 מודעות');
      // VIP first, with its mark; then the highlighted one, said in words.
      const cards = page.locator('.cards > li');
      expect(await cards.first().getAttribute('class')).toBe('card rank-top');
      expect(await cards.first().locator('.mark').textContent()).toContain('VIP');
      expect(await cards.nth(1).locator('.mark').textContent()).toBe('מודעה מודגשת');
      expect(await page.getByText('מחיר לא צוין').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `board-cars-${viewport.width}`);
      // The filters open from their summary, and are labelled.
      await filtersOpen(page);
      expect(await page.getByLabel('יצרן').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `board-cars-filters-${viewport.width}`);
      // Focus is visible: the skip link's outline when the keyboard first reaches the page.
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
      expect(outline).toBe('solid');
      await page.context().close();
    });
  }

  it('filters by make, searches a word and pages on, with the filters in the address', async () => {
    const page = await open(DESKTOP);
    await page.goto(`${product.url}/board/1/1`);
    await filtersOpen(page);
    await page.getByLabel('יצרן').selectOption({ label: 'טויוטה' });
    await page.getByRole('button', { name: 'הצגת מודעות' }).click();
    await page.waitForURL(/manufacturer=1(&|$)/);
    expect(await count(page)).toBe('2 מודעות');
    expect((await cardTitles(page)).every((t) => t.includes('טויוטה'))).toBe(true);
    // The models now follow the make.
    await page.getByLabel('דגם').selectOption({ label: 'יאריס' });
    await page.getByRole('button', { name: 'הצגת מודעות' }).click();
    await page.waitForURL(/model=102/);
    expect(await count(page)).toBe('מודעה אחת');
    // A shared address shows the same board.
    const shared = await open(DESKTOP);
    await shared.goto(page.url());
    expect(await cardTitles(shared)).toEqual(await cardTitles(page));
    await shared.context().close();

    await page.goto(`${product.url}/board/2`);
    await page.getByLabel('חיפוש חופשי').fill('מרפסת');
    await page.getByRole('button', { name: 'הצגת מודעות' }).click();
    await page.waitForURL(/q=/);
    expect(await count(page)).toBe('2 מודעות');

    await page.goto(`${product.url}/board/1/1?size=2`);
    const first = await cardTitles(page);
    expect(first).toHaveLength(2);
    await page.getByRole('link', { name: 'עוד מודעות' }).click();
    await page.waitForURL(/cursor=/);
    const second = await cardTitles(page);
    expect(second).toHaveLength(2);
    expect(second.some((t) => first.includes(t))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('works with JavaScript off: the filter form, the search and "עוד מודעות" are plain HTML', async () => {
    const page = await open(NARROW, false);
    await page.goto(`${product.url}/board/1/1`);
    expect(await count(page)).toBe('5 מודעות');
    await filtersOpen(page);
    await page.getByLabel('יצרן').selectOption({ label: 'טויוטה' });
    await page.getByRole('button', { name: 'הצגת מודעות' }).click();
    await page.waitForURL(/manufacturer=1(&|$)/);
    expect(await count(page)).toBe('2 מודעות');

    await page.goto(`${product.url}/board/3`);
    await page.getByLabel('חיפוש חופשי').fill('ספה');
    await page.getByRole('button', { name: 'הצגת מודעות' }).click();
    await page.waitForURL(/q=/);
    expect(await cardTitles(page)).toEqual(['ספה תלת מושבית אפורה']);

    await page.goto(`${product.url}/board/1/1?size=3`);
    await page.getByRole('link', { name: 'עוד מודעות' }).click();
    await page.waitForURL(/cursor=/);
    expect(await cardTitles(page)).toHaveLength(2);
    expect(await page.getByRole('link', { name: 'עוד מודעות' }).count()).toBe(0);
    await screenshot(page, 'board-cars-no-script-390');
    await page.context().close();
  });

  it('is reached from the web app: the header and the category chooser link to it', async () => {
    const page = await open(DESKTOP);
    await page.goto(`${product.url}/publish`);
    await page.getByRole('banner').getByRole('link', { name: 'לוח המודעות', exact: true }).click();
    await page.waitForURL(/\/board$/);
    expect(await page.locator('h1').textContent()).toBe('לוח המודעות');
    await page.goto(`${product.url}/publish`);
    await page.getByRole('link', { name: 'לכל המודעות בלוח המודעות' }).click();
    await page.waitForURL(/\/board$/);
    await page.context().close();
  });

  it("the header's link fits a phone's top bar: nothing wider than the screen", async () => {
    const page = await open(PHONE);
    await page.goto(`${product.url}/publish`);
    const link = page.getByRole('banner').getByRole('link', { name: 'לוח המודעות', exact: true });
    await link.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'board-header-link-375');
    await page.context().close();
  });
});
