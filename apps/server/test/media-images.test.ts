/**
 * Ad photos on the server: upload, replace, delete, order and read, owner-only, with the bytes
 * sniffed, the pixels capped before decoding, the orientation applied once and every metadata stripped; the same
 * upload and read tests run against the local directory and an S3-protocol server (s3rver).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CSRF_HEADER } from '@app/contract/auth';
import type { ImageUploadResponse } from '@app/contract/media';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { multipart, uploadPhoto as upload } from './support/media.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

/** A photo with a left-red / right-blue split, so orientation can be read back from the pixels. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', exif?: object) {
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  let img = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: left, left: 0, top: 0 },
  ]);
  if (exif) img = img.withMetadata(exif as never);
  return img.toFormat(format).toBuffer();
}

const GPS_EXIF = {
  orientation: 6,
  exif: {
    IFD0: { Make: 'TestPhone', Model: 'Secret Model' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '34/1 46/1 0/1' },
  },
};

async function stored(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, body: res.rawPayload };
}

async function newAd(agent: Agent): Promise<number> {
  const res = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(agent) });
  return res.json().orderID;
}

const stores: [string, () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>][] = [
  [
    'local directory',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-local-'));
      return { env: { DATA_DIR: dir }, stop: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-s3-'));
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'ad-photos' }],
      });
      const { port } = await server.run();
      return {
        env: {
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: 'ad-photos',
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
        async stop() {
          await server.close();
          await fs.rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(stores)('ad photos on the %s store', (_name, start) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let owner: Agent;
  let orderId: number;
  let env: Record<string, string>;
  beforeAll(async () => {
    const s = await start();
    stop = s.stop;
    env = s.env;
    t = await createTestApp(s.env);
    owner = new Agent(t.app, '10.1.0.1');
    await registerWithPhone(t, owner);
    orderId = await newAd(owner);
  });
  afterAll(async () => {
    await t.close();
    await stop();
  });

  it('takes a photo on the legacy upload routes too, the ad from the form, with the same rules', async () => {
    const intruder = new Agent(t.app, '10.1.0.9');
    await registerWithPhone(t, intruder);
    const bytes = await photo(800, 600, 'jpeg');
    for (const url of ['/api/publish/images/upload', '/api/workers/image-upload']) {
      const ad = await newAd(owner);
      const res = await upload(t, owner, ad, { picNumber: '1', orientation: '1' }, { bytes }, true, url);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ImageUploadResponse).images.map((i) => i.picNumber)).toEqual([1]);
      // Another account's ad: not found, nothing stored; no ad in the form: not found; no CSRF header: refused.
      const theirs = await upload(t, intruder, ad, { picNumber: '2', orientation: '1' }, { bytes }, true, url);
      expect(theirs.statusCode).toBe(404);
      const noAd = await upload(t, owner, 0, { OrderID: '', picNumber: '2' }, { bytes }, true, url);
      expect(noAd.statusCode).toBe(404);
      expect((await upload(t, owner, ad, { picNumber: '2' }, { bytes }, false, url)).statusCode).toBe(403);
      // The same slot rules: beyond the catalogue's photos is refused in Hebrew.
      const beyond = await upload(t, owner, ad, { picNumber: '99', orientation: '1' }, { bytes }, true, url);
      expect(beyond.statusCode).toBe(400);
      const listed = await owner.get(`/api/publish/${ad}/images`);
      expect(listed.json().images.map((i: { picNumber: number }) => i.picNumber)).toEqual([1]);
    }
  });

  it('stores jpeg, png and webp as JPEG within 1120x840 with a thumbnail, served immutable', async () => {
    const cases: [number, Buffer][] = [
      [1, await photo(4000, 3000, 'jpeg')],
      [2, await photo(2000, 2000, 'png')],
      [3, await photo(800, 600, 'webp')],
    ];
    for (const [slot, bytes] of cases) {
      const res = await upload(t, owner, orderId, { picNumber: String(slot), orientation: '1' }, { bytes });
      expect(res.statusCode).toBe(200);
      const { image } = res.json() as ImageUploadResponse;
      if (!image) throw new Error('no image');
      const { res: got, body } = await stored(t, image.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeLessThanOrEqual(1120);
      expect(meta.height).toBeLessThanOrEqual(840);
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      const thumb = await sharp((await stored(t, image.thumbnailUrl)).body).metadata();
      expect(thumb.width).toBeLessThanOrEqual(240);
      expect(thumb.height).toBeLessThanOrEqual(180);
    }
    // 4000x3000 → 1120x840; 2000x2000 → 840x840; 800x600 is not enlarged.
    const list = (await owner.get(`/api/publish/${orderId}/images`)).json().images;
    expect(list.map((i: { width: number; height: number }) => [i.width, i.height])).toEqual([
      [1120, 840],
      [840, 840],
      [800, 600],
    ]);
    expect(list[0].main).toBe(true);
  });

  it('keeps the first frame of an animated GIF and turns transparency white', async () => {
    const w = 100;
    const h = 50;
    const frames = Buffer.alloc(w * h * 2 * 3);
    frames.fill(255, 0, w * h * 3); // a white frame, then a black one
    const gif = await sharp(frames, { raw: { width: w, height: h * 2, channels: 3, pageHeight: h } })
      .gif()
      .toBuffer();
    const res = await upload(t, owner, orderId, { picNumber: '9' }, { bytes: gif, name: 'a.gif' });
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toMatchObject({ width: 100, height: 50 });

    const clear = await sharp({
      create: { width: 60, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const png = (await upload(t, owner, orderId, { picNumber: '10' }, { bytes: clear, name: 'a.png' })).json().image;
    const { data } = await sharp((await stored(t, png.url)).body)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
    await upload(t, owner, orderId, { picNumber: '9', deleteImage: '1' });
    await upload(t, owner, orderId, { picNumber: '10', deleteImage: '1' });
  });

  it('turns a photo upright once (orientation 6) and strips EXIF and GPS', async () => {
    const bytes = await photo(400, 300, 'jpeg', GPS_EXIF);
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    expect(bytes.includes(Buffer.from('Secret Model'))).toBe(true);
    const res = await upload(t, owner, orderId, { picNumber: '4', orientation: '6' }, { bytes });
    expect(res.statusCode).toBe(200);
    const image = (res.json() as ImageUploadResponse).image;
    if (!image) throw new Error('no image');
    const { body } = await stored(t, image.url);
    const meta = await sharp(body).metadata();
    // Rotated 90° clockwise once: portrait, the red left half now on top.
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(body.includes(Buffer.from('Secret Model'))).toBe(false);
    expect(body.includes(Buffer.from('Exif'))).toBe(false);
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const top = [data[150 * 3 + 20 * 300 * 3], data[150 * 3 + 20 * 300 * 3 + 2]];
    expect(top[0]).toBeGreaterThan(200); // red on top
    expect(top[1]).toBeLessThan(60);

    // Without the field, the file's own tag is applied (once); with orientation 1 it is not applied.
    const own = (await upload(t, owner, orderId, { picNumber: '5' }, { bytes })).json().image;
    expect([own.width, own.height]).toEqual([300, 400]);
    const asSent = (await upload(t, owner, orderId, { picNumber: '5', orientation: '1' }, { bytes })).json().image;
    expect([asSent.width, asSent.height]).toEqual([400, 300]);
  });

  it('a retried upload of the same slot stores one image; another photo replaces it; deleteImage removes it', async () => {
    const ad = await newAd(owner);
    const bytes = await photo(600, 400, 'png');
    const first = (await upload(t, owner, ad, { picNumber: '2', orientation: '1' }, { bytes })).json();
    const again = (await upload(t, owner, ad, { picNumber: '2', orientation: '1' }, { bytes })).json();
    expect(again.image).toEqual(first.image);
    expect(again.images).toHaveLength(1);

    // Retries racing each other (the browser gave up waiting and sent again) still leave one image, no stray file.
    const raced = await Promise.all([1, 2, 3].map(() => upload(t, owner, ad, { picNumber: '3' }, { bytes })));
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(raced.map((r) => r.json().image.id));
    expect(ids.size).toBe(1);
    expect((await owner.get(`/api/publish/${ad}/images`)).json().images).toHaveLength(2);
    if (env.DATA_DIR) {
      // No stray file in the store: exactly an image and a thumbnail per stored row.
      const files = await fs.readdir(path.join(env.DATA_DIR, 'media'));
      const rows = await t.db.query('SELECT 1 FROM ad_images');
      expect(files.filter((f) => f.endsWith('.jpg'))).toHaveLength(rows.length * 2);
    }
    await upload(t, owner, ad, { picNumber: '3', deleteImage: '1' });

    const other = (await upload(t, owner, ad, { picNumber: '2' }, { bytes: await photo(300, 200) })).json();
    expect(other.images).toHaveLength(1);
    expect(other.image.id).not.toBe(first.image.id);
    expect((await stored(t, first.image.url)).res.statusCode).toBe(404);

    const del = (await upload(t, owner, ad, { picNumber: '2', deleteImage: '1' })).json();
    expect(del).toMatchObject({ image: null, images: [] });
    expect((await stored(t, other.image.url)).res.statusCode).toBe(404);
    expect((await stored(t, other.image.thumbnailUrl)).res.statusCode).toBe(404);
  });

  it('keeps the order and main photo the owner sets, and reads an image as base64', async () => {
    const ad = await newAd(owner);
    for (const slot of [1, 2, 3]) {
      await upload(t, owner, ad, { picNumber: String(slot) }, { bytes: await photo(200 + slot * 20, 100) });
    }
    const bad = await owner.post(`/api/publish/${ad}/images/order`, { order: [3, 1] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(he.imageOrder);
    const res = await owner.post(`/api/publish/${ad}/images/order`, { order: [3, 1, 2] });
    expect(res.statusCode).toBe(200);
    const list = (await owner.get(`/api/publish/${ad}/images`)).json().images;
    expect(list.map((i: { picNumber: number }) => i.picNumber)).toEqual([3, 1, 2]);
    expect(list.map((i: { main: boolean }) => i.main)).toEqual([true, false, false]);
    expect(list[0].width).toBe(260);

    const content = await owner.get(`/api/publish/images/content?src=${encodeURIComponent(list[0].url)}`);
    expect(content.statusCode).toBe(200);
    const bytes = Buffer.from(content.json().content, 'base64');
    expect((await stored(t, list[0].url)).body.equals(bytes)).toBe(true);
    expect(content.json()).toMatchObject({ mime: 'image/jpeg', width: 260, height: 100 });
  });

  it('another account gets 404 for upload, list, order, delete and content, and nothing changes', async () => {
    const ad = await newAd(owner);
    const mine = (await upload(t, owner, ad, { picNumber: '1' }, { bytes: await photo(200, 100) })).json();
    await upload(t, owner, ad, { picNumber: '2' }, { bytes: await photo(220, 100) });
    const stranger = new Agent(t.app, '10.1.0.9');
    await register(stranger);
    const bytes = await photo(200, 100);
    const tries = [
      await upload(t, stranger, ad, { picNumber: '3' }, { bytes }),
      await upload(t, stranger, ad, { picNumber: '1' }, { bytes }),
      await upload(t, stranger, ad, { picNumber: '1', deleteImage: '1' }),
      await stranger.get(`/api/publish/${ad}/images`),
      await stranger.post(`/api/publish/${ad}/images/order`, { order: [2, 1] }),
      await stranger.get(`/api/publish/images/content?src=${encodeURIComponent(mine.image.url)}`),
      await upload(t, stranger, 99999999, { picNumber: '1' }, { bytes }),
    ];
    for (const r of tries) {
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(he.adNotFound);
    }
    const after = (await owner.get(`/api/publish/${ad}/images`)).json().images;
    expect(after.map((i: { picNumber: number; id: string }) => [i.picNumber, i.id])).toEqual([
      [1, mine.image.id],
      [2, after[1].id],
    ]);
    expect((await stored(t, mine.image.url)).res.statusCode).toBe(200);

    // Once the ad is published its images are public: anyone may read them as base64; a draft's only its owner.
    const guest = new Agent(t.app, '10.1.0.10');
    const src = `/api/publish/images/content?src=${encodeURIComponent(mine.image.thumbnailUrl)}`;
    expect((await guest.get(src)).statusCode).toBe(404);
    await t.db.query("UPDATE ads SET status = 'active' WHERE id = $1", [ad]);
    const published = await guest.get(src);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ mime: 'image/jpeg', width: 200, height: 100 });
    expect((await stranger.post(`/api/publish/${ad}/images/order`, { order: [2, 1] })).statusCode).toBe(404);
  });
});

describe('refused uploads', () => {
  let t: TestApp;
  let dir: string;
  let owner: Agent;
  let orderId: number;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-refused-'));
    t = await createTestApp({ DATA_DIR: dir });
    owner = new Agent(t.app, '10.2.0.1');
    await registerWithPhone(t, owner);
    orderId = await newAd(owner);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const count = async () => (await t.db.query('SELECT 1 FROM ad_images')).length;

  it('a renamed text file, a HEIC photo and a 30 MB file are refused in Hebrew', async () => {
    const text = await upload(t, owner, orderId, { picNumber: '1' }, { bytes: Buffer.from('hello, not a photo\n') });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(he.imageType);

    // An HEIF container (ftyp heic); sharp's prebuilt libheif has no HEVC decoder, so the browser converts it.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic'),
      Buffer.alloc(64),
    ]);
    const heicRes = await upload(t, owner, orderId, { picNumber: '1' }, { bytes: heic, name: 'a.heic' });
    expect(heicRes.statusCode).toBe(415);
    expect(heicRes.json().message).toBe(he.imageHeic);

    const big = Buffer.concat([await photo(100, 100), Buffer.alloc(30 * 1024 * 1024)]);
    const bigRes = await upload(t, owner, orderId, { picNumber: '1' }, { bytes: big });
    expect(bigRes.statusCode).toBe(413);
    expect(bigRes.json().message).toBe(he.imageTooLarge);
    expect(await count()).toBe(0);
  });

  it('a 20000x20000 PNG bomb is refused before decoding, quickly and without the memory jumping', async () => {
    // A valid 1-bit grayscale PNG of 20000x20000 (400 megapixels; about 1.2 GB once decoded to RGB).
    const width = 20000;
    const row = Buffer.alloc(1 + width / 8);
    const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: width }, () => row)), { level: 9 });
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
      return Buffer.concat([len, Buffer.from(type), data, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(width, 4);
    ihdr.set([1, 0, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20000);

    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(t, owner, orderId, { picNumber: '1' }, { bytes: bomb, name: 'bomb.png' });
    const ms = performance.now() - started;
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `bomb: ${bomb.length} bytes, refused in ${ms.toFixed(0)} ms, RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MB`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(he.imageTooManyPixels);
    expect(ms).toBeLessThan(1000);
    expect(rssAfter - rssBefore).toBeLessThan(64 * 2 ** 20);
    expect(await count()).toBe(0);
  });

  it('needs the CSRF header, a valid slot, and refuses a NUL in a multipart field', async () => {
    const bytes = await photo(200, 100);
    const noCsrf = await upload(t, owner, orderId, { picNumber: '1' }, { bytes }, false);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe(he.csrf);
    const slot = await upload(t, owner, orderId, { picNumber: '11' }, { bytes });
    expect(slot.statusCode).toBe(400);
    expect(slot.json().message).toBe(he.imageSlot);
    const nul = await upload(t, owner, orderId, { picNumber: '1', orientation: '1\u0000' }, { bytes });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(he.unsupportedCharacters);
    // Multipart is parsed by the photo upload only; every other call still refuses it.
    const form = multipart([{ name: 'username', value: 'a@b.co.il' }]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: form.payload,
      headers: {
        'content-type': form.contentType,
        cookie: `csrf=${owner.cookies.get('csrf')}`,
        [CSRF_HEADER]: owner.cookies.get('csrf') ?? '',
      },
    });
    expect(login.statusCode).toBe(415);
    const guest = await upload(t, new Agent(t.app, '10.2.0.7'), orderId, { picNumber: '1' }, { bytes });
    expect(guest.statusCode).toBe(422);
    expect(await count()).toBe(0);
  });
});
