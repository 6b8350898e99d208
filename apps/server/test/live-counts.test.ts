/**
 * Counts of live ads: get-ads-counters, real-estate-count and glimpse count the ads stored, and only
 * live ones. Ads go live the real way: save-ad, then finish-publish with a free track (ads/go-live-service.ts) or a
 * paid track's goLive. The last test shows the plans use migration 0021's indexes (EXPLAIN on this database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ad } from '../src/ads/ads-repository.ts';
import { goLive } from '../src/ads/go-live-service.ts';
import {
  carsGlimpseStatement,
  realEstateCountStatement,
  type Statement,
  sameAdsStatement,
} from '../src/counts/live-counts-repository.ts';
import { reviewGate } from '../src/moderation/review-gate.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { finishBody } from './support/finish-body.ts';
import { OLD_NORTH, validRentAd, validSaleAd } from './support/real-estate-ad.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let contact: ContactValues;
let stranger: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.71.0.1');
  ({ contact } = await registerWithPhone(t, owner));
  stranger = new Agent(t.app, '10.71.0.2');
  await registerWithPhone(t, stranger);
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/** Saves an ad (a draft) and returns its number. */
async function save(values: Record<string, string | string[]>): Promise<number> {
  serial += 1;
  const res = await owner.post('/api/publish/save-ad', {
    ...values,
    ...contact,
    description: `${String(values.description ?? 'מודעה לבדיקה')} מספר ${serial}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().orderID;
}
/** The free track (finish-publish → goLive). */
async function publishFree(id: number, cat: string, subcat: string): Promise<void> {
  const res = await owner.post('/api/publish/finish-publish', finishBody(id, {}, { CatID: cat, SubCatID: subcat }));
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]);
  expect(row?.status).toBe('active');
}

const counters = async (agent: Agent, cat: number, subcat: number, id: number) =>
  agent.get(`/api/publish/get-ads-counters/${cat}/${subcat}/${id}`);

describe('GET get-ads-counters', () => {
  it('three matching car ads published → the counters go up by three; drafts and other models do not count', async () => {
    const mine = await save(validCarAd());
    const before = (await counters(owner, 1, 1, mine)).json();
    expect(before).toMatchObject({ status: 200, counters: { area: null } });

    // Three ads of the same make and model go live through the free track.
    for (let i = 0; i < 3; i += 1) {
      const id = await save({ ...validCarAd(), km: `${20 + i},000` });
      await publishFree(id, '1', '1');
    }
    // A draft is not counted.
    await save(validCarAd());

    const after = (await counters(owner, 1, 1, mine)).json();
    expect(after.counters.grey).toBe(before.counters.grey + 3);
    expect(after.total).toBe(before.total + 3);
    expect(after.counters.yellow + after.counters.pink).toBe(before.counters.yellow + before.counters.pink);

    // A paid track's goLive (VIP) counts as yellow.
    const vip = await save(validCarAd());
    await goLive(t.db, t.clock.now(), { orderId: vip, adType: 'VIP', days: 28, reason: 'paid' }, reviewGate);
    expect((await counters(owner, 1, 1, mine)).json().counters.yellow).toBe(after.counters.yellow + 1);

    // An ad past its end is not live any more (even before its expiry job ran).
    t.clock.advance(29 * 24 * 60 * 60 * 1000);
    expect((await counters(owner, 1, 1, mine)).json().total).toBe(0);
  });

  it("another account's ad, a wrong selection or a selection without counters: 404; a guest: 422", async () => {
    const mine = await save(validCarAd());
    expect((await counters(stranger, 1, 1, mine)).statusCode).toBe(404);
    expect((await counters(owner, 1, 2, mine)).statusCode).toBe(404);
    expect((await counters(owner, 1, 1, 99_999_999)).statusCode).toBe(404);
    const guest = new Agent(t.app, '10.71.0.9');
    expect((await counters(guest, 1, 1, mine)).statusCode).toBe(422);
    const pets = CATEGORY_ADS.find((a) => a.family === 'pets');
    if (!pets) throw new Error('pets');
    const pet = await save({ ...pets.values, ...pets.selectors });
    expect(
      (await counters(owner, Number(pets.selectors.cat), Number(pets.selectors.subcat ?? 0), pet)).statusCode,
    ).toBe(404);
  });

  it('second hand (cat 3 subcat 0): the same product category, and the area among them', async () => {
    const sofa = CATEGORY_ADS.find((a) => a.family === 'second-hand, private general');
    if (!sofa) throw new Error('sofa');
    const values = { ...sofa.values, ...sofa.selectors };
    const mine = await save(values);
    const before = (await counters(owner, 3, 0, mine)).json();
    for (let i = 0; i < 3; i += 1) await publishFree(await save(values), '3', '0');
    const after = (await counters(owner, 3, 0, mine)).json();
    expect(after.total).toBe(before.total + 3);
    expect(after.counters.area).toBe(before.counters.area + 3);
  });
});

describe('GET real-estate-count/{sale|rent}', () => {
  const count = async (kind: string, query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/publish/real-estate-count/${kind}?${q(query)}` });
    return res;
  };
  const sale = validSaleAd();

  it('counts live homes by city and neighbourhood, then home type, then a price band (±10 %)', async () => {
    const at = { cityId: sale.city ?? '', hoodId: OLD_NORTH };
    const before = {
      hood: (await count('sale', at)).json().data.count,
      type: (await count('sale', { ...at, homeTypeId: '1' })).json().data.count,
      price: (await count('sale', { ...at, homeTypeId: '1', price: '3,300,000' })).json().data.count,
      rent: (await count('rent', at)).json().data.count,
    };
    for (let i = 0; i < 3; i += 1) await publishFree(await save(sale), '2', '1');
    // Another home type (not in the type's count), a price out of the band (not in the price's), a draft (none).
    await publishFree(await save({ ...sale, HomeTypeID: '3' }), '2', '1');
    await publishFree(await save({ ...sale, price: '9,000,000' }), '2', '1');
    await save(sale);
    const after = {
      hood: (await count('sale', at)).json().data.count,
      type: (await count('sale', { ...at, homeTypeId: '1' })).json().data.count,
      price: (await count('sale', { ...at, homeTypeId: '1', price: '3,300,000' })).json().data.count,
      rent: (await count('rent', at)).json().data.count,
    };
    expect(after.type).toBe(before.type + 4);
    expect(after.price).toBe(before.price + 3);
    expect(after.hood).toBe(before.hood + 5);
    expect(after.rent).toBe(before.rent);
    expect((await count('sale', { ...at, hoodId: '999999' })).json().data.count).toBe(0);
    // Rent counts rent ads.
    await publishFree(await save(validRentAd()), '2', '2');
    expect((await count('rent', at)).json().data.count).toBe(before.rent + 1);
  });

  it('bad input: 400 in Hebrew; an unknown kind: 404', async () => {
    const bad = await count('sale', { cityId: "5000' OR 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[א-ת]/);
    expect((await count('sale', {})).statusCode).toBe(400);
    expect((await count('sale', { cityId: '5000', price: 'abc' })).statusCode).toBe(400);
    expect((await count('buy', { cityId: '5000' })).statusCode).toBe(404);
  });
});

describe('GET glimpse (cars)', () => {
  const car = validCarAd();
  const glimpse = (extra: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/publish/glimpse?${q({
        cat_id: '1',
        subcat_id: '1',
        type: 'cars',
        car_manufacturer: car.manufacturer,
        car_model: car.model,
        ...extra,
      })}`,
    });

  it('the model (step 1) and the model of the year (step 3) count live cars', async () => {
    const model0 = (await glimpse({ car_step: 'model' })).json().total;
    const year0 = (await glimpse({ car_step: 'area', car_year: car.year })).json().total;
    for (let i = 0; i < 3; i += 1) await publishFree(await save(car), '1', '1');
    await save(car);
    expect((await glimpse({ car_step: 'model' })).json()).toEqual({ status: 200, total: model0 + 3 });
    expect((await glimpse({ car_step: 'area', car_year: car.year })).json().total).toBe(year0 + 3);
    expect((await glimpse({ car_step: 'area', car_year: '1990' })).json().total).toBe(0);
    expect((await glimpse({ car_step: 'nope' })).statusCode).toBe(400);
  });
});

describe('the counts are served by the indexes of migration 0021', () => {
  it('EXPLAIN names the partial index of each family', async () => {
    const [cust] = await t.db.query<{ customer_id: string }>('SELECT customer_id FROM ads LIMIT 1');
    // Enough live rows of other values that a sequential scan is the worse plan.
    await t.db.query(
      `INSERT INTO ads (customer_id, cat, subcat, field_values, status, ad_type, published_at, ends_at)
       SELECT $1, 1 + (g % 3), 1 + (g % 2),
              jsonb_build_object('manufacturer', (g % 97)::text, 'model', (g % 89)::text, 'year', '2015',
                'city', (g % 83)::text, 'neighborhood', (g % 7)::text, 'HomeTypeID', '1', 'price', '1000000',
                'salesCatID', '1', 'salesSubCatID', (g % 79)::text, 'area', '2'),
              CASE WHEN g % 4 = 0 THEN 'draft' ELSE 'active' END, 'Free', now(), now() + interval '30 days'
       FROM generate_series(1, 6000) g`,
      [cust?.customer_id],
    );
    await t.db.query('ANALYZE ads');
    // The routes' own statements, with their parameters, as the planner sees them.
    const plan = async (st: Statement | null) => {
      if (!st) throw new Error('no statement');
      const rows = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${st.sql}`, st.params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const now = t.clock.now();
    const ad = (cat: number, subcat: number, values: Record<string, string>) =>
      ({ orderId: 1, cat, subcat, values }) as unknown as Ad;
    expect(await plan(sameAdsStatement(ad(1, 1, { manufacturer: '5', model: '7' }), now))).toContain(
      'ads_live_vehicles',
    );
    expect(await plan(carsGlimpseStatement({ subcat: 1, manufacturer: '5', model: '7', year: '2015' }, now))).toContain(
      'ads_live_vehicles',
    );
    expect(
      await plan(sameAdsStatement(ad(2, 1, { city: '5000', HomeTypeID: '1', neighborhood: '6590' }), now)),
    ).toContain('ads_live_real_estate');
    expect(
      await plan(
        realEstateCountStatement({ subcat: 1, cityId: '5000', hoodId: '6590', homeTypeId: '1', price: 1000000 }, now),
      ),
    ).toContain('ads_live_real_estate');
    expect(await plan(sameAdsStatement(ad(3, 0, { salesCatID: '1', salesSubCatID: '101', area: '2' }), now))).toContain(
      'ads_live_second_hand',
    );
    // And the routes' own statements: the same counts come back (the fixture rows are counted like any).
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/publish/glimpse?cat_id=1&subcat_id=2&type=cars&car_step=model&car_manufacturer=5&car_model=7',
    });
    const [expected] = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ads WHERE status = 'active' AND cat = 1 AND subcat = 2 AND ends_at > $1
       AND field_values ->> 'manufacturer' = '5' AND field_values ->> 'model' = '7'`,
      [t.clock.now().toISOString()],
    );
    expect(res.json().total).toBe(Number(expected?.n));
  });
});
