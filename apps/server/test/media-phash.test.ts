/**
 * The reused-photo check: a photo that is already in another of the same customer's ads (the same file, or a
 * re-encoded, rescaled or slightly cropped copy) comes back with reused: true; a different photo, the same ad's other
 * slots, a deleted ad and another customer's photos never flag it, and the answer never names the other ad.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdImage, ImageUploadResponse } from '@app/contract/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { scenePhoto, uploadPhoto } from './support/photo-upload.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

describe('reused photos (perceptual hash)', () => {
  let t: TestApp;
  let dir: string;
  let owner: Agent;
  let first: number;
  let original: Buffer;

  const newAd = async (agent: Agent): Promise<number> =>
    (await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(agent) })).json().orderID;

  async function put(agent: Agent, ad: number, slot: number, bytes: Buffer): Promise<ImageUploadResponse> {
    const res = await uploadPhoto(t, agent, ad, slot, bytes);
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const reusedOf = async (agent: Agent, ad: number, slot: number, bytes: Buffer) =>
    (await put(agent, ad, slot, bytes)).image?.reused;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-phash-'));
    t = await createTestApp({ DATA_DIR: dir });
    owner = new Agent(t.app, '10.3.0.1');
    await registerWithPhone(t, owner);
    first = await newAd(owner);
    original = await scenePhoto(11);
    // The first ad's photo is the original: nothing to compare with yet.
    expect(await reusedOf(owner, first, 1, original)).toBe(false);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('flags the same photo in a second ad, in the answer and the list, without naming the first ad', async () => {
    const second = await newAd(owner);
    const res = await put(owner, second, 1, original);
    expect(res.image?.reused).toBe(true);
    expect(res.images.map((i: AdImage) => i.reused)).toEqual([true]);
    expect(JSON.stringify(res)).not.toContain(String(first));
    const list = (await owner.get(`/api/publish/${second}/images`)).json().images;
    expect(list[0].reused).toBe(true);
    // The first ad's own photo stays unflagged (it was there first), and a retry answers the stored flag.
    expect((await owner.get(`/api/publish/${first}/images`)).json().images[0].reused).toBe(false);
    expect((await put(owner, second, 1, original)).image?.reused).toBe(true);
  });

  it('flags a re-encoded, resized and slightly cropped copy', async () => {
    const copy = await sharp(original).resize({ width: 700 }).webp({ quality: 55 }).toBuffer();
    expect(await reusedOf(owner, await newAd(owner), 1, copy)).toBe(true);
    const cropped = await sharp(original)
      .extract({ left: 32, top: 24, width: 1536, height: 1152 })
      .resize({ width: 1000 })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(await reusedOf(owner, await newAd(owner), 1, cropped)).toBe(true);
  });

  it('does not flag a different photo, nor the same photo in another slot of the same ad', async () => {
    const ad = await newAd(owner);
    expect(await reusedOf(owner, ad, 1, await scenePhoto(12))).toBe(false);
    expect(await reusedOf(owner, ad, 2, await scenePhoto(12))).toBe(false);
    expect(await reusedOf(owner, ad, 3, await scenePhoto(13))).toBe(false);
  });

  it("never compares with another customer's photos, nor with a deleted ad's", async () => {
    const stranger = new Agent(t.app, '10.3.0.2');
    await registerWithPhone(t, stranger);
    expect(await reusedOf(stranger, await newAd(stranger), 1, original)).toBe(false);

    const lone = await scenePhoto(14);
    const gone = await newAd(owner);
    expect(await reusedOf(owner, gone, 1, lone)).toBe(false);
    await t.db.query("UPDATE ads SET status = 'deleted' WHERE id = $1", [gone]);
    expect(await reusedOf(owner, await newAd(owner), 1, lone)).toBe(false);
    // While that ad was not deleted, the same photo was flagged: the deletion is what made the difference.
    await t.db.query("UPDATE ads SET status = 'draft' WHERE id = $1", [gone]);
    expect(await reusedOf(owner, await newAd(owner), 1, lone)).toBe(true);
  });
});
