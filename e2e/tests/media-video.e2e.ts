/**
 * The ad's video in Chromium: the media step frames our video host (another origin); a file chosen
 * in the iframe uploads with tus, survives a dropped request by resuming from the server's offset, and the
 * parent shows the stored video; a movie_upload_success posted by a page of another origin is ignored; the
 * video can be removed and uploaded again. Runs in the publish wizard of a private car (its media step has the
 * video field; the upload belongs to the ad the wizard reserves). A file chosen past the limit on unfinished uploads
 * gets the server's Hebrew reason in the upload page.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import { type Product, startProduct } from '../support/product.ts';
import { carToMediaStep } from './car-publish-helpers.ts';
import { startPrivateCar } from './wizard-flow.ts';
import { csrfOf, registerThroughApi } from './wizard-helpers.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/tiny.mp4');
const FRAME_TITLE = 'העלאת סרטון למודעה';

let product: Product;
let browser: Browser;
let other: http.Server;
let otherOrigin = '';
let tmp = '';
let bigVideo = '';

/** A page of another origin that posts a forged success to the window that opened it. */
const FORGER = `<!doctype html><title>x</title><script>
  window.opener.postMessage({ type: 'movie_upload_success', orderId: 1, video: { id: 'x', mime: 'video/mp4', bytes: 1, uploadedAt: '' } }, '*');
  document.title = 'posted';
</script>`;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(FORGER));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  // A real MP4 followed by 12 MB: three tus chunks of 5 MB (the container is sniffed from its first bytes).
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'video-e2e-'));
  bigVideo = path.join(tmp, 'trip.mp4');
  fs.writeFileSync(bigVideo, Buffer.concat([fs.readFileSync(FIXTURE), Buffer.alloc(12 * 1024 * 1024, 1)]));
});
afterAll(async () => {
  other?.close();
  await browser?.close();
  await product?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function toMediaStep(page: Page): Promise<void> {
  await startPrivateCar(page, product.url);
  await carToMediaStep(page);
}

/** The OrderID inside the iframe's token (its payload is base64url JSON; the signature is the server's). */
function orderIdOf(src: string): number {
  const token = new URL(src).searchParams.get('token') ?? '';
  return (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { o: number }).o;
}

async function adVideo(page: Page, orderId: number) {
  const res = await page.request.get(`${product.url}/api/publish/${orderId}/video`);
  return ((await res.json()) as { video: { mime: string; bytes: number } | null }).video;
}

describe('the video field', () => {
  it('uploads through the iframe, resumes after a dropped request, ignores another origin, removes and re-uploads', async () => {
    const page = await newPage(browser, DESKTOP);
    // The wizard window notes every upload message it receives, to show that the forged one did arrive.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __videoMessages: string[] }).__videoMessages = seen;
      window.addEventListener('message', (e) => {
        if (e.data && typeof e.data === 'object' && 'type' in e.data) seen.push(`${e.origin} ${e.data.type}`);
      });
    });
    const documents: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document' && r.frame() === page.mainFrame())
        documents.push(r.headers()['content-security-policy'] ?? '');
    });
    await toMediaStep(page);
    const csp = documents.at(-1) ?? '';

    // The iframe opens at once when the wizard already has its ad; otherwise the button reserves it first.
    const frameEl = page.locator(`iframe[title="${FRAME_TITLE}"]`);
    const start = page.getByRole('button', { name: 'העלאת סרטון', exact: true });
    await Promise.race([frameEl.waitFor(), start.waitFor()]);
    if (await start.isVisible()) await start.click();
    await frameEl.waitFor();
    const src = (await frameEl.getAttribute('src')) ?? '';
    const orderId = orderIdOf(src);
    const videoOrigin = new URL(src).origin;
    expect(videoOrigin).not.toBe(new URL(product.url).origin);
    // The app frames the video origin (beside the payment host and itself, for the payment frame's return).
    expect(csp).toMatch(new RegExp(`(?:^|;)frame-src [^;]*${videoOrigin.replace(/[.:/]/g, '\\$&')}(?: |;|$)`));
    const frame = page.frameLocator(`iframe[title="${FRAME_TITLE}"]`);
    await frame.getByLabel('בחירת סרטון').waitFor();
    await screenshot(frameEl, 'media-video-frame');

    // A page of another origin posts movie_upload_success to this window: it arrives and is ignored.
    const popup = page.waitForEvent('popup');
    await page.evaluate((url) => window.open(url, '_blank'), otherOrigin);
    await (await popup).waitForFunction(() => document.title === 'posted');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __videoMessages: string[] }).__videoMessages))
      .toContain(`${otherOrigin} movie_upload_success`);
    await page.waitForTimeout(300);
    expect(await page.getByText('הסרטון הועלה').count()).toBe(0);
    expect(await frameEl.count()).toBe(1);

    // The field's tooltip is open while the user chooses; success closes it.
    const tooltip = page.getByRole('button', { name: 'מידע נוסף על סרטון' });
    await tooltip.click();
    expect(await tooltip.getAttribute('aria-expanded')).toBe('true');

    // The second PATCH is dropped once (the connection breaks mid-upload).
    const requests: { method: string; offset: string | null }[] = [];
    let patches = 0;
    await page.route(`${videoOrigin}/video/files**`, async (route) => {
      const req = route.request();
      requests.push({ method: req.method(), offset: req.headers()['upload-offset'] ?? null });
      if (req.method() === 'PATCH' && ++patches === 2) return route.abort('connectionreset');
      return route.continue();
    });
    await frame.getByLabel('בחירת סרטון').setInputFiles(bigVideo);

    await page.getByText('הסרטון הועלה').waitFor({ timeout: 60_000 });
    expect(await tooltip.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'media-video-uploaded');
    const size = fs.statSync(bigVideo).size;
    expect(await adVideo(page, orderId)).toMatchObject({ mime: 'video/mp4', bytes: size });

    // After the drop: a HEAD asked the server's offset and the upload went on from there, not from 0.
    const patchIndexes = requests.flatMap((r, i) => (r.method === 'PATCH' ? [i] : []));
    const dropped = patchIndexes[1] ?? -1;
    expect(dropped).toBeGreaterThan(0);
    const after = requests.slice(dropped + 1);
    expect(after[0]?.method).toBe('HEAD');
    const resumed = after.find((r) => r.method === 'PATCH');
    expect(Number(resumed?.offset)).toBe(5 * 1024 * 1024);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await page.unroute(`${videoOrigin}/video/files**`);

    // Remove: the video is gone on the server and the iframe is back for another upload.
    await page.getByRole('button', { name: 'הסרת הסרטון' }).click();
    await frameEl.waitFor();
    expect(await adVideo(page, orderId)).toBeNull();
    await frame.getByLabel('בחירת סרטון').setInputFiles(FIXTURE);
    await page.getByRole('button', { name: 'הסרת הסרטון' }).waitFor({ timeout: SERVER_ROUND_TRIP });
    expect(await adVideo(page, orderId)).toMatchObject({ mime: 'video/mp4', bytes: fs.statSync(FIXTURE).size });
  });

  it('a file chosen past the open uploads allowed for the ad: the server’s Hebrew reason in the page (375 px)', async () => {
    const page = await newPage(browser, PHONE);
    await registerThroughApi(page, product.url);
    const headers = { 'x-csrf-token': await csrfOf(page, product.url) };
    const reserved = await page.request.post(`${product.url}/api/publish/reserve-order`, {
      data: { cat: '1', subcat: '1', idempotencyKey: 'video-limit-tab' },
      headers,
    });
    const orderId = ((await reserved.json()) as { OrderID: number }).OrderID;
    const tokenRes = await page.request.post(`${product.url}/api/publish/${orderId}/video/token`, {
      data: { OrderID: orderId },
      headers,
    });
    const { token, uploadUrl, videoOrigin } = (await tokenRes.json()) as Record<string, string>;
    // Two uploads of this ad already open and unfinished (another tab, a script): the default limit per ad.
    for (let i = 0; i < 2; i++) {
      const open = await page.request.post(`${videoOrigin}/video/files`, {
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000', 'x-video-token': token ?? '' },
      });
      expect(open.status()).toBe(201);
    }
    const posts: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/video/files')) posts.push(r.status());
    });
    await page.goto(uploadUrl ?? '');
    await page.getByLabel('בחירת סרטון').setInputFiles(FIXTURE);
    await page
      .getByRole('alert')
      .getByText('למודעה הזו כבר פתוחות העלאות סרטון שלא הסתיימו. אפשר לחכות שיסתיימו, או לנסות שוב בעוד שעה', {
        exact: true,
      })
      .waitFor();
    // Refused once, not retried; the file input is free for another try.
    expect(posts).toEqual([429]);
    expect(await page.getByLabel('בחירת סרטון').isEnabled()).toBe(true);
    await screenshot(page, 'media-video-limit-375');
    await page.close();
  });
});
