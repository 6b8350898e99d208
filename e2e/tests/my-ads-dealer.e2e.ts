/**
 * /my-ads for a dealer: the demo trader with its 300 ads (SEED_DEMO_DEALER_ADS) pages on with "עוד מודעות", finds
 * an ad by its number from the search form, filters its live ads, chooses three with the keyboard and hides them in
 * one action, each ad showing its own result; deleting asks first (the product's confirm popup). The search is the
 * address's query (a view to share or reload). Three live VIP ads chosen are bumped in one action and head their
 * boards (a chosen ad its track does not let bump offers none). Screens at 1280 and 390 px, axe 0.
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

/** The live VIP ads, newest first: the list's query, and the same query's answer from the server. */
const VIP_LIVE = 'track=VIP&status=active';
interface Listed {
  OrderID: number;
  cat: number;
  actions: string[];
}
const vipLive = async (page: Page): Promise<Listed[]> =>
  (await (await page.request.get(`${product.url}/api/my-ads?${VIP_LIVE}`)).json()).ads as Listed[];

/** The ad numbers a board page lists, in its order. */
const boardOrder = async (page: Page, cat: number): Promise<number[]> => {
  await page.goto(`${product.url}/board/${cat}`);
  const hrefs = await page.locator('li.card h3 a').evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(/\/item\/(\d+)/.exec(href)?.[1]));
};

/**
 * Finds an ad by its number, then chooses three live VIP ads that may be bumped with the keyboard (a chosen ad that
 * may not offers no bump) and bumps them in one action; each says so, and each heads its board afterwards.
 */
async function bumpThree(page: Page, screen: string): Promise<void> {
  await loginTrader(page);
  const listed = await vipLive(page);
  const bumpable = listed.filter((ad) => ad.actions.includes('bump')).slice(0, 3);
  expect(bumpable).toHaveLength(3);
  const first = bumpable[0] as Listed;

  // Found by its number from the search form.
  await page.goto(`${product.url}/my-ads`);
  await page.getByLabel('חיפוש לפי מילה או מספר מודעה').fill(String(first.OrderID));
  await page.keyboard.press('Enter');
  await expect.poll(() => articles(page).count()).toBe(1);
  expect(await articles(page).first().getAttribute('data-order-id')).toBe(String(first.OrderID));

  await page.goto(`${product.url}/my-ads?${VIP_LIVE}`);
  await expect.poll(() => articles(page).count()).toBe(listed.length);
  const boxes = page.getByTestId('my-ad-choose');
  // An ad placed within the day (the newest) may not be bumped yet: chosen alone, the bar offers no bump.
  const recent = listed.findIndex((ad) => !ad.actions.includes('bump'));
  expect(recent).toBeGreaterThanOrEqual(0);
  await boxes.nth(recent).focus();
  await page.keyboard.press('Space');
  expect(await page.getByTestId('my-ads-chosen').textContent()).toBe('נבחרה מודעה אחת');
  expect(await page.getByTestId('my-ads-bulk-bump').count()).toBe(0);
  await page.keyboard.press('Space');

  for (const ad of bumpable) {
    await boxes.nth(listed.indexOf(ad)).focus();
    await page.keyboard.press('Space');
  }
  expect(await page.getByTestId('my-ads-chosen').textContent()).toBe('נבחרו 3 מודעות');
  await page.getByTestId('my-ads-bulk-bump').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('my-ads-bulk-summary').textContent()).toBe('הפעולה בוצעה ב-3 מודעות.');
  // The bump button went with the choice: the keyboard is on the summary.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('my-ads-bulk-summary');
  for (const ad of bumpable) {
    const row = page.locator(`article[data-order-id="${ad.OrderID}"]`);
    expect(await row.getByTestId('my-ad-result').textContent()).toBe('המודעה הוקפצה לראש הלוח');
  }
  await checkScreen(page, screen);

  // Each heads its board: the chosen ads of a board are its first cards.
  for (const cat of new Set(bumpable.map((ad) => ad.cat))) {
    const mine = bumpable.filter((ad) => ad.cat === cat).map((ad) => ad.OrderID);
    const order = await boardOrder(page, cat);
    expect(order.slice(0, mine.length).sort()).toEqual([...mine].sort());
  }
  await checkScreen(page, `${screen}-board`);
  // Bumped within the day: not offered again.
  for (const ad of await vipLive(page)) {
    if (bumpable.some((b) => b.OrderID === ad.OrderID)) expect(ad.actions).not.toContain('bump');
  }
}

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

  it('finds an ad by its number and bumps three chosen ads in one action, to the top of their boards, at 1280 and 390 px', async () => {
    const page = await newPage(browser, DESKTOP);
    await bumpThree(page, 'my-ads-dealer-bump-1280');

    // An ended free ad is renewed for its track's days: back on the site, with its new end on it.
    await page.goto(`${product.url}/my-ads?status=expired&track=Free`);
    await expect.poll(() => articles(page).count()).toBeGreaterThan(1);
    const ended = (await articles(page).first().getAttribute('data-order-id')) as string;
    await page.getByTestId('my-ad-choose').first().focus();
    await page.keyboard.press('Space');
    expect(await page.getByTestId('my-ads-bulk-bump').count()).toBe(0);
    await page.getByTestId('my-ads-bulk-renew').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('my-ads-bulk-summary').textContent()).toBe('הפעולה בוצעה במודעה אחת.');
    const renewed = page.locator(`article[data-order-id="${ended}"]`);
    expect(await renewed.getByTestId('my-ad-result').textContent()).toMatch(/^המודעה חודשה עד \d{1,2}\.\d{1,2}$/);
    expect(await renewed.locator('.my-ad__status').textContent()).toBe('באוויר');
    expect(await statusOf(page, ended)).toBe('active');
    await checkScreen(page, 'my-ads-dealer-renew-1280');
    await page.context().close();

    const phone = await newPage(browser, PHONE_390);
    await bumpThree(phone, 'my-ads-dealer-bump-390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_390.width);
    await phone.context().close();
  });
});
