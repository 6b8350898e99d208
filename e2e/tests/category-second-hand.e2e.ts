/**
 * Second hand in the browser (cat 3): plain (business) second hand, the general flow and baby and child with
 * the free-text category search step (A/B test on and off), business for sale (traders only) and fashion;
 * each filled by a new user up to the login step, with the draft (or the saved ad) read back.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, DEMO_TRADER, loginThroughApi, query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import {
  choice,
  combobox,
  draftHas,
  field,
  fillProductDetails,
  next,
  onStep,
  PRODUCT_DESCRIPTION,
  publish,
  selectText,
  shot,
  startCategory,
  suggestion,
  toLoginStep,
} from './category-helpers.ts';
import { adValues, atStep, button, chosenText, openStep, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const TEST = 'secondHandFreeSearch';
/** Requests of a page to a path, as they are sent. */
function requestsTo(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

describe('plain second hand (business, subcat 2), at 375 px', () => {
  it('a new user fills every required field and reaches the login step; the draft holds it', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=3&subcat=2&SalesCatID=0&step=1');
    await onStep(page, 1);
    await selectText(page, 'קטגוריה', 'ריהוט');
    await expect.poll(() => field(page, 'תת קטגוריה').isEnabled()).toBe(true);
    await onStep(page, 1);
    await selectText(page, 'תת קטגוריה', 'ספות וכורסאות');
    await onStep(page, 1);
    await selectText(page, 'סוג המוצר', 'ספות');
    await fillProductDetails(page, 'ספה תלת מושבית אפורה', '1200');
    await openStep(page).getByLabel('כולל אחריות').check(); // a business ad
    await shot(page, 'second-hand-plain-product', true);
    await next(page, 2);
    const login = await toLoginStep(page, 2, 'second-hand-plain');
    expect(login).toBe(3);
    await draftHas(
      page,
      product.url,
      { cat: '3', subcat: '2', SalesCatID: '0' },
      {
        salesCatID: '1',
        salesSubCatID: '101',
        salesSubCat3ID: '10101',
        title: 'ספה תלת מושבית אפורה',
        '6727': '2',
        '807': '1',
        '110137': ['1'],
        price: '1200',
        warranty: '1',
      },
    );
    await page.close();
  });
});

describe('the free-text category search step (A/B test)', () => {
  it('general second hand with the test on: the search fills the category path; the server hears ab=', async () => {
    const page = await newPage(browser, PHONE);
    const searches = requestsTo(page, '/gateway/nixale-proxy/freeSearch');
    const checks = requestsTo(page, '/api/publish/check-step');
    await startCategory(page, product.url, `cat=3&ab=${TEST}`, {
      picker: 'secondHand',
      entry: 'כללי',
      shot: 'second-hand',
    });
    await onStep(page, 1);
    expect(await openStep(page).getAttribute('data-testid')).toBe('step-personal_publish_product_search');
    await shot(page, 'second-hand-search', true);
    const search = combobox(page, 'מה אתם מוכרים?');
    await search.pressSequentially('ספה תלת', { delay: 60 });
    await suggestion(page, 'מה אתם מוכרים?', 'ריהוט › ספות וכורסאות › ספות').click();
    // One call for the whole word: the search waits 1500 ms after the last keystroke.
    expect(searches.map((r) => new URL(r.url()).searchParams.get('q'))).toEqual(['ספה תלת']);
    await shot(page, 'second-hand-search-chosen');
    await next(page, 2);
    expect(await chosenText(field(page, 'קטגוריה'))).toBe('ריהוט');
    await expect.poll(() => chosenText(field(page, 'תת קטגוריה'))).toBe('ספות וכורסאות');
    await expect.poll(() => chosenText(field(page, 'סוג המוצר'))).toBe('ספות');
    await fillProductDetails(page, 'ספה תלת מושבית', '900');
    await shot(page, 'second-hand-general-product');
    await next(page, 3);
    await toLoginStep(page, 3, 'second-hand-general');
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(new URL(check.url()).searchParams.getAll('ab')).toEqual([TEST]);
    const saves = requestsTo(page, '/api/publish/save-ad');
    const id = await publish(page);
    expect(saves[0]?.postDataJSON()).toMatchObject({ ab: [TEST], productSearch: '10101' });
    expect((await adValues(page, product.url, id)).values).toMatchObject({
      productSearch: '10101',
      salesCatID: '1',
      salesSubCatID: '101',
      salesSubCat3ID: '10101',
      price: '900',
    });
    await page.close();
  });

  it('baby and child with the test off: no search step, the product step is step 2 on screen', async () => {
    const page = await newPage(browser, PHONE);
    const checks = requestsTo(page, '/api/publish/check-step');
    await registerAndOpen(page, `/publish?ab=-${TEST}`);
    await page.getByRole('button', { name: 'להתחיל לתינוק ולילד', exact: true }).click();
    await onStep(page, 2);
    expect(await openStep(page).getAttribute('data-testid')).toBe('step-personal_publish_product_properties');
    expect(await page.getByTestId('step-personal_publish_product_search').count()).toBe(0);
    expect(await openStep(page).locator('.step__number').textContent()).toBe('2');
    expect(await chosenText(field(page, 'קטגוריה'))).toBe('לתינוק ולילד');
    await expect.poll(() => field(page, 'תת קטגוריה').isEnabled()).toBe(true);
    await onStep(page, 2);
    await selectText(page, 'תת קטגוריה', 'עגלות וטיולונים');
    await onStep(page, 2);
    await selectText(page, 'סוג המוצר', 'עגלות');
    await fillProductDetails(page, 'עגלת באגבו פוקס', '1500');
    await shot(page, 'baby-product-no-search', true);
    await next(page, 3);
    await toLoginStep(page, 3, 'baby-no-search');
    for (const check of checks) expect(new URL(check.url()).searchParams.getAll('ab')).toEqual([]);
    await draftHas(
      page,
      product.url,
      { cat: '3', subcat: '0', SalesCatID: '11' },
      { salesCatID: '11', salesSubCatID: '1101', salesSubCat3ID: '110101', price: '1500' },
    );
    // Back from the product step skips the search step that is not shown: to the picker.
    await page.getByTestId('step-personal_publish_product_properties').getByRole('button').click();
    await atStep(page, 2);
    await page.goBack();
    await page.getByTestId('picker-secondHand').waitFor();
    await page.close();
  });

  it('baby and child with the test on: the search keeps to baby and child and fills the path', async () => {
    const page = await newPage(browser, PHONE);
    await registerAndOpen(page, `/publish?ab=${TEST}`);
    await page.getByRole('button', { name: 'להתחיל לתינוק ולילד', exact: true }).click();
    await onStep(page, 1);
    await combobox(page, 'מה אתם מוכרים?').fill('עגלת תאומים');
    await suggestion(page, 'מה אתם מוכרים?', 'לתינוק ולילד › עגלות וטיולונים › עגלות תאומים').click();
    await shot(page, 'baby-search', true);
    await next(page, 2);
    await expect.poll(() => chosenText(field(page, 'סוג המוצר'))).toBe('עגלות תאומים');
    await fillProductDetails(page, 'עגלת תאומים כמו חדשה', '800');
    await shot(page, 'baby-product-after-search');
    await next(page, 3);
    await toLoginStep(page, 3, 'baby-search');
    await draftHas(
      page,
      product.url,
      { cat: '3', subcat: '0', SalesCatID: '11' },
      { productSearch: '110103', salesSubCatID: '1101', salesSubCat3ID: '110103', price: '800' },
    );
    await page.close();
  });
});

/** A new account on a /publish path. */
async function registerAndOpen(page: Page, path: string): Promise<void> {
  await registerThroughApi(page, product.url);
  await page.goto(`${product.url}${path}`);
}

describe('business for sale (second-hand business traders only), at 375 px', () => {
  it('a private account is sent to the package page', async () => {
    const page = await newPage(browser, PHONE);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/publish?cat=3&subcat=2&SalesCatID=37&step=1`);
    await page.waitForURL((u) => u.pathname === '/finishArea');
    expect(query(page)).toEqual({ cat: '3', subcat: '2' });
    await page.close();
  });

  it('the trader fills the business, reaches the login step and saves the ad', async () => {
    const page = await newPage(browser, PHONE);
    await loginThroughApi(page, product.url, DEMO_TRADER.email, DEMO_TRADER.password);
    await page.goto(`${product.url}/publish?cat=3`);
    await page.getByTestId('picker-secondHand').getByRole('radio', { name: 'עסקים למכירה', exact: true }).click();
    await onStep(page, 1);
    await selectText(page, 'סוג העסק', 'בית קפה');
    await selectText(page, 'אזור', 'תל אביב - יפו');
    await field(page, 'יישוב').fill('תל אביב-יפו');
    await field(page, 'שטח העסק (מ"ר)').fill('60');
    await field(page, 'מחיר מבוקש').fill('450000');
    await field(page, 'מחזור חודשי ממוצע').fill('120000');
    await choice(page, 'מה כלול במכירה', 'ציוד').check();
    await choice(page, 'מה כלול במכירה', 'מוניטין ושם מסחרי').check();
    await field(page, 'תיאור העסק').fill('בית קפה שכונתי ותיק עם קהל קבוע, 30 מקומות ישיבה ורישיון עסק בתוקף.');
    await shot(page, 'business-for-sale-details', true);
    await next(page, 2);
    await toLoginStep(page, 2, 'business-for-sale');
    await draftHas(
      page,
      product.url,
      { cat: '3', subcat: '2', SalesCatID: '37' },
      { businessType: '2', area: '2', city: 'תל אביב-יפו', price: '450000', included: ['1', '3'] },
    );
    const id = await publish(page);
    expect((await adValues(page, product.url, id)).values).toMatchObject({ businessType: '2', price: '450000' });
    await page.close();
  });
});

describe('fashion, at 375 px', () => {
  it('clothes: a new user fills every required field and reaches the login step; the draft holds it', async () => {
    const page = await newPage(browser, PHONE);
    await registerAndOpen(page, '/publish');
    await page.getByRole('button', { name: 'להתחיל אופנה וטיפוח', exact: true }).click();
    await page.getByTestId('picker-fashion').waitFor();
    await shot(page, 'fashion-picker');
    await page.getByTestId('picker-fashion').getByRole('radio', { name: 'בגדים', exact: true }).click();
    await onStep(page, 1);
    await selectText(page, 'סוג הפריט', 'בגדי נשים');
    await choice(page, 'מצב המוצר', 'כמו חדש').check();
    await selectText(page, 'מידה', 'M');
    await field(page, 'כותרת המודעה').fill('מעיל צמר ארוך בצבע קאמל');
    await field(page, 'תיאור המוצר').fill(PRODUCT_DESCRIPTION);
    await field(page, 'מחיר').fill('250');
    await choice(page, 'אופן המסירה', 'משלוח בתשלום').check();
    await selectText(page, 'אזור', 'השרון');
    await shot(page, 'fashion-details', true);
    await next(page, 2);
    await toLoginStep(page, 2, 'fashion');
    await draftHas(
      page,
      product.url,
      { cat: '3', subcat: '0', SalesCatID: '18', SalesSubCatID: '1026' },
      { salesSubCat3ID: '102601', size: '3', price: '250', area: '4', '110137': ['2'] },
    );
    expect(await button(page, 'פרסום המודעה').isVisible()).toBe(true);
    await page.close();
  });
});
