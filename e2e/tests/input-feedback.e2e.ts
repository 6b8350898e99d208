/**
 * Nothing a user types or pastes disappears without a word, in Chromium: letters in the
 * price are dropped with 'יש להזין ספרות בלבד', announced through the field's live region and its
 * aria-describedby, and the message goes with the next digit; 205 characters pasted into the 60-character
 * title keep 60 and say so, with the characters counter.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { combobox, field, onStep, popupShot, startCategory } from './category-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const DIGITS_ONLY = 'יש להזין ספרות בלבד';

/** The notice that describes an input (through its aria-describedby), if one is shown. */
async function noticeOf(input: Locator): Promise<{ text: string; live: boolean } | null> {
  return input.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const notice = ids.map((id) => document.getElementById(id)).find((n) => n?.dataset.testid === 'input-notice');
    if (!notice) return null;
    return { text: notice.textContent ?? '', live: notice.closest('[aria-live="polite"]') !== null };
  });
}

/** Pastes text into the focused input through the system clipboard and Ctrl+V, as a user does. */
async function paste(page: Page, input: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await input.focus();
  await page.keyboard.press('Control+V');
}

for (const [label, viewport] of [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const) {
  describe(`typed and pasted input at ${label} px (fashion: clothes)`, () => {
    let page: Page;
    afterAll(async () => {
      await page?.close();
    });

    it('a new user opens the clothes form', async () => {
      page = await newPage(browser, viewport);
      await startCategory(page, product.url, 'cat=3&subcat=0&SalesCatID=18&SalesSubCatID=1026&step=1');
      await onStep(page, 1);
    });

    it('letters typed into the price are dropped with the digits-only message, which goes with the next digit', async () => {
      const price = field(page, 'מחיר');
      await price.pressSequentially('85 אלף');
      expect(await price.inputValue()).toBe('85');
      expect(await noticeOf(price)).toEqual({ text: DIGITS_ONLY, live: true });
      await popupShot(page, `input-price-digits-only-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      await price.press('End');
      await price.pressSequentially('000');
      expect(await price.inputValue()).toBe('85,000');
      expect(await noticeOf(price)).toBeNull();
      expect(await page.getByText(DIGITS_ONLY, { exact: true }).count()).toBe(0);
    });

    it('a pasted price with letters keeps its digits and says so', async () => {
      const price = field(page, 'מחיר');
      await price.fill('');
      await paste(page, price, '1,200 ש"ח');
      expect(await price.inputValue()).toBe('1,200');
      expect((await noticeOf(price))?.text).toBe(DIGITS_ONLY);
    });

    it('205 characters pasted into the 60-character title keep 60, with the counter and the too-many-characters message', async () => {
      const title = field(page, 'כותרת המודעה');
      const long = 'מעיל צמר ארוך בצבע קאמל, '.repeat(9).slice(0, 205);
      expect(long.length).toBe(205);
      await paste(page, title, long);
      expect(await title.inputValue()).toBe(long.slice(0, 60));
      const notice = await noticeOf(title);
      expect(notice?.live).toBe(true);
      expect(notice?.text).toBe('יותר מדי תווים: אפשר לכתוב עד 60 תווים, ו־145 תווים לא נכנסו');
      expect(await page.getByTestId('chars-count').filter({ hasText: '60/60' }).count()).toBe(1);
      await popupShot(page, `input-title-cut-${label}`);
      expect(await axeViolations(page)).toEqual([]);
      // The next edit that fits takes the message away.
      await title.press('Backspace');
      expect(await noticeOf(title)).toBeNull();
    });
  });
}

describe('an autocomplete with a maximum length (the second-hand free search)', () => {
  it('a paste longer than 60 characters keeps 60 and says so', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=3&ab=secondHandFreeSearch', { picker: 'secondHand', entry: 'כללי' });
    await onStep(page, 1);
    const search = combobox(page, 'מה אתם מוכרים?');
    const long = 'ספה תלת מושבית מעור אמיתי בצבע חום כהה, '.repeat(3).slice(0, 100);
    await paste(page, search, long);
    expect(await search.inputValue()).toBe(long.slice(0, 60));
    expect((await noticeOf(search))?.text).toBe('יותר מדי תווים: אפשר לכתוב עד 60 תווים, ו־40 תווים לא נכנסו');
    await page.close();
  });
});
