/**
 * Photos beyond the car ad: a second-hand product (HEIC and a vertical photo, delete, main photo, stored
 * upright in the screen's order, the accordion brief), the teacher's single photo (cap 1, centre crop at 4:3), a
 * file that is not a photo, photos waiting for the login popup after the session ended, a reload that restores the reserved
 * ad's photos, and another account that gets 404 for every photo call of that ad.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { choice, field, next, onStep, publish, selectText, startCategory } from './category-helpers.ts';
import {
  allUploaded,
  dropFiles,
  fixtureFile,
  hex,
  look,
  meanAt,
  mediaBytes,
  near,
  type PickedFile,
  photoFile,
  redTopLeft,
  SECOND_HAND,
  secondHandToMedia,
  storedImages,
  tileSlots,
  tiles,
} from './media-helpers.ts';
import { checkScreen, csrfOf, openStep, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const GREEN = '#27ae60';
const BLUE = '#2980b9';
const PURPLE = '#8e44ad';
const ORANGE = '#f39c12';

const notices = (page: Page) => page.getByTestId('media-notices');
const tileAction = (page: Page, index: number, action: string) =>
  tiles(page)
    .nth(index)
    .getByRole('button', { name: new RegExp(`^${action}`) });

describe('a second-hand product, at 375 px', () => {
  it('HEIC and a vertical photo among four, one deleted, the last made main: stored upright in that order', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, SECOND_HAND);
    await secondHandToMedia(page);
    await checkScreen(page, 'media-second-hand-empty-375');
    await page
      .getByTestId('media-input')
      .setInputFiles([
        await photoFile('sofa-1.jpg', BLUE),
        await fixtureFile('photo.heic', 'image/heic', 'IMG_0001.HEIC'),
        await fixtureFile('photo-vertical.jpg', 'image/jpeg', 'sofa-vertical.jpg'),
        await photoFile('sofa-4.jpg', GREEN),
      ]);
    await allUploaded(page, 4);
    // Only the vertical photo can also be shown in stories.
    expect(await tiles(page).nth(2).getByText('מתאימה לסטוריז', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('.media__badge--stories').count()).toBe(1);
    await checkScreen(page, 'media-second-hand-four-375');

    const focusedHandle = () =>
      page.evaluate(() => {
        const handles = Array.from(document.querySelectorAll('[data-testid="media-grid"] .media__handle'));
        return document.activeElement ? handles.indexOf(document.activeElement) : -1;
      });
    await tileAction(page, 0, 'מחיקה').click();
    await expect.poll(() => tiles(page).count()).toBe(3);
    // The deleted tile's button is gone: the focus is on the photo that took its place, not lost to the page.
    await expect.poll(focusedHandle).toBe(0);
    await tileAction(page, 2, 'קביעה כתמונה ראשית').click();
    await expect.poll(() => tileSlots(page)).toEqual([4, 2, 3]);
    await expect.poll(focusedHandle).toBe(0);
    expect(await tiles(page).first().getByText('תמונה ראשית', { exact: true }).isVisible()).toBe(true);
    await checkScreen(page, 'media-second-hand-main-375');

    await next(page, 3);
    // The passed media step's brief: how many, and their thumbnails.
    const brief = page.getByTestId('media-brief');
    await expect.poll(() => brief.textContent()).toContain('3 תמונות');
    await expect.poll(() => brief.locator('img').count()).toBe(3);
    await expect
      .poll(() => brief.locator('img').evaluateAll((all) => all.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await checkScreen(page, 'media-second-hand-brief-375');

    const orderId = await publish(page);
    const images = await storedImages(page, product.url, orderId);
    expect(images.map((i) => i.picNumber)).toEqual([4, 2, 3]);
    expect(images[0]?.main).toBe(true);
    const seen = [];
    for (const image of images) {
      const bytes = await mediaBytes(page, product.url, image.url);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      seen.push({ ...(await look(bytes)), red: await redTopLeft(bytes) });
    }
    // The green photo first (upright: its white block top-left), then the HEIC and the vertical fixture upright.
    expect(near(seen[0]?.centre ?? [], hex(GREEN))).toBe(true);
    expect(seen[0]).toMatchObject({ width: 1120, height: 840, cornerWhite: true });
    expect(seen[1]).toMatchObject({ width: 1120, height: 840, red: true });
    expect(seen[2]).toMatchObject({ width: 630, height: 840, red: true });
    await page.close();
  });
});

/** A portrait photo: a red band at the top, a blue one at the bottom, green in the middle. */
async function bandedPortrait(): Promise<PickedFile> {
  const band = (background: string) =>
    sharp({ create: { width: 900, height: 400, channels: 3, background } })
      .png()
      .toBuffer();
  const buffer = await sharp({ create: { width: 900, height: 1600, channels: 3, background: '#00a000' } })
    .composite([
      { input: await band('#d00000'), left: 0, top: 0 },
      { input: await band('#0000d0'), left: 0, top: 1200 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: 'teacher.jpg', mimeType: 'image/jpeg', buffer };
}

describe("the teacher's single photo (studies), at 1280 px", () => {
  it('two dropped, one kept with a notice; the choose button is disabled; stored as the centre crop at 4:3', async () => {
    const page = await newPage(browser, DESKTOP);
    await startCategory(page, product.url, 'cat=6', { picker: 'studies', entry: 'קורסים וסדנאות' });
    await onStep(page, 1);
    await selectText(page, 'תחום הלימוד', 'פסנתר');
    await choice(page, 'רמות לימוד', 'מבוגרים').check();
    await choice(page, 'איפה מתקיימים השיעורים', 'בבית המורה').check();
    await selectText(page, 'אזור', 'תל אביב - יפו');
    await field(page, 'מחיר').fill('1200');
    await selectText(page, 'המחיר הוא', 'לקורס');
    await field(page, 'מספר מפגשים').fill('10');
    await field(page, 'על המורה והשיעורים').fill('פסנתרנית ומורה מוסמכת עם 12 שנות ניסיון, קורס למתחילים.');
    await next(page, 2);
    await openStep(page).getByTestId('media-field').waitFor();
    const choose = openStep(page).getByRole('button', { name: 'בחירת תמונה', exact: true });
    expect(await choose.isEnabled()).toBe(true);
    // One photo only: the picker takes one file; two dropped keep the first.
    expect(await page.getByTestId('media-input').evaluate((i: HTMLInputElement) => i.multiple)).toBe(false);
    expect(await page.getByTestId('media-drop').textContent()).toContain('אפשר גם לגרור לכאן תמונה');
    await checkScreen(page, 'media-teacher-empty-1280');
    await dropFiles(page, [await bandedPortrait(), await photoFile('second.jpg', ORANGE)]);
    await notices(page).getByText('אפשר להעלות תמונה אחת בלבד, ולכן תמונה אחת לא נוספה', { exact: true }).waitFor();
    await allUploaded(page, 1);
    expect(await tiles(page).count()).toBe(1);
    expect(await page.getByTestId('media-count').textContent()).toBe('1 מתוך 1');
    expect(await choose.isDisabled()).toBe(true);
    // Stored as a 4:3 crop the portrait is no stories photo, and the only photo is not called the main one.
    expect(await tiles(page).first().locator('.media__badge').count()).toBe(0);
    // A full area takes no more drops.
    await dropFiles(page, [await photoFile('third.jpg', PURPLE)]);
    await page.waitForTimeout(300);
    expect(await tiles(page).count()).toBe(1);
    await checkScreen(page, 'media-teacher-full-1280');

    await next(page, 3);
    const orderId = await publish(page);
    const [image, ...rest] = await storedImages(page, product.url, orderId);
    expect(rest).toEqual([]);
    const bytes = await mediaBytes(page, product.url, image?.url ?? '');
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    expect(Math.abs(width / height - 4 / 3)).toBeLessThan(0.01);
    expect(width).toBeLessThanOrEqual(1120);
    // Only the middle band: green at the top, the middle and the bottom edge, no red or blue band.
    for (const [x, y] of [
      [4, 4],
      [width - 14, 4],
      [Math.floor(width / 2), Math.floor(height / 2)],
      [4, height - 14],
      [width - 14, height - 14],
    ] as const)
      expect(near(await meanAt(bytes, x, y), [0, 160, 0]), `${x},${y}`).toBe(true);
    await page.close();
  });
});

describe('files that are not photos, at 1280 px', () => {
  it('a text file named .jpg and a PDF among two photos: each named in a notice, the two photos upload', async () => {
    const page = await newPage(browser, DESKTOP);
    await startCategory(page, product.url, SECOND_HAND);
    await secondHandToMedia(page);
    await page
      .getByTestId('media-input')
      .setInputFiles([
        await photoFile('good-1.jpg', GREEN),
        await fixtureFile('not-a-photo.jpg', 'image/jpeg'),
        { name: 'מסמך.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        await photoFile('good-2.jpg', BLUE),
      ]);
    await notices(page).getByText('"not-a-photo.jpg"').waitFor();
    await notices(page).getByText('הקובץ "מסמך.pdf" אינו תמונה, ולכן לא נוסף', { exact: true }).waitFor();
    await allUploaded(page, 2);
    expect(await tiles(page).count()).toBe(2);
    expect(await notices(page).locator('.media__notice > span').allTextContents()).toEqual([
      expect.stringContaining('הקובץ "מסמך.pdf" אינו תמונה'),
      expect.stringMatching(/^לא הצלחנו לפתוח את התמונה "not-a-photo\.jpg", ולכן היא הוסרה/),
    ]);
    await checkScreen(page, 'media-not-a-photo-1280');
    await page.close();
  });
});

describe('a login that ends during the wizard, at 375 px', () => {
  // Visitors never reach the media step (the guard sends them to /login first), so photos wait for a login
  // only when the session ends while the wizard is open (expired, or logged out in another tab).
  it('photos added after it wait; the contact step offers the login (not the failure popup), then all are stored', async () => {
    const page = await newPage(browser, PHONE);
    const account = await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?${SECOND_HAND}`);
    await secondHandToMedia(page);
    await page.getByTestId('media-input').setInputFiles([await photoFile('l-1.jpg', GREEN)]);
    await allUploaded(page, 1);

    // The session ends behind the page's back.
    const logout = await page.request.post(`${product.url}/api/auth/logout`, {
      headers: { 'x-csrf-token': await csrfOf(page, product.url) },
    });
    expect(logout.status()).toBe(200);
    await page
      .getByTestId('media-input')
      .setInputFiles([await photoFile('l-2.jpg', PURPLE), await photoFile('l-3.jpg', ORANGE)]);
    await expect
      .poll(() => page.getByTestId('media-status').allTextContents(), { timeout: 20_000 })
      .toEqual(['הועלתה', 'תועלה אחרי ההתחברות', 'תועלה אחרי ההתחברות']);
    expect(await page.locator('.media__waiting').textContent()).toBe('התמונות יועלו אחרי ההתחברות');
    expect(await notices(page).locator('.media__notice').count()).toBe(0);
    await checkScreen(page, 'media-login-ended-waiting-375');

    // Moving on meets the ended session (check-step's 422): the contact step opens with the login inside it, not
    // the failure popup, and nothing typed is lost. Logging in there brings the waiting photos up; publishing saves
    // them all.
    await next(page, 3);
    const login = openStep(page).getByTestId('contact-login');
    await login.waitFor();
    expect(await page.getByText('משהו השתבש בדרך').count()).toBe(0);
    await login.getByLabel('דואר אלקטרוני').fill(account.email);
    await login.getByLabel('סיסמה', { exact: true }).fill(account.password);
    await login.locator('form').getByRole('button', { name: 'התחברות' }).click();
    await login.waitFor({ state: 'detached' });
    const orderId = await publish(page);
    const images = await storedImages(page, product.url, orderId);
    expect(images.map((i) => i.picNumber)).toEqual([1, 2, 3]);
    const colours = [];
    for (const image of images) colours.push((await look(await mediaBytes(page, product.url, image.url))).centre);
    expect(colours.map((c, i) => near(c, hex([GREEN, PURPLE, ORANGE][i] ?? '')))).toEqual([true, true, true]);
    await page.close();
  });
});

describe('the reserved ad, at 1280 px', () => {
  let owner: Page | undefined;
  let reserved = '';

  it('a reload after the uploads shows the same photos in the same order (from the reserved ad)', async () => {
    const page = await newPage(browser, DESKTOP);
    owner = page;
    await startCategory(page, product.url, SECOND_HAND);
    await secondHandToMedia(page);
    const upload = page.waitForRequest((r) => /\/api\/publish\/\d+\/images\/upload$/.test(r.url()));
    await page
      .getByTestId('media-input')
      .setInputFiles([
        await photoFile('r-1.jpg', GREEN),
        await photoFile('r-2.jpg', BLUE),
        await photoFile('r-3.jpg', ORANGE),
      ]);
    reserved = /\/api\/publish\/(\d+)\//.exec((await upload).url())?.[1] ?? '';
    expect(reserved).toMatch(/^\d+$/);
    await allUploaded(page, 3);
    await tileAction(page, 2, 'קביעה כתמונה ראשית').click();
    expect(await tileSlots(page)).toEqual([3, 1, 2]);
    // The order reaches the server once everything is stored (on a loaded machine that takes more than a second).
    await expect
      .poll(async () => (await storedImages(page, product.url, reserved)).map((i) => i.picNumber), { timeout: 10_000 })
      .toEqual([3, 1, 2]);

    await page.reload();
    await openStep(page).getByTestId('media-field').waitFor();
    await expect.poll(() => tileSlots(page)).toEqual([3, 1, 2]);
    await allUploaded(page, 3);
    // The restored tiles show the stored thumbnails, in the screen's order of colours.
    const sources = await tiles(page)
      .locator('img')
      .evaluateAll((all) => all.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    const colours = [];
    for (const src of sources) colours.push((await look(await mediaBytes(page, product.url, src))).centre);
    expect(colours.map((c, i) => near(c, hex([ORANGE, GREEN, BLUE][i] ?? '')))).toEqual([true, true, true]);
    await expect
      .poll(() =>
        tiles(page)
          .locator('img')
          .evaluateAll((all) => all.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await checkScreen(page, 'media-restored-1280');
  });

  it('another account gets 404 for the list, upload, delete and order of that ad; its photos are unchanged', async () => {
    if (!owner || !reserved) throw new Error('the reload test did not reserve an ad');
    const before = await storedImages(owner, product.url, reserved);
    const intruder = await newPage(browser, DESKTOP);
    await registerThroughApi(intruder, product.url);
    const headers = { 'x-csrf-token': await csrfOf(intruder, product.url) };
    const base = `${product.url}/api/publish/${reserved}/images`;
    const replacement = await photoFile('intruder.jpg', PURPLE);
    const answers = {
      list: (await intruder.request.get(base)).status(),
      upload: (
        await intruder.request.post(`${base}/upload`, {
          headers,
          multipart: { OrderID: reserved, picNumber: '1', orientation: '1', image: replacement },
        })
      ).status(),
      delete: (
        await intruder.request.post(`${base}/upload`, {
          headers,
          multipart: { OrderID: reserved, picNumber: '3', deleteImage: '1' },
        })
      ).status(),
      order: (await intruder.request.post(`${base}/order`, { headers, data: { order: [1, 2, 3] } })).status(),
    };
    expect(answers).toEqual({ list: 404, upload: 404, delete: 404, order: 404 });
    // The same calls with the owner's own token are not refused for CSRF: the 404 is the owner check.
    expect(
      (
        await owner.request.post(`${base}/order`, {
          headers: { 'x-csrf-token': await csrfOf(owner, product.url) },
          data: { order: [3, 1, 2] },
        })
      ).status(),
    ).toBe(200);
    const after = await storedImages(owner, product.url, reserved);
    expect(after).toEqual(before);
    await intruder.close();
    await owner.close();
  });
});
