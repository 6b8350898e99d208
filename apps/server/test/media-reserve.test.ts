/**
 * Photos upload before the first save (issue 8 §5): POST /api/publish/reserve-order gives the customer's draft of a
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
