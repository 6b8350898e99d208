/**
 * Pictures the photo step refuses on the device, before any upload: a 20000x20000 PNG of a few hundred bytes (its
 * header is read, the picture is never decoded), a picture that decodes to nothing but black, and a conversion
 * whose JPEG encode comes out empty. Each is named in a Hebrew notice, leaves no tile, and sends nothing; a good
 * photo afterwards goes up as usual.
 */
import { IMAGE_MAX_INPUT_PIXELS } from '@app/contract/media';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { startCategory } from './category-helpers.ts';
import { allUploaded, hugePng, photoFile, SECOND_HAND, secondHandToMedia, tiles } from './media-helpers.ts';
import { checkScreen } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const notices = (page: Page) => page.getByTestId('media-notices');

/**
 * Records the size of every Blob the page hands to createImageBitmap (the pipeline's only decoder), and lets the
 * test make the next JPEG encodes come out empty (as a canvas too large for the device does).
 */
async function watchDecodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { decoded: number[]; emptyEncodes: boolean };
    w.decoded = [];
    w.emptyEncodes = false;
    const decode = window.createImageBitmap.bind(window);
    window.createImageBitmap = ((source: ImageBitmapSource, ...rest: []) => {
      if (source instanceof Blob) w.decoded.push(source.size);
      return decode(source, ...rest);
    }) as typeof createImageBitmap;
    const encode = OffscreenCanvas.prototype.convertToBlob;
    OffscreenCanvas.prototype.convertToBlob = function (this: OffscreenCanvas, options?: ImageEncodeOptions) {
      return w.emptyEncodes ? Promise.resolve(new Blob([], { type: 'image/jpeg' })) : encode.call(this, options);
    };
  });
}

const decodedSizes = (page: Page) => page.evaluate(() => (window as unknown as { decoded: number[] }).decoded);

/** Counts the photo uploads the page sends. */
function countUploads(page: Page): () => number {
  let uploads = 0;
  page.on('request', (req) => {
    if (req.url().includes('/images/upload')) uploads++;
  });
  return () => uploads;
}

async function toPhotoStep(page: Page): Promise<void> {
  await startCategory(page, product.url, SECOND_HAND);
  await secondHandToMedia(page);
}

describe('pictures refused before upload', () => {
  it('a 20000x20000 PNG: the server’s Hebrew refusal at once, never decoded, no tile, no upload (375 px)', async () => {
    const page = await newPage(browser, PHONE);
    await watchDecodes(page);
    const uploads = countUploads(page);
    await toPhotoStep(page);
    const bomb = hugePng(20000, 20000);
    expect(bomb.length).toBeLessThan(1000);
    expect(20000 * 20000).toBeGreaterThan(IMAGE_MAX_INPUT_PIXELS);

    const started = Date.now();
    await page.getByTestId('media-input').setInputFiles([{ name: 'ענקית.png', mimeType: 'image/png', buffer: bomb }]);
    await notices(page)
      .getByText(
        'התמונה "ענקית.png" לא נשמרה: התמונה גדולה מדי (יותר מ-50 מיליון פיקסלים). יש להקטין אותה ולנסות שוב',
        { exact: true },
      )
      .waitFor();
    // Read from the header: far quicker than the 14-17 s Chromium spends decoding such a file.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await tiles(page).count()).toBe(0);
    expect(await decodedSizes(page)).not.toContain(bomb.length);
    await checkScreen(page, 'media-refused-pixels-375');

    // A good photo afterwards is the only upload.
    await page.getByTestId('media-input').setInputFiles([await photoFile('ספה.jpg', '#2980b9', 800, 600)]);
    await allUploaded(page, 1);
    expect(await tiles(page).count()).toBe(1);
    expect(uploads()).toBe(1);
    expect(await decodedSizes(page)).not.toContain(bomb.length);
    await page.close();
  });

  it('a picture that decodes to flat black, and an empty JPEG encode: named, no tile, no upload (1280 px)', async () => {
    const page = await newPage(browser, DESKTOP);
    await watchDecodes(page);
    const uploads = countUploads(page);
    await toPhotoStep(page);

    const black = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    await page.getByTestId('media-input').setInputFiles([{ name: 'שחורה.png', mimeType: 'image/png', buffer: black }]);
    await notices(page)
      .getByText('התמונה "שחורה.png" נפתחה ריקה (שקופה, או כולה שחורה או לבנה), ולכן היא הוסרה', { exact: true })
      .waitFor();
    expect(await tiles(page).count()).toBe(0);

    await page.evaluate(() => {
      (window as unknown as { emptyEncodes: boolean }).emptyEncodes = true;
    });
    await page.getByTestId('media-input').setInputFiles([await photoFile('ריקה.jpg', '#8e44ad', 800, 600)]);
    await notices(page).getByText('לא הצלחנו לפתוח את התמונה "ריקה.jpg", ולכן היא הוסרה', { exact: true }).waitFor();
    expect(await tiles(page).count()).toBe(0);
    await checkScreen(page, 'media-refused-blank-1280');
    expect(uploads()).toBe(0);
    await page.close();
  });
});
