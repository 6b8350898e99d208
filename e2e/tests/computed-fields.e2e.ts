/**
 * Worked-out numbers (the dependency-result rule) and the street list that depends on the locality, in the
 * browser: a second-hand ad's total for all units (825) follows the price and the quantity; a sale's price per
 * built m² (109954) follows the price and the built area, after an address whose street suggestions are the chosen
 * locality's and are cleared when it changes. At 375 and 1280 px, with screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import {
  autocomplete,
  combobox,
  draftHas,
  field,
  fillProductDetails,
  next,
  onStep,
  selectText,
  shot,
  startCategory,
  suggestionsFor,
} from './category-helpers.ts';
import { openStep } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** The shown text of a worked-out field. */
const computed = (page: Page, id: string) => openStep(page).locator(`[data-field-id="${id}"] output`);
const shownText = async (page: Page, id: string) => ((await computed(page, id).textContent()) ?? '').trim();

describe.each([
  ['375', PHONE],
  ['1280', DESKTOP],
])('the total for all units of a second-hand ad (825), at %s px', (width, viewport) => {
  it('follows the unit price and the quantity, shows only from two units up, and is kept in the draft', async () => {
    const page = await newPage(browser, viewport);
    await startCategory(page, product.url, 'cat=3&subcat=2&SalesCatID=0&step=1');
    await onStep(page, 1);
    await selectText(page, 'קטגוריה', 'ריהוט');
    await expect.poll(() => field(page, 'תת קטגוריה').isEnabled()).toBe(true);
    await selectText(page, 'תת קטגוריה', 'ספות וכורסאות');
    await selectText(page, 'סוג המוצר', 'ספות');
    await fillProductDetails(page, 'כורסאות עור תואמות', '1500');
    // One unit: nothing to add up.
    expect(await computed(page, '825').count()).toBe(0);
    await field(page, 'כמות').fill('2');
    await expect.poll(() => shownText(page, '825')).toBe('3,000 ₪');
    await field(page, 'מחיר').fill('1250');
    await expect.poll(() => shownText(page, '825')).toBe('2,500 ₪');
    // Read-only: there is nothing to type in it.
    expect(await openStep(page).locator('[data-field-id="825"] input').count()).toBe(0);
    await computed(page, '825').scrollIntoViewIfNeeded();
    await shot(page, `computed-total-${width}`, true);
    await next(page, 2);
    await draftHas(
      page,
      product.url,
      { cat: '3', subcat: '2', SalesCatID: '0' },
      { '807': '2', price: '1250', '825': '2500' },
    );
    await page.close();
  });
});

describe.each([
  ['375', PHONE],
  ['1280', DESKTOP],
])('a sale in Tel Aviv - Yafo, at %s px', (width, viewport) => {
  it('the street list is the chosen locality’s; the price per m² follows the price and the built area', async () => {
    const page = await newPage(browser, viewport);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/publish/options/streets') asked.push(r.url());
    });
    await startCategory(page, product.url, 'cat=2&subcat=1&step=1');
    await onStep(page, 1);
    await selectText(page, 'סוג הנכס', 'דירה');
    await selectText(page, 'מצב הנכס', 'משופץ');
    // Before a locality the street cannot be typed.
    expect(await combobox(page, 'רחוב').isEnabled()).toBe(false);
    await autocomplete(page, 'ישוב', 'ירושלים', 'ירושלים');
    await expect.poll(() => combobox(page, 'רחוב').isEnabled()).toBe(true);
    expect(await suggestionsFor(page, 'רחוב', 'יפו')).toContain('יפו');
    await autocomplete(page, 'רחוב', 'יפו', 'יפו');
    // Another locality: the street chosen in the first is cleared, and the suggestions are the new one's.
    await autocomplete(page, 'ישוב', 'תל אביב', 'תל אביב-יפו');
    await expect.poll(() => combobox(page, 'רחוב').inputValue()).toBe('');
    expect(await suggestionsFor(page, 'רחוב', 'דיזנ')).toContain('דיזנגוף');
    const cities = asked.map((url) => new URL(url).searchParams.get('city'));
    expect(new Set(cities)).toEqual(new Set(['3000', '5000']));
    await autocomplete(page, 'רחוב', 'דיזנ', 'דיזנגוף');
    await field(page, 'מספר בית').fill('50');
    await selectText(page, 'קומה', '3');
    await selectText(page, 'מתוך', '5');
    await next(page, 2);
    await selectText(page, 'מספר חדרים', '4');
    await field(page, 'פרטים נוספים על הנכס').fill('דירה מוארת עם נוף פתוח, קרובה לגן מאיר ולתחבורה ציבורית.');
    await next(page, 3);

    await field(page, 'מחיר').fill('3450000');
    await expect.poll(() => shownText(page, '109954')).toBe('יחושב לאחר מילוי השדות');
    await field(page, 'מ"ר בנוי').fill('85');
    await expect.poll(() => shownText(page, '109954')).toBe('40,588 ₪ למ"ר');
    await field(page, 'מ"ר בנוי').fill('100');
    await expect.poll(() => shownText(page, '109954')).toBe('34,500 ₪ למ"ר');
    await computed(page, '109954').scrollIntoViewIfNeeded();
    await shot(page, `computed-per-meter-${width}`, true);
    await page.close();
  });
});
