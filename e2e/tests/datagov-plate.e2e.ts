/**
 * The licence-plate search in Chromium with VEHICLE_REGISTRY=datagov, against recorded answers of data.gov.il's
 * CKAN API (apps/server/test/doubles/datagov): a car whose model the catalogue lacks, and a registry that is down,
 * each say under the plate that the car can be chosen by hand; a registered car then fills the car fields.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataGovDouble } from '../../apps/server/test/doubles/datagov/double.ts';
import { axeViolations, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { plate, searchPlate, select, startPrivateCar } from './wizard-flow.ts';
import { chosenText, openStep, settled } from './wizard-helpers.ts';

let double: DataGovDouble;
let product: Product;
let browser: Browser;
beforeAll(async () => {
  double = await new DataGovDouble().start();
});
afterAll(async () => {
  await double?.stop();
});
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({ VEHICLE_REGISTRY: 'datagov', DATAGOV_API_BASE: double.base, DATAGOV_TIMEOUT_MS: '1000' }),
);

describe('the licence-plate search on data.gov.il', () => {
  it('says when the model is not in the catalogue or the registry is down, and fills a registered car', async () => {
    const page = await newPage(browser, PHONE);
    await startPrivateCar(page, product.url);

    await searchPlate(page, '61234567');
    await openStep(page)
      .getByText('מצאנו את הרכב במאגר משרד התחבורה, אבל הדגם שלו עדיין לא ברשימה שלנו. אפשר לבחור את פרטי הרכב ידנית')
      .waitFor();
    expect(await plate(page).getAttribute('aria-invalid')).toBe('true');

    double.mode = 'down';
    try {
      await searchPlate(page, SAMPLE_PLATES.privateCar);
      await openStep(page)
        .getByText('מאגר הרכב של משרד התחבורה אינו זמין כרגע. אפשר לבחור את פרטי הרכב ידנית או לנסות שוב בעוד רגע')
        .waitFor({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'datagov-registry-down-375');
    } finally {
      double.mode = 'ok';
    }

    // Back up: the same plate is asked afresh (no failure was kept) and fills the car.
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    expect(await chosenText(select(page, 'יצרן'))).toBe('טויוטה');
    expect(await chosenText(select(page, 'דגם'))).toBe('קורולה');
    await page.close();
  });
});
