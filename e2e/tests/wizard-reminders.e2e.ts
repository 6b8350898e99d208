/**
 * The pre-advance reminders and the car ad's extras in Chromium: very-low kilometres, the generated
 * description (once per attempt), the price with a custom amount, the double-ad suggestion against a real first
 * ad stored through the API, the trade-in lead and the missing sub-model report.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { next, openPrivateCar, searchPlate, startPrivateCar } from './wizard-flow.ts';
import { atStep, button, checkScreen, csrfOf, openStep, settled, stepItem } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const PHONE_VIEW = { width: 390, height: 844 } as const;
const DESKTOP_VIEW = { width: 1280, height: 800 } as const;
const dialog = (page: Page) => page.getByRole('dialog');
const km = (page: Page) => page.getByLabel("קילומטראז'");

/** A new account on the car properties step of the sample private car (found by its plate). */
async function atCarProperties(page: Page): Promise<void> {
  await startPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  await settled(page);
  await next(page).click();
  await atStep(page, 2);
  await settled(page);
}

describe('pre-advance reminders', () => {
  it("km '85' offers 8,500 / 85,000 / 850,000; the choice fills the field and the wizard goes on", async () => {
    const page = await newPage(browser, PHONE_VIEW);
    await atCarProperties(page);
    await km(page).fill('85');
    await next(page).click();
    const popup = dialog(page);
    await popup.getByRole('heading', { name: 'כמה קילומטרים עבר הרכב?' }).waitFor();
    const options = popup.getByTestId('km-reminder').getByRole('button');
    expect(await options.allTextContents()).toEqual(['8,500 ק"מ', '85,000 ק"מ', '850,000 ק"מ']);
    await checkScreen(page, 'reminder-km-390');
    await popup.getByRole('button', { name: '85,000 ק"מ' }).click();
    await atStep(page, 3);
    expect(await dialog(page).count()).toBe(0);
    // The passed step's summary and the field itself hold the choice.
    expect(await stepItem(page, 'personal_publish_car_properties').textContent()).toContain('85,000 ק"מ');
    await stepItem(page, 'personal_publish_car_properties').getByRole('button').first().click();
    await atStep(page, 2);
    expect(await km(page).inputValue()).toBe('85,000');
    // A real kilometre count is not questioned.
    await next(page).click();
    await atStep(page, 3);
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });

  it('an empty description is reminded once per attempt, then the price; the choices fill the fields', async () => {
    const page = await newPage(browser, DESKTOP_VIEW);
    await atCarProperties(page);
    await km(page).fill('85000');
    await next(page).click();
    await atStep(page, 3);

    // Attempt 1: the description reminder (with a text built from the car), closed; then the price reminder.
    await next(page).click();
    const popup = dialog(page);
    await popup.getByRole('heading', { name: 'מודעה עם תיאור מקבלת יותר פניות' }).waitFor();
    expect(await popup.getByTestId('description-reminder-text').inputValue()).toBe(
      'טויוטה קורולה 2021 למכירה, בצבע לבן, יד ראשונה, 85,000 ק"מ.',
    );
    await checkScreen(page, 'reminder-description-1280');
    await popup.getByRole('button', { name: 'המשך בלי תיאור' }).click();
    await popup.getByRole('heading', { name: 'מודעה עם מחיר מקבלת יותר פניות' }).waitFor();
    await checkScreen(page, 'reminder-price-1280');
    await popup.getByRole('button', { name: 'המשך בלי מחיר' }).click();
    // The attempt goes on: no reminder shows twice.
    await atStep(page, 4);
    expect(await dialog(page).count()).toBe(0);

    // Attempt 2 (back on the step): the reminders show again; this time they fill the fields.
    await stepItem(page, 'personal_publish_sales_properties').getByRole('button').first().click();
    await atStep(page, 3);
    await next(page).click();
    await popup.getByRole('heading', { name: 'מודעה עם תיאור מקבלת יותר פניות' }).waitFor();
    await popup.getByRole('button', { name: 'הוספת התיאור למודעה' }).click();
    await popup.getByRole('heading', { name: 'מודעה עם מחיר מקבלת יותר פניות' }).waitFor();
    // Only digits go in; an amount of zero is refused and nothing is filled.
    await popup.getByLabel('סכום אחר').fill('12a');
    expect(await popup.getByLabel('סכום אחר').inputValue()).toBe('12');
    await popup.getByLabel('סכום אחר').fill('0');
    await popup.getByRole('button', { name: 'עדכון המחיר' }).click();
    await popup.getByText('יש להזין סכום בשקלים, בספרות בלבד').waitFor();
    await popup.getByLabel('סכום אחר').fill('95000');
    expect(await popup.getByLabel('סכום אחר').inputValue()).toBe('95,000');
    await popup.getByRole('button', { name: 'עדכון המחיר' }).click();
    await atStep(page, 4);
    expect(await dialog(page).count()).toBe(0);
    await stepItem(page, 'personal_publish_sales_properties').getByRole('button').first().click();
    await atStep(page, 3);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('95,000');
    expect(await page.getByLabel('תיאור הרכב').inputValue()).toBe(
      'טויוטה קורולה 2021 למכירה, בצבע לבן, יד ראשונה, 85,000 ק"מ.',
    );
    // Filled: no reminder on the next attempt.
    await next(page).click();
    await atStep(page, 4);
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });

  it('a second ad of the same car (same plate) suggests upgrading the first, stored through the API', async () => {
    const page = await newPage(browser, PHONE_VIEW);
    await loginDemo(page, product.url);
    const first = await adThroughApi(page, product.url, {
      ...validCarAd(),
      registrationPlate: '374-97-104',
    });
    await openPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await next(page).click();
    const popup = dialog(page);
    await popup.getByRole('heading', { name: 'כבר פרסמת מודעה על הרכב הזה' }).waitFor();
    expect(await popup.textContent()).toContain(String(first));
    expect(await popup.getByRole('link', { name: 'לשדרוג המודעה הקיימת' }).getAttribute('href')).toBe(
      `/my-ads?upgrade=${first}`,
    );
    await checkScreen(page, 'reminder-double-ad-390');
    await popup.getByRole('button', { name: 'המשך בפרסום מודעה חדשה' }).click();
    await atStep(page, 2);

    // Another car of the same account is no duplicate.
    await openStep(page).waitFor();
    await page.close();
    const other = await newPage(browser, DESKTOP_VIEW);
    await loginDemo(other, product.url);
    await openPrivateCar(other, product.url);
    await searchPlate(other, SAMPLE_PLATES.oldPrivateCar);
    await other.getByText(/מצאנו:/).waitFor();
    await settled(other);
    await next(other).click();
    await atStep(other, 2);
    expect(await dialog(other).count()).toBe(0);
    await other.close();
  });
});

describe('car extras', () => {
  it('the trade-in box opens the lead popup: required texts, cancel unchecks, success locks it checked', async () => {
    const page = await newPage(browser, PHONE_VIEW);
    await atCarProperties(page);
    await km(page).fill('85000');
    await next(page).click();
    await atStep(page, 3);
    const box = page.getByRole('checkbox', { name: /טרייד-אין/ });
    await box.check();
    const popup = dialog(page);
    await popup.getByRole('heading', { name: 'טרייד-אין: נחזור אליך עם הצעה' }).waitFor();
    await popup.getByRole('button', { name: 'ביטול' }).click();
    expect(await box.isChecked()).toBe(false);

    await box.check();
    await popup.getByLabel('שם מלא').fill('');
    await popup.getByRole('button', { name: 'שליחה' }).click();
    await popup.getByText('שם מלא שדה חובה').waitFor();
    await popup.getByText('טלפון שדה חובה').waitFor();
    await checkScreen(page, 'trade-in-errors-390');
    await popup.getByLabel('שם מלא').fill('נועה ישראלי');
    expect(await popup.getByText('שם מלא שדה חובה').count()).toBe(0);
    await popup.getByLabel('טלפון').fill('123');
    await popup.getByRole('button', { name: 'שליחה' }).click();
    await popup.getByText('המספר אינו תקין').waitFor();
    await popup.getByLabel('טלפון').fill('052-7654321');
    await popup.getByRole('button', { name: 'שליחה' }).click();
    await popup.getByTestId('trade-in-thanks').waitFor();
    await popup.getByRole('button', { name: 'חזרה למודעה' }).click();
    expect(await box.isChecked()).toBe(true);
    expect(await box.isDisabled()).toBe(true);
    await page.getByText('בקשת הטרייד-אין נשלחה').waitFor();
    await page.close();
  });

  it("the missing sub-model report: the button waits for a text; the thank-you says 'באסה, לפעמים גם לנו יש פנצ'ר'", async () => {
    const page = await newPage(browser, DESKTOP_VIEW);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await page.getByTestId('missing-sub-model-link').click();
    const popup = dialog(page);
    await popup.getByRole('heading', { name: 'איזה תת דגם חסר?' }).waitFor();
    expect(await popup.getByRole('button', { name: 'שליחה' }).isDisabled()).toBe(true);
    await popup.getByLabel('תת הדגם').fill('1.8 היברידי Sport');
    await popup.getByLabel('תיבת הילוכים').selectOption('אוטומטי');
    await checkScreen(page, 'missing-sub-model-1280');
    await popup.getByRole('button', { name: 'שליחה' }).click();
    await popup.getByRole('heading', { name: "באסה, לפעמים גם לנו יש פנצ'ר" }).waitFor();
    await checkScreen(page, 'missing-sub-model-thanks-1280');
    await popup.getByRole('button', { name: 'חזרה למודעה' }).click();
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });
});

describe('price decrease in edit', () => {
  it('a free (order type 1) live ad whose price goes down is offered an upgrade; a higher price is not', async () => {
    const page = await newPage(browser, DESKTOP_VIEW);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    const finished = await page.request.post(`${product.url}/api/publish/finish-publish`, {
      data: { OrderID: orderId, RecordID: orderId, CatID: 1, SubCatID: 1 },
      headers: { 'x-csrf-token': await csrfOf(page, product.url) },
    });
    expect(finished.status()).toBe(200);
    await page.goto(`${product.url}/edit/${orderId}`);
    await settled(page);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('85,000');
    await page.getByLabel('מחיר').fill('79000');
    await button(page, 'סיום ופרסום השינויים').click();
    const popup = dialog(page);
    await popup.getByRole('heading', { name: 'הורדת את המחיר?' }).waitFor();
    expect(await popup.getByRole('link', { name: 'לשדרוג המודעה' }).getAttribute('href')).toBe(
      `/my-ads?upgrade=${orderId}`,
    );
    await checkScreen(page, 'price-decrease-1280');
    const saved = page.waitForResponse((r) => r.url().includes(`/api/publish/save-ad/${orderId}`));
    await popup.getByRole('button', { name: 'המשך בשמירת השינויים' }).click();
    await saved;
    await page.waitForURL((u) => u.pathname === '/finishArea');

    // The edit is live (79,000): a higher price asks nothing.
    await page.goto(`${product.url}/edit/${orderId}`);
    await settled(page);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('79,000');
    await page.getByLabel('מחיר').fill('81000');
    const again = page.waitForResponse((r) => r.url().includes(`/api/publish/save-ad/${orderId}`));
    await button(page, 'סיום ופרסום השינויים').click();
    await again;
    // Saved with no question: on to the finish page (a page closed mid-navigation can hang Chromium's close).
    await page.waitForURL((u) => u.pathname === '/finishArea');
    expect(await dialog(page).count()).toBe(0);
    await page.close();
  });
});
