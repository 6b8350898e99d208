/**
 * Keyboard only, another family than cars: a second-hand sofa is published with Tab, Enter,
 * Space, the arrows and typing alone — the picker, the free-text category search and its suggestion, the product
 * details (selects, a radio group, boxes, numbers, the description), photos through the file chooser, the phone
 * confirmed with the SMS code, the free track, the auto-bump offer accepted and paid in the mobile-payment app's
 * page inside the popup's frame — to the finish page with the ad live. And a flat for sale in Tel Aviv - Yafo,
 * each step filled Tab by Tab (the locality and street autocompletes, every select, the entrance date), the phone,
 * the free track with the broker-lead popups and the auto-bump offer declined, to the finish page. Each screen on
 * the way passes axe and the contrast check (a11y-helpers.ts).
 */
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, SERVER_ROUND_TRIP } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, dialog, writeMeasured } from './a11y-helpers.ts';
import { choice, combobox, field } from './category-helpers.ts';
import { confirmPhoneByKeyboard } from './contact-helpers.ts';
import { photosByKeyboard } from './media-helpers.ts';
import { atStepByKeyboard } from './wizard-flow.ts';
import { openStep, press, registerThroughApi, settled, tabInFrame, tabTo, typeInto } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-keyboard'));

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
    await photosByKeyboard(page, choosers, 'sofa', ['#6e7781', '#8c959f']);
    await press(page, 'המשך');
    await atStepByKeyboard(page, 4);

    // The contact step: a new mobile number confirmed with the SMS code typed into the popup.
    await confirmPhoneByKeyboard(page, product.url);
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
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await settled(page);
    await audit(page, 'keyboard-finish');
    await page.close();
  });
});

/** What a keyboard user types into a text control, by its label (autocompletes: the start of the name). */
const TYPED: Record<string, string> = {
  ישוב: 'תל אביב',
  רחוב: 'דיזנ',
  'מספר בית': '50',
  'מ"ר בנוי': '95',
  מחיר: '3250000',
  'תאריך כניסה': '01/03/2027',
  'פרטים נוספים על הנכס': 'דירה מוארת עם נוף פתוח, קרובה לגן מאיר ולתחבורה ציבורית.',
};

/**
 * Fills the open step by keyboard alone, Tab by Tab from its heading to its 'המשך': an empty select takes its
 * first option (ArrowDown), an autocomplete its first suggestion (typed, ArrowDown, Enter), a text its TYPED value,
 * a radio group with nothing chosen its first radio's neighbour (an arrow). Boxes are left as they are.
 */
async function fillByKeyboard(page: Page): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | HTMLSelectElement | null;
      if (!el?.closest('li.step--open')) return { kind: 'outside', label: '', empty: false };
      const label = ((el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '')
        .replace(/\s*\*\s*$/, '')
        .trim();
      const empty = el.value === '' || el.value === '-1';
      if (el.tagName === 'BUTTON') return { kind: 'button', label, empty };
      if (el.tagName === 'SELECT') return { kind: 'select', label, empty };
      if (el.getAttribute('role') === 'combobox') return { kind: 'combobox', label, empty };
      const input = el as HTMLInputElement;
      if (input.type === 'radio') {
        const none = !document.querySelector(`input[name="${CSS.escape(input.name)}"]:checked`);
        return { kind: 'radio', label, empty: none };
      }
      if (input.type === 'checkbox') return { kind: 'checkbox', label, empty };
      return { kind: 'text', label, empty };
    });
    if (at.kind === 'button' && at.label === 'המשך') return;
    if (!at.empty) continue;
    if (at.kind === 'select' || at.kind === 'radio') {
      await page.keyboard.press(at.kind === 'select' ? 'ArrowDown' : 'ArrowLeft');
      await settled(page);
    } else if (at.kind === 'combobox' && TYPED[at.label]) {
      await page.keyboard.type(TYPED[at.label] ?? '');
      await openStep(page).getByRole('listbox', { name: at.label }).getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await settled(page);
    } else if (at.kind === 'text' && TYPED[at.label]) {
      await page.keyboard.type(TYPED[at.label] ?? '');
    }
  }
  throw new Error("never reached the step's 'המשך'");
}

describe('keyboard only, real estate', () => {
  it('publishes a flat for sale: the address by its autocompletes, every select, the date, the free track and its popups', async () => {
    const page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=2`);
    await page.getByTestId('picker-realEstate').waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, { selector: '[data-testid="picker-realEstate"] [role="radio"]' });
    await page.keyboard.press('Enter'); // the first entry: מכירה
    for (const step of [1, 2, 3]) {
      await atStepByKeyboard(page, step);
      await settled(page);
      await fillByKeyboard(page);
      await audit(page, `keyboard-flat-step-${step}`);
      await page.keyboard.press('Enter');
    }
    await atStepByKeyboard(page, 4);
    await press(page, 'המשך');
    await atStepByKeyboard(page, 5);
    await confirmPhoneByKeyboard(page, product.url);
    await press(page, 'פרסום המודעה');
    await atStepByKeyboard(page, 6);
    await page.getByTestId('saved-note').waitFor();

    // The free track in Tel Aviv - Yafo: the broker-lead popups, then the auto-bump offer declined, by keyboard.
    await tabTo(page, { selector: '[data-testid="track-Free"] .track__choose' });
    await page.keyboard.press('Enter');
    await dialog(page, 'רוצים למכור מהר יותר?').waitFor();
    await press(page, 'לבחירת משרדי תיווך');
    const brokers = dialog(page, 'בחירת משרדי תיווך');
    await brokers.getByTestId('broker-lead-select').waitFor();
    await tabTo(page, { selector: '[data-testid="broker-lead-select"] input[type="checkbox"]' });
    await page.keyboard.press('Space');
    await press(page, 'שליחת הפרטים');
    await dialog(page, 'תודה!').waitFor();
    await press(page, 'להמשך');
    await dialog(page, 'רוצים שהמודעה תקפוץ לבד?').waitFor({ timeout: SERVER_ROUND_TRIP });
    await press(page, 'לא תודה');
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    await page.getByTestId('finish-published').waitFor();
    await settled(page);
    await audit(page, 'keyboard-flat-finish');
    await page.close();
  });
});
