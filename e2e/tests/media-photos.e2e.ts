/**
 * Photos in the wizard, end to end: twelve photos chosen for a car ad (ten kept, a notice for two), one
 * cropped, one rotated, one moved by keyboard, another made the main photo, published; the stored photos come back
 * in that order, upright, at the spec's size. Uploads survive a third of the requests failing. Other categories,
 * the teacher's single photo, reloads and other accounts: media-categories.e2e.ts.
 */

import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { carToMediaStep, mediaDoneToPlan } from './car-publish-helpers.ts';
import { fillContact } from './contact-helpers.ts';
import {
  allUploaded,
  fixture,
  hex,
  look,
  meanAt,
  near,
  photo,
  redTopLeft,
  storedImages,
  tiles,
} from './media-helpers.ts';
import { next, startPrivateCar } from './wizard-flow.ts';
import { atStep, button, checkScreen } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const COLOURS = [
  '#c0392b',
  '#27ae60',
  '#2980b9',
  '#8e44ad',
  '#f39c12',
  '#16a085',
  '#d35400',
  '#2c3e50',
  '#7f8c8d',
  '#e84393',
  '#00cec9',
  '#6c5ce7',
];

async function toMediaStep(page: Page): Promise<void> {
  await startPrivateCar(page, product.url);
  await carToMediaStep(page);
}

/**
 * Twelve photos chosen for a car, ten kept, edited, then stored: three tests in order on one page, each taking the
 * ad on from where the one before left it, so that each test's time limit covers one part's work on a busy machine.
 */
describe('photos of a car ad: twelve chosen, ten kept, edited and stored', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, DESKTOP);
  });
  afterAll(() => page?.close());

  it('twelve chosen, ten kept and uploaded, a HEIC and an EXIF-turned photo among them, their previews and alt texts', async () => {
    await toMediaStep(page);
    await checkScreen(page, 'media-empty-1280');
    // Photo 7 is a real HEIC (the iPhone's format), photo 8 a JPEG turned by EXIF orientation 6 that carries GPS.
    const files = await Promise.all(
      COLOURS.map(async (colour, i) => {
        if (i === 6)
          return { name: 'IMG_0007.HEIC', mimeType: 'image/heic', buffer: await fs.readFile(fixture('photo.heic')) };
        if (i === 7)
          return {
            name: 'car-8.jpg',
            mimeType: 'image/jpeg',
            buffer: await fs.readFile(fixture('photo-exif6-gps.jpg')),
          };
        return { name: `car-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colour) };
      }),
    );
    await page.getByTestId('media-input').setInputFiles(files);
    await page.getByTestId('media-notices').getByText('אפשר להעלות עד 10 תמונות, ולכן 2 תמונות לא נוספו').waitFor();
    await expect.poll(() => tiles(page).count()).toBe(10);
    expect(await page.getByTestId('media-count').textContent()).toBe('10 מתוך 10');
    await allUploaded(page, 10);
    // The previews show (the CSP lets the page's own blob: images in) and their alt texts are built from the ad.
    await expect
      .poll(() =>
        tiles(page)
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await tiles(page).nth(1).locator('img').getAttribute('alt')).toBe('טויוטה קורולה 2021, תמונה 2 מתוך 10');
    await checkScreen(page, 'media-ten-1280');
  });

  it('a photo rotated, another cropped, one moved back by keyboard and announced, one made the main photo', async () => {
    // Rotate photo 2 a quarter turn (0 → 270).
    await tiles(page)
      .nth(1)
      .getByRole('button', { name: /^עריכה/ })
      .click();
    await page.getByTestId('photo-editor').waitFor();
    await page.getByTestId('photo-rotate').click();
    await expect.poll(() => page.getByTestId('photo-rotate').textContent()).toContain('270');
    await checkScreen(page, 'media-editor-1280');
    await page.getByRole('dialog').getByRole('button', { name: 'שמירה', exact: true }).click();
    await page.getByTestId('photo-editor').waitFor({ state: 'detached' });

    // Crop photo 3: zoom in twice as much.
    await tiles(page)
      .nth(2)
      .getByRole('button', { name: /^עריכה/ })
      .click();
    await page.getByTestId('photo-editor').waitFor();
    await page.getByLabel('הגדלה').fill('2');
    await page.getByRole('dialog').getByRole('button', { name: 'שמירה', exact: true }).click();
    await page.getByTestId('photo-editor').waitFor({ state: 'detached' });

    // Keyboard: photo 4 moves one place back (Space, arrow, Space), announced in Hebrew.
    const handle = tiles(page).nth(3).locator('.media__handle');
    await handle.focus();
    // In a right-to-left grid the place before is on the right.
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.locator('#DndLiveRegion-0, [id^="DndLiveRegion"]').first().textContent())
      .toMatch(/תמונה 4 הונחה במקום 3/);
    // Photo 6 becomes the main photo.
    await tiles(page)
      .nth(5)
      .getByRole('button', { name: /^קביעה כתמונה ראשית/ })
      .click();
    await allUploaded(page, 10);
  });

  it('stored in the order shown, upright, cropped and turned as edited, without EXIF', async () => {
    // The order on screen, by colour: 6 first, then 1, 2, 4, 3, 5, 7…
    const expected = [5, 0, 1, 3, 2, 4, 6, 7, 8, 9].map((i) => COLOURS[i] as string);
    await next(page).click();
    await atStep(page, 5);
    await expect.poll(() => page.getByTestId('media-brief').locator('img').count()).toBe(6);
    await fillContact(page, product.url);
    await button(page, 'פרסום המודעה').click();
    await atStep(page, 6);
    const orderId = (await page.getByTestId('saved-note').getAttribute('data-order-id')) ?? '';
    const images = await storedImages(page, product.url, orderId);
    expect(images).toHaveLength(10);
    for (const [i, image] of images.entries()) {
      const bytes = Buffer.from(await (await page.request.get(`${product.url}${image.url}`)).body());
      const seen = await look(bytes);
      if (i !== 6 && i !== 7) expect(near(seen.centre, hex(expected[i] ?? '')), `photo ${i + 1} colour`).toBe(true);
      expect(seen.width).toBeLessThanOrEqual(1120);
      expect(seen.height).toBeLessThanOrEqual(840);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      if (i === 6 || i === 7) {
        // The HEIC (landscape) and the EXIF-6 photo (portrait once turned): upright, the red marker top-left.
        expect(await redTopLeft(bytes), `photo ${i + 1} upright`).toBe(true);
        if (i === 6) expect(seen).toMatchObject({ width: 1120, height: 840 });
        else expect(seen).toMatchObject({ width: 630, height: 840 });
      } else if (i === 2) {
        // Photo 2 turned a quarter to the left, then cropped 4:3 around its middle: the white corner block is now
        // at the bottom left (a turn to the right would put it top right).
        expect(seen.cornerWhite).toBe(false);
        expect((await meanAt(bytes, 4, seen.height - 14)).every((v) => v > 200)).toBe(true);
        expect((await meanAt(bytes, seen.width - 14, 4)).every((v) => v > 200)).toBe(false);
      } else if (i === 4) {
        // Photo 3 was cropped to its middle: the corner block is gone, 4:3 kept.
        expect(seen.cornerWhite).toBe(false);
        expect(Math.abs(seen.width / seen.height - 4 / 3)).toBeLessThan(0.02);
      } else {
        expect(seen.cornerWhite, `photo ${i + 1} upright`).toBe(true);
        expect(seen).toMatchObject({ width: 1120, height: 840 });
      }
    }
    expect(images[0]?.main).toBe(true);
  });

  it('with a third of the upload requests failing, every photo is stored once, in order', async () => {
    const page = await newPage(browser, PHONE);
    await toMediaStep(page);
    let seen = 0;
    let failed = 0;
    await page.route('**/images/upload', async (route) => {
      // Every third request fails: half before the server sees it, half after it stored the photo (the answer
      // is lost, so the browser sends the same photo again).
      seen++;
      if (seen % 3 === 2) {
        failed++;
        if (failed % 2 === 1) return route.abort('connectionreset');
        await route.fetch();
        return route.fulfill({ status: 503, body: '' });
      }
      return route.continue();
    });
    const files = await Promise.all(
      COLOURS.slice(0, 8).map(async (c, i) => ({
        name: `p${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(c, 1200, 900),
      })),
    );
    await page.getByTestId('media-input').setInputFiles(files);
    await expect.poll(() => tiles(page).count()).toBe(8);
    await tiles(page)
      .nth(4)
      .getByRole('button', { name: /^קביעה כתמונה ראשית/ })
      .click();
    const orderId = await mediaDoneToPlan(page);
    expect(failed).toBeGreaterThan(0);
    const images = await storedImages(page, product.url, orderId);
    // One image per slot, in the screen's order (the server keeps one photo per slot: a retry replaces nothing).
    expect(images.map((i) => i.picNumber)).toEqual([5, 1, 2, 3, 4, 6, 7, 8]);
    expect(new Set(images.map((i) => i.id)).size).toBe(8);
    await checkScreen(page, 'media-saved-375');
  });
});
