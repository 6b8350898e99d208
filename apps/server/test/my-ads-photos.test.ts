/**
 * GET /api/my-ads: each ad's main photo as its thumbnail URL (the first in the owner's order; null without photos;
 * never another customer's photos), and a title a person recognises for every category's sample ad, the ad's number
 * only when nothing can be said.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { uploadPhoto } from './support/media.ts';
import { customer } from './support/phones.ts';
import { custId, storedAd } from './support/plan-extras.ts';
import { validCommercialAd, validRentAd, validSaleAd } from './support/real-estate-ad.ts';
import type { Agent, TestApp } from './support/test-app.ts';
import { createTestApp } from './support/test-app.ts';
import { validCarAd, validVehicleAds } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t);
  ownerId = await custId(owner);
});
afterAll(async () => {
  await t.close();
});

interface Listed {
  OrderID: number;
  title: string;
  thumbnailUrl: string | null;
}

/** Every ad of the account, following the list's pages to the last. */
const listed = async (agent: Agent): Promise<Listed[]> => {
  const ads: Listed[] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(`/api/my-ads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { ads: Listed[]; nextCursor: string | null };
    ads.push(...page.ads);
    cursor = page.nextCursor;
  } while (cursor);
  return ads;
};

const plain = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function withPhotos(agent: Agent, adId: number, colours: string[]): Promise<string[]> {
  const thumbs: string[] = [];
  for (const [i, colour] of colours.entries()) {
    const res = await uploadPhoto(t, agent, adId, { picNumber: String(i + 1) }, { bytes: await plain(colour) });
    expect(res.statusCode).toBe(200);
    const image = res.json().images.find((img: { picNumber: number }) => img.picNumber === i + 1);
    thumbs.push(image.thumbnailUrl);
  }
  return thumbs;
}

describe('GET /api/my-ads: the main photo', () => {
  it("gives each ad its main photo's thumbnail, follows the owner's order, null without photos", async () => {
    const car = await storedAd(t, ownerId, validCarAd());
    const bare = await storedAd(t, ownerId, validSaleAd());
    const [red, blue] = await withPhotos(owner, car, ['#ff0000', '#0000ff']);
    expect(red).toMatch(/^\/media\/[0-9a-f]{32}_t\.jpg$/);

    let ads = await listed(owner);
    expect(ads.find((a) => a.OrderID === car)?.thumbnailUrl).toBe(red);
    expect(ads.find((a) => a.OrderID === bare)?.thumbnailUrl).toBeNull();

    // The thumbnail is served, a small JPEG of the main photo (the store's 240x180 variant).
    const served = await t.app.inject(red as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([240, 180]);

    // The owner makes the blue photo the main one.
    expect((await owner.post(`/api/publish/${car}/images/order`, { order: [2, 1] })).statusCode).toBe(200);
    ads = await listed(owner);
    expect(ads.find((a) => a.OrderID === car)?.thumbnailUrl).toBe(blue);
  });

  it("never gives another customer's photos", async () => {
    const other = await customer(t);
    const theirs = await storedAd(t, await custId(other), validCarAd());
    const [theirThumb] = await withPhotos(other, theirs, ['#00ff00']);
    const mine = await storedAd(t, ownerId, validCarAd());

    const ads = await listed(owner);
    expect(ads.map((a) => a.OrderID)).not.toContain(theirs);
    expect(ads.find((a) => a.OrderID === mine)?.thumbnailUrl).toBeNull();
    expect(JSON.stringify(ads)).not.toContain(theirThumb);
    // Theirs sees their own.
    expect((await listed(other)).find((a) => a.OrderID === theirs)?.thumbnailUrl).toBe(theirThumb);
  });
});

describe('GET /api/my-ads: titles', () => {
  it('every sample ad of every category has a title in words, not its number', async () => {
    const agent = await customer(t);
    const id = await custId(agent);
    const samples: { ad: Record<string, string | string[]>; title: string | RegExp }[] = [
      { ad: validCarAd(), title: 'טויוטה קורולה 2021' },
      ...validVehicleAds().map(({ subcat, values, name }) => ({
        ad: { cat: '1', subcat, ...values },
        // The special vehicle's sample types codes into its free-text make and model: shown as typed.
        title: name === 'vehicle-accessory' ? "ג'אנטים וצמיגים" : /[א-ת]|\d{4}/,
      })),
      { ad: validSaleAd(), title: '3.5 חדרים, דיזנגוף 50, תל אביב-יפו' },
      { ad: validRentAd(), title: /חדרים, .+, / },
      { ad: validCommercialAd(), title: /^[א-ת]+/ },
      ...CATEGORY_ADS.map((sample) => ({ ad: { ...sample.selectors, ...sample.values }, title: /[א-ת]/ })),
    ];
    const ids = [];
    for (const sample of samples) ids.push(await storedAd(t, id, sample.ad));
    const byId = new Map((await listed(agent)).map((a) => [a.OrderID, a.title]));
    for (const [i, sample] of samples.entries()) {
      const title = byId.get(ids[i] as number) ?? '';
      expect(title, JSON.stringify(sample.ad)).not.toMatch(/^מודעה מספר/);
      if (typeof sample.title === 'string') expect(title).toBe(sample.title);
      else expect(title, JSON.stringify(sample.ad)).toMatch(sample.title);
    }
    const dog = samples.findIndex((s) => s.ad.petType === '1');
    expect(byId.get(ids[dog] as number)).toBe('לברדור רטריבר, נקבה');
    const sofa = samples.findIndex((s) => s.ad.title === 'ספה תלת מושבית אפורה');
    expect(byId.get(ids[sofa] as number)).toBe('ספה תלת מושבית אפורה');
  });

  it('an ad whose values say nothing is called by its number; a pet at least by its kind', async () => {
    const agent = await customer(t);
    const car = await storedAd(t, await custId(agent), { cat: '1', subcat: '1' });
    const dog = await storedAd(t, await custId(agent), { cat: '5', petType: '1' });
    const ads = await listed(agent);
    expect(ads.find((a) => a.OrderID === car)?.title).toBe(`מודעה מספר ${car}`);
    expect(ads.find((a) => a.OrderID === dog)?.title).toBe('כלבים');
  });
});
