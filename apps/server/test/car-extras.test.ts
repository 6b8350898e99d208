/**
 * The car ad's side requests: the duplicate-ad check against the customer's own stored ads, the trade-in
 * lead and the missing sub-model report. Validation errors store nothing; another account's ad is 404.
 */
import { findPlate } from '@app/catalog/vehicles/lookup';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { count, custId } from './support/plan-extras.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let ownerContact: ContactValues;
let stranger: Agent;
let strangerContact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.71.0.1');
  ({ contact: ownerContact } = await registerWithPhone(t, owner));
  stranger = new Agent(t.app, '10.71.0.2');
  ({ contact: strangerContact } = await registerWithPhone(t, stranger));
});
afterAll(async () => {
  await t.close();
});

const plate = SAMPLE_PLATES.privateCar;
const formatted = `${plate.slice(0, 3)}-${plate.slice(3, 5)}-${plate.slice(5)}`;
const car = () => ({ ...validCarAd(), registrationPlate: formatted });
const check = (agent: Agent, extra: Record<string, unknown> = {}) => {
  const c = car();
  return agent.post('/api/publish/check-duplication-car', {
    catId: '1',
    subCatId: '1',
    registrationPlate: c.registrationPlate,
    manufacturer: c.manufacturer,
    model: c.model,
    year: c.year,
    ...extra,
  });
};

describe('POST /api/publish/check-duplication-car', () => {
  let first: number;
  it('no duplicate before the first ad; the ad saved through save-ad makes the same car a duplicate', async () => {
    expect((await check(owner)).json()).toEqual({ status: 200, duplication: false });
    const saved = await owner.post('/api/publish/save-ad', { ...car(), ...ownerContact });
    expect(saved.statusCode).toBe(200);
    first = Number(saved.json().orderID);
    expect(first).toBeGreaterThan(0);
    // The plate is compared by its digits.
    for (const registrationPlate of [formatted, plate]) {
      expect((await check(owner, { registrationPlate })).json()).toEqual({
        status: 200,
        duplication: true,
        OrderID: first,
        upgradeOrderUrl: `/my-ads?upgrade=${first}`,
      });
    }
  });

  it('the same ad (its own OrderID), another car, another category or missing fields are no duplicate', async () => {
    expect((await check(owner, { OrderID: String(first) })).json().duplication).toBe(false);
    const other = findPlate(SAMPLE_PLATES.jeep);
    expect((await check(owner, { registrationPlate: SAMPLE_PLATES.jeep })).json().duplication).toBe(false);
    expect((await check(owner, { year: String(Number(car().year) - 1) })).json().duplication).toBe(false);
    expect((await check(owner, { model: String(other?.modelId) })).json().duplication).toBe(false);
    expect((await check(owner, { subCatId: '5' })).json().duplication).toBe(false);
    expect((await check(owner, { catId: '2' })).json().duplication).toBe(false);
    expect((await check(owner, { registrationPlate: '' })).json().duplication).toBe(false);
    expect((await check(owner, { manufacturer: ['1'] })).json().duplication).toBe(false);
  });

  it("checks only the customer's own ads; a deleted ad no longer counts; a guest gets 422; CSRF needed", async () => {
    expect((await check(stranger)).json()).toEqual({ status: 200, duplication: false });
    expect((await check(new Agent(t.app, '10.71.0.9'))).statusCode).toBe(422);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/publish/check-duplication-car', payload: {} });
    expect(noCsrf.statusCode).toBe(403);
    const strangerAd = await stranger.post('/api/publish/save-ad', { ...car(), ...strangerContact });
    expect(strangerAd.statusCode).toBe(200);
    expect((await check(stranger)).json().OrderID).toBe(Number(strangerAd.json().orderID));
    await t.db.query("UPDATE ads SET status = 'deleted' WHERE id = $1", [first]);
    expect((await check(owner)).json().duplication).toBe(false);
    await t.db.query("UPDATE ads SET status = 'draft' WHERE id = $1", [first]);
  });
});

const leads = () => count(t, 'SELECT count(*) AS n FROM trade_in_leads', []);
const TRADE_IN = '/api/publish/car-trader/trade-in-lead';

describe('POST /api/publish/car-trader/trade-in-lead', () => {
  it("name and phone are required with the spec's texts; an invalid phone is refused; nothing is stored", async () => {
    const empty = await owner.post(TRADE_IN, { name: '  ', phone: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      data: { success: false },
      errors: { name: 'שם מלא שדה חובה', phone: 'טלפון שדה חובה' },
    });
    const bad = await owner.post(TRADE_IN, { name: 'דנה לוי', phone: '12345' });
    expect(bad.json()).toMatchObject({ errors: { phone: 'המספר אינו תקין' } });
    expect(bad.json().errors.name).toBeUndefined();
    expect((await owner.post(TRADE_IN, { name: 'א'.repeat(61), phone: '050-1234567' })).json().errors.name).toBe(
      'יותר מדי תווים',
    );
    expect(await leads()).toBe(0);
  });

  it("stores the lead with the car and the customer's ad; another account's ad is 404; a guest 422", async () => {
    const ad = (await t.db.query<{ id: number }>('SELECT id FROM ads WHERE customer_id = $1', [await custId(owner)]))[0]
      ?.id;
    const c = car();
    const res = await owner.post(TRADE_IN, {
      name: ' דנה   לוי ',
      phone: '052-7654321',
      OrderID: String(ad),
      manufacturer: c.manufacturer,
      model: c.model,
      year: c.year,
      km: '45,000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: { success: true } });
    const [row] = await t.db.query<{ name: string; phone: string; ad_id: number; car: unknown; status: string }>(
      'SELECT name, phone, ad_id, car, status FROM trade_in_leads',
    );
    expect(row).toMatchObject({ name: 'דנה לוי', phone: '0527654321', status: 'new' });
    expect(Number(row?.ad_id)).toBe(Number(ad));
    expect(row?.car).toEqual({ manufacturer: c.manufacturer, model: c.model, year: c.year, km: '45000' });

    // Without an ad (before the first save) the lead is stored too.
    expect((await owner.post(TRADE_IN, { name: 'דנה', phone: '0527654321' })).json().data.success).toBe(true);
    const foreign = await stranger.post(TRADE_IN, { name: 'זר', phone: '0527654321', OrderID: String(ad) });
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.post(TRADE_IN, { name: 'זר', phone: '0527654321', OrderID: '99999999' })).statusCode).toBe(
      404,
    );
    expect((await new Agent(t.app, '10.71.0.8').post(TRADE_IN, { name: 'א', phone: '0527654321' })).statusCode).toBe(
      422,
    );
    expect(await leads()).toBe(2);
  });
});

const reports = () => count(t, 'SELECT count(*) AS n FROM missing_sub_models', []);
const STINKER = '/api/stinker?action=missingSubModel';

describe('GET/POST /api/stinker?action=missingSubModel', () => {
  const p = findPlate(SAMPLE_PLATES.privateCar);
  const ids = { missingManufacturerID: String(p?.manufacturerId), missingModelID: String(p?.modelId) };

  it('the text is required; ids must be ours and belong together; nothing is stored', async () => {
    const empty = await owner.post(STINKER, { missingSubModel: ' ', ...ids });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, errors: { missingSubModel: 'יש לכתוב את תת הדגם החסר' } });
    const wrongModel = await owner.post(STINKER, { missingSubModel: '1.8 GLI', ...ids, missingModelID: '999999' });
    expect(wrongModel.json().errors).toEqual({ missingModelID: 'ערך לא תקין' });
    const wrongYear = await owner.post(STINKER, { missingSubModel: '1.8 GLI', ...ids, missingYearID: '1950' });
    expect(wrongYear.json().errors).toEqual({ missingYearID: 'ערך לא תקין' });
    expect((await owner.post(STINKER, { missingSubModel: 'x'.repeat(101) })).json().errors.missingSubModel).toBe(
      'יותר מדי תווים',
    );
    expect((await owner.post('/api/stinker?action=other', { missingSubModel: 'x' })).statusCode).toBe(404);
    expect(await reports()).toBe(0);
  });

  it('POST and GET store the report for review with the names of our ids; 404 for another account; 422 guest', async () => {
    const res = await owner.post(STINKER, {
      missingSubModel: '1.8 היברידי Sport',
      ...ids,
      missingYearID: String(p?.carYear),
      missingGearBox: 'אוטומטי',
      SubCatID: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, success: true });
    const get = await owner.get(`${STINKER}&missingSubModel=${encodeURIComponent('2.0 Turbo')}&SubCatID=1`);
    expect(get.json()).toEqual({ status: 200, success: true });
    const rows = await t.db.query<{ sub_model: string; details: Record<string, string>; subcat: number }>(
      'SELECT sub_model, details, subcat FROM missing_sub_models ORDER BY id',
    );
    expect(rows.map((r) => r.sub_model)).toEqual(['1.8 היברידי Sport', '2.0 Turbo']);
    expect(rows[0]?.details).toMatchObject({
      ...ids,
      missingManufacturer: 'טויוטה',
      missingModel: 'קורולה',
      missingYear: String(p?.carYear),
      missingGearBox: 'אוטומטי',
    });
    expect(rows[0]?.subcat).toBe(1);

    const ad = (await t.db.query<{ id: number }>('SELECT id FROM ads WHERE customer_id = $1', [await custId(owner)]))[0]
      ?.id;
    expect((await stranger.post(STINKER, { missingSubModel: 'x', OrderID: String(ad) })).statusCode).toBe(404);
    expect((await owner.post(STINKER, { missingSubModel: 'x', OrderID: String(ad) })).statusCode).toBe(200);
    expect((await new Agent(t.app, '10.71.0.7').post(STINKER, { missingSubModel: 'x' })).statusCode).toBe(422);
    // The GET changes state: it needs the CSRF header like a POST.
    const noCsrf = await t.app.inject({ method: 'GET', url: `${STINKER}&missingSubModel=x` });
    expect(noCsrf.statusCode).toBe(403);
    expect(await reports()).toBe(3);
  });
});

describe('GET /api/publish/price-reminder-options', () => {
  it('offers the quartiles and median of live ads of the same car; nothing with too few; guest 422', async () => {
    const c = car();
    const url = `/api/publish/price-reminder-options?cat=1&subcat=1&manufacturer=${c.manufacturer}&model=${c.model}&year=${c.year}`;
    expect((await owner.get(url)).json()).toEqual({ status: 200, prices: [] });
    const id = await custId(stranger);
    for (const price of ['80,000', '90,000', '100,000', '1']) {
      await t.db.query(
        `INSERT INTO ads (customer_id, cat, subcat, field_values, status) VALUES ($1, 1, 1, $2::jsonb, $3)`,
        [id, JSON.stringify({ ...c, price }), price === '1' ? 'draft' : 'active'],
      );
    }
    expect((await owner.get(url)).json()).toEqual({ status: 200, prices: [85_000, 90_000, 95_000] });
    expect((await owner.get(url.replace('subcat=1', 'subcat=2'))).json().prices).toEqual([]);
    expect((await new Agent(t.app, '10.71.0.6').get(url)).statusCode).toBe(422);
  });
});
