/**
 * One ad per wizard, one number everywhere, one draft per selection, and texts that say what happens,
 * in Chromium against the production server.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { pathOf, query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { draftHas, field, onStep } from './category-helpers.ts';
import { finishFromCarType, searchPlate, startPrivateCar } from './wizard-flow.ts';
import { adValues, atStep, button, openStep, registerThroughApi, settled, stepItem } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** A private car by its plate, saved: returns the ad number the user is told. */
async function savedCar(page: Page): Promise<string> {
  await startPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  await settled(page);
  await finishFromCarType(page);
  const note = (await page.getByTestId('saved-note').textContent()) ?? '';
  return /מספר מודעה (\d+)/.exec(note)?.[1] ?? '';
}

describe('one ad number, one ad', () => {
  it('the number shown after saving is in the URL and opens the ad at /edit/{number}', async () => {
    const page = await newPage(browser, DESKTOP);
    const shown = await savedCar(page);
    expect(Number(shown)).toBeGreaterThanOrEqual(50000001);
    expect(query(page)).toMatchObject({ OrderID: shown, OrderIDs: shown });

    await page.goto(`${product.url}/edit/${shown}`);
    // The loading state's heading says 'עריכת מודעה' too: wait for the form's, which names the ad.
    await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${shown}`) }).waitFor();
    expect(await page.getByTestId('edit-not-found').count()).toBe(0);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('95,000');
    await page.close();
  });

  it('a second publish after reopening a step updates the same ad; no second ad is made', async () => {
    const page = await newPage(browser, DESKTOP);
    const first = await savedCar(page);

    await stepItem(page, 'personal_publish_sales_properties').getByRole('button').click();
    await atStep(page, 3);
    await page.getByLabel('מחיר').fill('91000');
    await button(page, 'המשך לשלב האחרון שמילאתם').click();
    await atStep(page, 5);
    await button(page, 'פרסום המודעה').click();
    await atStep(page, 6);
    await expect.poll(async () => page.getByTestId('saved-note').textContent()).toContain(`מספר מודעה ${first}`);
    expect(query(page)).toMatchObject({ OrderID: first, OrderIDs: first });
    expect((await adValues(page, product.url, first)).values).toMatchObject({ price: '91000' });
    // Ad numbers are given in order: a second ad would have been the next one.
    expect((await adValues(page, product.url, String(Number(first) + 1))).status).toBe(404);
    await page.close();
  });
});

describe("sub-models from the spec's [list, aggregates] answer", () => {
  it('are listed 5 at a time, and "הצגת דגמים נוספים" adds the rest', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.jeep);
    await page.getByText(/מצאנו: יונדאי טוסון 2022/).waitFor();
    await settled(page);
    const cards = openStep(page)
      .getByRole('radiogroup', { name: /תת דגם/ })
      .getByRole('radio');
    expect(await cards.count()).toBe(5);
    await button(page, 'הצגת דגמים נוספים').click();
    await expect.poll(() => cards.count()).toBe(6);
    expect(await button(page, 'הצגת דגמים נוספים').count()).toBe(0);
    await page.close();
  });
});

describe('fashion drafts: start over deletes, a return resumes', () => {
  const CLOTHES = { cat: '3', subcat: '0', SalesCatID: '18', SalesSubCatID: '1026' };

  async function pickClothes(page: Page): Promise<void> {
    const picker = page.getByTestId('picker-fashion');
    await picker.waitFor();
    await picker.getByRole('radio', { name: 'בגדים', exact: true }).click();
    await onStep(page, 1);
  }

  async function startOver(page: Page): Promise<void> {
    await page.getByTestId('start-over').click();
    await page.getByRole('dialog').getByRole('button', { name: 'מחיקה', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('step') === '0');
  }

  async function fromChooser(page: Page): Promise<void> {
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל אופנה וטיפוח', exact: true }).click();
    await pickClothes(page);
  }

  it('start over + re-pick shows an empty form; what is typed then comes back from the chooser', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);
    await fromChooser(page);
    await field(page, 'כותרת המודעה').fill('מעיל צמר ארוך בצבע קאמל');
    await draftHas(page, product.url, CLOTHES, { title: 'מעיל צמר ארוך בצבע קאמל' });

    await startOver(page);
    await pickClothes(page);
    expect(await field(page, 'כותרת המודעה').inputValue()).toBe('');
    await page.waitForTimeout(1500); // longer than the draft's debounce: nothing old is written back
    const draft = await page.request.get(`${product.url}/api/publish/draft?${new URLSearchParams(CLOTHES)}`);
    expect(((await draft.json()) as { values: unknown }).values).toEqual({});

    await field(page, 'כותרת המודעה').fill('שמלת ערב שחורה');
    await draftHas(page, product.url, CLOTHES, { title: 'שמלת ערב שחורה' });
    await fromChooser(page);
    expect(await field(page, 'כותרת המודעה').inputValue()).toBe('שמלת ערב שחורה');

    // Starting over from the chooser's link deletes that draft too: re-picking shows an empty form.
    await startOver(page);
    await pickClothes(page);
    expect(await field(page, 'כותרת המודעה').inputValue()).toBe('');
    await page.close();
  });
});

describe('texts that say what happens', () => {
  it('the quit popup says the details are kept as a draft', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await page.getByRole('button', { name: 'יציאה', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toContain('לא יישמרו');
    expect(text).toContain('טיוטה');
    await page.close();
  });

  it('a failed save opens the non-closable "משהו השתבש בדרך" popup with a hash and a way home', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    // The save call fails on the server's side (a 500 that names its hash).
    await page.route('**/api/publish/save-ad', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 500, message: 'שגיאת שרת', hash: 'a1b2c3d4e5f6' }),
      }),
    );
    await finishFromCarType(page, undefined, 'רכב במצב מצוין, טיפולים במוסך מורשה בלבד, צמיגים חדשים, נהג אחד.');
    const dialog = page.getByRole('dialog', { name: 'משהו השתבש בדרך' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('a1b2c3d4e5f6');
    expect(await dialog.getByRole('button', { name: 'סגירה' }).count()).toBe(0);
    await screenshot(page, 'wizard-save-failed-1280');

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.goBack();
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    expect(await openStep(page).getAttribute('data-step-index')).toBe('5');

    await dialog.getByRole('button', { name: 'חזרה לדף הבית' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(pathOf(page)).toBe('/');
    await page.close();
  });
});
