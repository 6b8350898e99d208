import { subModelsOf } from '@app/catalog/vehicles/lookup';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { finishFromCarType, next, plate, radio, searchPlate, select, startPrivateCar } from './wizard-flow.ts';
import {
  adValues,
  atStep,
  button,
  checkScreen,
  chosenText,
  openStep,
  registerThroughApi,
  saveAdThroughApi,
  settled,
  stepItem,
} from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

for (const [label, viewport] of [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const) {
  describe(`publishing a private car at ${label} px`, () => {
    it('by licence number: the plate fills the car, every step is accessible, the ad is saved', async () => {
      const page = await newPage(browser, viewport);
      await startPrivateCar(page, product.url);
      await checkScreen(page, `wizard-car-type-${label}`);
      expect(await button(page, 'חיפוש').isDisabled()).toBe(true);
      await plate(page).fill('12א3456');
      // Nothing typed vanishes silently: the letter is dropped with the digits-only message.
      expect(await plate(page).inputValue()).toBe('12-345-6');
      await page.getByTestId('input-notice').filter({ hasText: 'יש להזין ספרות בלבד' }).waitFor();
      expect(await button(page, 'חיפוש').isDisabled()).toBe(true);

      await searchPlate(page, SAMPLE_PLATES.privateCar);
      await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
      expect(await plate(page).inputValue()).toBe('374-97-104');
      expect(await plate(page).getAttribute('dir')).toBe('ltr');
      await settled(page);
      expect(await chosenText(select(page, 'יצרן'))).toBe('טויוטה');
      expect(await chosenText(select(page, 'דגם'))).toBe('קורולה');
      expect(await chosenText(select(page, 'שנת ייצור'))).toBe('2021');
      expect(await page.getByRole('radio', { name: /Comfort/ }).isChecked()).toBe(true);
      expect(await button(page, 'חיפוש').isDisabled()).toBe(true); // a model is found
      await checkScreen(page, `wizard-car-type-found-${label}`);

      await next(page).click();
      await atStep(page, 2);
      await settled(page);
      expect(await radio(page, 'צבע', 'לבן').isChecked()).toBe(true);
      expect(await radio(page, 'גוון', 'לבן שנהב').isChecked()).toBe(true);
      expect(await chosenText(select(page, 'יד'))).toBe('יד ראשונה');
      // The car-type step is passed: done, with its brief.
      expect(await stepItem(page, 'personal_publish_car_type').textContent()).toContain('טויוטה קורולה 2021');
      const id = await finishFromCarType(page, label);
      expect(id).toMatch(/^\d+$/);

      const saved = await adValues(page, product.url, id);
      expect(saved.status).toBe(200);
      expect(saved.values).toMatchObject({ price: '95000', km: '85000', registrationPlate: '374-97-104' });
      await page.close();
    });
  });
}

describe('the car-type step by manual choice', () => {
  it('by manual choice; owner 14 only for a new car; the briefs of passed steps', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await select(page, 'יצרן').selectOption({ label: 'מאזדה' });
    await expect.poll(() => select(page, 'דגם').isEnabled()).toBe(true);
    await settled(page);
    await select(page, 'דגם').selectOption({ index: 1 });
    await settled(page);
    await select(page, 'שנת ייצור').selectOption({ index: 1 });
    await settled(page);
    const subModels = openStep(page)
      .getByRole('radiogroup', { name: /תת דגם/ })
      .getByRole('radio');
    expect(await subModels.count()).toBeLessThanOrEqual(5);
    await subModels.first().check();
    await next(page).click();
    await atStep(page, 2);
    await settled(page);
    await radio(page, 'צבע', 'שחור').check();
    await settled(page);
    await select(page, 'יד').selectOption({ label: 'יד שנייה' });
    const newFromImporter = select(page, 'בעלות נוכחית').locator('option', { hasText: 'חדש מהיבואן' });
    expect(await newFromImporter.isDisabled()).toBe(true);
    await select(page, 'יד').selectOption({ label: 'חדש / 0 ק"מ' });
    expect(await newFromImporter.isDisabled()).toBe(false);
    await select(page, 'בעלות נוכחית').selectOption({ label: 'פרטית' });
    const id = await finishFromCarType(page);
    expect(await stepItem(page, 'personal_publish_car_type').textContent()).toContain('מאזדה');
    expect(await stepItem(page, 'personal_publish_sales_properties').textContent()).toContain('95,000 ₪');
    expect((await adValues(page, product.url, id)).values).toMatchObject({ hand: '0', ownerID: '1' });
    await page.close();
  });
});

describe('the sub-model filters', () => {
  it('a filter narrows the list, clearing restores it, show-more reveals the rest five at a time', async () => {
    // A 2023 Corolla: six sub-models, one gear box, petrol and hybrid, three engine volumes, four and five doors.
    const all = subModelsOf(101, 2023);
    const hybrids = all.filter((s) => s.engineType === 'היברידי');
    const page = await newPage(browser, PHONE);
    await startPrivateCar(page, product.url);
    await select(page, 'יצרן').selectOption({ label: 'טויוטה' });
    await settled(page);
    await select(page, 'דגם').selectOption({ label: 'קורולה' });
    await settled(page);
    await select(page, 'שנת ייצור').selectOption({ label: '2023' });
    await settled(page);
    const cards = openStep(page)
      .getByRole('radiogroup', { name: /תת דגם/ })
      .getByRole('radio');
    const more = button(page, 'הצגת דגמים נוספים');
    expect(await cards.count()).toBe(5);
    const filters = page.getByRole('group', { name: 'סינון תתי הדגמים' });
    expect(await filters.getByRole('combobox').count()).toBeGreaterThan(1);
    await page.getByText(`נמצאו ${all.length} תתי דגמים`).waitFor();
    // One gear box only: no gear-box filter; the others offer each value with its count.
    expect(await select(page, 'תיבת הילוכים').count()).toBe(0);
    expect(await select(page, 'סוג מנוע').locator('option').allTextContents()).toEqual([
      'הכול',
      `בנזין (${all.length - hybrids.length})`,
      `היברידי (${hybrids.length})`,
    ]);
    await checkScreen(page, 'wizard-car-submodel-filters-375');

    // Show-more reveals the next sub-models (up to five), then goes.
    await more.click();
    await expect.poll(() => cards.count()).toBe(Math.min(all.length, 10));
    expect(await more.count()).toBe(0);

    // A filter narrows the list to what it leaves, and the other filters count only those.
    await select(page, 'סוג מנוע').selectOption({ label: `היברידי (${hybrids.length})` });
    await settled(page);
    await expect.poll(() => cards.count()).toBe(Math.min(hybrids.length, 5));
    for (const text of await cards.evaluateAll((inputs) => inputs.map((i) => i.closest('label')?.textContent ?? ''))) {
      expect(text).toContain('היברידי');
    }
    await page.getByText(`נמצאו ${hybrids.length} תתי דגמים`).waitFor();
    const size = hybrids[0]?.EngineVolume ?? 0;
    const sized = hybrids.filter((s) => s.EngineVolume === size);
    const sizeOption = `${size.toLocaleString('en-US')} סמ"ק (${sized.length})`;
    await select(page, 'נפח מנוע').selectOption({ label: sizeOption });
    await settled(page);
    await expect.poll(() => cards.count()).toBe(sized.length);
    const chosen = cards.first();
    await chosen.check();

    // Clearing restores the whole list with its show-more, the chosen sub-model kept.
    await button(page, 'ניקוי הסינון').click();
    await settled(page);
    await expect.poll(() => cards.count()).toBe(5);
    expect(await more.isVisible()).toBe(true);
    expect(await select(page, 'סוג מנוע').inputValue()).toBe('-1');
    expect(await openStep(page).locator('.submodels input:checked').count()).toBe(1);
    await more.click();
    await expect.poll(() => cards.count()).toBe(Math.min(all.length, 10));
    await page.close();
  });
});

describe('edit', () => {
  it('the owner changes the price and finishes; another account gets the Hebrew 404 and changes nothing', async () => {
    // The demo advertiser's car (its phone is verified); a draft, so the finish leaves it here, saved.
    const page = await newPage(browser, DESKTOP);
    await loginDemo(page, product.url);
    const orderId = String(await adThroughApi(page, product.url, { ...validCarAd(), price: '95,000' }));
    for (const [label, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${product.url}/edit/${orderId}`);
      await page.getByRole('heading', { level: 1, name: /עריכת מודעה/ }).waitFor();
      await settled(page);
      await checkScreen(page, `wizard-edit-${label}`);
    }
    expect(await page.getByLabel('מחיר').inputValue()).toBe('95,000');
    expect(await button(page, 'המשך').count()).toBe(0);
    await page.getByLabel('מחיר').fill('90000');
    await button(page, 'סיום ופרסום השינויים').click();
    await page.getByTestId('edit-saved').getByText('השינויים נשמרו').waitFor();
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({ price: '90000' });

    const other = await newPage(browser, DESKTOP);
    await registerThroughApi(other, product.url);
    await other.goto(`${product.url}/edit/${orderId}`);
    await other.getByRole('heading', { level: 1, name: 'המודעה לא נמצאה' }).waitFor();
    await checkScreen(other, 'wizard-edit-not-found-1280');
    expect((await adValues(other, product.url, orderId)).status).toBe(404);
    expect(await saveAdThroughApi(other, product.url, orderId, { price: '1' })).toBe(404);
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({ price: '90000' });
    await other.close();
    await page.close();
  });
});
