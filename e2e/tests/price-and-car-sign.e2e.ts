/**
 * The price suggestion on the car price step (cat 1, subcat 1 or 3, step 3 only) and the printable car
 * sign (/print/carQR/{id}) of a published car ad, whose QR code opens the ad's public address.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { next, searchPlate, startPrivateCar } from './wizard-flow.ts';
import { atStep, checkScreen, csrfOf, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_390 = { width: 390, height: 844 } as const;

/** From the car-type step with a plate searched (and the car filled) to the price step. */
async function toPriceStep(page: Page, km = '85000'): Promise<void> {
  await next(page).click();
  await atStep(page, 2);
  await settled(page);
  await page.getByLabel("קילומטראז'").fill(km);
  await next(page).click();
  await atStep(page, 3);
}

describe('the price suggestion', () => {
  for (const [label, viewport] of [
    ['390', PHONE_390],
    ['1280', DESKTOP],
  ] as const) {
    it(`shows the recommended range on a private car's price step at ${label} px`, async () => {
      const page = await newPage(browser, viewport);
      await startPrivateCar(page, product.url);
      await searchPlate(page, SAMPLE_PLATES.privateCar);
      await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
      await settled(page);
      // Nothing is asked before the price step.
      const asked: URL[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/gateway/price-list/calculate-price')) asked.push(new URL(r.url()));
      });
      await next(page).click();
      await atStep(page, 2);
      await settled(page);
      expect(await page.getByTestId('price-suggestion').count()).toBe(0);
      await page.getByLabel("קילומטראז'").fill('85000');
      const answered = page.waitForResponse((r) => r.url().includes('/gateway/price-list/calculate-price'));
      await next(page).click();
      await atStep(page, 3);
      const answer = await (await answered).json();
      const box = page.getByTestId('price-suggestion');
      await box.getByTestId('price-suggestion-range').waitFor();
      expect(await box.textContent()).toContain('זה הטווח המומלץ למכירת הרכב');
      const { minPrice, maxPrice, predictedPrice } = answer.data.data;
      expect(minPrice).toBeLessThan(predictedPrice);
      expect(predictedPrice).toBeLessThan(maxPrice);
      const shown = (id: string) => box.getByTestId(id).textContent();
      expect(await shown('price-min')).toBe(`${minPrice.toLocaleString('en-US')} ₪`);
      expect(await shown('price-max')).toBe(`${maxPrice.toLocaleString('en-US')} ₪`);
      // The spec's query from the car's fields: the plate's sub-model, registration and hand, the typed kilometres.
      const query = Object.fromEntries(asked[0]?.searchParams ?? []);
      expect(query).toMatchObject({ kilometers: '85000', ownersNumber: '1' });
      expect(Number(query.subModelId)).toBeGreaterThan(0);
      expect(query.ascentYearOnRoad).toMatch(/^20\d\d$/);
      await checkScreen(page, `price-suggestion-${label}`);
      await page.close();
    });
  }

  it('says the spec failure text when the price list fails', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.route('**/gateway/price-list/calculate-price**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await toPriceStep(page);
    const error = page.getByTestId('price-suggestion-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('אירעה שגיאה בעת טעינת המידע');
    expect(await page.getByTestId('price-suggestion-range').count()).toBe(0);
    await page.close();
  });

  it('shows for a jeep (subcat 3) but never for a commercial vehicle (subcat 2)', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    // A jeep's plate moves the ad to subcat 3 and searches there.
    await searchPlate(page, SAMPLE_PLATES.jeep);
    await page.waitForURL((u) => u.searchParams.get('subcat') === '3');
    await page.getByText(/מצאנו: יונדאי טוסון/).waitFor();
    await settled(page);
    await toPriceStep(page);
    await page.getByTestId('price-suggestion-range').waitFor();

    const other = await newPage(browser, DESKTOP);
    let asked = 0;
    other.on('request', (r) => {
      if (r.url().includes('/gateway/price-list/calculate-price')) asked += 1;
    });
    await startPrivateCar(other, product.url);
    await searchPlate(other, SAMPLE_PLATES.commercial);
    await other.waitForURL((u) => u.searchParams.get('subcat') === '2');
    await other.getByText(/מצאנו: טויוטה היילקס/).waitFor();
    await settled(other);
    await toPriceStep(other);
    await other.getByLabel('מחיר').waitFor();
    await other.waitForTimeout(500);
    expect(await other.getByTestId('price-suggestion').count()).toBe(0);
    expect(asked).toBe(0);
    await page.close();
    await other.close();
  });
});

/** The QR code on the page, decoded from a screenshot of it. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const png = await page.getByTestId('sign-qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

async function publishFree(page: Page, orderId: number): Promise<void> {
  const res = await page.request.post(`${product.url}/api/publish/finish-publish`, {
    data: { OrderID: orderId, RecordID: orderId, CatID: 1, SubCatID: 1 },
    headers: { 'x-csrf-token': await csrfOf(page, product.url) },
  });
  expect(await res.json()).toMatchObject({ status: 200 });
}

/** Pages of the sign printed to PDF (A4 landscape, as its print stylesheet asks). */
async function printedPages(page: Page): Promise<number> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

describe('the car sign', () => {
  it('opens from the finish page in an 870x605 window; its QR code opens the ad; one A4 page', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    await publishFree(page, orderId);
    await page.goto(`${product.url}/finishArea?cat=1&subcat=1&OrderID=${orderId}`);
    const link = page.getByTestId('car-sign-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/print/carQR/${orderId}`);
    const [sign] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await sign.waitForURL((u) => u.pathname === `/print/carQR/${orderId}`);
    expect(await sign.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([870, 605]);
    expect(await sign.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toContain('/finishArea'); // the finish page stays where it was

    await sign.getByTestId('car-sign-sheet').waitFor();
    const ad = await (await sign.request.get(`${product.url}/api/adds/${orderId}`)).json();
    expect(ad.AdUrl).toBe(`${product.url}/item/${orderId}`);
    expect(await decodeQr(sign)).toBe(ad.AdUrl);
    const qr = sign.getByTestId('sign-qr');
    expect(await qr.getAttribute('width')).toBe('133');
    expect(await sign.getByTestId('sign-price').textContent()).toBe('85,000 ₪');
    const text = (await sign.getByTestId('car-sign-sheet').textContent()) ?? '';
    expect(text).toContain('טויוטה קורולה');
    expect(text).toContain('45,000 ק"מ');
    // The number the public view shows (the virtual number while it is on).
    if (ad.Phone1) expect(await sign.getByTestId('sign-phone').textContent()).toBe(ad.Phone1);
    await checkScreen(sign, 'car-sign-870');
    expect(await printedPages(sign)).toBe(1);
    // The print button prints.
    await sign.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', '1');
    });
    await sign.getByRole('button', { name: 'הדפסת השלט' }).click();
    expect(await sign.getAttribute('body', 'data-printed')).toBe('1');
    await sign.close();
    await page.close();
  });

  it('hides a price of 0; the owner sees their draft, another account and a visitor get 404', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, { ...validCarAd(), price: '0' });
    await page.goto(`${product.url}/print/carQR/${orderId}`);
    await page.getByTestId('car-sign-sheet').waitFor();
    expect(await page.getByTestId('sign-price').count()).toBe(0);
    expect(await decodeQr(page)).toBe(`${product.url}/item/${orderId}`);
    await checkScreen(page, 'car-sign-390');

    for (const who of ['another account', 'a visitor']) {
      const stranger = await newPage(browser, PHONE);
      if (who === 'another account') await registerThroughApi(stranger, product.url);
      await stranger.goto(`${product.url}/print/carQR/${orderId}`);
      await stranger.getByRole('heading', { level: 1, name: 'העמוד לא נמצא' }).waitFor();
      expect(await stranger.getByTestId('car-sign-sheet').count()).toBe(0);
      await stranger.close();
    }
    await page.close();
  });
});
