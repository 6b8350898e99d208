/**
 * The ad's own page (/item/{id}) as buyers and its owner meet it: a car published through the wizard with two photos
 * is opened from the finish page and from /my-ads; its gallery answers the arrow keys; a logged-out buyer on a phone
 * reveals the number, shares the link (copying it, where the browser has no share sheet) and reports the ad, which
 * waits as a case in the moderation queue; with scripts off the page still reads whole, without the number. Screens
 * at 390 and 1280 px, axe 0.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { carWithPhotosToPlan, publishFree } from './car-publish-helpers.ts';
import { DESCRIPTION } from './wizard-flow.ts';
import { checkScreen } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;

/** A private car with two photos, published free by a new account: its number (the page is on its finish page). */
async function publishCar(page: Page): Promise<string> {
  const orderId = await carWithPhotosToPlan(page, product.url, {
    description: `${DESCRIPTION}\nשורה שנייה של התיאור.`,
  });
  await publishFree(page);
  return orderId;
}

const counter = (page: Page) => page.locator('.ad-page__count');

describe('the ad page', () => {
  let orderId = '';

  it('the owner opens it from the finish page and from /my-ads; the gallery answers the keys; 1280 px', async () => {
    const page = await newPage(browser, DESKTOP);
    orderId = await publishCar(page);
    const toPage = page.getByRole('link', { name: 'לצפייה במודעה' });
    expect(await toPage.getAttribute('href')).toBe(`/item/${orderId}`);
    await toPage.click();
    await page.waitForURL((u) => u.pathname === `/item/${orderId}`);
    await page.getByRole('heading', { level: 1, name: 'טויוטה קורולה 2021' }).waitFor();
    expect(await page.locator('.ad-page__price').textContent()).toBe('95,000 ₪');
    expect(await page.getByText('שורה שנייה של התיאור.').count()).toBe(1);
    // The script is there: the gallery's arrows show; the left arrow (right to left: the next photo) moves on.
    await page.locator('[data-gallery-next]').waitFor();
    expect((await counter(page).textContent())?.replace(/\s/g, '')).toBe('1/2');
    await page.locator('.ad-page__photos').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await counter(page).textContent())?.replace(/\s/g, '')).toBe('2/2');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await counter(page).textContent())?.replace(/\s/g, '')).toBe('1/2');
    expect(await page.locator('.ad-page__photo img').first().getAttribute('loading')).toBe('eager');
    expect(await page.locator('.ad-page__photo img').last().getAttribute('loading')).toBe('lazy');
    await checkScreen(page, 'ad-page-1280');

    await page.goto(`${product.url}/my-ads`);
    const link = page.locator(`article[data-order-id="${orderId}"]`).getByRole('link', { name: 'לצפייה במודעה' });
    expect(await link.getAttribute('href')).toBe(`/item/${orderId}`);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/item/${orderId}`);
    await page.getByRole('heading', { level: 1, name: 'טויוטה קורולה 2021' }).waitFor();
    await page.context().close();
  });

  it('a logged-out buyer on a phone reveals the number, copies the link, and reports the ad; 390 px', async () => {
    const context = await browser.newContext({ viewport: PHONE_390, locale: 'he-IL', reducedMotion: 'reduce' });
    // No share sheet in this browser: the page offers copying the link (and WhatsApp).
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const html = await (await page.goto(`${product.url}/item/${orderId}`))?.text();
    expect(html).toContain('application/ld+json');
    await page.getByRole('heading', { level: 1, name: 'טויוטה קורולה 2021' }).waitFor();
    await checkScreen(page, 'ad-page-390');

    const reveal = page.getByRole('button', { name: 'הצגת מספר טלפון' });
    expect(await page.locator('.ad-page__phone-link').count()).toBe(0);
    await reveal.click();
    const phone = page.locator('.ad-page__phone-link');
    await phone.waitFor();
    expect(await phone.textContent()).toMatch(/^0\d{1,2}-\d{7}$/);
    expect(await phone.getAttribute('href')).toMatch(/^tel:0\d{8,9}$/);
    expect(await reveal.isVisible()).toBe(false);

    expect(await page.getByRole('button', { name: 'שיתוף', exact: true }).isVisible()).toBe(false);
    const whatsapp = page.getByRole('link', { name: 'שליחה בוואטסאפ' });
    expect(await whatsapp.getAttribute('href')).toContain(encodeURIComponent(`/item/${orderId}`));
    await page.getByRole('button', { name: 'העתקת הקישור' }).click();
    await page.getByText('הקישור הועתק').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('link[rel="canonical"]').getAttribute('href'));
    expect(new URL(copied).pathname).toBe(`/item/${orderId}`);

    await page.getByText('דיווח על המודעה').click();
    await page.getByRole('button', { name: 'שליחת הדיווח' }).click();
    await page.getByText('יש לבחור מה הבעיה במודעה').waitFor();
    await page.getByRole('radio', { name: 'אחר' }).check();
    await page.getByRole('button', { name: 'שליחת הדיווח' }).click();
    await page.getByText('בדיווח מסוג "אחר" יש לכתוב מה הבעיה').waitFor();
    await page.getByLabel('פרטים נוספים').fill('המוכר מבקש מקדמה לפני שרואים את הרכב');
    await checkScreen(page, 'ad-page-report-390');
    await page.getByRole('button', { name: 'שליחת הדיווח' }).click();
    await page.getByText('תודה, הדיווח התקבל ויועבר לבדיקת הצוות.').waitFor();
    await context.close();
  });

  it('with scripts off the page reads whole: title, price, fields, photos, no number', async () => {
    const context = await browser.newContext({ viewport: PHONE_390, locale: 'he-IL', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product.url}/item/${orderId}`);
    await page.getByRole('heading', { level: 1, name: 'טויוטה קורולה 2021' }).waitFor();
    expect(await page.locator('.ad-page__price').textContent()).toBe('95,000 ₪');
    expect(await page.locator('.ad-page__photo img').count()).toBe(2);
    expect(await page.getByText("קילומטראז'").count()).toBeGreaterThan(0);
    expect(await page.locator('.ad-page__contact').textContent()).toContain(
      'כדי להציג את מספר הטלפון יש להפעיל JavaScript בדפדפן.',
    );
    expect(await page.getByRole('button', { name: 'הצגת מספר טלפון' }).isVisible()).toBe(false);
    expect(await page.locator('.ad-page__phone-link').count()).toBe(0);
    await context.close();
  });

  it('an unknown or malformed number: the Hebrew 404 page; 390 px', async () => {
    const page = await newPage(browser, PHONE_390);
    for (const path of ['/item/99999999', '/item/abc']) {
      const res = await page.goto(`${product.url}${path}`);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'המודעה לא נמצאה' }).waitFor();
    }
    await checkScreen(page, 'ad-page-missing-390');
    await page.context().close();
  });

  it('the report waits in the moderation queue with its reason and count', async () => {
    let reasons: unknown;
    await product.offline(async (db) => {
      const [row] = await db.query<{ reasons: unknown; held_as: string; stage: string }>(
        'SELECT reasons, held_as, stage FROM ad_reviews WHERE ad_id = $1 AND decided_at IS NULL',
        [Number(orderId)],
      );
      expect(row).toMatchObject({ held_as: 'active', stage: 'report' });
      reasons = typeof row?.reasons === 'string' ? JSON.parse(row.reasons) : row?.reasons;
    });
    expect(reasons).toEqual([
      { kind: 'reported', reason: 'other', count: 1, texts: ['המוכר מבקש מקדמה לפני שרואים את הרכב'] },
    ]);
  });
});
