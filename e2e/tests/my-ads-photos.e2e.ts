/**
 * "My ads" as a new advertiser finds it: a car published through the wizard with two photos shows its main photo's
 * thumbnail on /my-ads (lazy, with the ad's alt text, and it loads); an ad without photos shows a neutral
 * placeholder; every ad has a title a person recognises (a dog by its breed). The header's account menu leads to
 * /my-ads on the chooser, a wizard page and the finish page, and so does the finish page's own button.
 */
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from '../../apps/server/test/support/category-ads.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { carFromMediaToPlan, carToMediaStep, publishFree, twoCarPhotos } from './car-publish-helpers.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { next, openPrivateCar, searchPlate } from './wizard-flow.ts';
import { atStep, checkScreen, registerThroughApi, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const myAd = (page: Page, orderId: number | string): Locator => page.locator(`article[data-order-id="${orderId}"]`);

/** Opens the header's account menu and answers its "המודעות שלי" item (a link to /my-ads). */
async function myAdsMenuItem(page: Page): Promise<Locator> {
  const menuButton = page.locator('header').getByRole('button', { name: 'נועה ישראלי' });
  await menuButton.click();
  const item = page.getByRole('menu').getByRole('menuitem', { name: 'המודעות שלי' });
  await item.waitFor();
  expect(await item.getAttribute('href')).toBe('/my-ads');
  return item;
}

/** Whether the ad's photo (or placeholder) and its title overlap on screen (they sit side by side). */
async function thumbOverTitle(card: Locator): Promise<boolean> {
  const thumb = await card.locator('.my-ad__thumb').boundingBox();
  const title = await card.getByRole('heading', { level: 2 }).boundingBox();
  if (!thumb || !title) throw new Error('no photo or title');
  const apart =
    thumb.x + thumb.width <= title.x ||
    title.x + title.width <= thumb.x ||
    thumb.y + thumb.height <= title.y ||
    title.y + title.height <= thumb.y;
  return !apart;
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

describe('my ads: photos, titles and the way there', () => {
  it('a car published with two photos: the menu on every page, the finish button, the thumbnail on /my-ads', async () => {
    const page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);

    // The chooser: the account menu has "המודעות שלי", and it goes there.
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).waitFor();
    await (await myAdsMenuItem(page)).click();
    await page.waitForURL((u) => u.pathname === '/my-ads');
    await page.getByRole('heading', { level: 1, name: 'המודעות שלי' }).waitFor();

    // A wizard page: the menu is there while publishing too (only the way to the ads; no logout mid-publish).
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'פרטי', exact: true }).click();
    await page.getByTestId('picker-vehicles').getByRole('radio', { name: 'פרטי', exact: true }).click();
    await atStep(page, 1);
    await settled(page);
    await myAdsMenuItem(page);
    expect(await page.getByRole('menu').getByRole('menuitem', { name: 'התנתקות' }).count()).toBe(0);
    await closeMenu(page);

    await carToMediaStep(page);
    const orderId = await carFromMediaToPlan(page, await twoCarPhotos());
    await publishFree(page);

    // The finish page: the menu, and its own button to the ads (the old site's personal area only as a second link).
    const finish = page.getByTestId('finish-published');
    await myAdsMenuItem(page);
    await checkScreen(page, 'finish-account-menu-1280');
    await closeMenu(page);
    const toMyAds = finish.getByRole('link', { name: 'למודעות שלי' });
    expect(await toMyAds.getAttribute('href')).toBe('/my-ads');
    await toMyAds.click();
    await page.waitForURL((u) => u.pathname === '/my-ads');

    // The ad's main photo (the first one) as its thumbnail: lazy, with the ad's alt text, and it loads.
    const img = myAd(page, orderId).locator('img');
    await img.waitFor();
    expect(await myAd(page, orderId).getByRole('heading', { level: 2 }).textContent()).toBe('טויוטה קורולה 2021');
    expect(await img.getAttribute('alt')).toBe('טויוטה קורולה 2021, תמונה ראשית');
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{32}_t\.jpg$/);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    // The thumbnail is the main photo's (red, 1200x900: 240x180), not the second one's.
    expect(await img.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight])).toEqual([240, 180]);
    await checkScreen(page, 'my-ads-photo-1280');
    await page.close();
  });

  it('an ad without photos shows the placeholder; a dog is titled by its breed; phone and desktop', async () => {
    const page = await newPage(browser, PHONE);
    await loginDemo(page, product.url);
    const car = await adThroughApi(page, product.url, validCarAd());
    const dogAd = CATEGORY_ADS.find((ad) => ad.catalogId === 'pets-dogs');
    if (!dogAd) throw new Error('no dog sample');
    const dog = await adThroughApi(page, product.url, {
      ...dogAd.selectors,
      ...(dogAd.values as Record<string, string>),
    });
    await page.goto(`${product.url}/my-ads`);
    await myAd(page, dog).waitFor();
    expect(await myAd(page, dog).getByRole('heading', { level: 2 }).textContent()).toBe('לברדור רטריבר, נקבה');
    for (const id of [car, dog]) {
      const none = myAd(page, id).getByTestId('my-ad-no-photo');
      await none.waitFor();
      expect(await none.getAttribute('role')).toBe('img');
      expect(await none.getAttribute('aria-label')).toBe('למודעה אין תמונות');
      expect(await myAd(page, id).locator('img').count()).toBe(0);
    }
    expect(await thumbOverTitle(myAd(page, dog))).toBe(false);
    await checkScreen(page, 'my-ads-375');
    await page.setViewportSize(DESKTOP);
    expect(await thumbOverTitle(myAd(page, dog))).toBe(false);
    await checkScreen(page, 'my-ads-1280');
    await page.close();
  });
});

describe('the double-ad dialog', () => {
  /** The empty space between the dialog's last button and the dialog's bottom edge, in CSS pixels. */
  const spaceUnderButtons = (page: Page) =>
    page.getByRole('dialog').evaluate((dialog) => {
      const buttons = Array.from(dialog.querySelectorAll('a.btn, button.btn'));
      const last = buttons.at(-1)?.getBoundingClientRect().bottom ?? 0;
      return Math.round(dialog.getBoundingClientRect().bottom - last);
    });

  for (const [name, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`has no empty area under its buttons at ${name} px`, async () => {
      const page = await newPage(browser, viewport);
      await loginDemo(page, product.url);
      await adThroughApi(page, product.url, { ...validCarAd(), registrationPlate: '374-97-104' });
      await openPrivateCar(page, product.url);
      await searchPlate(page, SAMPLE_PLATES.privateCar);
      await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
      await settled(page);
      await next(page).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'כבר פרסמת מודעה על הרכב הזה' }).waitFor();
      // The header's account menu (publishing: only the way to the ads) keeps the logo and the buttons in one row.
      const middle = async (l: Locator) => {
        const box = await l.boundingBox();
        return box ? box.y + box.height / 2 : -1;
      };
      const logo = await middle(page.locator('header .topbar__logo'));
      expect(Math.abs((await middle(page.locator('header .user-menu__button'))) - logo)).toBeLessThan(8);
      expect(Math.abs((await middle(page.locator('header .topbar__exit'))) - logo)).toBeLessThan(8);
      await checkScreen(page, `double-ad-${name}`);
      // The dialog's own padding, no more.
      expect(await spaceUnderButtons(page)).toBeLessThanOrEqual(32);
      await page.close();
    });
  }
});
