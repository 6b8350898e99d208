/**
 * Photos upload before the first save: POST /api/publish/reserve-order gives the customer's draft of a
 * selection one ad to hold them; the first save-ad with that OrderID fills it (no second ad); a reserved ad is never
 * shown as saved or edited; the photo cap comes from the ad's catalogue (1 teacher photo, 10 for cars).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { uploadPhoto } from './support/media.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

const CARS = { cat: '1', subcat: '1' };
const TEACHERS = { cat: '6', subcat: '1' };

describe('reserve-order and the photo cap', () => {
  let t: TestApp;
  let dir: string;
  let owner: Agent;
  let jpeg: Buffer;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-reserve-'));
    t = await createTestApp({ DATA_DIR: dir });
    owner = new Agent(t.app, '10.3.0.1');
    await registerWithPhone(t, owner);
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const reserve = (agent: Agent, selectors: Record<string, string>, key = 'k-0123456789') =>
    agent.post('/api/publish/reserve-order', { ...selectors, idempotencyKey: key });

  it('a visitor gets 422 and nothing is made', async () => {
    const visitor = new Agent(t.app, '10.3.0.2');
    const res = await reserve(visitor, CARS);
    expect(res.statusCode).toBe(422);
    expect(await t.db.query("SELECT 1 FROM ads WHERE status = 'reserved'")).toHaveLength(0);
  });

  it('gives one ad per wizard tab (again on a reload), which the first save fills', async () => {
    const first = await reserve(owner, CARS, 'tab-one-key-1');
    expect(first.statusCode).toBe(200);
    const orderId: number = first.json().OrderID;
    expect(orderId).toBeGreaterThan(50_000_000);
    expect((await reserve(owner, CARS, 'tab-one-key-1')).json().OrderID).toBe(orderId);
    // Another tab writing another car ad gets its own ad: two tabs never share photo slots or an ad.
    const otherTab = (await reserve(owner, CARS, 'another-tab-key')).json().OrderID;
    expect(otherTab).not.toBe(orderId);
    // Another selection is another draft, another ad.
    const teacher = (await reserve(owner, TEACHERS)).json().OrderID;
    expect(teacher).not.toBe(orderId);

    expect((await uploadPhoto(t, owner, orderId, { picNumber: '1' }, { bytes: jpeg })).statusCode).toBe(200);
    // Not a saved ad yet: the fields call does not name it, and it cannot be edited.
    const fields = await owner.get(`/api/publish/fields?${q({ ...CARS, OrderID: String(orderId) })}`);
    expect(fields.json().adData?.OrderID2 ?? null).toBeNull();
    expect((await owner.get(`/api/publish/fields/${orderId}`)).statusCode).toBe(404);

    const saved = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contactOf(owner),
      OrderID: String(orderId),
    });
    expect(saved.json()).toMatchObject({ orderID: orderId, recordID: orderId });
    const [row] = await t.db.query<{ status: string; n: string }>(
      `SELECT status, (SELECT count(*) FROM ads WHERE customer_id = a.customer_id AND cat = 1
         AND status <> 'reserved')::int AS n FROM ads a WHERE id = $1`,
      [orderId],
    );
    expect(row).toEqual({ status: 'draft', n: 1 });
    const images = await owner.get(`/api/publish/${orderId}/images`);
    expect(images.json().images).toHaveLength(1);
    // Once saved it is no longer reserved: its key answers 409 (the browser starts a new reservation), a new key
    // gets a new ad, and a key is never good for another selection.
    expect((await reserve(owner, CARS, 'tab-one-key-1')).statusCode).toBe(409);
    expect((await reserve(owner, CARS, 'third-tab-key')).json().OrderID).not.toBe(orderId);
    expect((await reserve(owner, TEACHERS, 'another-tab-key')).statusCode).toBe(409);
    expect((await owner.post('/api/publish/reserve-order', CARS)).statusCode).toBe(400);
  });

  it("another account's reservation is its own; their OrderID is 404 to save or upload", async () => {
    const other = new Agent(t.app, '10.3.0.3');
    await register(other);
    const theirs = (await reserve(other, CARS, 'other-user-key')).json().OrderID;
    const mine = (await reserve(owner, CARS, 'mine-again-key')).json().OrderID;
    expect(theirs).not.toBe(mine);
    expect((await uploadPhoto(t, owner, theirs, { picNumber: '1' }, { bytes: jpeg })).statusCode).toBe(404);
    const res = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contactOf(owner),
      OrderID: String(theirs),
    });
    expect(res.statusCode).toBe(404);
    expect(await t.db.query('SELECT 1 FROM ad_images WHERE ad_id = $1', [theirs])).toHaveLength(0);
  });

  it('takes the cap from the catalogue: one teacher photo, ten car photos, and a bad selection is 404', async () => {
    const teacher = (await reserve(owner, TEACHERS, 'teacher-key-1')).json().OrderID;
    expect((await uploadPhoto(t, owner, teacher, { picNumber: '1' }, { bytes: jpeg })).statusCode).toBe(200);
    expect((await uploadPhoto(t, owner, teacher, { picNumber: '2' }, { bytes: jpeg })).statusCode).toBe(400);
    const car = (await reserve(owner, CARS, 'car-cap-key-1')).json().OrderID;
    expect((await uploadPhoto(t, owner, car, { picNumber: '10' }, { bytes: jpeg })).statusCode).toBe(200);
    expect((await uploadPhoto(t, owner, car, { picNumber: '11' }, { bytes: jpeg })).statusCode).toBe(400);
    expect((await reserve(owner, { cat: '999' })).statusCode).toBe(404);
  });
});

describe('open reservations are bounded', () => {
  let t: TestApp;
  let dir: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-reserve-cap-'));
    t = await createTestApp({ DATA_DIR: dir });
    // Activity is the database's time (photo rows carry it): the app's clock starts at the real time, before the
    // app is ready and schedules its hourly media job.
    t.clock.advance(Date.now() - t.clock.now().getTime());
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa6633' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const reserve = async (agent: Agent, key: string, selectors = CARS) => {
    const res = await agent.post('/api/publish/reserve-order', { ...selectors, idempotencyKey: key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().OrderID as number;
  };
  const reservedOf = async (email: string) =>
    (
      await t.db.query<{ id: string }>(
        `SELECT a.id FROM ads a JOIN customers c ON c.id = a.customer_id
         WHERE c.email = $1 AND a.status = 'reserved' ORDER BY a.id`,
        [email],
      )
    ).map((r) => Number(r.id));
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );
  /** A photo uploaded to the ad: its two files on disk. */
  const photoOf = async (agent: Agent, orderId: number) => {
    const res = await uploadPhoto(t, agent, orderId, { picNumber: '1', orientation: '1' }, { bytes: jpeg });
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as { url: string; thumbnailUrl: string };
    return [image.url, image.thumbnailUrl].map((url) => path.join(dir, 'media', url.split('/').pop() ?? ''));
  };
  /** Makes an ad (and its photos) last active `minutes` ago. */
  const idleFor = async (orderId: number, minutes: number) => {
    await t.db.query(`UPDATE ads SET updated_at = now() - make_interval(mins => $2) WHERE id = $1`, [orderId, minutes]);
    await t.db.query(`UPDATE ad_images SET updated_at = now() - make_interval(mins => $2) WHERE ad_id = $1`, [
      orderId,
      minutes,
    ]);
  };

  it('a customer holds five: a sixth gives up the one idle longest, photos and all; a seventh the next', async () => {
    const owner = new Agent(t.app, '10.3.1.1');
    const { email } = await register(owner);
    const other = new Agent(t.app, '10.3.1.2');
    await register(other);
    const theirs = await reserve(other, 'theirs-key-01');
    const theirPhoto = await photoOf(other, theirs);
    await idleFor(theirs, 600);

    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await reserve(owner, `tab-key-000${i}`, i % 2 ? CARS : TEACHERS));
    const [first, second, third, fourth, fifth] = ids as [number, number, number, number, number];
    const secondPhoto = await photoOf(owner, second);
    // Last active 50, 40, 30, 20 and 10 minutes ago; then the first gets a photo and the third is asked for
    // again (its tab reloaded): both active now. The second, with its photo, is the idle-longest.
    for (const [i, id] of ids.entries()) await idleFor(id, 50 - i * 10);
    await photoOf(owner, first);
    expect(await reserve(owner, 'tab-key-0003')).toBe(third);
    expect(await reservedOf(email)).toEqual(ids);

    const sixth = await reserve(owner, 'tab-key-0006');
    expect(await reservedOf(email)).toEqual([first, third, fourth, fifth, sixth]);
    // The given-up reservation's photo rows and files are gone; its OrderID is nobody's now.
    expect(await t.db.query('SELECT 1 FROM ad_images WHERE ad_id = $1', [second])).toHaveLength(0);
    for (const file of secondPhoto) expect(await exists(file)).toBe(false);
    expect((await uploadPhoto(t, owner, second, { picNumber: '1' }, { bytes: jpeg })).statusCode).toBe(404);
    expect((await owner.get(`/api/publish/${second}/images`)).statusCode).toBe(404);

    const seventh = await reserve(owner, 'tab-key-0007', TEACHERS);
    expect(await reservedOf(email)).toEqual([first, third, fifth, sixth, seventh]);
    // Another account's reservation and photo, idle far longer, were never touched.
    expect(await t.db.query("SELECT 1 FROM ads WHERE id = $1 AND status = 'reserved'", [theirs])).toHaveLength(1);
    for (const file of theirPhoto) expect(await exists(file)).toBe(true);
  });

  it('the hourly media job sweeps reservations idle for a week, with their photos and video; nothing else', async () => {
    const owner = new Agent(t.app, '10.3.1.3');
    await registerWithPhone(t, owner);
    const stale = await reserve(owner, 'stale-key-01');
    const stalePhoto = await photoOf(owner, stale);
    await idleFor(stale, 8 * 24 * 60);
    // A week-old reservation with a video (the video host's file in DATA_DIR/videos).
    const withVideo = await reserve(owner, 'video-key-01', TEACHERS);
    const videoKey = 'ab'.repeat(16);
    const videoFile = path.join(dir, 'videos', videoKey);
    await fs.writeFile(videoFile, 'a video');
    await t.db.query(
      `INSERT INTO ad_videos (ad_id, video_key, mime, bytes, created_at)
       VALUES ($1, $2, 'video/mp4', 7, now() - interval '8 days')`,
      [withVideo, videoKey],
    );
    await idleFor(withVideo, 8 * 24 * 60);
    // Six days idle: kept. A saved ad, however old, is no reservation: kept with its photo.
    const recent = await reserve(owner, 'recent-key-01');
    const recentPhoto = await photoOf(owner, recent);
    await idleFor(recent, 6 * 24 * 60);
    const savedId = await reserve(owner, 'saved-key-01');
    const savedPhoto = await photoOf(owner, savedId);
    const saved = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contactOf(owner),
      OrderID: String(savedId),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await idleFor(savedId, 30 * 24 * 60);

    // The next hourly run (scheduled when the app became ready).
    t.clock.advance(2 * 60 * 60_000);
    await t.app.jobs.runDueJobs();
    const left = (
      await t.db.query<{ id: string }>('SELECT id FROM ads WHERE id = ANY($1::bigint[]) ORDER BY id', [
        [stale, withVideo, recent, savedId],
      ])
    ).map((r) => Number(r.id));
    expect(left).toEqual([recent, savedId]);
    for (const file of stalePhoto) expect(await exists(file)).toBe(false);
    expect(await exists(videoFile)).toBe(false);
    for (const file of [...recentPhoto, ...savedPhoto]) expect(await exists(file)).toBe(true);
    // The swept tab's key is free: a reload of it reserves anew (an empty ad).
    const again = await reserve(owner, 'stale-key-01');
    expect(again).not.toBe(stale);
    expect((await owner.get(`/api/publish/${again}/images`)).json().images).toEqual([]);
  });
});
