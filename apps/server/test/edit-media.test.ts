/**
 * The photos and video of a published ad in edit mode (publish-wizard.md §2 edit mode; after-save-area.md §4
 * "Publish button", §7 order-edited): the owner sees them at /edit/{id} and changes them with the same calls as when
 * publishing, but the live ad ("my ads", the images anyone may read) keeps its own until the edit is finished; an
 * edit left unfinished changes nothing live. Nobody else reads or changes them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdImage } from '@app/contract/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdStatus } from '../src/ads/ads-repository.ts';
import { setEditVideo } from '../src/media/media-edits-repository.ts';
import { sweepOrphanMedia } from '../src/media/sweep-jobs.ts';
import { chooseMediaStore } from '../src/outside-services.ts';
import { loadConfig } from '../src/platform/config.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { uploadPhoto } from './support/media.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let stranger: Agent;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edit-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = new Agent(t.app, '10.5.0.1');
  await registerWithPhone(t, owner);
  stranger = new Agent(t.app, '10.5.0.2');
  await register(stranger);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const photo = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const upload = async (agent: Agent, id: number, slot: number, colour: string) =>
  uploadPhoto(t, agent, id, { picNumber: String(slot) }, { bytes: await photo(colour) });
const remove = (agent: Agent, id: number, slot: number) =>
  uploadPhoto(t, agent, id, { picNumber: String(slot), deleteImage: '1' });
const order = (agent: Agent, id: number, slots: number[]) =>
  agent.post(`/api/publish/${id}/images/order`, { order: slots });
const images = async (agent: Agent, id: number) => agent.get(`/api/publish/${id}/images`);
const slots = (list: AdImage[]) => list.map((i) => i.picNumber);

/** The live photos, as "my ads" and the public read them: the ad's own rows. */
async function livePhotos(id: number) {
  return t.db.query<{ slot: number; image_key: string; thumb_key: string }>(
    'SELECT slot, image_key, thumb_key FROM ad_images WHERE ad_id = $1 ORDER BY position IS NULL, position, slot',
    [id],
  );
}
const myAdThumb = async (id: number) =>
  ((await owner.get('/api/my-ads')).json().ads as { OrderID: number; thumbnailUrl: string | null }[]).find(
    (a) => a.OrderID === id,
  )?.thumbnailUrl;
const contentOf = (agent: Agent, url: string) =>
  agent.get(`/api/publish/images/content?src=${encodeURIComponent(url)}`);

/** A published car ad with two photos, red (main) then blue. */
async function publishedWithTwoPhotos(): Promise<number> {
  const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
  const id = res.json().orderID as number;
  expect((await upload(owner, id, 1, '#cc0000')).statusCode).toBe(200);
  expect((await upload(owner, id, 2, '#0000cc')).statusCode).toBe(200);
  expect((await order(owner, id, [1, 2])).statusCode).toBe(200);
  await setAdStatus(t.db, id, 'active');
  return id;
}

const finish = (id: number) => owner.post(`/api/publish/${id}/order-edited`);

describe('photos of a published ad in edit mode', () => {
  it('stay pending until order-edited: delete, add, reorder, then all go live together', async () => {
    const id = await publishedWithTwoPhotos();
    const before = await livePhotos(id);
    const thumb = await myAdThumb(id);
    expect((await images(owner, id)).json()).toMatchObject({
      images: [{ picNumber: 1, main: true }, { picNumber: 2 }],
    });

    // The edit: the red main photo goes, a green one comes, green becomes the main photo.
    expect((await remove(owner, id, 1)).json().images.map((i: AdImage) => i.picNumber)).toEqual([2]);
    expect((await upload(owner, id, 1, '#00aa00')).statusCode).toBe(200);
    const reordered = await order(owner, id, [1, 2]);
    expect(reordered.json()).toMatchObject({
      pendingEdit: true,
      images: [{ picNumber: 1, main: true }, { picNumber: 2 }],
    });

    // The owner's edit shows the new photos; the live ad still has its own, files included.
    const pending = (await images(owner, id)).json();
    expect(pending.pendingEdit).toBe(true);
    expect(slots(pending.images)).toEqual([1, 2]);
    expect(pending.images[0].url).not.toBe(`/media/${before[0]?.image_key}`);
    expect(await livePhotos(id)).toEqual(before);
    expect(await myAdThumb(id)).toBe(thumb);
    for (const row of before) expect((await t.app.inject({ url: `/media/${row.image_key}` })).statusCode).toBe(200);
    // Anyone may read the live ad's photos, nobody but the owner the edit's new one.
    expect((await contentOf(stranger, `/media/${before[0]?.image_key}`)).statusCode).toBe(200);
    expect((await contentOf(stranger, pending.images[0].url)).statusCode).toBe(404);
    expect((await contentOf(owner, pending.images[0].url)).statusCode).toBe(200);

    // The finish (after the save of the edit's values): the edit's photos are the ad's, the red one is gone.
    expect((await finish(id)).json()).toMatchObject({
      status: 200,
      redirect: `/finishArea?action=edited&OrderID=${id}`,
    });
    const live = await livePhotos(id);
    expect(live.map((r) => r.slot)).toEqual([1, 2]);
    expect(live[0]?.image_key).toBe(pending.images[0].url.replace('/media/', ''));
    expect(live[1]?.image_key).toBe(before[1]?.image_key);
    expect(await myAdThumb(id)).toBe(pending.images[0].thumbnailUrl);
    expect((await t.app.inject({ url: `/media/${before[0]?.image_key}` })).statusCode).toBe(404);
    const after = (await images(owner, id)).json();
    expect(after.pendingEdit).toBeUndefined();
    expect(after.images).toEqual(pending.images);
    const count = await t.db.query('SELECT 1 FROM ad_media_edits WHERE ad_id = $1', [id]);
    expect(count).toHaveLength(0);
  });

  it('an edit left unfinished never changes the live ad, and the next edit goes on from it', async () => {
    const id = await publishedWithTwoPhotos();
    const before = await livePhotos(id);
    await remove(owner, id, 2);
    expect(await livePhotos(id)).toEqual(before);
    // Opening the edit again shows the edit as it was left (as its saved values).
    expect(slots((await images(owner, id)).json().images)).toEqual([1]);
    expect(await livePhotos(id)).toEqual(before);
    // The file the edit removed is still the live ad's.
    expect((await t.app.inject({ url: `/media/${before[1]?.image_key}` })).statusCode).toBe(200);
  });

  it("the orphan sweep keeps the files of an unfinished edit's photos", async () => {
    const id = await publishedWithTwoPhotos();
    await upload(owner, id, 3, '#00aa00');
    const added = (await images(owner, id)).json().images.find((i: AdImage) => i.picNumber === 3) as AdImage;
    const store = chooseMediaStore(loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir }));
    await sweepOrphanMedia(t.db, store, null);
    expect((await t.app.inject({ url: added.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: added.thumbnailUrl })).statusCode).toBe(200);
  });

  it('a draft (never published) changes at once, as before', async () => {
    const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
    const id = res.json().orderID as number;
    await upload(owner, id, 1, '#cc0000');
    expect((await livePhotos(id)).map((r) => r.slot)).toEqual([1]);
    expect((await images(owner, id)).json().pendingEdit).toBeUndefined();
  });

  it('another customer can neither read nor change the photos of the ad or of its edit', async () => {
    const id = await publishedWithTwoPhotos();
    await remove(owner, id, 2);
    const pendingBefore = (await images(owner, id)).json();
    const liveBefore = await livePhotos(id);

    expect((await images(stranger, id)).statusCode).toBe(404);
    expect((await upload(stranger, id, 3, '#00aa00')).statusCode).toBe(404);
    expect((await remove(stranger, id, 1)).statusCode).toBe(404);
    expect((await order(stranger, id, [1])).statusCode).toBe(404);
    expect((await stranger.post(`/api/publish/${id}/order-edited`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/publish/${id}/video`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/adds/delete-video/${id}`, { OrderID: id })).statusCode).toBe(404);
    // Nor a visitor.
    const visitor = new Agent(t.app, '10.5.0.3');
    expect((await images(visitor, id)).statusCode).toBe(422);

    expect((await images(owner, id)).json()).toEqual(pendingBefore);
    expect(await livePhotos(id)).toEqual(liveBefore);
  });
});

describe('the video of a published ad in edit mode', () => {
  it('a removal waits for order-edited; the live video stays until then', async () => {
    const id = await publishedWithTwoPhotos();
    const key = 'a'.repeat(32);
    await t.db.query(`INSERT INTO ad_videos (ad_id, video_key, mime, bytes) VALUES ($1, $2, 'video/mp4', 1000)`, [
      id,
      key,
    ]);
    expect((await owner.get(`/api/publish/${id}/video`)).json()).toMatchObject({ video: { id: key } });
    const removed = await owner.post(`/api/adds/delete-video/${id}`, { OrderID: id });
    expect(removed.json()).toEqual({ status: 'ok', video: null, pendingEdit: true });
    expect((await owner.get(`/api/publish/${id}/video`)).json()).toEqual({
      status: 'ok',
      video: null,
      pendingEdit: true,
    });
    const live = () => t.db.query('SELECT video_key FROM ad_videos WHERE ad_id = $1', [id]);
    expect(await live()).toEqual([{ video_key: key }]);
    await finish(id);
    expect(await live()).toEqual([]);
    expect((await owner.get(`/api/publish/${id}/video`)).json()).toEqual({ status: 'ok', video: null });
  });

  it('a new video (what the video host stores when an upload ends) waits too, then replaces the live one', async () => {
    const id = await publishedWithTwoPhotos();
    const [first, second, third] = ['b', 'c', 'd'].map((c) => c.repeat(32));
    await t.db.query(`INSERT INTO ad_videos (ad_id, video_key, mime, bytes) VALUES ($1, $2, 'video/mp4', 1000)`, [
      id,
      first,
    ]);
    const upload = (key: string) => setEditVideo(t.db, id, { videoKey: key, mime: 'video/webm', bytes: 2000 });
    // The live video is never freed by the edit; an upload the same edit replaces is.
    expect(await upload(second ?? '')).toEqual({ freed: null });
    expect(await upload(third ?? '')).toEqual({ freed: second });
    expect((await owner.get(`/api/publish/${id}/video`)).json()).toMatchObject({
      video: { id: third },
      pendingEdit: true,
    });
    const live = () => t.db.query('SELECT video_key FROM ad_videos WHERE ad_id = $1', [id]);
    expect(await live()).toEqual([{ video_key: first }]);
    await finish(id);
    expect(await live()).toEqual([{ video_key: third }]);
  });
});
