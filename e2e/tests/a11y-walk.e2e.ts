/**
 * The accessibility walk: every screen and popup of the product a guest and an advertiser meet, and the private
 * car's whole wizard, each checked by axe (zero violations, WCAG 2.x A/AA and best practice) and with the
 * colour-contrast items axe leaves for review measured from the pixels (a11y-helpers.ts), at 390 px and 1280 px
 * where switching is cheap. One test per screen or popup group, so that each test's time limit covers one screen's
 * work on a busy machine; the families' first steps are a11y-walk-first-steps.e2e.ts's.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, SERVER_ROUND_TRIP } from '../support/browser.ts';
import { fillCard, SUCCESS_CARD } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, auditBoth, closeByEscape, dialog, scrollSettled, writeMeasured } from './a11y-helpers.ts';
import { smsCode, typePhone, uniqueMobile } from './contact-helpers.ts';
import { allUploaded, photoFile } from './media-helpers.ts';
import { next, openPrivateCar, searchPlate } from './wizard-flow.ts';
import { atStep, openStep, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast'));

const form = (page: Page) => page.getByRole('dialog').locator('form');

describe('a guest, one screen at a time', () => {
  it('the chooser, and the login, register and password-reset popups', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).waitFor();
    await auditBoth(page, 'chooser');

    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await dialog(page).waitFor();
    await auditBoth(page, 'login-popup');
    await dialog(page).getByRole('button', { name: 'הרשמה' }).click();
    await dialog(page).getByLabel('אימות סיסמה').waitFor();
    await audit(page, 'register-popup');
    // The form's own errors (empty fields) are part of the screen too.
    await form(page).getByRole('button', { name: 'הרשמה' }).click();
    await page.waitForTimeout(200);
    await audit(page, 'register-popup-errors');
    await closeByEscape(page);
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await dialog(page).getByRole('button', { name: 'שכחתי סיסמה' }).click();
    await dialog(page).getByRole('button', { name: 'שליחת קוד' }).waitFor();
    await audit(page, 'password-reset-popup');
    await closeByEscape(page);
    await page.close();
  });

  it('the login page and a page that does not exist', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${product.url}/login`);
    await page.getByLabel('דואר אלקטרוני').first().waitFor();
    await auditBoth(page, 'login-page');
    await page.goto(`${product.url}/no-such-page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await auditBoth(page, 'not-found');
    await page.close();
  });

  it('contact-us: the form, a field error and the sent popup', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${product.url}/contactus?submailto=3`);
    await page.getByLabel('נושא הפנייה').waitFor();
    await auditBoth(page, 'contact-us');
    await page.getByLabel('טלפון').fill('12');
    await page.getByLabel('טלפון').press('Tab');
    await page.waitForTimeout(200);
    await audit(page, 'contact-us-error');
    await page.getByLabel('טלפון').fill('052-7654321');
    await page.getByLabel('תוכן הפנייה').fill('אשמח לפרטים על חבילת רכב לסוחרים.');
    await page.getByLabel('דוא"ל').fill('walk.contact@example.co.il');
    await page.getByRole('button', { name: 'שליחת הפנייה' }).click();
    await dialog(page, 'הפנייה נשלחה').waitFor();
    await audit(page, 'contact-us-sent-popup');
    await page.close();
  });

  it('the packages and my-ads pages ask a guest to log in', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${product.url}/packages`);
    await dialog(page).waitFor();
    await audit(page, 'packages-guest-login');
    await page.goto(`${product.url}/my-ads`);
    await dialog(page).waitFor();
    await audit(page, 'my-ads-guest-login');
    await page.close();
  });
});

describe('a signed-in advertiser, one screen at a time', () => {
  it('the packages page and its contact popup with its errors', async () => {
    const page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/packages`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    await auditBoth(page, 'packages');
    await page.getByRole('button', { name: 'לפרטים נוספים' }).first().click();
    await dialog(page).getByRole('heading', { name: 'השאירו פרטים ונציג יחזור אליכם' }).waitFor();
    await audit(page, 'package-contact-popup');
    await dialog(page).getByRole('button', { name: 'שליחה' }).click();
    await page.waitForTimeout(200);
    await audit(page, 'package-contact-popup-errors');
    await closeByEscape(page);
    await page.close();
  });

  it("the top bar's popups: leaving the wizard, the user menu and logging out", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=1`);
    await page.getByTestId('picker-vehicles').waitFor();
    await page.getByRole('button', { name: 'יציאה', exact: true }).click();
    await dialog(page).waitFor();
    await audit(page, 'quit-publish-popup');
    await closeByEscape(page);
    await page.goto(`${product.url}/publish`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /נועה ישראלי/ })
      .click();
    await audit(page, 'user-menu');
    await page.getByRole('menuitem', { name: 'התנתקות' }).click();
    await dialog(page).waitFor();
    await audit(page, 'logout-popup');
    await page.close();
  });
});

/**
 * The private car's whole wizard, one test per screen: the tests run in order on one page (each takes the ad on
 * from where the one before left it), so a slow machine spends each test's time limit on one screen's work.
 */
describe('a private car, from the plate to the car sign, one screen at a time', () => {
  let page: Page;
  let orderId = '';
  beforeAll(async () => {
    page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);
  });
  afterAll(() => page?.close());

  it('the vehicle type popup, the picker, the car type step, its plate search and the missing sub-model popup', async () => {
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
    await dialog(page).waitFor();
    await audit(page, 'chooser-vehicle-type-popup');
    await dialog(page).getByRole('button', { name: 'פרטי', exact: true }).click();
    await page.getByTestId('picker-vehicles').waitFor();
    await auditBoth(page, 'picker-vehicles');
    await openPrivateCar(page, product.url);
    await auditBoth(page, 'car-type-step');
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await audit(page, 'car-type-found');
    await page.getByTestId('missing-sub-model-link').click();
    await dialog(page, 'איזה תת דגם חסר?').waitFor();
    await audit(page, 'missing-sub-model-popup');
    await closeByEscape(page);
  });

  it('the properties step and the mileage reminder', async () => {
    await next(page).click();
    await atStep(page, 2);
    await settled(page);
    await auditBoth(page, 'car-properties-step');
    await page.getByLabel("קילומטראז'").fill('85');
    await next(page).click();
    await dialog(page).getByRole('heading', { name: 'כמה קילומטרים עבר הרכב?' }).waitFor();
    await audit(page, 'km-reminder-popup');
    await dialog(page).getByRole('button', { name: '85,000 ק"מ' }).click();
    await atStep(page, 3);
  });

  it('the sale step: the trade-in popup, the description and price reminders', async () => {
    await auditBoth(page, 'sale-step');
    await page.getByRole('checkbox', { name: /טרייד-אין/ }).check();
    await dialog(page).getByRole('heading', { name: 'טרייד-אין: נחזור אליך עם הצעה' }).waitFor();
    await audit(page, 'trade-in-popup');
    await dialog(page).getByRole('button', { name: 'ביטול' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await next(page).click();
    await dialog(page).getByRole('heading', { name: 'מודעה עם תיאור מקבלת יותר פניות' }).waitFor();
    await audit(page, 'description-reminder-popup');
    await dialog(page).getByRole('button', { name: 'המשך בלי תיאור' }).click();
    await dialog(page).getByRole('heading', { name: 'מודעה עם מחיר מקבלת יותר פניות' }).waitFor();
    await audit(page, 'price-reminder-popup');
    await dialog(page).getByLabel('סכום אחר').fill('95000');
    await dialog(page).getByRole('button', { name: 'עדכון המחיר' }).click();
    await atStep(page, 4);
  });

  it('the media step: empty, with photos, the photo editor and the video upload', async () => {
    await openStep(page).getByTestId('media-field').waitFor();
    await auditBoth(page, 'media-step-empty');
    await page
      .getByTestId('media-input')
      .setInputFiles([
        await photoFile('car-1.jpg', '#1f6feb', 800, 600),
        await photoFile('car-2.jpg', '#d29922', 800, 600),
      ]);
    await allUploaded(page, 2);
    await auditBoth(page, 'media-step-photos');
    await page
      .getByTestId('media-tile')
      .first()
      .getByRole('button', { name: /^עריכה/ })
      .click();
    await page.getByTestId('photo-editor').waitFor();
    await auditBoth(page, 'photo-editor');
    await dialog(page).getByRole('button', { name: 'שמירה', exact: true }).click();
    await page.getByTestId('photo-editor').waitFor({ state: 'detached' });
    const start = page.getByRole('button', { name: 'העלאת סרטון', exact: true });
    if (await start.isVisible()) {
      await start.click();
      await page.waitForTimeout(300);
      await audit(page, 'video-upload-open');
    }
    await next(page).click();
    await atStep(page, 5);
  });

  it('the contact step: the phone, its code popup with an error, the virtual number popup', async () => {
    await openStep(page).getByTestId('phone-validPhone1').waitFor();
    await auditBoth(page, 'contact-step');
    const phone = uniqueMobile('054');
    await typePhone(page, phone);
    await openStep(page).getByTestId('phone-send-validPhone1').click();
    const code = page.getByTestId('phone-code-popup');
    await code.waitFor();
    await auditBoth(page, 'phone-code-popup');
    await code.getByTestId('phone-code-input').fill('000000');
    await code.getByTestId('phone-code-confirm').click();
    await page.waitForTimeout(300);
    await audit(page, 'phone-code-popup-error');
    await code.getByTestId('phone-code-input').fill(await smsCode(page, product.url, phone));
    await code.getByTestId('phone-code-confirm').click();
    await code.waitFor({ state: 'detached' });
    await openStep(page).getByTestId('phone-verified-validPhone1').waitFor();
    await audit(page, 'contact-step-verified');
    const virtual = openStep(page).getByRole('checkbox', { name: /הסתרת המספר שלי/ });
    if (await virtual.isChecked()) {
      await virtual.click();
      await page.getByTestId('virtual-keep').waitFor();
      await audit(page, 'virtual-number-cancel-popup');
      await page.getByTestId('virtual-keep').click();
      await page.getByTestId('virtual-keep').waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'פרסום המודעה', exact: true }).click();
    await atStep(page, 6);
  });

  it('the plan step, the payment type, app and card popups, and the finish page once paid', async () => {
    const plan = page.getByTestId('plan-step');
    await plan.waitFor();
    await scrollSettled(page);
    await auditBoth(page, 'plan-step');
    orderId = (await page.getByTestId('saved-note').getAttribute('data-order-id')) ?? '';
    expect(orderId).toMatch(/^\d+$/);
    await plan.getByTestId('track-VIP').locator('.track__choose').click();
    const type = dialog(page, 'איך תרצו לשלם?');
    await type.waitFor();
    await auditBoth(page, 'payment-type-popup');
    // The mobile-payment app's popup (its QR page in the frame), closed; then the card.
    await type.getByTestId('pay-bit').click();
    await dialog(page, 'תשלום באפליקציה').waitFor();
    await page.frameLocator('[data-testid="app-payment-frame"]').locator('h1').waitFor();
    await audit(page, 'app-payment-popup');
    await closeByEscape(page);
    await plan.getByTestId('track-VIP').locator('.track__choose').click();
    await type.waitFor();
    await type.getByTestId('pay-creditCard').click();
    await dialog(page, 'תשלום בכרטיס אשראי').waitFor();
    const card = page.frameLocator('[data-testid="card-payment-frame"]');
    await card.getByLabel('מספר כרטיס').waitFor();
    await audit(page, 'card-payment-popup');
    await fillCard(card, SUCCESS_CARD);
    await card.getByRole('button', { name: /לתשלום/ }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await finish.waitFor();
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await auditBoth(page, 'finish-paid');
  });

  it('the car sign', async () => {
    const [sign] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('car-sign-link').click()]);
    await sign.getByTestId('car-sign-sheet').waitFor();
    await audit(sign, 'car-sign');
    await sign.close();
  });

  it("my ads, the paid ad's upgrades and their payment popup", async () => {
    await page.goto(`${product.url}/my-ads`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    await auditBoth(page, 'my-ads');
    // The upgrades of a live ad open in its card (the VIP ad just paid may have none left: then the card alone).
    await page.goto(`${product.url}/my-ads?upgrade=${orderId}`);
    const ad = page.locator(`article[data-order-id="${orderId}"]`);
    await ad.waitFor();
    await ad
      .locator('[data-package]')
      .first()
      .waitFor({ timeout: 3000 })
      .catch(() => undefined);
    await auditBoth(page, 'my-ads-upgrades');
    const upgrade = ad.getByRole('button', { name: 'לשדרוג' }).first();
    if (await upgrade.isVisible()) {
      await upgrade.click();
      await dialog(page, 'איך תרצו לשלם?').waitFor();
      await audit(page, 'my-ads-upgrade-payment-type-popup');
      await closeByEscape(page);
    }
  });

  it('the edit page of the paid ad', async () => {
    await page.goto(`${product.url}/edit/${orderId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${orderId}`) }).waitFor();
    await auditBoth(page, 'edit-page');
  });
});

describe('the contrast check itself', () => {
  it('fails grey text over a photo-like gradient that axe leaves for review, and passes dark text on it', async () => {
    const page = await newPage(browser, DESKTOP);
    const html = (colour: string) =>
      `<!doctype html><html lang="he" dir="rtl"><head><title>בדיקה</title></head><body><main><h1>בדיקה</h1>
       <p style="background: linear-gradient(90deg, #ffffff, #dddddd); padding: 8px; font-size: 16px; color: ${colour}">טקסט על רקע מדורג</p>
       </main></body></html>`;
    await page.setContent(html('#999999'));
    await expect(audit(page, 'contrast-self-test-low')).rejects.toThrow(/2\.\d+:1 < 4\.5:1 \(bgGradient\)/);
    await page.setContent(html('#222222'));
    await audit(page, 'contrast-self-test-dark');
    await page.close();
  });
});
