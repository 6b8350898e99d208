/**
 * Real estate in the browser (cat 2): sale and rent (a room in a shared flat) filled by a new user up to
 * the login step, with the draft read back; the address in Tel Aviv - Yafo (its own streets only, a made-up
 * street through the missing-address form, a new locality clears the address); edit by the owner only.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validSaleAd } from '../../apps/server/test/support/real-estate-ad.ts';
import { newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import {
  autocomplete,
  choice,
  combobox,
  draftHas,
  field,
  labelled,
  next,
  onStep,
  popupShot,
  publish,
  selectText,
  shot,
  startCategory,
  suggestionsFor,
  toLoginStep,
} from './category-helpers.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { adValues, button, checkScreen, openStep, registerThroughApi, saveAdThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const TEL_AVIV = 'תל אביב-יפו';
const OFFER = 'לא מצאתם את הרחוב? ספרו לנו';
const NOTE = 'הכתובת תיבדק מול מאגר הכתובות';
const offer = (page: Page) => openStep(page).getByRole('button', { name: OFFER, exact: true });

/** Chooses Tel Aviv - Yafo in the locality field. */
async function telAviv(page: Page): Promise<void> {
  await autocomplete(page, 'ישוב', 'תל אביב', TEL_AVIV);
  await expect.poll(() => combobox(page, 'רחוב').isEnabled()).toBe(true);
}

describe('real estate for sale in Tel Aviv - Yafo, at 375 px', () => {
  it('a new user fills every required field, reaches the login step, the draft holds it, the ad is saved', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=2', { picker: 'realEstate', entry: 'מכירה', shot: 'real-estate' });
    await onStep(page, 1);
    await selectText(page, 'סוג הנכס', 'דירה');
    await selectText(page, 'מצב הנכס', 'משופץ');
    await telAviv(page);
    // The street list is the locality's: Tel Aviv streets, not a street that exists only in Haifa.
    expect(await suggestionsFor(page, 'רחוב', 'דיזנ')).toContain('דיזנגוף');
    expect(await suggestionsFor(page, 'רחוב', 'אבן גב')).toContain('אבן גבירול');
    await combobox(page, 'רחוב').fill('אוניברסיטת חיפה');
    await offer(page).waitFor();
    expect(await combobox(page, 'רחוב').getAttribute('aria-expanded')).toBe('false');
    await autocomplete(page, 'רחוב', 'דיזנ', 'דיזנגוף');
    await field(page, 'מספר בית').fill('50');
    await selectText(page, 'כניסה', 'א');
    await selectText(page, 'שכונה', 'הצפון הישן');
    await selectText(page, 'קומה', 'מרתף');
    await selectText(page, 'מתוך', '5');
    await shot(page, 'real-estate-sale-address', true);

    await next(page, 2);
    await selectText(page, 'מספר חדרים', '4');
    await selectText(page, 'חניה', '1');
    await selectText(page, 'מרפסות', '1');
    await field(page, 'פרטים נוספים על הנכס').fill('דירה מוארת עם נוף פתוח, קרובה לגן מאיר ולתחבורה ציבורית.');
    await shot(page, 'real-estate-sale-properties');

    await next(page, 3);
    // An area of 0 is set to the smallest one when the field loses focus, and the field says so.
    const built = field(page, 'מ"ר בנוי');
    await built.fill('0');
    await field(page, 'מחיר').focus();
    await expect.poll(() => built.inputValue()).toBe('1');
    expect(await openStep(page).getByTestId('input-notice').textContent()).toBe('הערך הנמוך ביותר האפשרי הוא 1');
    await built.fill('95');
    await field(page, 'מחיר').fill('3250000');
    await expect.poll(() => field(page, 'מחיר').inputValue()).toBe('3,250,000');
    await openStep(page).getByLabel('כניסה מיידית', { exact: true }).check();
    await shot(page, 'real-estate-sale-payments');

    await next(page, 4);
    const login = await toLoginStep(page, 4, 'real-estate-sale');
    // The address step's brief names the place.
    expect(await page.getByTestId('step-personal_publish_address').textContent()).toContain('דיזנגוף');
    await draftHas(
      page,
      product.url,
      { cat: '2', subcat: '1' },
      {
        HomeTypeID: '1',
        propertyCondition: '3',
        city: '5000',
        street: '404',
        homeNumber: '50',
        entrance: '1',
        floor: 'basement',
        totalFloors: '5',
        rooms: '4',
        sqmBuilt: '95',
        price: '3250000',
        nominalPrice: '1',
      },
    );
    // After a reload the wizard resumes at the login step, and the saved codes show as names again.
    await page.reload();
    await onStep(page, login);
    await page.getByTestId('step-personal_publish_address').getByRole('button').click();
    await onStep(page, 1);
    await expect.poll(() => combobox(page, 'ישוב').inputValue()).toBe(TEL_AVIV);
    await expect.poll(() => combobox(page, 'רחוב').inputValue()).toBe('דיזנגוף');
    await button(page, 'המשך לשלב האחרון שמילאתם').click();
    await onStep(page, login);
    const saleId = await publish(page);
    await shot(page, 'real-estate-sale-saved');
    const saved = await adValues(page, product.url, saleId);
    expect(saved.values).toMatchObject({ city: '5000', street: '404', floor: 'basement', price: '3250000' });
    await page.close();
  });
});

describe('the address in Tel Aviv - Yafo', () => {
  it('a made-up street opens the missing-address form; the thank-you; the note; the ad goes on with a neighbourhood', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=2&subcat=1&step=1');
    await onStep(page, 1);
    await selectText(page, 'סוג הנכס', 'דירה');
    await selectText(page, 'מצב הנכס', 'במצב שמור');
    await telAviv(page);
    await combobox(page, 'רחוב').fill('שדרות הדמיון המומצא');
    await offer(page).click();
    const dialog = page.getByRole('dialog', { name: 'הוספת כתובת חסרה' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('ישוב').inputValue()).toBe(TEL_AVIV);
    expect(await dialog.getByLabel('רחוב').inputValue()).toBe('שדרות הדמיון המומצא');
    await popupShot(page, 'real-estate-missing-address-form', true);
    // The settlement is required.
    await dialog.getByLabel('ישוב').fill('');
    await dialog.getByRole('button', { name: 'שליחה', exact: true }).click();
    await dialog.getByText('ישוב שדה חובה', { exact: true }).waitFor();
    await dialog.getByLabel('ישוב').fill(TEL_AVIV);
    // A failure of the call says so and keeps what was typed.
    await page.route('**/api/publish/missing-address', (route) => route.fulfill({ status: 503, body: '{}' }));
    await dialog.getByRole('button', { name: 'שליחה', exact: true }).click();
    await dialog.getByText('שליחת הבקשה נכשלה, נסו שוב מאוחר יותר', { exact: true }).waitFor();
    expect(await dialog.getByLabel('רחוב').inputValue()).toBe('שדרות הדמיון המומצא');
    await page.unroute('**/api/publish/missing-address');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/publish/missing-address'));
    await dialog.getByRole('button', { name: 'שליחה', exact: true }).click();
    const response = await sent;
    expect(response.request().postDataJSON()).toEqual({
      settlement: TEL_AVIV,
      street: 'שדרות הדמיון המומצא',
      houseNumber: '',
    });
    expect(await response.json()).toEqual({ success: true });

    const thanks = page.getByRole('dialog', { name: 'תודה! הכתובת נשלחה לבדיקה' });
    await thanks.waitFor();
    const box = await thanks.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(341); // 341 px wide on mobile, as tall as its content
    expect(Math.round(box?.height ?? 0)).toBeLessThan(330);
    await popupShot(page, 'real-estate-missing-address-thanks', true);
    await thanks.getByRole('button', { name: 'המשך פרסום', exact: true }).click();
    await thanks.waitFor({ state: 'detached' });
    const note = openStep(page).getByTestId('missing-address-note');
    expect(await note.textContent()).toBe(`הרחוב "שדרות הדמיון המומצא" דווח וממתין לבדיקה. ${NOTE}`);
    expect(await combobox(page, 'רחוב').inputValue()).toBe('שדרות הדמיון המומצא');
    // A neighbourhood stands in for the street.
    await selectText(page, 'שכונה', 'שכונת פלורנטין');
    await selectText(page, 'קומה', '2');
    await selectText(page, 'מתוך', '4');
    await shot(page, 'real-estate-missing-address-note');
    await next(page, 2);
    await page.close();
  });

  it('a new locality clears the street, the neighbourhood and the house number', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=2&subcat=1&step=1');
    await onStep(page, 1);
    await telAviv(page);
    await autocomplete(page, 'רחוב', 'אבן גב', 'אבן גבירול');
    await field(page, 'מספר בית').fill('12');
    await selectText(page, 'שכונה', 'הצפון הישן');
    await autocomplete(page, 'ישוב', 'חיפ', 'חיפה');
    await expect.poll(() => combobox(page, 'רחוב').inputValue()).toBe('');
    expect(await field(page, 'מספר בית').inputValue()).toBe('');
    expect(await field(page, 'מספר בית').isDisabled()).toBe(true);
    expect(['', '-1']).toContain(await field(page, 'שכונה').inputValue()); // not chosen
    // Haifa's own street list now.
    expect(await suggestionsFor(page, 'רחוב', 'אוניברסיטת')).toContain('אוניברסיטת חיפה');
    await shot(page, 'real-estate-city-changed');
    await page.close();
  });
});

describe('real estate for rent: a room in a shared flat, at 375 px', () => {
  it('a new user fills every required field and reaches the login step; the draft holds it', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=2', { picker: 'realEstate', entry: 'השכרה' });
    await onStep(page, 1);
    expect(await choice(page, 'מה תרצו לפרסם?', 'דירה להשכרה').isChecked()).toBe(true);
    await choice(page, 'מה תרצו לפרסם?', 'חדר בדירת שותפים').check();
    await selectText(page, 'סוג הנכס', 'דירה');
    await selectText(page, 'מצב הנכס', 'במצב שמור');
    await autocomplete(page, 'ישוב', 'ירושל', 'ירושלים');
    await autocomplete(page, 'רחוב', 'עמק רפ', 'עמק רפאים');
    await field(page, 'מספר בית').fill('21');
    await selectText(page, 'קומה', '1');
    await selectText(page, 'מתוך', '3');
    await shot(page, 'real-estate-rent-address', true);

    await next(page, 2);
    await selectText(page, 'מספר חדרים', '4');
    await selectText(page, 'כמה שותפים גרים בדירה?', '2 שותפים');
    await selectText(page, 'את מי אתם מחפשים?', 'לא משנה');
    await shot(page, 'real-estate-rent-properties');

    await next(page, 3);
    await field(page, 'מ"ר בנוי').fill('90');
    await field(page, 'שכר דירה לחודש').fill('2800');
    await selectText(page, 'מספר תשלומים בשנה', '12 תשלומים (חודשי)');
    await field(page, 'תאריך כניסה').fill('01/01/2031');
    await shot(page, 'real-estate-rent-payments');

    await next(page, 4);
    await toLoginStep(page, 4, 'real-estate-rent');
    await draftHas(
      page,
      product.url,
      { cat: '2', subcat: '2' },
      {
        rentType: '2',
        roommates: '2',
        partnerGender: '0',
        city: '3000',
        rooms: '4',
        price: '2800',
        paymentInYear: '12',
        entranceDate: '01/01/2031',
      },
    );
    await page.close();
  });
});

describe('opening a step without touching it', () => {
  it('saves no draft and sets no leave-page warning: values the form settles on by itself are not changes', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);
    const posts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The step-by-step analytics (the step was shown) is no change of the ad.
      if (request.method() !== 'GET' && path !== '/api/analytics/events') posts.push(path);
    });
    await page.goto(`${product.url}/publish?cat=2&subcat=1&step=1`);
    await openStep(page).locator('.field').first().waitFor();
    // Longer than the draft's debounce (1.2 s) after the step and its option lists have settled.
    await page.waitForTimeout(2500);
    expect(posts).toEqual([]);
    expect(await page.getByTestId('draft-status').getAttribute('data-status')).toBe('idle');
    const warns = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(warns).toBe(false);
    await page.close();
  });
});

describe('edit', () => {
  it('the owner edits the real-estate ad at /edit/{id}; another account gets the Hebrew 404', async () => {
    // The demo advertiser's sale ad (its phone is verified); a draft, so the finish leaves it here, saved.
    const page = await newPage(browser, PHONE);
    await loginDemo(page, product.url);
    const saleId = String(await adThroughApi(page, product.url, { ...validSaleAd(), price: '3,250,000' }));
    await page.goto(`${product.url}/edit/${saleId}`);
    await page.getByRole('heading', { level: 1, name: /עריכת מודעה/ }).waitFor();
    expect(await page.getByLabel(labelled('מחיר')).inputValue()).toBe('3,250,000');
    await checkScreen(page, 'category-real-estate-edit');
    await page.getByLabel(labelled('מחיר')).fill('3100000');
    await button(page, 'סיום ופרסום השינויים').click();
    await page.getByTestId('edit-saved').getByText('השינויים נשמרו').waitFor();
    expect((await adValues(page, product.url, saleId)).values).toMatchObject({ price: '3100000', street: '404' });

    const other = await newPage(browser, PHONE);
    await registerThroughApi(other, product.url);
    await other.goto(`${product.url}/edit/${saleId}`);
    await other.getByRole('heading', { level: 1, name: 'המודעה לא נמצאה' }).waitFor();
    expect(await saveAdThroughApi(other, product.url, saleId, { price: '1' })).toBe(404);
    expect((await adValues(page, product.url, saleId)).values).toMatchObject({ price: '3100000' });
    await other.close();
    await page.close();
  });
});
