/**
 * A trader's packages in the plan step (after-save-area.md §2 modes, §3 left and packageInfo, §4): the
 * demo car dealer holds a package of 10 Bold car ads (seeded): a car it publishes offers that package (ads left,
 * end date) and goes live from it; once the package is used up, the packages on sale are offered instead and one
 * sold by payment is paid by card in the popup, the ad goes live from it.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, SERVER_ROUND_TRIP } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_TRADER, loginThroughApi } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { finishFromCarType, openPrivateCar, searchPlate } from './wizard-flow.ts';
import { checkScreen } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const plan = (page: Page) => page.getByTestId('plan-step');

async function dealerCar(page: Page): Promise<string> {
  await loginThroughApi(page, product.url, DEMO_TRADER.email, DEMO_TRADER.password);
  await openPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  // The dealer publishes the same sample car again and again: the double-ad suggestion is answered with a new ad.
  const id = await finishFromCarType(page, undefined, undefined, true);
  await plan(page).waitFor();
  return id;
}

async function liveAtFinish(page: Page, orderId: string) {
  await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
  expect(new URL(page.url()).searchParams.get('OrderID')).toBe(orderId);
  const finish = page.getByTestId('finish-published');
  await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
}

describe('plan step: packages', () => {
  it('the dealer publishes a car from its package: 10 left, then 9', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await dealerCar(page);
    expect(await plan(page).getAttribute('data-mode')).toBe('fromPackage');
    const pkg = plan(page).getByTestId('track-Bold');
    expect(await pkg.getByTestId('track-left').textContent()).toBe('נשארו 10 מודעות בחבילה');
    expect(await pkg.textContent()).toMatch(/\d{2}[./-]\d{2}[./-]\d{4}/);
    await checkScreen(page, 'plan-from-package-desktop');
    await pkg.locator('.track__choose').click();
    await liveAtFinish(page, orderId);
    await page.close();

    const again = await newPage(browser, PHONE);
    await dealerCar(again);
    expect(await plan(again).getByTestId('track-Bold').getByTestId('track-left').textContent()).toBe(
      'נשארו 9 מודעות בחבילה',
    );
    await checkScreen(again, 'plan-from-package-phone');
    await again.close();
  });

  it('a used-up package: the packages on sale; one bought by card publishes the ad from it', async () => {
    await product.offline(async (db) => {
      await db.query(
        `UPDATE customer_packages SET ads_used = ads_total
         WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
        [DEMO_TRADER.email],
      );
    });
    const page = await newPage(browser, DESKTOP);
    const orderId = await dealerCar(page);
    expect(await plan(page).getAttribute('data-mode')).toBe('buyPackage');
    const offer = plan(page).locator('[data-testid="track-Bold"]');
    await checkScreen(page, 'plan-buy-package-desktop');

    // The large package is sold through its contact form: 'for more details' opens it on /packages with the
    // package and the ad filled in (another tab, so this plan step stays).
    await plan(page).getByTestId('track-VIP').locator('.track__choose').click();
    const contact = page.getByRole('dialog', { name: 'רכישת חבילה' });
    const href = (await contact.getByRole('link', { name: 'השאירו פרטים' }).getAttribute('href')) ?? '';
    expect(Object.fromEntries(new URL(href, product.url).searchParams)).toEqual({
      package: 'car-vip-30',
      cat: '1',
      subcat: '1',
      OrderID: orderId,
    });
    const tab = await page.context().newPage();
    await tab.goto(new URL(href, product.url).href);
    const form = tab.getByRole('dialog').filter({ hasText: 'השאירו פרטים ונציג יחזור אליכם' });
    await form.waitFor();
    await tab.close();
    await contact.getByRole('button', { name: 'סגירה' }).click();
    await offer.locator('.track__choose').click();
    await page.getByRole('dialog', { name: 'איך תרצו לשלם?' }).getByTestId('pay-creditCard').click();
    await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
    const frame = page.frameLocator('[data-testid="card-payment-frame"]');
    await frame.getByLabel('מספר כרטיס').fill('4580 0000 0000 0000');
    await frame.getByLabel('חודש').selectOption('12');
    await frame.getByLabel('שנה', { exact: true }).selectOption(String(new Date().getFullYear() + 2));
    await frame.getByLabel('קוד אבטחה (CVV)').fill('123');
    await frame.getByLabel('מספר תעודת זהות של בעל הכרטיס').fill('000000018');
    await frame.getByRole('button', { name: /לתשלום/ }).click();
    await liveAtFinish(page, orderId);
    await page.close();

    // The next car is offered the package just bought (one of its 10 ads used) first, the used-up one after it,
    // its choice blocked.
    const next = await newPage(browser, DESKTOP);
    await dealerCar(next);
    expect(await plan(next).getAttribute('data-mode')).toBe('fromPackage');
    expect(await plan(next).getByTestId('track-left').allTextContents()).toEqual([
      'נשארו 9 מודעות בחבילה',
      'לא נשארו מודעות בחבילה',
    ]);
    expect(await plan(next).locator('.track__choose').nth(1).isDisabled()).toBe(true);
    await checkScreen(next, 'plan-from-package-used-up-desktop');
    await next.close();
  });
});
