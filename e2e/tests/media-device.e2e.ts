/**
 * The on-device photo pipeline (apps/web/src/features/media/device/prepare.ts) running for real in Chromium, under the
 * product's own Content-Security-Policy: Vite bundles the module (its HEIC worker and libheif included, exactly as
 * the app build does) into a throwaway page, a tiny static server sends it with the CSP of
 * apps/server/src/platform/http/security-headers.ts, and the page runs preparePhoto/renderPhoto on the fixtures in
 * e2e/fixtures (see the README there). Pixels are read back from the JPEGs it makes: the fixtures have a red
 * marker top-left and a green one top-right when upright.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives } from '../../apps/server/src/platform/http/security-headers.ts';
import { heicAlias } from '../../apps/web/vite.config.ts';
import { launchBrowser } from '../support/browser.ts';

const root = path.resolve(import.meta.dirname, '../..');
const deviceDir = path.join(root, 'apps/web/src/features/media/device');
const fixtures = path.join(root, 'e2e/fixtures');

/** The CSP header exactly as helmet writes it from our directives. */
function cspHeader(): string {
  return Object.entries(cspDirectives({ CSP_EXTRA_ORIGINS: [], GATEWAY_URL: '/gateway' }))
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.jpg': 'image/jpeg',
  '.heic': 'image/heic',
};

let work: string;
let server: http.Server;
let url: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const cspViolations: string[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'media-device-'));
  fs.writeFileSync(
    path.join(work, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./main.ts"></script></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(work, 'main.ts'),
    `import * as device from ${JSON.stringify(path.join(deviceDir, 'prepare.ts'))};
import { PhotoError } from ${JSON.stringify(path.join(deviceDir, 'types.ts'))};
Object.assign(window, { device, PhotoError });
document.body.dataset.ready = '1';`,
  );
  await build({
    configFile: false,
    root: work,
    logLevel: 'warn',
    resolve: { alias: heicAlias },
    build: { outDir: path.join(work, 'dist'), target: 'es2022', emptyOutDir: true },
  });

  server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(pathname);
    const file = pathname.startsWith('/fixtures/')
      ? path.join(fixtures, path.basename(pathname))
      : path.join(work, 'dist', pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(fixtures) && !file.startsWith(path.join(work, 'dist'))) return res.writeHead(404).end();
    if (!fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': cspHeader(),
    });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  browser = await launchBrowser();
  page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) cspViolations.push(msg.text());
  });
  await page.goto(`${url}/`);
  await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

type Colour = 'red' | 'green' | 'blue' | 'white' | 'other';
interface Outcome {
  ok: boolean;
  width?: number;
  height?: number;
  orientation?: number;
  /** The JPEG's real size and the colours at its top-left, top-right, bottom-left, bottom-right and centre. */
  jpeg?: { type: string; width: number; height: number; tl: Colour; tr: Colour; bl: Colour; br: Colour; mid: Colour };
  error?: { kind: string; fileName: string; isPhotoError: boolean; message: string };
}

interface Edit {
  rotation: 0 | 90 | 180 | 270;
  crop?: { x: number; y: number; width: number; height: number };
  max: { width: number; height: number };
}

/** Runs preparePhoto (and renderPhoto when `edit` is given) on a fixture in the page. */
function run(fixture: string, edit?: Edit, as?: { name: string; type: string }): Promise<Outcome> {
  return page.evaluate(
    async ({ fixture, edit, as }) => {
      type W = typeof window & {
        device: typeof import('../../apps/web/src/features/media/device/prepare.ts');
        PhotoError: typeof import('../../apps/web/src/features/media/device/types.ts').PhotoError;
      };
      const w = window as W;
      const colour = (d: Uint8ClampedArray): Colour => {
        const [r = 0, g = 0, b = 0] = d;
        if (r > 170 && g < 90 && b < 90) return 'red';
        if (g > 110 && r < 90 && b < 90) return 'green';
        if (b > 150 && r < 90 && g < 130) return 'blue';
        if (r > 200 && g > 200 && b > 200) return 'white';
        return 'other';
      };
      const inspect = async (blob: Blob) => {
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        ctx.drawImage(bitmap, 0, 0);
        const at = (fx: number, fy: number) =>
          colour(ctx.getImageData(Math.floor(bitmap.width * fx), Math.floor(bitmap.height * fy), 1, 1).data);
        const out = {
          type: blob.type,
          width: bitmap.width,
          height: bitmap.height,
          tl: at(0.04, 0.04),
          tr: at(0.96, 0.04),
          bl: at(0.04, 0.96),
          br: at(0.96, 0.96),
          mid: at(0.5, 0.5),
        };
        bitmap.close();
        return out;
      };
      try {
        const res = await fetch(`/fixtures/${fixture}`);
        const file = new File([await res.blob()], as?.name ?? fixture, {
          type: as?.type ?? res.headers.get('content-type') ?? '',
        });
        const photo = await w.device.preparePhoto(file);
        const blob = edit ? await w.device.renderPhoto(photo, edit, edit.max) : photo.blob;
        return {
          ok: true,
          width: photo.width,
          height: photo.height,
          orientation: photo.orientation,
          jpeg: await inspect(blob),
        };
      } catch (err) {
        const e = err as { kind?: string; fileName?: string; message?: string };
        return {
          ok: false,
          error: {
            kind: e.kind ?? '',
            fileName: e.fileName ?? '',
            isPhotoError: err instanceof w.PhotoError,
            message: String(e.message),
          },
        };
      }
    },
    { fixture, edit, as },
  );
}

const upright = { tl: 'red', tr: 'green', bl: 'blue', br: 'blue', mid: 'white' };

describe('the device photo pipeline in Chromium, under the product CSP', () => {
  it("finds out what Chromium's imageOrientation 'none' does with EXIF, and the pipeline's probe agrees", async () => {
    const { probe, noneWidth, noneHeight, defaultWidth } = await page.evaluate(async () => {
      const w = window as typeof window & { device: { decoderAppliesExif(): Promise<boolean> } };
      const blob = await (await fetch('/fixtures/photo-exif6-gps.jpg')).blob();
      const none = await createImageBitmap(blob, { imageOrientation: 'none' });
      const dflt = await createImageBitmap(blob);
      const out = {
        probe: await w.device.decoderAppliesExif(),
        noneWidth: none.width,
        noneHeight: none.height,
        defaultWidth: dflt.width,
      };
      none.close();
      dflt.close();
      return out;
    });
    // The stored pixels are 1600x1200 and tagged 6; the default decode (from-image) turns them to 1200 wide.
    expect(defaultWidth).toBe(1200);
    // Chromium 156 turns them with 'none' too (it ignores 'none' for EXIF): the probe must say so, and then the
    // pipeline adds no turn of its own. A browser that gives the stored 1600x1200 gets probe false and our turn.
    expect(probe).toBe(noneWidth === 1200);
    expect(noneWidth * noneHeight).toBe(1600 * 1200);
    console.info(`Chromium applies EXIF with imageOrientation 'none': ${probe}`);
  });

  it('every EXIF orientation 1-8 (mirrored ones too) comes out upright, applied exactly once', async () => {
    for (let n = 1; n <= 8; n++) {
      const out = await run(`orientation-${n}.jpg`);
      expect(out, `orientation ${n}`).toMatchObject({ width: 320, height: 240, orientation: n });
      expect(out.jpeg, `orientation ${n}`).toMatchObject({ width: 320, height: 240, ...upright });
    }
  });

  it("the pipeline's own canvas transform brings the stored pixels of all 8 upright (tag blanked, so no decoder turns them)", async () => {
    for (let n = 1; n <= 8; n++) {
      const bytes = fs.readFileSync(path.join(fixtures, `orientation-${n}.jpg`));
      // exiftool writes IFD0 big-endian: tag 0x0112, type SHORT, count 1, value n. Blank the value to 1.
      const entry = Buffer.from([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, n]);
      const at = bytes.indexOf(entry);
      expect(at, `orientation ${n} tag`).toBeGreaterThan(0);
      bytes[at + 9] = 1;
      const jpeg = await page.evaluate(
        async ({ b64, n }) => {
          const w = window as typeof window & {
            device: typeof import('../../apps/web/src/features/media/device/prepare.ts');
          };
          const raw = await w.device.decodeRaw(
            new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }),
          );
          const stored = { width: raw.width, height: raw.height };
          const { blob } = await w.device.drawUpright(raw, n);
          raw.close();
          const bitmap = await createImageBitmap(blob);
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
          ctx.drawImage(bitmap, 0, 0);
          const px = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
          return {
            stored,
            width: bitmap.width,
            height: bitmap.height,
            tl: px(10, 10),
            tr: px(310, 10),
            bl: px(10, 230),
          };
        },
        { b64: bytes.toString('base64'), n },
      );
      expect(jpeg.stored, `orientation ${n}: stored pixels`).toEqual(
        n >= 5 ? { width: 240, height: 320 } : { width: 320, height: 240 },
      );
      expect(jpeg, `orientation ${n}`).toMatchObject({ width: 320, height: 240 });
      const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 170 && g < 90 && b < 90;
      const isGreen = ([r = 0, g = 0, b = 0]: number[]) => g > 110 && r < 90 && b < 90;
      expect(isRed(jpeg.tl) && isGreen(jpeg.tr) && !isRed(jpeg.bl), `orientation ${n}: ${JSON.stringify(jpeg)}`).toBe(
        true,
      );
    }
  });

  it('a JPEG with EXIF orientation 6 comes out portrait with the marker top-left: turned exactly once', async () => {
    const out = await run('photo-exif6-gps.jpg');
    expect(out.error).toBeUndefined();
    expect(out).toMatchObject({ width: 1200, height: 1600, orientation: 6 });
    // Not turned: 1600 wide with red bottom-left; turned twice: 1600 wide with red top-right.
    expect(out.jpeg).toEqual({ type: 'image/jpeg', width: 1200, height: 1600, ...upright });
  });

  it('a plain landscape and a vertical JPEG stay as they are (orientation 1)', async () => {
    expect(await run('photo-landscape.jpg')).toMatchObject({
      width: 1600,
      height: 1200,
      orientation: 1,
      jpeg: { width: 1600, height: 1200, ...upright },
    });
    expect(await run('photo-vertical.jpg')).toMatchObject({
      width: 1200,
      height: 1600,
      orientation: 1,
      jpeg: { width: 1200, height: 1600, ...upright },
    });
  });

  it('a 12 MP phone-sized photo is scaled to a working copy with a long edge of WORKING_MAX_EDGE', async () => {
    const out = await page.evaluate(async () => {
      const w = window as typeof window & {
        device: typeof import('../../apps/web/src/features/media/device/prepare.ts');
      };
      const canvas = new OffscreenCanvas(3024, 4032); // drawn here, never written to disk
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.fillStyle = '#1e50c8';
      ctx.fillRect(0, 0, 3024, 4032);
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(0, 0, 600, 600);
      const file = new File([await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })], 'IMG_1234.jpg', {
        type: 'image/jpeg',
      });
      const photo = await w.device.preparePhoto(file);
      const bitmap = await createImageBitmap(photo.blob);
      const size = { width: photo.width, height: photo.height, real: [bitmap.width, bitmap.height] };
      bitmap.close();
      return { ...size, bytes: photo.blob.size, originalBytes: photo.originalBytes, original: file.size };
    });
    expect(out).toMatchObject({ width: 1680, height: 2240, real: [1680, 2240] });
    expect(out.originalBytes).toBe(out.original);
  });

  it('none of that loaded the HEIC worker', () => {
    expect(requests.filter((p) => /heic/i.test(p))).toEqual([]);
  });

  it('a real HEIC photo converts in the worker (only now fetched) and comes out upright', async () => {
    const out = await run('photo.heic');
    expect(out.error).toBeUndefined();
    expect(out).toMatchObject({ width: 1600, height: 1200, orientation: 1 });
    expect(out.jpeg).toEqual({ type: 'image/jpeg', width: 1600, height: 1200, ...upright });
    expect(requests.some((p) => /heic\.worker.*\.js$/.test(p))).toBe(true);
    // The same bytes picked with a .jpg name and type (some pickers do that) still go to the worker.
    expect(await run('photo.heic', undefined, { name: 'IMG_0001.jpg', type: 'image/jpeg' })).toMatchObject({
      ok: true,
      width: 1600,
      height: 1200,
    });
  });

  it('rotate 90 and crop: the expected size, the marker where the turn puts it, fitted within max', async () => {
    // Upright 1200x1600 turned clockwise is 1600x1200 with red top-right (x 1360-1600) and green bottom-right.
    const right = await run('photo-exif6-gps.jpg', {
      rotation: 90,
      crop: { x: 800, y: 0, width: 800, height: 600 },
      max: { width: 1120, height: 840 },
    });
    expect(right.jpeg).toMatchObject({ width: 800, height: 600, tr: 'red', tl: 'blue' });
    const fitted = await run('photo-exif6-gps.jpg', { rotation: 90, max: { width: 1120, height: 840 } });
    expect(fitted.jpeg).toMatchObject({ width: 1120, height: 840, tr: 'red', br: 'green', tl: 'blue' });
    // A crop over the edge is cut at it; 180 puts red bottom-right.
    const half = await run('photo-landscape.jpg', {
      rotation: 180,
      crop: { x: 1000, y: 900, width: 900, height: 900 },
      max: { width: 1120, height: 840 },
    });
    expect(half.jpeg).toMatchObject({ width: 600, height: 300, br: 'red' });
  });

  it('a crop under 30x30 is refused with PhotoError crop', async () => {
    const out = await run('photo-landscape.jpg', {
      rotation: 0,
      crop: { x: 10, y: 10, width: 29, height: 200 },
      max: { width: 1120, height: 840 },
    });
    expect(out.error).toMatchObject({ kind: 'crop', fileName: 'photo-landscape.jpg', isPhotoError: true });
  });

  it('a renamed text file is PhotoError load; a file that is no photo at all is PhotoError unsupported', async () => {
    expect((await run('not-a-photo.jpg')).error).toMatchObject({
      kind: 'load',
      fileName: 'not-a-photo.jpg',
      isPhotoError: true,
    });
    expect((await run('not-a-photo.jpg', undefined, { name: 'notes.txt', type: 'text/plain' })).error).toMatchObject({
      kind: 'unsupported',
      fileName: 'notes.txt',
      isPhotoError: true,
    });
    // Text named .heic goes to the worker, which cannot decode it: load, and the worker stays usable.
    expect((await run('not-a-photo.jpg', undefined, { name: 'broken.heic', type: '' })).error).toMatchObject({
      kind: 'load',
      fileName: 'broken.heic',
      isPhotoError: true,
    });
    expect(await run('photo.heic')).toMatchObject({ ok: true, width: 1600 });
  });

  it('nothing was refused by the CSP (no eval, no blob: worker)', () => {
    expect(cspViolations).toEqual([]);
  });
});
