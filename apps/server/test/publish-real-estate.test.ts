import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressData } from '../src/catalogue/address-data.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { DIZENGOFF, JERUSALEM, TEL_AVIV, validRentAd, validSaleAd } from './support/real-estate-ad.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
/** The owner's contact step, with a number the owner verified. */
let contact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  ({ contact } = await registerWithPhone(t, owner));
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = 'personal_publish_address';
const ADDRESS_FIELDS = ['cat', 'subcat', 'HomeTypeID', 'propertyCondition', 'city', 'street', 'homeNumber', 'entrance'];
const addressOf = (ad: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    [...ADDRESS_FIELDS, 'neighborhood', 'floor', 'totalFloors'].flatMap((k) =>
      ad[k] === undefined ? [] : [[k, ad[k]]],
    ),
  );

/** A street code of Jerusalem that Tel Aviv does not have. */
function jerusalemOnlyStreet(): string {
  const tlv = new Set((addressData().streets.get(Number(TEL_AVIV)) ?? []).map((s) => s.code));
  const street = addressData()
    .streets.get(Number(JERUSALEM))
    ?.find((s) => !tlv.has(s.code));
  if (!street) throw new Error('no Jerusalem-only street');
  return String(street.code);
}

const storedAd = async (id: number) => {
  const [row] = await t.db.query<{ status: string; cat: number; subcat: number; field_values: Record<string, string> }>(
    'SELECT status, cat, subcat, field_values FROM ads WHERE id = $1',
    [id],
  );
  return row;
};

describe('GET /api/publish/fields for real estate', () => {
  it.each([
    ['1', 'real-estate-sale'],
    ['2', 'real-estate-rent'],
    ['4', 'real-estate-commercial'],
  ])('subcat %s serves %s with the spec steps', async (subcat, id) => {
    const res = await owner.get(`/api/publish/fields?cat=2&subcat=${subcat}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ catalogId: id, cat: 2, subcat: Number(subcat), firstStep: 1 });
    expect(body.fields.map((s: { area: string }) => s.area)).toEqual([
      'personal_publish_category',
      ADDRESS,
      'personal_publish_home_properties',
      'personal_publish_sales_properties',
      'personal_publish_media',
      'personal_publish_login',
      'personal_publish_payment_choose',
    ]);
  });

  it('has no catalogue for the real-estate subcats it does not serve', async () => {
    expect((await owner.get('/api/publish/fields?cat=2&subcat=9')).statusCode).toBe(404);
  });
});

describe('check-step: the address', () => {
  it('accepts Dizengoff in Tel Aviv - Yafo', async () => {
    const res = await owner.get(`/api/publish/check-step?${q({ ...addressOf(validSaleAd()), check_area: ADDRESS })}`);
    expect(res.json()).toEqual({ errors: null });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a street of another city with a field error', async () => {
    const street = jerusalemOnlyStreet();
    const res = await owner.get(
      `/api/publish/check-step?${q({ ...addressOf(validSaleAd()), street, check_area: ADDRESS })}`,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().errFields).toEqual({ street: 'יש לבחור רחוב מתוך הרשימה' });
    // The same code is fine in its own city (with one of its neighbourhoods or none).
    const own = await owner.get(
      `/api/publish/check-step?${q({ ...addressOf(validSaleAd()), city: JERUSALEM, street, neighborhood: '-1', check_area: ADDRESS })}`,
    );
    expect(own.json()).toEqual({ errors: null });
  });

  it('refuses an unknown city, a neighbourhood of another city, and a missing city', async () => {
    const bad = async (values: Record<string, string>) =>
      (
        await owner.get(`/api/publish/check-step?${q({ ...addressOf(validSaleAd()), ...values, check_area: ADDRESS })}`)
      ).json().errFields;
    expect((await bad({ city: '424242' })).city).toBe('יש לבחור ישוב מתוך הרשימה');
    expect((await bad({ neighborhood: '6779' })).neighborhood).toBe('ערך לא תקין'); // תלפיות is in Jerusalem
    expect(await bad({ city: '' })).toMatchObject({ city: 'שדה חובה' });
  });

  it('a locality without streets needs no street', async () => {
    const moshav = addressData().localities.find((l) => !addressData().streets.has(l.code) && l.population > 500);
    const { street: _s, homeNumber: _h, entrance: _e, neighborhood: _n, ...rest } = addressOf(validSaleAd());
    expect(rest).toHaveProperty('HomeTypeID');
    const res = await owner.get(
      `/api/publish/check-step?${q({ ...rest, city: String(moshav?.code), check_area: ADDRESS })}`,
    );
    expect(res.json()).toEqual({ errors: null });
  });
});

describe('save-ad: a sale and a rent ad', () => {
  it('a full valid sale ad is stored as a draft with its values', async () => {
    const res = await owner.post('/api/publish/save-ad', { ...validSaleAd(), ...contact, isAdmin: '1' });
    expect(res.statusCode).toBe(200);
    const { orderID, recordID } = res.json();
    expect(orderID).toBeGreaterThan(0);
    expect(recordID).toBeGreaterThan(0);
    const row = await storedAd(orderID);
    expect(row).toMatchObject({ status: 'draft', cat: 2, subcat: 1 });
    expect(row?.field_values).toMatchObject({
      HomeTypeID: '1',
      city: TEL_AVIV,
      street: DIZENGOFF,
      homeNumber: '50',
      entrance: '2',
      rooms: '3.5',
      sqmBuilt: '85',
      price: '3450000',
      nominalPrice: '1',
      entranceDate: '01/03/2027',
      elevator: '1',
      parking: '1',
    });
    expect(row?.field_values).not.toHaveProperty('isAdmin');
    expect(row?.field_values).not.toHaveProperty('paymentInYear');
  });

  it('a rent ad is stored with its monthly rent and payments a year', async () => {
    const res = await owner.post('/api/publish/save-ad', { ...validRentAd(), ...contact });
    const { orderID } = res.json();
    const row = await storedAd(orderID);
    expect(row).toMatchObject({ status: 'draft', cat: 2, subcat: 2 });
    expect(row?.field_values).toMatchObject({ rentType: '1', price: '7200', paymentInYear: '12', furnished: '1' });
  });

  it('the price per m² (109954) is the server’s own sum, whatever the browser sent; the rent’s monthly total (110139) is never stored', async () => {
    const sale = await owner.post('/api/publish/save-ad', { ...validSaleAd(), ...contact, '109954': '1' });
    expect(sale.statusCode).toBe(200);
    // 3,450,000 ₪ over 85 m².
    expect((await storedAd(sale.json().orderID))?.field_values).toMatchObject({ price: '3450000', '109954': '40588' });
    const rent = await owner.post('/api/publish/save-ad', { ...validRentAd(), ...contact, '110139': '99999' });
    expect(rent.statusCode).toBe(200);
    expect((await storedAd(rent.json().orderID))?.field_values).not.toHaveProperty('110139');
  });

  it('an area of 0 is refused with the smallest value, whatever the browser let through', async () => {
    const res = await owner.post('/api/publish/save-ad', { ...validSaleAd(), ...contact, sqmBuilt: '0' });
    expect(res.json()).toEqual({ errFields: { sqmBuilt: 'הערך הנמוך ביותר האפשרי הוא 1' } });
  });

  it('a partner ad (a room in a shared apartment) needs the number of partners', async () => {
    const missing = await owner.post('/api/publish/save-ad', { ...validRentAd(), ...contact, rentType: '2' });
    expect(missing.json()).toEqual({ errFields: { roommates: 'שדה חובה' } });
    const ok = await owner.post('/api/publish/save-ad', {
      ...validRentAd(),
      ...contact,
      rentType: '2',
      roommates: '2',
    });
    expect((await storedAd(ok.json().orderID))?.field_values).toMatchObject({ rentType: '2', roommates: '2' });
  });

  it('a street of another city is refused and nothing is stored', async () => {
    const before = (await t.db.query('SELECT id FROM ads')).length;
    const res = await owner.post('/api/publish/save-ad', {
      ...validSaleAd(),
      ...contact,
      street: jerusalemOnlyStreet(),
    });
    expect(res.json()).toEqual({ errFields: { street: 'יש לבחור רחוב מתוך הרשימה' } });
    expect(await t.db.query('SELECT id FROM ads')).toHaveLength(before);
  });
});

describe('edit: the owner only', () => {
  it('the owner edits the real-estate details; another account gets 404 and changes nothing', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', { ...validRentAd(), ...contact })).json();
    const edit = await owner.get(`/api/publish/fields/${orderID}`);
    expect(edit.statusCode).toBe(200);
    // The floor, what the property has, the payments and the photos; the address and the property type stay.
    expect(edit.json().fields.map((s: { area: string }) => s.area)).toEqual([
      'personal_edit_building',
      'personal_edit_home_properties',
      'personal_edit_sales_properties',
      'personal_edit_media',
      'personal_edit_login',
    ]);
    expect(edit.json().values).toMatchObject({ price: '7200', street: DIZENGOFF });
    expect(edit.json().lockedValues).toMatchObject({ city: TEL_AVIV, street: DIZENGOFF, parking: '1' });

    const saved = await owner.post(`/api/publish/save-ad/${orderID}`, {
      ...validRentAd(),
      ...contact,
      // Locked: the request cannot move the property or change its parking.
      street: '1',
      parking: '3',
      price: '6,900',
      paymentInYear: '6',
      description: 'המחיר ירד, כניסה גמישה',
      entranceFlexible: '1',
    });
    expect(saved.json()).toMatchObject({ orderID });

    const stranger = new Agent(t.app, '10.9.9.7');
    await register(stranger);
    expect((await stranger.get(`/api/publish/fields/${orderID}`)).statusCode).toBe(404);
    const attack = await stranger.post(`/api/publish/save-ad/${orderID}`, { price: '1', paymentInYear: '1' });
    expect(attack.statusCode).toBe(404);

    const row = await storedAd(orderID);
    expect(row?.field_values).toMatchObject({
      price: '6900',
      paymentInYear: '6',
      entranceFlexible: '1',
      city: TEL_AVIV,
      street: DIZENGOFF,
      parking: '1',
    });
  });

  it('an edit without the rent is refused with a field error', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', { ...validRentAd(), ...contact })).json();
    const res = await owner.post(`/api/publish/save-ad/${orderID}`, {
      ...validRentAd(),
      ...contact,
      price: '',
      paymentInYear: '12',
    });
    expect(res.json()).toEqual({ errFields: { price: 'שדה חובה' } });
    expect((await storedAd(orderID))?.field_values.price).toBe('7200');
  });
});
