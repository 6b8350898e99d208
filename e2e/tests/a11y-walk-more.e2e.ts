/**
 * The accessibility walk, continued: the screens and popups a11y-walk.e2e.ts left out, each
 * checked the same way (axe with zero violations, and the contrast items axe leaves for review measured from the
 * pixels: a11y-helpers.ts). The payment results (a declined card's finish page, /finishPayment in its frame and at
 * the top, /finishPaymentArea waiting and failed), the finish area's other pages (an edit gone live, a package
 * lead, business for sale, nothing to show) and the edit's saved notice; the double-ad suggestion, the phone list
 * and the save-failed popup; the commercial plan popups and the broker-lead flow; the sandbox pages (the e-mail
 * and SMS outboxes, the payment admin view, each closed without the key) and the pages of the other
 * origins inside their frames (the hosted card and app payment pages, the video upload page).
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { validCommercialAd, validSaleAd } from '../../apps/server/test/support/real-estate-ad.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage, SERVER_ROUND_TRIP } from '../support/browser.ts';
import { DECLINED_CARD, fillCard } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, auditBoth, closeByEscape, dialog, writeMeasured } from './a11y-helpers.ts';
import { uniqueMobile } from './contact-helpers.ts';
import { adThroughApi, DEMO_CONTACT, loginDemo } from './edit-helpers.ts';
import { next, openPrivateCar, searchPlate } from './wizard-flow.ts';
import { atStep, button, csrfOf, draftThroughApi, openStep, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-more'));

const PHONE_390 = { width: 390, height: 844 } as const;
const plan = (page: Page) => page.getByTestId('plan-step');
const track = (page: Page, adType: string) => plan(page).getByTestId(`track-${adType}`);

/** The plan step of a saved ad (step 6 of cars and real estate), its tracks loaded. */
async function openPlan(page: Page, selectors: string, orderId: number, extra = ''): Promise<void> {
  await page.goto(`${product.url}/publish?${selectors}&step=6&OrderID=${orderId}${extra}`);
  await plan(page).waitFor();
  await settled(page);
}

/** The frame of another origin (or our own) whose URL has this part, once it has loaded. */
async function frameOf(page: Page, part: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(part)), { timeout: 15_000 }).toBe(true);
  const frame = page.frames().find((f) => f.url().includes(part));
  if (!frame) throw new Error(`no frame ${part}`);
  await frame.waitForLoadState();
  return frame;
}

/** A same-origin page (not found) with one of our pages in an iframe, as the payment popup frames it. */
async function framed(page: Page, path: string): Promise<Frame> {
  await page.goto(`${product.url}/no-such-page`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.title = 'תוצאת התשלום';
    frame.src = src;
    frame.style.cssText = 'width: 360px; height: 400px; border: 0';
    document.querySelector('main')?.append(frame);
  }, path);
  return frameOf(page, path.split('?')[0] ?? path);
}

/** A new page of the demo account, with a new car ad saved through the API. */
async function withCarAd(): Promise<{ page: Page; orderId: number }> {
  const page = await newPage(browser, PHONE_390);
  await loginDemo(page, product.url);
  return { page, orderId: await adThroughApi(page, product.url, validCarAd()) };
}

describe('payment results and the finish area, one screen group at a time', () => {
  it('the hosted app and card payment pages, and a declined card on the finish area', async () => {
    const { page, orderId } = await withCarAd();
    await openPlan(page, 'cat=1&subcat=1', orderId);

    // The app payment's hosted page inside its popup, then the card's, each checked in its frame.
    await track(page, 'VIP').locator('.track__choose').click();
    await dialog(page, 'איך תרצו לשלם?').getByTestId('pay-bit').click();
    const app = page.frameLocator('[data-testid="app-payment-frame"]');
    await app.getByRole('img', { name: 'קוד QR לאישור התשלום בטלפון' }).waitFor();
    await audit(page, 'app-payment-hosted-page', await frameOf(page, '/pay/'));
    await closeByEscape(page);
    await track(page, 'VIP').locator('.track__choose').click();
    await dialog(page, 'איך תרצו לשלם?').getByTestId('pay-creditCard').click();
    const card = page.frameLocator('[data-testid="card-payment-frame"]');
    await card.getByLabel('מספר כרטיס').waitFor();
    const hosted = await frameOf(page, '/pay/');
    await audit(page, 'card-payment-hosted-page', hosted);
    await fillCard(card, DECLINED_CARD);
    await audit(page, 'card-payment-hosted-page-filled', hosted);
    await card.getByRole('button', { name: /לתשלום/ }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    await page.getByTestId('payment-failure').waitFor();
    await settled(page);
    await auditBoth(page, 'finish-declined-card', 'phone');
    await page.close();
  });

  it('/finishPayment inside the payment frame, and an upgrade that failed', async () => {
    const { page, orderId } = await withCarAd();
    // /finishPayment: inside the payment frame it says 'please wait' while the parent takes the result; an
    // upgrade's failure shows its message in place.
    const waiting = await framed(page, `/finishPayment?OrderID=${orderId}&result=failure`);
    await waiting.getByRole('status').waitFor();
    await audit(page, 'finish-payment-in-frame', waiting);
    await page.goto(`${product.url}/finishPayment?OrderID=${orderId}&result=failure&action=upgrade`);
    await page.getByRole('alert').waitFor();
    await auditBoth(page, 'finish-payment-upgrade-failed', 'phone');
    await page.close();
  });

  it('/finishPaymentArea waiting for the return address, then without an order', async () => {
    const { page, orderId } = await withCarAd();
    // /finishPaymentArea: waiting for the server's return URL, then (no order) the way to the finish area.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/publish/get-finish-page*', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${product.url}/finishPaymentArea?OrderID=${orderId}`);
    await page.getByRole('status').waitFor();
    await audit(page, 'finish-payment-area-waiting');
    release();
    // The answer sends the page on (location.assign to the return URL): that navigation ends before the next one
    // starts (a goto meanwhile was aborted by it, net::ERR_ABORTED, twice in a row in CI).
    await page.waitForURL((u) => u.pathname !== '/finishPaymentArea', { timeout: SERVER_ROUND_TRIP });
    await page.waitForLoadState('load');
    await page.unroute('**/api/publish/get-finish-page*');
    await page.goto(`${product.url}/finishPaymentArea`);
    await page.getByRole('alert').waitFor();
    await auditBoth(page, 'finish-payment-area-failed', 'phone');
    await page.close();
  });

  it("the finish area's other pages: edited, a package lead, a business for sale, no order", async () => {
    const { page, orderId } = await withCarAd();
    await page.goto(`${product.url}/finishArea?action=edited&OrderID=${orderId}`);
    await page.getByTestId('finish-edited').waitFor();
    await auditBoth(page, 'finish-edited', 'phone');
    await page.goto(`${product.url}/finishArea?action=packageLead`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await audit(page, 'finish-package-lead-390');
    await page.goto(`${product.url}/finishArea?cat=3&subcat=2`);
    await page.getByTestId('finish-business-for-sale').waitFor();
    await audit(page, 'finish-business-for-sale-390');
    await page.goto(`${product.url}/finishArea`);
    await page.getByTestId('finish-no-order').waitFor();
    await audit(page, 'finish-no-order-390');
    await page.close();
  });

  it("editing a draft: 'סיום ופרסום השינויים' saves it and says so in place", async () => {
    const { page, orderId } = await withCarAd();
    // Editing a draft: 'סיום ופרסום השינויים' saves it and says so in place.
    await page.goto(`${product.url}/edit/${orderId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${orderId}`) }).waitFor();
    await settled(page);
    await page.getByLabel('מחיר').fill('82000');
    await button(page, 'סיום ופרסום השינויים').click();
    await page.getByTestId('edit-saved').getByText('השינויים נשמרו').waitFor();
    await auditBoth(page, 'edit-saved', 'phone');
    await page.close();
  });
});

describe('the wizard: the double-ad suggestion, the phone list, a failed save, the video host', () => {
  it('each popup and the video upload page in its frame', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const car = { ...validCarAd(), registrationPlate: '374-97-104' };
    await adThroughApi(page, product.url, car);
    await openPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await next(page).click();
    await dialog(page).getByRole('heading', { name: 'כבר פרסמת מודעה על הרכב הזה' }).waitFor();
    await auditBoth(page, 'double-ad-popup', 'phone');
    await dialog(page).getByRole('button', { name: 'המשך בפרסום מודעה חדשה' }).click();
    await atStep(page, 2);

    // The media step (from a draft that has passed every step) and the video host's page in its frame.
    const { cat, subcat, ...values } = car;
    await draftThroughApi(page, product.url, { cat, subcat }, { ...values, ...DEMO_CONTACT }, 4);
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=4`);
    await atStep(page, 4);
    const frameEl = page.locator('iframe[title="העלאת סרטון למודעה"]');
    const start = page.getByRole('button', { name: 'העלאת סרטון', exact: true });
    await Promise.race([frameEl.waitFor(), start.waitFor()]);
    if (await start.isVisible()) await start.click();
    await frameEl.waitFor();
    const video = await frameOf(page, '/video/');
    await video.getByLabel('בחירת סרטון').waitFor();
    await audit(page, 'video-host-page', video);

    // The contact step of the demo account (050-1234567 verified): its phone list.
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=5`);
    await atStep(page, 5);
    await settled(page);
    await openStep(page).getByRole('button', { name: 'המספרים שלי' }).first().click();
    await dialog(page, 'המספרים שלי').getByTestId('phone-list').waitFor();
    await auditBoth(page, 'phone-list-popup', 'phone');
    await closeByEscape(page);

    // A save the server fails: the popup that cannot be closed, with the failure's hash.
    await page.route('**/api/publish/save-ad', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 500, message: 'שגיאת שרת', hash: 'a1b2c3d4e5f6' }),
      }),
    );
    await button(page, 'פרסום המודעה').click();
    await dialog(page, 'משהו השתבש בדרך').waitFor();
    await auditBoth(page, 'save-failed-popup', 'phone');
    await page.close();
  });
});

describe('the plan step of real estate: the commercial popups and the broker leads', () => {
  it('agreement, invoice details and their error, the payment method, phone payment and its error, the thank-you', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCommercialAd());
    await openPlan(page, 'cat=2&subcat=4', orderId);
    await track(page, 'VIP')
      .getByRole('button', { name: /בחירה|VIP/ })
      .last()
      .click();
    const agreement = dialog(page, 'הסכם פרסום מסחרי');
    await agreement.getByTestId('agreement-text').waitFor();
    await auditBoth(page, 'commercial-agreement-popup', 'phone');
    await agreement.getByLabel('קראתי את ההסכם ואני מאשר/ת את תנאיו').check();
    await agreement.getByTestId('agreement-read').click();

    const invoice = dialog(page, 'פרטים לחשבונית');
    await invoice.getByLabel('שם העסק').waitFor();
    await audit(page, 'commercial-invoice-popup-390');
    await invoice.getByLabel('שם העסק').fill('ירקון השקעות בע"מ');
    await invoice.getByLabel('מספר עוסק מורשה או ח.פ.').fill('123456789');
    await invoice.getByLabel('דואר אלקטרוני לחשבונית').fill('invoices@example.co.il');
    await invoice.getByRole('button', { name: 'המשך' }).click();
    await invoice.getByText('מספר עוסק מורשה או ח.פ. אינו תקין', { exact: true }).waitFor();
    await audit(page, 'commercial-invoice-popup-error-390');
    await invoice.getByLabel('מספר עוסק מורשה או ח.פ.').fill('123456782');
    await invoice.getByRole('button', { name: 'המשך' }).click();

    const method = dialog(page, 'איך תרצו לשלם?');
    await method.getByTestId('pay-card').waitFor();
    await auditBoth(page, 'commercial-method-popup', 'phone');
    await method.getByTestId('pay-phone').click();
    const phone = dialog(page, 'תשלום טלפוני');
    await phone.getByLabel('טלפון ליצירת קשר').waitFor();
    await audit(page, 'commercial-phone-payment-popup-390');
    await phone.getByLabel('טלפון ליצירת קשר').fill('12-34');
    await phone.getByRole('button', { name: 'שליחה' }).click();
    await phone.getByText('המספר אינו תקין', { exact: true }).waitFor();
    await audit(page, 'commercial-phone-payment-popup-error-390');
    await phone.getByLabel('טלפון ליצירת קשר').fill('050-7654321');
    await phone.getByRole('button', { name: 'שליחה' }).click();
    const thanks = dialog(page, 'תודה, הבקשה התקבלה');
    await thanks.getByTestId('phone-payment-thanks').waitFor();
    await auditBoth(page, 'commercial-phone-thanks-popup', 'phone');
    await thanks.getByRole('button', { name: 'לסיום' }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea');
    await page.getByTestId('finish-published').getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    await audit(page, 'commercial-finish-390');
    await page.close();
  });

  it('a sale in Tel Aviv - Yafo on Free: the broker-lead intro, the brokers, the thank-you, the auto-bump offer', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validSaleAd());
    await openPlan(page, 'cat=2&subcat=1', orderId);
    await track(page, 'Free').getByRole('button').last().click();
    const intro = dialog(page, 'רוצים למכור מהר יותר?');
    await intro.getByTestId('broker-lead-intro').waitFor();
    await auditBoth(page, 'broker-lead-intro-popup', 'phone');
    await intro.getByRole('button', { name: 'לבחירת משרדי תיווך' }).click();
    const select = dialog(page, 'בחירת משרדי תיווך');
    await select.getByTestId('broker-lead-select').waitFor();
    await select.getByRole('checkbox').first().check();
    await auditBoth(page, 'broker-lead-select-popup', 'phone');
    await select.getByRole('button', { name: 'שליחת הפרטים' }).click();
    const thanks = dialog(page, 'תודה!');
    await thanks.getByTestId('broker-lead-thanks').waitFor();
    await audit(page, 'broker-lead-thanks-popup-390');
    await thanks.getByRole('button', { name: 'להמשך' }).click();
    const offer = dialog(page, 'רוצים שהמודעה תקפוץ לבד?');
    await offer.waitFor({ timeout: SERVER_ROUND_TRIP });
    await auditBoth(page, 'auto-bump-offer-popup', 'phone');
    await page.close();
  });
});

describe('the sandbox pages (with the key of the start-up log; closed without it)', () => {
  it('the e-mail and SMS outboxes, the payment admin view', async () => {
    const page = await newPage(browser, DESKTOP);
    const key = `key=${encodeURIComponent(product.sandboxKey)}`;
    for (const path of ['/sandbox/outbox', '/sandbox/phones', '/sandbox/payments']) {
      const name = path.split('/')[2];
      await page.goto(`${product.url}${path}`);
      await page.getByText('הדף נפתח רק עם מפתח סביבת הבדיקות', { exact: false }).waitFor();
      await audit(page, `sandbox-${name}-closed-1280`);
    }
    // Something in each: a contact-us e-mail, an SMS and a ringing call, the sessions of the first test.
    await loginDemo(page, product.url);
    const headers = { 'x-csrf-token': await csrfOf(page, product.url) };
    const mail = {
      subject: 'publish-question',
      description: 'איך מעלים סרטון?',
      email: 'dana@example.co.il',
      phone: '050-1234567',
    };
    const sent = await page.request.post(`${product.url}/api/contact-us/save`, { data: mail, headers });
    expect(sent.status()).toBe(200);
    const phone = uniqueMobile('053');
    const sms = await page.request.post(`${product.url}/api/publish/valid-phone`, { data: { Phone1: phone }, headers });
    expect(sms.status()).toBe(200);
    await page.request.post(`${product.url}/api/publish/send_IVR_confirmation`, { data: { Phone1: phone }, headers });

    await page.goto(`${product.url}/sandbox/outbox?${key}&to=support@example.co.il`);
    await page.getByTestId('outbox-email').first().waitFor();
    await auditBoth(page, 'sandbox-outbox');
    await page.goto(`${product.url}/sandbox/phones?${key}&to=${phone}`);
    await page.getByTestId('outbox-phone').first().waitFor();
    await page.getByRole('button', { name: 'הצגה' }).first().click();
    await page.getByRole('button', { name: 'מענה לשיחה והקשה על 1' }).waitFor();
    await auditBoth(page, 'sandbox-phones');
    await page.goto(`${product.url}/sandbox/payments?${key}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    await auditBoth(page, 'sandbox-payments');
    await page.close();
  });
});
