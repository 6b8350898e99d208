/**
 * The photos of a published ad in edit mode (publish-wizard.md §2 edit mode; after-save-area.md §4 "Publish
 * button"): /edit/{id} shows the ad's photos in their order with the main photo, in the same media step as
 * publishing (delete, add, make main), numbered once among the other steps; the changes stay the edit's until the
 * finish, then the ad (its photos at the next edit, its thumbnail on /my-ads) has them.
 */
import type { AdImage } from '@app/contract/media';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setAdStatus } from '../../apps/server/src/ads/ads-repository.ts';
import { scenePhoto } from '../../apps/server/test/support/photo-upload.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { DESKTOP, newPage } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, loginDemo, photosThroughApi } from './edit-helpers.ts';
import {
  allUploaded,
  hex,
  look,
  mediaBytes,
  near,
  type PickedFile,
  photoFile,
  storedImages,
  tileSlots,
  tiles,
} from './media-helpers.ts';
import { button, checkScreen, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const RED = '#c0392b';
const BLUE = '#2471a3';
const GREEN = '#1e8449';
const PHONE_390 = { width: 390, height: 844 } as const;

/** The demo advertiser's car ad with two photos (by default a red main one and a blue one), published. */
async function publishedCarWithTwoPhotos(
  page: Page,
  photos: [PickedFile, PickedFile] | undefined = undefined,
): Promise<number> {
  await loginDemo(page, product.url);
  const orderId = await adThroughApi(page, product.url, validCarAd());
  const files = photos ?? [await photoFile('photo-1.jpg', RED), await photoFile('photo-2.jpg', BLUE)];
  await photosThroughApi(page, product.url, orderId, files);
  // Nothing in the product publishes an ad without the plan step: made active in its database.
  await product.offline((db) => setAdStatus(db, orderId, 'active'));
  return orderId;
}

async function openEdit(page: Page, orderId: number): Promise<void> {
  await page.goto(`${product.url}/edit/${orderId}`);
  await page.getByRole('heading', { level: 1, name: new RegExp(`מספר מודעה ${orderId}`) }).waitFor();
  // The top bar says what the page does, not 'publish a new ad'.
  expect(await page.locator('.topbar__title').textContent()).toBe('עריכת מודעה');
  await settled(page);
  // The photos come with the ad's media, after the page: count them once the first one is there.
  await tiles(page).first().waitFor();
  await allUploaded(page, await tiles(page).count());
}

/** The stored colours of the ad's photos in their order, as the owner's calls list them. */
async function colours(page: Page, images: AdImage[]): Promise<number[][]> {
  return Promise.all(images.map(async (image) => (await look(await mediaBytes(page, product.url, image.url))).centre));
}

const myAdThumb = async (page: Page, orderId: number): Promise<string | null | undefined> =>
  (
    (await (await page.request.get(`${product.url}/api/my-ads`)).json()) as {
      ads: { OrderID: number; thumbnailUrl: string | null }[];
    }
  ).ads.find((a) => a.OrderID === orderId)?.thumbnailUrl;

describe('the photos of a published ad at /edit/{id}', () => {
  it('shows them in order with the main photo; delete, add and make main wait for the finish, then are the ad’s', async () => {
    const page = await newPage(browser, DESKTOP);
    const orderId = await publishedCarWithTwoPhotos(page);
    const liveThumb = await myAdThumb(page, orderId);
    expect(liveThumb).toBeTruthy();

    await openEdit(page, orderId);
    // The ad is named, and every step is there once, numbered once: 1, 2, 3, 4 (no list number beside them).
    expect(await page.getByTestId('edit-ad-title').textContent()).toBe('טויוטה קורולה 2021');
    const steps = page.locator('ol.steps > li');
    expect(await steps.evaluateAll((all) => all.map((li) => li.getAttribute('data-testid')))).toEqual([
      'step-personal_edit_car_properties',
      'step-personal_edit_sales_properties',
      'step-personal_edit_media',
      'step-personal_edit_login',
    ]);
    expect(await page.locator('ol.steps').evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe('none');
    expect(await steps.locator('.step__number').allTextContents()).toEqual(['1', '2', '3', '4']);
    await page.getByRole('heading', { level: 2, name: 'שלב 3: תמונות וסרטון' }).waitFor();
    // Fields the old edit did not have: the car's colour and hand.
    expect(await page.getByLabel(/^יד/).inputValue()).toBe('1');
    expect(await page.getByRole('radio', { name: 'לבן', exact: true }).first().isChecked()).toBe(true);

    // The two photos in their order, the red one the main photo.
    const media = page.getByTestId('step-personal_edit_media');
    expect(await tileSlots(page)).toEqual([1, 2]);
    expect(await tiles(page).first().getByText('תמונה ראשית', { exact: true }).count()).toBe(1);
    expect(await tiles(page).nth(1).getByText('תמונה ראשית', { exact: true }).count()).toBe(0);
    expect(await media.getByTestId('media-count').textContent()).toBe('2 מתוך 10');
    await checkScreen(page, 'edit-photos-1280');

    // Delete the red one, add a green one, make it the main photo.
    await tiles(page)
      .first()
      .getByRole('button', { name: /^מחיקה/ })
      .click();
    await expect.poll(() => tileSlots(page)).toEqual([2]);
    await media.getByTestId('media-input').setInputFiles([await photoFile('green.jpg', GREEN)]);
    await allUploaded(page, 2);
    await tiles(page)
      .nth(1)
      .getByRole('button', { name: /^קביעה כתמונה ראשית/ })
      .click();
    await expect.poll(() => tileSlots(page)).toEqual([1, 2]);
    await expect
      .poll(async () => (await storedImages(page, product.url, orderId)).map((i) => i.picNumber))
      .toEqual([1, 2]);

    // Not live yet: "my ads" shows the red main photo still.
    expect(await myAdThumb(page, orderId)).toBe(liveThumb);

    const finished = page.waitForResponse((r) => r.url().endsWith(`/api/publish/${orderId}/order-edited`));
    await button(page, 'סיום ופרסום השינויים').click();
    await finished;
    await page.waitForURL((u) => u.pathname === '/finishArea' && u.searchParams.get('action') === 'edited');

    // The ad's photos now: green (main), then blue; "my ads" shows the green one.
    const stored = await storedImages(page, product.url, orderId);
    expect(stored.map((i) => [i.picNumber, i.main])).toEqual([
      [1, true],
      [2, false],
    ]);
    const [green, blue] = await colours(page, stored);
    expect(near(green ?? [], hex(GREEN))).toBe(true);
    expect(near(blue ?? [], hex(BLUE))).toBe(true);
    expect(await myAdThumb(page, orderId)).toBe(stored[0]?.thumbnailUrl);
    await page.goto(`${product.url}/my-ads`);
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    expect(await card.locator('img.my-ad__thumb').getAttribute('src')).toBe(stored[0]?.thumbnailUrl);

    // The next edit starts from them.
    await openEdit(page, orderId);
    expect(await tileSlots(page)).toEqual([1, 2]);
    expect(await tiles(page).first().getByText('תמונה ראשית', { exact: true }).count()).toBe(1);
    await page.close();
  });

  it('on a 390 px phone: the edit page with the photos, and leaving it unfinished changes nothing live', async () => {
    const page = await newPage(browser, PHONE_390);
    // Photos of their own (the first test's plain colours would be another ad's photos here).
    const scene = async (seed: number) => ({
      name: `scene-${seed}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await scenePhoto(seed),
    });
    const orderId = await publishedCarWithTwoPhotos(page, [await scene(11), await scene(12)]);
    const liveThumb = await myAdThumb(page, orderId);
    await openEdit(page, orderId);
    await checkScreen(page, 'edit-photos-390');
    await tiles(page)
      .nth(1)
      .getByRole('button', { name: /^מחיקה/ })
      .click();
    await expect.poll(async () => (await storedImages(page, product.url, orderId)).length).toBe(1);
    await page.goto(`${product.url}/my-ads`);
    expect(await myAdThumb(page, orderId)).toBe(liveThumb);
    await page.close();
  });
});
