/**
 * /my-ads for a dealer: the demo trader with its 300 ads (SEED_DEMO_DEALER_ADS) pages on with "עוד מודעות", finds
 * an ad by its number from the search form, filters its live ads, chooses three with the keyboard and hides them in
 * one action, each ad showing its own result; deleting asks first (the product's confirm popup). The search is the
 * address's query (a view to share or reload). Screens at 1280 and 390 px, axe 0.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { checkScreen, csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ SEED_DEMO_DEALER_ADS: 'true' }),
);

const PHONE_390 = { width: 390, height: 844 } as const;

async function loginTrader(page: Page): Promise<void> {
  const res = await page.request.post(`${product.url}/api/auth/login`, {
    data: { username: 'trader@demo.co.il', password: 'Trader1234' },
    headers: { 'x-csrf-token': await csrfOf(page, product.url) },
  });
  expect(res.status()).toBe(200);
}

const articles = (page: Page) => page.locator('[data-testid="my-ads"] article');
const statusOf = async (page: Page, id: string) =>
  ((await (await page.request.get(`${product.url}/api/my-ads?q=${id}`)).json()).ads[0] as { status: string }).status;

describe('/my-ads for a dealer', () => {
  it('finds an ad by its number and hides three chosen ads in one action, at 1280 and 390 px', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginTrader(page);
    await page.goto(`${product.url}/my-ads`);
    await expect.poll(() => page.getByTestId('my-ads-count').textContent()).toBe('מוצגות 20 מתוך 300 מודעות');
    expect(await articles(page).count()).toBe(20);

    // "עוד מודעות" with the keyboard: the next 20, none repeated.
    await page.getByTestId('my-ads-more').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => articles(page).count()).toBe(40);
    const ids = await articles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id') ?? ''));
    expect(new Set(ids).size).toBe(40);
    const wanted = ids[33] as string;
    await checkScreen(page, 'my-ads-dealer-1280');

    // The number typed into the search: that ad alone, and the address says so.
    await page.getByLabel('חיפוש לפי מילה או מספר מודעה').fill(wanted);
    await page.keyboard.press('Enter');
    await expect.poll(() => articles(page).count()).toBe(1);
    expect(await articles(page).first().getAttribute('data-order-id')).toBe(wanted);
    expect(new URL(page.url()).searchParams.get('q')).toBe(wanted);
    expect(await page.getByTestId('my-ads-count').textContent()).toBe('נמצאה מודעה אחת');

    // The live ads, soonest ending first: three chosen with the keyboard, hidden in one action.
    await page.goto(`${product.url}/my-ads?status=active&sort=ending`);
    await expect.poll(() => articles(page).count()).toBe(20);
    expect(await page.getByLabel('מצב').inputValue()).toBe('active');
    const boxes = page.getByTestId('my-ad-choose');
    for (const i of [0, 1, 2]) {
      await boxes.nth(i).focus();
      await page.keyboard.press('Space');
    }
    expect(await page.getByTestId('my-ads-chosen').textContent()).toBe('נבחרו 3 מודעות');
    const chosen = await articles(page).evaluateAll((els) =>
      els.slice(0, 3).map((el) => el.getAttribute('data-order-id') ?? ''),
    );
    await page.getByTestId('my-ads-bulk-hide').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('my-ads-bulk-summary').textContent()).toBe('הפעולה בוצעה ב-3 מודעות.');
    for (const id of chosen) {
      const ad = page.locator(`article[data-order-id="${id}"]`);
      expect(await ad.getByTestId('my-ad-result').textContent()).toBe('המודעה הוסתרה מהאתר');
      expect(await ad.locator('.my-ad__status').textContent()).toBe('מוסתרת');
      expect(await statusOf(page, id)).toBe('hidden');
    }
    expect(await page.getByTestId('my-ads-chosen').textContent()).toBe('לא נבחרו מודעות');

    // Deleting asks first; "no" (the focused answer) leaves the ad.
    await boxes.nth(5).focus();
    await page.keyboard.press('Space');
    await page.getByTestId('my-ads-bulk-delete').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(await page.getByRole('dialog').textContent()).toContain('למחוק את המודעה שנבחרה?');
    await checkScreen(page, 'my-ads-dealer-delete-1280');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await articles(page).count()).toBe(20);
    await page.context().close();

    const phone = await newPage(browser, PHONE_390);
    await loginTrader(phone);
    await phone.goto(`${product.url}/my-ads?status=hidden`);
    await expect.poll(() => articles(phone).count()).toBe(3);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_390.width);
    await checkScreen(phone, 'my-ads-dealer-390');
    await phone.context().close();
  });
});
