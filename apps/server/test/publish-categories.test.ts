/**
 * Second-hand (plain, business for sale, fashion, baby and child), pets, studies, tourism, household
 * workers and customer info through the API: fields, a realistic ad per family saved as a draft, edit by
 * the owner only, the business-for-sale trader rule and the free-text category search.
 */
import { CATALOGS } from '@app/catalog/categories/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS, type CategoryAd } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let trader: Agent;
/** Each account's contact step, with a number it verified. */
let ownerContact: ContactValues;
let traderContact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.1.0.1');
  ({ contact: ownerContact } = await registerWithPhone(t, owner));
  trader = new Agent(t.app, '10.1.0.2');
  const registered = await registerWithPhone(t, trader);
  traderContact = registered.contact;
  await t.db.query(`UPDATE customers SET trade = '{"3":{"2":1}}'::jsonb WHERE email = $1`, [registered.email]);
});
afterAll(async () => {
  await t.close();
});

const agentFor = (ad: CategoryAd) => (ad.trader ? trader : owner);
const contactFor = (ad: CategoryAd) => (ad.trader ? traderContact : ownerContact);
const row = async (id: number) =>
  (
    await t.db.query<{ status: string; cat: number; subcat: number | null; field_values: Record<string, unknown> }>(
      'SELECT status, cat, subcat, field_values FROM ads WHERE id = $1',
      [id],
    )
  )[0];

describe('GET /api/publish/fields', () => {
  it.each(CATEGORY_ADS.map((ad) => [ad.family, ad] as const))('%s: its catalogue', async (_family, ad) => {
    const res = await agentFor(ad).get(`/api/publish/fields?${q(ad.selectors)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ catalogId: ad.catalogId, cat: Number(ad.selectors.cat) });
  });

  it('first steps: 0 for second-hand, business for sale, studies and tourism; 1 for the others', async () => {
    const first = async (query: string) => (await owner.get(`/api/publish/fields?${query}`)).json().firstStep;
    expect(await first('cat=3&subcat=0')).toBe(0);
    expect(await first('cat=3&subcat=0&SalesCatID=18&SalesSubCatID=1026')).toBe(0);
    expect(await first('cat=6&subcat=2')).toBe(0);
    expect(await first('cat=10&subcat=3')).toBe(0);
    expect(await first('cat=5&petType=2')).toBe(1);
    expect(await first('cat=14&subcat=3')).toBe(1);
  });

  it('a category without its sub-selection has no fields (404)', async () => {
    for (const query of ['cat=3', 'cat=3&subcat=0&SalesCatID=18', 'cat=5', 'cat=6', 'cat=10', 'cat=14']) {
      expect([query, (await owner.get(`/api/publish/fields?${query}`)).statusCode]).toEqual([query, 404]);
    }
  });

  it('a contact area alone (area=)', async () => {
    const body = (await owner.get('/api/publish/fields?cat=5&petType=3&area=personal_publish_login')).json();
    expect(body.fields.map((s: { area: string }) => s.area)).toEqual(['personal_publish_login']);
  });
});

describe('save-ad: a realistic ad of every family is stored with its values (a draft until its plan; live at once without one)', () => {
  it.each(CATEGORY_ADS.map((ad) => [ad.family, ad] as const))('%s', async (_family, ad) => {
    const res = await agentFor(ad).post('/api/publish/save-ad', {
      ...ad.values,
      ...contactFor(ad),
      ...ad.selectors,
      isAdmin: '1',
    });
    expect(res.statusCode).toBe(200);
    const { orderID, recordID, errFields } = res.json();
    expect(errFields).toBeUndefined();
    expect(orderID).toBeGreaterThan(0);
    expect(recordID).toBeGreaterThan(0);
    const saved = await row(orderID);
    // Household workers (14) and customer info (100) have no plan step: the save publishes them (publish-no-plan.test.ts).
    const withoutPlan = ad.selectors.cat === '14' || ad.selectors.cat === '100';
    expect(saved).toMatchObject({
      status: withoutPlan ? 'active' : 'draft',
      cat: Number(ad.selectors.cat),
      field_values: ad.stored,
    });
    expect(saved?.field_values).not.toHaveProperty('isAdmin');
  });

  it('the server re-checks: a missing 6727 or a sub-category of another category is refused', async () => {
    const [general] = CATEGORY_ADS;
    if (!general) throw new Error('no ad');
    const res = await owner.post('/api/publish/save-ad', {
      ...general.values,
      ...ownerContact,
      ...general.selectors,
      '6727': '',
      salesSubCatID: '801',
    });
    expect(res.json().errFields).toMatchObject({ '6727': 'שדה חובה', salesSubCatID: 'ערך לא תקין' });
  });

  it('check-step of the product step answers the Hebrew errors of step 2', async () => {
    const res = await owner.get(
      `/api/publish/check-step?${q({ cat: '3', subcat: '0', SalesCatID: '0', check_area: 'personal_publish_product_properties' })}`,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().errFields).toMatchObject({ salesCatID: 'שדה חובה', '6727': 'שדה חובה', '110137': 'שדה חובה' });
  });
});

describe('business for sale: second-hand business traders only (spec §6)', () => {
  const business = CATEGORY_ADS.find((ad) => ad.catalogId === 'business-for-sale');
  if (!business) throw new Error('no business ad');

  it('a customer without the package is sent to the package page and nothing is stored', async () => {
    const before = (await t.db.query('SELECT id FROM ads')).length;
    const fields = (await owner.get(`/api/publish/fields?${q(business.selectors)}`)).json();
    expect(fields).toMatchObject({ fields: [], redirectForce: '/finishArea?cat=3&subcat=2' });
    const check = await owner.get(
      `/api/publish/check-step?${q({ ...business.selectors, check_area: 'personal_publish_business_type' })}`,
    );
    expect(check.statusCode).toBe(403);
    const save = await owner.post('/api/publish/save-ad', {
      ...business.values,
      ...ownerContact,
      ...business.selectors,
    });
    expect(save.json()).toEqual({
      mainError: 'פרסום מודעה בעסקים למכירה מחייב חבילת פרסום לעסקים',
      redirectForce: '/finishArea?cat=3&subcat=2',
    });
    expect(await t.db.query('SELECT id FROM ads')).toHaveLength(before);
  });

  it('a guest gets the fields (login comes first) and cannot save', async () => {
    const guest = new Agent(t.app, '10.1.0.9');
    expect((await guest.get(`/api/publish/fields?${q(business.selectors)}`)).json().catalogId).toBe(
      'business-for-sale',
    );
    expect((await guest.post('/api/publish/save-ad', { ...business.selectors })).statusCode).toBe(422);
  });
});

/** Per cat: the edit step's area and a change the owner makes (wire values) with what is then stored. */
const EDITS: Record<string, { area: string; change: Record<string, string | string[]>; stored: object }> = {
  'second-hand': { area: 'personal_edit_sales_properties', change: { price: '990' }, stored: { price: '990' } },
  'fashion-shoes': { area: 'personal_edit_sales_properties', change: { price: '300' }, stored: { price: '300' } },
  'business-for-sale': {
    area: 'personal_edit_sales_properties',
    change: { price: '420,000' },
    stored: { price: '420000' },
  },
  'pets-dogs': { area: 'personal_edit_pet_properties', change: { price: '2,200' }, stored: { price: '2200' } },
  studies: { area: 'personal_edit_teacher_details', change: { price: '170' }, stored: { price: '170' } },
  tourism: { area: 'personal_edit_tourism_details', change: { priceMidweek: '950' }, stored: { priceMidweek: '950' } },
  'household-workers-nanny': {
    area: 'personal_edit_nanny_properties',
    change: { hourlyRate: '60' },
    stored: { hourlyRate: '60' },
  },
  'customer-info': {
    area: 'personal_edit_customer_info',
    change: { businessName: 'שיפוצי כהן ובניו' },
    stored: { businessName: 'שיפוצי כהן ובניו' },
  },
};

describe('edit: the owner only, one ad of every category', () => {
  it.each(Object.entries(EDITS))('%s', async (catalogId, edit) => {
    const ad = CATEGORY_ADS.find((a) => a.catalogId === catalogId);
    if (!ad) throw new Error(catalogId);
    const me = agentFor(ad);
    const contact = contactFor(ad);
    const { orderID } = (await me.post('/api/publish/save-ad', { ...ad.values, ...contact, ...ad.selectors })).json();
    const fields = await me.get(`/api/publish/fields/${orderID}`);
    expect(fields.statusCode).toBe(200);
    const areas = fields.json().fields.map((s: { area: string }) => s.area);
    expect(areas).toContain(edit.area);
    expect(areas.slice(-2)).toEqual(['personal_edit_media', 'personal_edit_login']);
    expect(fields.json().values).toMatchObject(ad.stored);
    const before = (await row(orderID))?.field_values ?? {};

    // The edit form's values, and an attempt to change what edit locks: those keep their saved values.
    const catalog = CATALOGS.find((c) => c.id === catalogId);
    const locked = Object.fromEntries((catalog?.editLocked ?? []).map((id) => [id, '999']));
    const saved = await me.post(`/api/publish/save-ad/${orderID}`, {
      ...ad.values,
      ...contact,
      ...edit.change,
      ...locked,
    });
    expect(saved.json()).toMatchObject({ orderID });
    // Published at once without a plan step (household workers, customer info): the edit goes live at the finish.
    expect((await me.post(`/api/publish/${orderID}/order-edited`)).statusCode).toBe(200);
    const after = (await row(orderID))?.field_values ?? {};
    expect(after).toMatchObject({ ...ad.stored, ...edit.stored });
    for (const id of Object.keys(locked)) expect([id, after[id]]).toEqual([id, before[id]]);

    const stranger = new Agent(t.app, '10.1.9.9');
    await register(stranger);
    expect((await stranger.get(`/api/publish/fields/${orderID}`)).statusCode).toBe(404);
    const attack = await stranger.post(`/api/publish/save-ad/${orderID}`, {
      ...ad.values,
      ...contact,
      price: '1',
      description: 'x',
    });
    expect(attack.statusCode).toBe(404);
    expect((await row(orderID))?.field_values).toMatchObject({ ...ad.stored, ...edit.stored });
  });
});

describe('free-text product category search', () => {
  it('GET /gateway/nixale-proxy/freeSearch answers Hebrew matches with their path and publish url', async () => {
    const res = await owner.get(
      `/gateway/nixale-proxy/freeSearch?${q({ category: 'products', fullProducts: '1', getSuggestions: '1', q: 'ספה תלת מושבית' })}`,
    );
    expect(res.statusCode).toBe(200);
    const [best] = res.json().categories;
    expect(best).toEqual({
      name: 'ריהוט › ספות וכורסאות › ספות',
      url: '/publish?cat=3&subcat=0&SalesCatID=1&SalesSubCatID=101&SalesSubCat3ID=10101&step=1',
      category: 1,
      item: 101,
      SalesCatID: 1,
      SalesSubCatID: 101,
      SalesSubCat3ID: 10101,
      level: 3,
    });
    const stroller = (await owner.get(`/gateway/nixale-proxy/freeSearch?${q({ q: 'עגלת תאומים' })}`)).json();
    expect(stroller.categories[0]).toMatchObject({ name: 'לתינוק ולילד › עגלות וטיולונים › עגלות תאומים' });
  });

  it('SalesCatID keeps the search inside one top category', async () => {
    const all = (await owner.get(`/gateway/nixale-proxy/freeSearch?${q({ q: 'מיטה' })}`)).json().categories;
    expect(all.some((c: { SalesCatID: number }) => c.SalesCatID !== 11)).toBe(true);
    const baby = (await owner.get(`/gateway/nixale-proxy/freeSearch?${q({ q: 'מיטה', SalesCatID: '11' })}`)).json();
    expect(baby.categories.length).toBeGreaterThan(0);
    expect(baby.categories.every((c: { SalesCatID: number }) => c.SalesCatID === 11)).toBe(true);
  });

  it('its url opens the section’s wizard', async () => {
    const [shoes] = (await owner.get(`/gateway/nixale-proxy/freeSearch?${q({ q: 'נעלי ספורט' })}`)).json().categories;
    const query = new URL(shoes.url, 'http://x').searchParams;
    expect((await owner.get(`/api/publish/fields?${query}`)).json().catalogId).toBe('fashion-shoes');
  });

  it('under 2 characters: an empty list; another category than products: 400; odd input: never 5xx', async () => {
    expect((await owner.get('/gateway/nixale-proxy/freeSearch?q=ס')).json()).toEqual({
      status: 200,
      q: 'ס',
      categories: [],
    });
    expect((await owner.get('/gateway/nixale-proxy/freeSearch?category=cars&q=ספה')).statusCode).toBe(400);
    for (const odd of ['q=%00%00', 'q=a&q=b', `q=${'א'.repeat(5000)}`, 'q[]=x', '']) {
      expect((await owner.get(`/gateway/nixale-proxy/freeSearch?${odd}`)).statusCode).toBeLessThan(500);
    }
  });

  it('the wizard’s lists: sub-categories, third level and the search autocomplete', async () => {
    const subs = (await owner.get('/api/publish/options/product-subcategories?salesCatID=1')).json().data;
    expect(subs.map((o: { text: string }) => o.text)).toContain('ספות וכורסאות');
    const thirds = (await owner.get('/api/publish/options/product-subcategories3?salesSubCatID=101')).json().data;
    expect(thirds.map((o: { value: string }) => o.value)).toContain('10101');
    const found = (await owner.get(`/api/publish/options/product-search?${q({ keyword: 'מקרר' })}`)).json().data;
    expect(found[0]).toMatchObject({ value: '201', text: 'מוצרי חשמל › מקררים ומקפיאים', SalesCatID: 2 });
    const baby = (await owner.get(`/api/publish/options/baby-product-search?${q({ keyword: 'כיסא' })}`)).json().data;
    expect(baby.every((o: { SalesCatID: number }) => o.SalesCatID === 11)).toBe(true);
  });
});
