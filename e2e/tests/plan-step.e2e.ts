/**
 * The plan step and the finish page, in Chromium against the production server. NEEDS THE SERVER'S PLAN CALLS
 * (save-ad's chooseOrderType, GET order-types, POST finish-publish, GET get-finish-page): it fails on
 * a server without them.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validVehicleAds } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { finishFromCarType, searchPlate, startPrivateCar } from './wizard-flow.ts';
import { checkScreen } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function savedCar(page: Page): Promise<string> {
  await startPrivateCar(page, product.url);
  await searchPlate(page, SAMPLE_PLATES.privateCar);
  await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
  return finishFromCarType(page);
}

const plan = (page: Page) => page.getByTestId('plan-step');
const freeTrack = (page: Page) => plan(page).getByTestId('track-Free');

describe('plan step: a free car ad goes live', () => {
  it('lists the tracks after the save, Free finishes, the offer is declined, the finish page shows the ad live and links to its board', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await savedCar(page);
    await plan(page).waitFor();
    expect(await plan(page).getAttribute('data-mode')).toBe('tracks');
    // The free track shows its text price; a paid track its price in shekels.
    expect(await freeTrack(page).textContent()).toContain('חינם');
    expect(await plan(page).locator('.track__amount').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[\d,.]+ ₪$/)]),
    );
    await checkScreen(page, 'plan-step-desktop');

    await freeTrack(page).getByRole('button').click();
    // Cat 1, subcat 1: the auto-bump offer (39 ₪) opens after the free finish; declining goes to the finish page.
    const offer = page.getByRole('dialog', { name: 'רוצים שהמודעה תקפוץ לבד?' });
    await offer.waitFor();
    expect(await offer.getByTestId('auto-bump-price').textContent()).toContain('39 ₪');
    await offer.getByRole('button', { name: 'לא תודה', exact: true }).click();

    await page.waitForURL((u) => u.pathname === '/finishArea');
    expect(query(page)).toMatchObject({ cat: '1', subcat: '1', OrderID: orderId });
    expect(query(page).step).toBeUndefined();
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 15_000 }).toBe('active');
    const live = finish.getByTestId('finish-timeline').locator('[data-step="live"]');
    expect(await live.getAttribute('data-done')).toBe('true');
    await finish.getByTestId('car-sign').waitFor();
    await checkScreen(page, 'finish-published-desktop');
    // The live ad is on its category's board, which the finish page links to.
    await finish.getByRole('link', { name: 'בלוח המודעות' }).click();
    await page.waitForURL((u) => u.pathname === '/board/1');
    expect(await page.locator(`.cards a[href="/item/${orderId}"]`).count()).toBe(1);
    await page.close();
  });

  it('after a reload on the plan step the tracks are fetched again (order-types), on a phone', async () => {
    const page = await newPage(browser, PHONE);
    await savedCar(page);
    await plan(page).waitFor();
    await page.reload();
    await plan(page).waitFor();
    await freeTrack(page).waitFor();
    await checkScreen(page, 'plan-step-phone');
    await page.close();
  });
});

describe("the VIP card's styling by vehicle kind", () => {
  it('a motorcycle and a special vehicle have the styled VIP card; a commercial vehicle has not', async () => {
    const page = await newPage(browser, DESKTOP);
    await loginDemo(page, product.url);
    const styled = new Map<string, boolean>();
    for (const kind of validVehicleAds().filter((k) => ['4', '6', '2'].includes(k.subcat))) {
      const orderId = await adThroughApi(page, product.url, { cat: '1', subcat: kind.subcat, ...kind.values });
      await page.goto(`${product.url}/publish?cat=1&subcat=${kind.subcat}&step=6&OrderID=${orderId}`);
      const vip = page.getByTestId('plan-step').getByTestId('track-VIP');
      await vip.waitFor();
      styled.set(kind.subcat, await vip.evaluate((el) => el.classList.contains('track--vip-style')));
      if (kind.subcat === '4') await checkScreen(page, 'plan-step-vip-style-motorcycle');
    }
    expect(Object.fromEntries(styled)).toEqual({ '2': false, '4': true, '6': true });
    await page.close();
  });
});
