/**
 * The rules of the fields answer kept as data (packages/catalog/data/publish-rules.json) through the API: each
 * selection's publishRedirects, and disallowDecreasePricePopup where an edited ad has no upgrade to offer, in
 * publish and in edit mode (where a second-hand ad's section is a field of the ad).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Agent;
let contact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.4.7.1');
  ({ contact } = await registerWithPhone(t, owner));
});
afterAll(async () => {
  await t.close();
});

const fields = async (query: string) => {
  const res = await owner.get(`/api/publish/fields?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    publishRedirects: { id: string; property: string; value: string }[];
    disallowDecreasePricePopup: boolean;
  };
};

const adOf = (catalogId: string) => {
  const ad = CATEGORY_ADS.find((a) => a.catalogId === catalogId);
  if (!ad) throw new Error(`no ${catalogId} ad`);
  return ad;
};

describe('the publish rules in the fields answer', () => {
  it("carry the special vehicles' redirect rules, and none for private cars", async () => {
    const special = await fields('cat=1&subcat=6');
    expect(special.publishRedirects.map((r) => [r.id, r.property, r.value])).toEqual([
      ['special-vehicle-truck', 'specialType', '8'],
      ['special-vehicle-off-road-motorcycle', 'specialType', '9'],
    ]);
    expect((await fields('cat=1&subcat=1')).publishRedirects).toEqual([]);
    // The cached answer of one selection is never another's.
    expect((await fields('cat=1&subcat=6')).publishRedirects).toHaveLength(2);
  });

  it('disallow the price-decrease popup where no upgrade exists (holiday rentals, household workers)', async () => {
    expect((await fields('cat=10&subcat=1')).disallowDecreasePricePopup).toBe(true);
    expect((await fields('cat=14&subcat=1')).disallowDecreasePricePopup).toBe(true);
    expect((await fields('cat=1&subcat=1')).disallowDecreasePricePopup).toBe(false);
    expect((await fields('cat=3&subcat=0&SalesCatID=0')).disallowDecreasePricePopup).toBe(false);
  });

  it('follow a stock chosen in the product step: its free track only, no upgrade offered when its price drops', async () => {
    const sofa = adOf('second-hand');
    const { salesSubCat3ID: _, ...values } = sofa.values;
    const stock = { ...values, salesCatID: '40', salesSubCatID: '4001', title: 'חיסול מלאי של חנות בגדים' };
    const saved = (await owner.post('/api/publish/save-ad', { ...stock, ...contact, ...sofa.selectors })).json();
    expect(saved.orderID, JSON.stringify(saved)).toBeGreaterThan(0);
    expect(saved.chooseOrderType.orderType.map((t: { adType: string }) => t.adType)).toEqual(['FreeView']);
    const paid = await owner.post('/api/publish/finish-page', {
      OrderID: saved.orderID,
      RecordID: saved.orderID,
      CatID: 3,
      SubCatID: 0,
      pt_hash: 'c3-vip',
      idempotencyKey: `stock-${saved.orderID}-000000000`,
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors).toHaveProperty('pt_hash');
    expect((await owner.get(`/api/publish/fields/${saved.orderID}`)).json().disallowDecreasePricePopup).toBe(true);
    // Published free, it is offered no one-ad upgrade either (My Ads' list and its purchase).
    const finished = await owner.post('/api/publish/finish-publish', {
      CatID: 3,
      SubCatID: 0,
      OrderID: saved.orderID,
      RecordID: saved.orderID,
      orderType: 'FreeView',
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const upgrades = await owner.get(`/gateway/packages/personal/${saved.orderID}`);
    expect(upgrades.json()).toEqual({ status: 200, msg: [] });
  });

  it("in edit mode follow the ad: a holiday rental's edit disallows it, a sofa's does not", async () => {
    for (const [catalogId, disallowed] of [
      ['tourism', true],
      ['second-hand', false],
    ] as const) {
      const ad = adOf(catalogId);
      const saved = (await owner.post('/api/publish/save-ad', { ...ad.values, ...contact, ...ad.selectors })).json();
      expect(saved.orderID).toBeGreaterThan(0);
      const res = await owner.get(`/api/publish/fields/${saved.orderID}`);
      expect([catalogId, res.json().disallowDecreasePricePopup]).toEqual([catalogId, disallowed]);
    }
  });
});
