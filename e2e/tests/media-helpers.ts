/**
 * Helpers of the photo browser tests (media-*.e2e.ts): generated and fixture photos, reading a stored photo's
 * pixels (colour, upright marker), the tiles of the media step, and the stored images read back through the API.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AdImage } from '@app/contract/media';
import type { FileChooser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { field, fillProductDetails, next, onStep, selectText } from './category-helpers.ts';
import { openStep, tabTo } from './wizard-helpers.ts';

/** A plain second-hand product (furniture): the quickest wizard to a photo step. */
export const SECOND_HAND = 'cat=3&subcat=2&SalesCatID=0&step=1';

/** The plain second-hand product step filled (the page already on /publish?SECOND_HAND), then the media step. */
export async function secondHandToMedia(page: Page): Promise<void> {
  await onStep(page, 1);
  await selectText(page, 'קטגוריה', 'ריהוט');
  await expect.poll(() => field(page, 'תת קטגוריה').isEnabled()).toBe(true);
  await onStep(page, 1);
  await selectText(page, 'תת קטגוריה', 'ספות וכורסאות');
  await onStep(page, 1);
  await selectText(page, 'סוג המוצר', 'ספות');
  await fillProductDetails(page, 'ספה תלת מושבית אפורה', '1200');
  await next(page, 2);
  await openStep(page).getByTestId('media-field').waitFor();
}

/** A file as Playwright's setInputFiles takes it. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A photo of one colour with a white block in its top-left corner (so we can see it stays upright). */
export async function photo(colour: string, width = 1600, height = 1200): Promise<Buffer> {
  const block = await sharp({ create: { width: width / 4, height: height / 4, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: block, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/**
 * A well-formed grey PNG whose header says width x height while its body holds one compressed row (a few hundred
 * bytes): a decompression bomb's shape. A browser that decodes it spends seconds and gigabytes on the pixels.
 */
export function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const body = zlib.deflateSync(Buffer.alloc(width + 1));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', body), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG file of one colour (see photo()), named. */
export async function photoFile(name: string, colour: string, width = 1600, height = 1200): Promise<PickedFile> {
  return { name, mimeType: 'image/jpeg', buffer: await photo(colour, width, height) };
}

/** The mean RGB of a square of an image (sharp's stats() would read the whole image, not the extract). */
export async function meanAt(bytes: Buffer, left: number, top: number, size = 10): Promise<number[]> {
  const raw = await sharp(bytes).removeAlpha().extract({ left, top, width: size, height: size }).raw().toBuffer();
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.length; i += 3) for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (raw[i + c] ?? 0);
  return sum.map((v) => Math.round(v / (size * size)));
}

/** The colour of a stored image's lower middle and whether its top-left corner is white. */
export async function look(bytes: Buffer) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const centre = await meanAt(bytes, Math.floor(width * 0.6), Math.floor(height * 0.6));
  const corner = await meanAt(bytes, 4, 4);
  return { width, height, centre, cornerWhite: corner.every((v) => v > 200) };
}

export const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

/** A fixture of e2e/fixtures as a picked file. */
export async function fixtureFile(name: string, mimeType: string, as = name): Promise<PickedFile> {
  return { name: as, mimeType, buffer: await fs.readFile(fixture(name)) };
}

/** The fixtures' red marker is in the top-left corner only when the picture is upright. */
export async function redTopLeft(bytes: Buffer): Promise<boolean> {
  const [r = 0, g = 0, b = 0] = await meanAt(bytes, 8, 8, 12);
  return r > 180 && g < 90 && b < 90;
}

export const hex = (colour: string) => [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
export const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) < 40);

/** The photo tiles of the media step, in the screen's order. */
export const tiles = (page: Page): Locator => page.getByTestId('media-tile');

/** Waits until `count` tiles say their photo is stored. */
export async function allUploaded(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('[data-testid="media-tile"][data-status="uploaded"]').count(), { timeout: 60_000 })
    .toBe(count);
}

/** The slots of the tiles in the screen's order. */
export async function tileSlots(page: Page): Promise<number[]> {
  return (await tiles(page).evaluateAll((all) => all.map((t) => t.getAttribute('data-slot')))).map(Number);
}

/** GET /api/publish/{OrderID}/images as the page's account (must be 200). */
export async function storedImages(page: Page, base: string, orderId: string | number): Promise<AdImage[]> {
  const res = await page.request.get(`${base}/api/publish/${orderId}/images`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { images: AdImage[] }).images;
}

/** The bytes behind a stored image's URL (/media/…). */
export async function mediaBytes(page: Page, base: string, url: string): Promise<Buffer> {
  const res = await page.request.get(`${base}${url}`);
  expect(res.status()).toBe(200);
  return Buffer.from(await res.body());
}

/**
 * Keyboard only: Tab to the photo field's add button, open the file chooser with Enter and give it two photos of
 * `colours`; waits until both are stored. `choosers` is filled by a `filechooser` listener added when the page
 * opened (a listener added just before the press can miss the chooser).
 */
export async function photosByKeyboard(page: Page, choosers: FileChooser[], name: string, colours: [string, string]) {
  await tabTo(page, { selector: '[data-testid="media-field"] .media__buttons button' });
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers.length).toBe(1);
  const [chooser] = choosers;
  if (!chooser) throw new Error('no file chooser');
  await chooser.setFiles([
    await photoFile(`${name}-1.jpg`, colours[0], 800, 600),
    await photoFile(`${name}-2.jpg`, colours[1], 800, 600),
  ]);
  await allUploaded(page, 2);
}

/** Drops files on the media step's drop area, as a file manager would. */
export async function dropFiles(page: Page, files: PickedFile[]): Promise<void> {
  const data = files.map((f) => ({ name: f.name, type: f.mimeType, b64: f.buffer.toString('base64') }));
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, data);
  const area = page.getByTestId('media-drop');
  await area.dispatchEvent('dragover', { dataTransfer: transfer });
  await area.dispatchEvent('drop', { dataTransfer: transfer });
}
