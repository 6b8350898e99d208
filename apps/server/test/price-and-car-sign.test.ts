/**
 * The price list ({gateway}/price-list/calculate-price) over the car catalogue, and the car sign's
 * ad (GET adds/{id}): public when live, the owner's own ad in any other state, another customer's draft 404.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdStatus } from '../src/ads/ads-repository.ts';
import { customer, freshPhone, lastCode, sendCode, sendSms } from './support/phones.ts';
import { type Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { q, validCarAd, validVehicleAds } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let other: Agent;
let phone: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t);
  other = await customer(t);
  phone = freshPhone('052');
  expect((await sendSms(owner, phone)).statusCode).toBe(200);
  expect((await sendCode(owner, phone, await lastCode(t, phone), { mainPhone: 1 })).json()).toMatchObject({
    status: 200,
  });
});
afterAll(async () => {
  await t.close();
});

const price = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/gateway/price-list/calculate-price?${q(query)}` });
// A 2023 Corolla hybrid Sun (the test clock is November 2026).
const corolla = {
  subModelId: '10113',
  ascentYearOnRoad: '2023',
  ascentMonthOnRoad: '6',
  kilometers: '50000',
  ownersNumber: '1',
};

describe('GET {gateway}/price-list/calculate-price', () => {
  it('answers the range of the catalogue price model', async () => {
    const res = await price(corolla);
    expect(res.statusCode).toBe(200);
    const { minPrice, maxPrice, predictedPrice } = res.json().data.data;
    expect(res.json().status).toBe(200);
    expect(minPrice).toBeLessThan(predictedPrice);
    expect(predictedPrice).toBeLessThan(maxPrice);
    expect(predictedPrice).toBeGreaterThan(80_000);
    expect(predictedPrice).toBeLessThan(120_000);
  });

  it('a repeated parameter is a clear 400, never a server error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/gateway/price-list/calculate-price?subModelId=1&kilometers=1&kilometers=2&ascentYearOnRoad=2020&ownersNumber=1&ascentMonthOnRoad=1&ascentMonthOnRoad=2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[א-ת]/);
  });

  it('reads a month of -1 or none as January, and kilometres with commas', async () => {
    const january = (await price({ ...corolla, ascentMonthOnRoad: '1' })).json();
    expect((await price({ ...corolla, ascentMonthOnRoad: '-1' })).json()).toEqual(january);
    const { ascentMonthOnRoad: _none, ...noMonth } = corolla;
    expect((await price(noMonth)).json()).toEqual(january);
    expect((await price({ ...corolla, kilometers: '50,000' })).json()).toEqual((await price(corolla)).json());
  });

  it('falls with more kilometres and owners', async () => {
    const predicted = async (change: Record<string, string>) =>
      (await price({ ...corolla, ...change })).json().data.data.predictedPrice as number;
    expect(await predicted({ kilometers: '120000' })).toBeLessThan(await predicted({}));
    expect(await predicted({ ownersNumber: '3' })).toBeLessThan(await predicted({}));
  });

  it.each([
    ['an unknown sub-model', { subModelId: '999' }, 'subModel'],
    ['a motorcycle', { subModelId: '90801' }, 'subModel'],
    ['no sub-model', { subModelId: '' }, 'subModel'],
    ['a year before the model', { ascentYearOnRoad: '2015' }, 'yearOnRoad'],
    ['a future month', { ascentYearOnRoad: '2026', ascentMonthOnRoad: '12' }, 'monthOnRoad'],
    ['text kilometres', { kilometers: 'הרבה' }, 'kilometers'],
    ['negative owners', { ownersNumber: '-2' }, 'owners'],
  ])('refuses %s with 400 and a Hebrew message', async (_name, change, field) => {
    const res = await price({ ...corolla, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, field });
    expect(res.json().message).toMatch(/[א-ת]/);
  });
});

describe('calculate-price with random input', () => {
  it('answers 200 or 400, never a server error, and a 200 is an ordered range', async () => {
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 3_000_000 }).map(String));
    const subModel = fc.oneof(fc.constantFrom('10113', '10116', '170207', '30103', '90801'), value);
    await fc.assert(
      fc.asyncProperty(
        subModel,
        fc.oneof(fc.integer({ min: 1990, max: 2027 }).map(String), value),
        fc.oneof(fc.integer({ min: -1, max: 13 }).map(String), value),
        fc.oneof(fc.integer({ min: 0, max: 400_000 }).map(String), value),
        fc.oneof(fc.integer({ min: 0, max: 11 }).map(String), value),
        async (subModelId, year, month, km, owners) => {
          const res = await price({
            subModelId,
            ascentYearOnRoad: year,
            ascentMonthOnRoad: month,
            kilometers: km,
            ownersNumber: owners,
          });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 200) {
            const { minPrice, maxPrice, predictedPrice } = res.json().data.data;
            expect(minPrice).toBeLessThanOrEqual(predictedPrice);
            expect(predictedPrice).toBeLessThanOrEqual(maxPrice);
            expect(minPrice).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

const dashed = (n: string) => `${n.slice(0, 3)}-${n.slice(3)}`;

async function carAd(): Promise<number> {
  const res = await owner.post('/api/publish/save-ad', {
    ...validCarAd(),
    contactName: 'נועה ישראלי',
    validPhone1: dashed(phone),
    virtual_num: '0',
  });
  const { orderID } = res.json() as { orderID?: number };
  if (!orderID) throw new Error(`save-ad answered ${res.body}`);
  return orderID;
}

describe('GET /api/adds/{id} for the car sign', () => {
  it("shows the owner their own draft; another customer and a visitor get 404; the make's name is added", async () => {
    const id = await carAd();
    const mine = await owner.get(`/api/adds/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      OrderID: id,
      ManufacturerTitle: 'טויוטה',
      ModelTitle: 'קורולה',
      Price: '85000',
      // The ad's own page on the site's public origin (the test's default), not the old site's.
      AdUrl: `http://localhost:3000/item/${id}`,
    });
    expect((await other.get(`/api/adds/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/adds/${id}` })).statusCode).toBe(404);
    // Live: everyone sees it.
    await setAdStatus(t.db, id, 'active');
    expect((await other.get(`/api/adds/${id}`)).json()).toEqual(mine.json());
    // Deleted: nobody, the owner neither.
    await setAdStatus(t.db, id, 'deleted');
    expect((await owner.get(`/api/adds/${id}`)).statusCode).toBe(404);
  });

  it('a boat (a make, no model) is titled by its make', async () => {
    const boat = validVehicleAds().find((ad) => ad.name === 'boat');
    if (!boat) throw new Error('no sample boat');
    const res = await owner.post('/api/publish/save-ad', {
      cat: '1',
      subcat: boat.subcat,
      ...boat.values,
      contactName: 'נועה ישראלי',
      validPhone1: dashed(phone),
      virtual_num: '0',
    });
    const { orderID } = res.json() as { orderID?: number };
    expect(orderID, res.body).toBeGreaterThan(0);
    expect((await owner.get(`/api/adds/${orderID}`)).json()).toMatchObject({
      ManufacturerTitle: 'ביילינר',
      ModelTitle: null,
      Year: '2015',
    });
  });
});
