/**
 * The ad's video: the token the app gives the owner, the video host's upload page and its tus
 * endpoint on a second listener (another origin), the size cap, the container sniffed after the upload,
 * delete-video, and a PATCH cut off mid-way that resumes from the server's offset into one complete file.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER } from '@app/contract/auth';
import {
  type AdVideoResponse,
  VIDEO_TOKEN_TTL_MS,
  VIDEO_UPLOAD_MAX_BYTES,
  type VideoTokenResponse,
} from '@app/contract/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { signVideoToken } from '../src/video/token.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const MP4 = fs.readFileSync(path.join(fixtures, 'tiny.mp4'));
const WEBM = fs.readFileSync(path.join(fixtures, 'tiny.webm'));

const SECRET = 'video-token-secret-of-this-test-0123456789';
let t: TestApp;
let dataDir: string;
let video: string;
let owner: Agent;
let other: Agent;
let orderId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-video-'));
  // This file tests the protocol with many unfinished uploads of one ad; the limits on those have their own file
  // (media-video-limits.test.ts), so here they are out of the way.
  t = await createTestApp(
    {
      VIDEO_TOKEN_SECRET: SECRET,
      DATA_DIR: dataDir,
      VIDEO_OPEN_UPLOADS_PER_AD: '100',
      VIDEO_OPEN_UPLOADS_PER_CUSTOMER: '100',
      VIDEO_OPEN_MB_PER_CUSTOMER: '100000',
    },
    { listenVideo: true },
  );
  if (!t.videoUrl) throw new Error('the video host did not listen');
  video = t.videoUrl;
  owner = new Agent(t.app, '10.2.0.1');
  other = new Agent(t.app, '10.2.0.2');
  await registerWithPhone(t, owner);
  await registerWithPhone(t, other);
  orderId = (await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) })).json().orderID;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function tokenFor(agent: Agent, id = orderId): Promise<VideoTokenResponse> {
  const res = await agent.post(`/api/publish/${id}/video/token`, { OrderID: id });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const TUS = { 'tus-resumable': '1.0.0' };

async function create(token: string, length: number): Promise<Response> {
  return fetch(`${video}/video/files`, {
    method: 'POST',
    headers: { ...TUS, 'upload-length': String(length), 'x-video-token': token },
  });
}

async function patch(location: string, token: string, offset: number, body: Buffer): Promise<Response> {
  return fetch(new URL(location, video), {
    method: 'PATCH',
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'x-video-token': token,
    },
    body: new Uint8Array(body),
  });
}

async function head(location: string, token: string): Promise<Response> {
  return fetch(new URL(location, video), { method: 'HEAD', headers: { ...TUS, 'x-video-token': token } });
}

/** Creates an upload and sends the whole file in one PATCH. */
async function uploadAll(token: string, bytes: Buffer): Promise<{ location: string; res: Response }> {
  const created = await create(token, bytes.length);
  expect(created.status).toBe(201);
  const location = created.headers.get('location') ?? '';
  return { location, res: await patch(location, token, 0, bytes) };
}

const idOf = (location: string) => location.split('/').pop() ?? '';
const stored = (id: string) => fs.existsSync(path.join(t.app.videoHost.directory, id));
const adVideo = async (agent: Agent, id = orderId) =>
  (await agent.get(`/api/publish/${id}/video`)).json() as AdVideoResponse;

describe('the video token', () => {
  it('is for the owner only: a visitor gets 422, another account 404, without CSRF 403', async () => {
    const guest = new Agent(t.app, '10.2.0.3');
    const asGuest = await guest.post(`/api/publish/${orderId}/video/token`, {});
    expect(asGuest.statusCode).toBe(422);
    expect(asGuest.json().message).toBe(he.loginNeeded);
    const asOther = await other.post(`/api/publish/${orderId}/video/token`, {});
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().message).toBe(he.adNotFound);
    expect((await other.get(`/api/publish/${orderId}/video`)).statusCode).toBe(404);

    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/publish/${orderId}/video/token`,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('names the video origin (another port) and the upload page; the page is framed only by the app', async () => {
    const got = await tokenFor(owner);
    const port = t.app.videoHost.port();
    expect(got.videoOrigin).toBe(`http://localhost:${port}`);
    expect(got.uploadUrl).toBe(`http://localhost:${port}/video/upload?token=${encodeURIComponent(got.token)}`);
    expect(got.expiresAt).toBe(t.clock.now().getTime() + VIDEO_TOKEN_TTL_MS);
    expect((await t.app.inject({ url: '/api/site-config' })).json().videoOrigin).toBe(got.videoOrigin);

    // The parent origin comes from the token, never from the query.
    const page = await fetch(
      `${video}/video/upload?token=${encodeURIComponent(got.token)}&parentOrigin=https://evil.test`,
    );
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    // Framed only by the site's public origin (its test default: the app's PORT 3000; public-origins.ts).
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('evil');
    const html = await page.text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('"parentOrigin":"http://localhost:3000"');
    expect(html).not.toContain('evil.test');
    expect(html).toContain('accept="video/mp4,video/quicktime,video/webm"');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    const script = await fetch(`${video}/video/assets/tus.min.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('tus');

    const forged = await fetch(`${video}/video/upload?token=${encodeURIComponent(`${got.token.split('.')[0]}.AAAA`)}`);
    expect(forged.status).toBe(401);
    expect(forged.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await forged.text()).not.toContain('video-settings');
  });
});

describe('tus uploads on the video host', () => {
  it('refuses a missing, forged or expired token, and a token for an ad that is not the customer’s', async () => {
    const { token } = await tokenFor(owner);
    expect((await create('', 100)).status).toBe(401);
    const forged = signVideoToken('another-secret-another-secret-another', {
      orderId,
      customerId: 1,
      parentOrigin: 'http://localhost',
      expiresAt: t.clock.now().getTime() + 60_000,
    });
    const refused = await create(forged, 100);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe(he.videoTokenInvalid);

    // An upload begun with a valid token cannot be continued once the token has expired.
    const created = await create(token, MP4.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    t.clock.advance(VIDEO_TOKEN_TTL_MS + 1);
    try {
      expect((await patch(location, token, 0, MP4)).status).toBe(401);
      expect((await create(token, 100)).status).toBe(401);
    } finally {
      t.clock.advance(-(VIDEO_TOKEN_TTL_MS + 1));
    }

    // Another account's token, even a valid one, neither reads nor continues this upload.
    const otherAd = (await other.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(other) })).json().orderID;
    const otherToken = (await tokenFor(other, otherAd)).token;
    expect((await head(location, otherToken)).status).toBe(404);
    expect((await patch(location, otherToken, 0, MP4)).status).toBe(404);
    // The bytes of an upload are never served back through tus.
    expect((await fetch(new URL(location, video), { headers: { ...TUS, 'x-video-token': token } })).status).toBe(404);
    // A genuine token naming an ad its customer does not own creates nothing.
    const mismatched = signVideoToken(SECRET, {
      orderId,
      customerId: 987654,
      parentOrigin: 'http://localhost',
      expiresAt: t.clock.now().getTime() + 60_000,
    });
    expect((await create(mismatched, 100)).status).toBe(404);
  });

  it('caps the size at the declared length', async () => {
    const { token } = await tokenFor(owner);
    const tooBig = await create(token, VIDEO_UPLOAD_MAX_BYTES + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toBe(he.videoTooLarge);
    expect((await create(token, VIDEO_UPLOAD_MAX_BYTES)).status).toBe(201);
  });

  it('refuses a text file named .mp4 after sniffing it, and deletes it', async () => {
    const { token } = await tokenFor(owner);
    const text = Buffer.from('This is not a video at all, only text pretending to be movie.mp4\n'.repeat(20));
    const { location, res } = await uploadAll(token, text);
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(he.videoType);
    expect(stored(idOf(location))).toBe(false);
    expect((await adVideo(owner)).video).toBeNull();
  });

  it('keeps a real MP4 as the ad’s video; a WebM uploaded later replaces it and its file', async () => {
    const { token } = await tokenFor(owner);
    const first = await uploadAll(token, MP4);
    expect(first.res.status).toBe(200);
    const body = (await first.res.json()) as { video: unknown };
    expect(body.video).toMatchObject({ id: idOf(first.location), mime: 'video/mp4', bytes: MP4.length });
    expect((await adVideo(owner)).video).toMatchObject({ id: idOf(first.location), mime: 'video/mp4' });
    expect(fs.readFileSync(path.join(t.app.videoHost.directory, idOf(first.location)))).toEqual(MP4);

    const second = await uploadAll(token, WEBM);
    expect(second.res.status).toBe(200);
    expect((await adVideo(owner)).video).toMatchObject({ id: idOf(second.location), mime: 'video/webm' });
    expect(stored(idOf(first.location))).toBe(false);
    expect(stored(idOf(second.location))).toBe(true);
  });

  it('resumes a PATCH cut off mid-way: HEAD gives the offset, the rest completes one whole file', async () => {
    const { token } = await tokenFor(owner);
    const padding = Buffer.alloc(2 * 1024 * 1024, 7); // after the container's header; sniffing reads the start
    const file = Buffer.concat([MP4, padding]);
    const created = await create(token, file.length);
    const location = created.headers.get('location') ?? '';
    const half = Math.floor(file.length / 2);

    // The connection drops after half of the bytes: Content-Length promises them all.
    await new Promise<void>((resolve) => {
      const url = new URL(location, video);
      const req = http.request(url, {
        method: 'PATCH',
        headers: {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length),
          'x-video-token': token,
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(file.subarray(0, half), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
    });

    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const res = await head(location, token);
      expect(res.status).toBe(200);
      offset = Number(res.headers.get('upload-offset'));
      if (offset > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    expect(Number((await head(location, token)).headers.get('upload-length'))).toBe(file.length);

    const rest = await patch(location, token, offset, file.subarray(offset));
    expect(rest.status).toBe(200);
    const id = idOf(location);
    expect(fs.readFileSync(path.join(t.app.videoHost.directory, id)).equals(file)).toBe(true);
    expect((await adVideo(owner)).video).toMatchObject({ id, bytes: file.length, mime: 'video/mp4' });
  });
});

describe('delete-video', () => {
  it('is for the owner only, removes the row and the file, and the video can be uploaded again', async () => {
    const { token } = await tokenFor(owner);
    const { location, res } = await uploadAll(token, MP4);
    expect(res.status).toBe(200);
    const id = idOf(location);

    const asOther = await other.post(`/api/adds/delete-video/${orderId}`, { OrderID: orderId });
    expect(asOther.statusCode).toBe(404);
    expect(stored(id)).toBe(true);
    expect((await adVideo(owner)).video?.id).toBe(id);

    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/adds/delete-video/${orderId}`,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), [CSRF_HEADER]: 'wrong' },
      payload: { OrderID: orderId },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(stored(id)).toBe(true);

    const gone = await owner.post(`/api/adds/delete-video/${orderId}`, { OrderID: orderId });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ status: 'ok', video: null });
    expect(stored(id)).toBe(false);
    expect((await adVideo(owner)).video).toBeNull();

    const again = await uploadAll(token, MP4);
    expect(again.res.status).toBe(200);
    expect((await adVideo(owner)).video?.id).toBe(idOf(again.location));
  });
});
