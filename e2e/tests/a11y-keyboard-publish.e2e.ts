/**
 * Keyboard only, another family than cars (issue 12, item 5): a second-hand sofa is published with Tab, Enter,
 * Space, the arrows and typing alone — the picker, the free-text category search and its suggestion, the product
 * details (selects, a radio group, boxes, numbers, the description), photos through the file chooser, the phone
 * confirmed with the SMS code, the free track, the auto-bump offer accepted and paid in the mobile-payment app's
 * page inside the popup's frame — to the finish page with the ad live. Each screen on the way passes axe and the
 * contrast check (a11y-helpers.ts).
 */
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, dialog, writeMeasured } from './a11y-helpers.ts';
import { choice, combobox, field } from './category-helpers.ts';
import { smsCode, uniqueMobile } from './contact-helpers.ts';
import { allUploaded, photoFile } from './media-helpers.ts';
import { atStepByKeyboard } from './wizard-flow.ts';
import { openStep, registerThroughApi, settled, tabInFrame, tabTo } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-keyboard'));

/** Tab to a control (by its label or a selector) and type into it. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await tabTo(page, { name });
  await page.keyboard.type(text);
}

/** Tab to the step's 'המשך' (or another button) and press Enter. */
async function press(page: Page, name: string): Promise<void> {
  await tabTo(page, { name });
  await page.keyboard.press('Enter');
}

describe('keyboard only, second hand', () => {
  it('publishes a sofa: search, details, photos, phone, the free track and the auto-bump paid in the app', async () => {
    const page = await newPage(browser, DESKTOP);
    // The file chooser is caught from the start: Playwright turns the catching on without waiting for the
    // browser, so a listener added just before the key press can miss a chooser that opens at once.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (c) => choosers.push(c));
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=3&ab=secondHandFreeSearch`);
    await page.getByTestId('picker-secondHand').waitFor();
    await page.keyboard.press('Tab'); // into the page
    await tabTo(page, { selector: '[data-testid="picker-secondHand"] [role="radio"]' });
    await page.keyboard.press('Enter'); // the first entry: כללי
    await atStepByKeyboard(page, 1);
    await settled(page);

    // The free-text search: typed, its list opened with the arrow, the suggestion taken with Enter.
    const search = 'מה אתם מוכרים?';
    await typeInto(page, search, 'ספה תלת');
    const options = openStep(page).getByRole('listbox', { name: search }).getByRole('option');
    await options.first().waitFor({ timeout: 15_000 });
    await audit(page, 'keyboard-search-suggestions');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => combobox(page, search).inputValue()).toBe('ריהוט › ספות וכורסאות › ספות');
    await press(page, 'המשך');
    await atStepByKeyboard(page, 2);
    await settled(page);
    expect(await field(page, 'סוג המוצר').inputValue()).toBe('10101');

    // The details: text, a radio group (arrows move and choose), a select, a box, the price and description.
    await typeInto(page, 'כותרת המודעה', 'ספה תלת מושבית אפורה');
    await tabTo(page, { selector: 'li.step--open [role="radiogroup"] input[type="radio"]' });
    await page.keyboard.press('ArrowLeft');
    expect(await openStep(page).locator('[role="radiogroup"] input:checked').count()).toBeGreaterThan(0);
    await tabTo(page, { name: 'אזור' });
    await page.keyboard.press('ArrowDown');
    await tabTo(page, { name: 'איסוף עצמי' });
    await page.keyboard.press('Space');
    expect(await choice(page, 'אופן המסירה', 'איסוף עצמי').isChecked()).toBe(true);
    await typeInto(page, 'מחיר', '1200');
    await typeInto(page, 'תיאור המוצר', 'ספה נוחה בבד אפור, ללא כתמים וללא קרעים. נמכרת בגלל מעבר דירה.');
    await audit(page, 'keyboard-product-filled');
    await press(page, 'המשך');
    await atStepByKeyboard(page, 3);

    // Photos through the file chooser, opened with Enter.
    await tabTo(page, { selector: '[data-testid="media-field"] .media__buttons button' });
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    const [chooser] = choosers;
    if (!chooser) throw new Error('no file chooser');
    await chooser.setFiles([
      await photoFile('sofa-1.jpg', '#6e7781', 800, 600),
      await photoFile('sofa-2.jpg', '#8c959f', 800, 600),
    ]);
    await allUploaded(page, 2);
    await press(page, 'המשך');
    await atStepByKeyboard(page, 4);

    // The contact step: a new mobile number confirmed with the SMS code typed into the popup.
    await tabTo(page, { name: 'קידומת (טלפון)' });
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown'); // '-', 050 … 054
    const phone = uniqueMobile('054');
    await typeInto(page, 'טלפון', phone.slice(4));
    await press(page, 'שליחת קוד אימות');
    await page.getByTestId('phone-code-popup').waitFor();
    await typeInto(page, 'קוד אימות', await smsCode(page, product.url, phone));
    await page.keyboard.press('Enter');
    await page.getByTestId('phone-code-popup').waitFor({ state: 'detached' });
    await openStep(page).getByTestId('phone-verified-validPhone1').waitFor();
    await press(page, 'פרסום המודעה');
    await atStepByKeyboard(page, 5);
    await page.getByTestId('saved-note').waitFor();

    // The free track; the auto-bump offer accepted; the app's payment page approved inside the popup's frame.
    await tabTo(page, { selector: '[data-testid="track-FreeView"] .track__choose' });
    await page.keyboard.press('Enter');
    const offer = dialog(page, 'רוצים שהמודעה תקפוץ לבד?');
    await offer.waitFor();
    await press(page, 'כן, להקפיץ אוטומטית');
    await dialog(page, 'איך תרצו לשלם?').waitFor();
    await tabTo(page, { selector: '[data-testid="pay-bit"]' });
    await page.keyboard.press('Enter');
    await dialog(page, 'תשלום באפליקציה').waitFor();
    const app = page.frameLocator('[data-testid="app-payment-frame"]');
    await app.getByRole('button', { name: 'אישור באפליקציה' }).waitFor();
    const frame = page.frames().find((f) => f.url().includes('/pay/'));
    if (!frame) throw new Error('no app payment frame');
    await tabInFrame(page, frame, 'button[value="approve"]');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: 30_000 });
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await settled(page);
    await audit(page, 'keyboard-finish');
    await page.close();
  });
});
