/**
 * The preview before publishing: a new account fills a private car to its contact step (the last before the plan),
 * presses "תצוגה מקדימה" and sees its page and board card as buyers will (its values, the photo, no number), goes back
 * from the price's group to its step, changes the price, and sees the change in the next preview; "חזרה לעריכה"
 * brings it back to the contact step with everything it typed. The edit of a live ad previews its new values while
 * buyers still see the live ones. Screens at 1280 and 390 px, axe 0.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setAdStatus } from '../../apps/server/src/ads/ads-repository.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { fillContact } from './contact-helpers.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { allUploaded, photoFile } from './media-helpers.ts';
import { DESCRIPTION, next, openPrivateCar, searchPlate } from './wizard-flow.ts';
import { atStep, button, checkScreen, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;
const CONTACT_STEP = 5;

/** A private car with a photo, filled by a new account up to its contact step (confirmed): the primary phone. */
async function fillCar(page: Page): Promise<string> {
  await registerThroughApi(page, product.url);
  await openPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  await settled(page);
  await next(page).click();
  await atStep(page, 2);
  await settled(page);
  await page.getByLabel("קילומטראז'").fill('85000');
  await next(page).click();
  await atStep(page, 3);
  await page.getByLabel('מחיר').fill('95000');
  await page.getByLabel('תיאור הרכב').fill(DESCRIPTION);
  await next(page).click();
  await atStep(page, 4);
  await openStep(page).getByTestId('media-field').waitFor();
  await page.getByTestId('media-input').setInputFiles([await photoFile('front.jpg', '#c0392b', 1200, 900)]);
  await allUploaded(page, 1);
  await next(page).click();
  await atStep(page, CONTACT_STEP);
  return fillContact(page, product.url);
}

/** The preview from the contact step: it opens in this tab once the draft and the photo are saved. */
async function openPreview(page: Page): Promise<string> {
  await button(page, 'תצוגה מקדימה').click();
  await page.waitForURL((u) => /^\/item\/\d+\/preview$/.test(u.pathname), { timeout: 30_000 });
  await page.getByText('תצוגה מקדימה: כך יראו קונים את המודעה').waitFor();
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

describe('the preview before publishing', () => {
  it('shows the draft as buyers will see it, leads back to a step, and shows the change; 1280 and 390 px', async () => {
    const page = await newPage(browser, DESKTOP);
    const phone = await fillCar(page);
    const orderId = await openPreview(page);
    expect(orderId).toMatch(/^\d+$/);

    // The page, by the page's own template: the title, the price, the kilometres with their unit, the photo.
    await page.getByRole('heading', { level: 1, name: 'טויוטה קורולה 2021' }).waitFor();
    expect(await page.locator('.ad-page__price').textContent()).toBe('95,000 ₪');
    expect(await page.locator('.ad-page__field', { hasText: "קילומטראז'" }).locator('dd').textContent()).toBe(
      '85,000 ק"מ',
    );
    expect(await page.getByText(DESCRIPTION).count()).toBe(1);
    expect(await page.locator('.ad-page__photo img').count()).toBe(1);
    // The board's card beside it.
    const card = page.getByRole('region', { name: 'תצוגה מקדימה' }).locator('li.card');
    expect(await card.locator('h3').textContent()).toBe('טויוטה קורולה 2021');
    expect(await card.locator('.price').textContent()).toContain('95,000');
    expect(await card.locator('img.photo').count()).toBe(1);
    // Not for search engines, and never the number: not in the page, not on the reveal button's press.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByRole('button', { name: 'הצגת מספר טלפון' }).click();
    await page.getByText('בתצוגה המקדימה המספר לא מוצג.', { exact: false }).waitFor();
    expect(digitsOf(await page.content())).not.toContain(digitsOf(phone).slice(1));
    await checkScreen(page, 'ad-preview-1280');
    await page.setViewportSize(PHONE_390);
    await checkScreen(page, 'ad-preview-390');
    await page.setViewportSize(DESKTOP);

    // Back to the price's step from its group, a new price, on to the contact step and the preview again.
    await page.getByRole('link', { name: 'עריכה מחיר ותיאור' }).click();
    await atStep(page, 3);
    const price = page.getByLabel('מחיר');
    expect(await price.inputValue()).toBe('95,000');
    await price.fill('91000');
    const stepNow = () => Number(new URL(page.url()).searchParams.get('step'));
    while (stepNow() < CONTACT_STEP) {
      const from = stepNow();
      await openStep(page).locator('.step-nav__primary').click();
      await page.waitForURL((u) => Number(u.searchParams.get('step')) > from, { timeout: 30_000 });
    }
    await atStep(page, CONTACT_STEP);
    await button(page, 'תצוגה מקדימה').waitFor();
    expect(await openPreview(page)).toBe(orderId);
    expect(await page.locator('.ad-page__price').textContent()).toBe('91,000 ₪');
    expect(await page.getByRole('region', { name: 'תצוגה מקדימה' }).locator('li.card .price').textContent()).toContain(
      '91,000',
    );

    // "חזרה לעריכה": the contact step, as it was left, ready to publish.
    await page.getByRole('link', { name: 'חזרה לעריכה' }).click();
    await atStep(page, CONTACT_STEP);
    await button(page, 'פרסום המודעה').waitFor();
    expect(await openStep(page).getByTestId('phone-verified-validPhone1').isVisible()).toBe(true);
    await page.context().close();
  });

  it("is not another account's to see: 404", async () => {
    const owner = await newPage(browser, DESKTOP);
    await fillCar(owner);
    const orderId = await openPreview(owner);
    await owner.context().close();
    const other = await newPage(browser, PHONE_390);
    await registerThroughApi(other, product.url);
    const res = await other.goto(`${product.url}/item/${orderId}/preview`);
    expect(res?.status()).toBe(404);
    await other.getByRole('heading', { level: 1, name: 'המודעה לא נמצאה' }).waitFor();
    await other.context().close();
  });

  it("an edit of a live ad: the preview shows the edit's values, buyers the live ones, until it is finished", async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    await product.offline((db) => setAdStatus(db, orderId, 'active'));
    await page.goto(`${product.url}/edit/${orderId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${orderId}`) }).waitFor();
    await settled(page);
    await page.getByLabel('מחיר').fill('79000');
    await button(page, 'תצוגה מקדימה').click();
    await page.waitForURL((u) => u.pathname === `/item/${orderId}/preview`, { timeout: 30_000 });
    expect(await page.locator('.ad-page__price').textContent()).toBe('79,000 ₪');
    await checkScreen(page, 'ad-preview-edit-390');
    const visitor = await browser.newContext();
    const live = await visitor.request.get(`${product.url}/item/${orderId}`);
    expect(await live.text()).toContain('<p class="ad-page__price">85,000 ₪</p>');
    expect((await visitor.request.get(`${product.url}/item/${orderId}/preview`)).status()).toBe(404);

    // Back to the edit at the price's step, the new price kept; finishing it puts it live.
    await page.getByRole('link', { name: 'עריכה מחיר ותיאור' }).click();
    await page.waitForURL((u) => u.pathname === `/edit/${orderId}` && u.hash.startsWith('#step-'));
    await settled(page);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('79,000');
    await button(page, 'סיום ופרסום השינויים').click();
    await page.waitForURL((u) => u.pathname === '/finishArea');
    const after = await visitor.request.get(`${product.url}/item/${orderId}`);
    expect(await after.text()).toContain('<p class="ad-page__price">79,000 ₪</p>');
    await visitor.close();
    await page.context().close();
  });
});
