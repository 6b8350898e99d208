/**
 * The contact step on the server: save-ad takes only phone numbers the customer verified and
 * has not deactivated (a category trader excepted), stores them formatted, and the contact area comes prefilled
 * from the account and the customer's latest ad.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { contactWith, registerWithPhone, verifyPhone } from './support/contact.ts';
import { freshIp, freshPhone, phoneOutbox, sendSms } from './support/phones.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.db);
});
afterAll(async () => {
  await t.close();
});

const NOT_VERIFIED = 'יש לאמת את המספר בקוד שנשלח אליו לפני הפרסום';
const LANDLINE = 'טלפון נייח אינו מאופשר';
const dashed = (n: string) => `${n.slice(0, 3)}-${n.slice(3)}`;

const countAds = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ads'))[0]?.n);
const storedValues = async (id: number) =>
  (await t.db.query<{ field_values: Record<string, unknown> }>('SELECT field_values FROM ads WHERE id = $1', [id]))[0]
    ?.field_values;
const saveCar = (a: Agent, contact: Record<string, string>) =>
  a.post('/api/publish/save-ad', { ...validCarAd(), ...contact });
/** The contact area of the car wizard, with the values it comes with. */
const contactArea = async (a: Agent) => {
  const res = await a.get(`/api/publish/fields?${q({ cat: '1', subcat: '1', area: 'personal_publish_login' })}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { fields: { area: string }[]; values?: Record<string, string> };
};
const fresh = () => new Agent(t.app, freshIp());
async function loginDemo(role: 'private' | 'trader'): Promise<Agent> {
  const account = DEMO_ACCOUNTS[role === 'private' ? 0 : 1];
  const a = fresh();
  const res = await a.post('/api/auth/login', { username: account?.email, password: account?.password });
  expect(res.statusCode).toBe(200);
  return a;
}

describe('save-ad: the phones are numbers this customer verified', () => {
  it('an unverified primary phone is refused with the field text, and nothing is stored', async () => {
    const a = fresh();
    await registerWithPhone(t, a);
    const before = await countAds();
    const res = await saveCar(a, contactWith(freshPhone()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errFields: { validPhone1: NOT_VERIFIED } });
    expect(he.phoneNotVerified).toBe(NOT_VERIFIED);
    expect(await countAds()).toBe(before);
  });

  it('an unverified second phone is refused on its own field', async () => {
    const a = fresh();
    const { contact } = await registerWithPhone(t, a);
    const res = await saveCar(a, { ...contact, contactPerson2: 'יואב', validPhone2: dashed(freshPhone('052')) });
    expect(res.json()).toEqual({ errFields: { validPhone2: NOT_VERIFIED } });
  });

  it('a number verified by another account is not this customer’s', async () => {
    const other = fresh();
    const theirs = await registerWithPhone(t, other);
    const a = fresh();
    await registerWithPhone(t, a);
    const res = await saveCar(a, contactWith(theirs.phone));
    expect(res.json()).toEqual({ errFields: { validPhone1: NOT_VERIFIED } });
    // The same number is fine for its owner.
    expect((await saveCar(other, theirs.contact)).json().orderID).toBeGreaterThan(0);
  });

  it('a number the customer deactivated is refused with the deactivated text; active again, it is taken', async () => {
    const a = fresh();
    const { contact, phone } = await registerWithPhone(t, a);
    const off = await a.post('/api/publish/update-phone-activation', { phone, newState: 1 });
    expect(off.json()).toEqual({ status: 200, deactivatedInPublish: 1 });
    const before = await countAds();
    const refused = await saveCar(a, contact);
    expect(refused.json()).toEqual({ errFields: { validPhone1: he.phoneDeactivated } });
    expect(he.phoneDeactivated).toMatch(/מושבת/);
    expect(await countAds()).toBe(before);
    await a.post('/api/publish/update-phone-activation', { phone, newState: 0 });
    expect((await saveCar(a, contact)).json().orderID).toBeGreaterThan(0);
  });

  it('verified numbers are taken, and stored formatted however they were typed', async () => {
    const a = fresh();
    const { phone } = await registerWithPhone(t, a);
    const second = await verifyPhone(t, a, freshPhone('052'));
    const res = await saveCar(a, {
      contactName: 'דני לוי',
      validPhone1: phone.replace('-', ''),
      contactPerson2: 'רותי',
      validPhone2: second.replace('-', ' '),
    });
    const { orderID, errFields } = res.json();
    expect(errFields).toBeUndefined();
    expect(await storedValues(orderID)).toMatchObject({
      contactName: 'דני לוי',
      validPhone1: phone,
      contactPerson2: 'רותי',
      validPhone2: second,
    });
    expect(phone).toMatch(/^05\d-\d{7}$/);
  });

  it('a landline primary phone is refused by the number rule, and valid-phone sends it no SMS', async () => {
    const a = fresh();
    await registerWithPhone(t, a);
    const landline = '03-5123456';
    const sent = await sendSms(a, landline);
    expect(sent.json()).toEqual({ status: 500, errors: [LANDLINE] });
    expect(await phoneOutbox(t, '035123456')).toHaveLength(0);
    const before = await countAds();
    const res = await saveCar(a, contactWith(landline));
    expect(res.json()).toEqual({ errFields: { validPhone1: LANDLINE } });
    expect(await countAds()).toBe(before);
  });

  it('a malformed number gets the number rule’s text, not the verification text', async () => {
    const a = fresh();
    const { contact } = await registerWithPhone(t, a);
    const res = await saveCar(a, { ...contact, validPhone1: '050-12a4567' });
    expect(res.json()).toEqual({ errFields: { validPhone1: 'המספר אינו תקין' } });
  });
});

describe('save-ad: category traders add numbers without SMS (spec §4)', () => {
  it('the trader demo account in its trade category (cars) saves an unverified number, formatted', async () => {
    const trader = await loginDemo('trader');
    const unverified = freshPhone('053');
    const res = await saveCar(trader, contactWith(unverified));
    const { orderID, errFields } = res.json();
    expect(errFields).toBeUndefined();
    expect((await storedValues(orderID))?.validPhone1).toBe(dashed(unverified));
    // A landline may be a category trader's primary phone.
    const landline = await saveCar(trader, contactWith('035123456'));
    expect(landline.json().errFields).toBeUndefined();
    expect((await storedValues(landline.json().orderID))?.validPhone1).toBe('03-5123456');
  });

  it('the same trader outside its trade category, and a private customer, are held to verified numbers', async () => {
    const trader = await loginDemo('trader');
    // Pets are not in the trader's trade map.
    const dog = CATEGORY_ADS.find((ad) => ad.catalogId === 'pets-dogs');
    const res = await trader.post('/api/publish/save-ad', {
      ...dog?.values,
      ...dog?.selectors,
      ...contactWith(freshPhone('053')),
    });
    expect(res.json()).toEqual({ errFields: { validPhone1: NOT_VERIFIED } });
    const demoPrivate = await loginDemo('private');
    const refused = await saveCar(demoPrivate, contactWith(freshPhone('053')));
    expect(refused.json()).toEqual({ errFields: { validPhone1: NOT_VERIFIED } });
    // The demo account's own verified number is taken.
    expect((await saveCar(demoPrivate, contactWith('0501234567'))).json().orderID).toBeGreaterThan(0);
  });

  it('the istrader query flag or a trader sub-category does not excuse a private customer from verifying', async () => {
    const a = fresh();
    await registerWithPhone(t, a);
    const unverified = freshPhone('058');
    // Anyone can put istrader=1 in a URL: only the customer's trade map makes a category trader.
    const res = await a.post('/api/publish/save-ad', { ...validCarAd(), istrader: '1', ...contactWith(unverified) });
    expect(res.json()).toEqual({ errFields: { validPhone1: NOT_VERIFIED } });
  });
});

describe('save-ad/{id}: an edit is held to the same rule', () => {
  it('an unverified phone is refused and the ad is unchanged; a verified one is saved', async () => {
    const a = fresh();
    const { contact } = await registerWithPhone(t, a);
    const { orderID } = (await saveCar(a, contact)).json();
    const edit = { ...validCarAd(), price: '80,000', km: '46,000' };
    const refused = await a.post(`/api/publish/save-ad/${orderID}`, { ...edit, ...contactWith(freshPhone()) });
    expect(refused.json()).toEqual({ errFields: { validPhone1: NOT_VERIFIED } });
    expect(await storedValues(orderID)).toMatchObject({ price: '85000', validPhone1: contact.validPhone1 });

    const other = await verifyPhone(t, a, freshPhone('052'));
    const saved = await a.post(`/api/publish/save-ad/${orderID}`, { ...edit, ...contactWith(other.replace('-', '')) });
    expect(saved.json()).toMatchObject({ orderID });
    expect(await storedValues(orderID)).toMatchObject({ price: '80000', validPhone1: other });
  });
});

describe('the contact area comes prefilled', () => {
  it('a customer without ads gets the account name and main number', async () => {
    const a = fresh();
    const { phone } = await registerWithPhone(t, a);
    const body = await contactArea(a);
    expect(body.fields.map((s) => s.area)).toEqual(['personal_publish_login']);
    expect(body.values).toEqual({ contactName: 'נועה ישראלי', validPhone1: phone });
  });

  it('after a save, the latest ad’s contact details; a deactivated number is not offered', async () => {
    const a = fresh();
    const { phone: main } = await registerWithPhone(t, a);
    const second = await verifyPhone(t, a, freshPhone('052'));
    const third = await verifyPhone(t, a, freshPhone('058'));
    await saveCar(a, { ...contactWith(main), contactName: 'שם ישן' });
    const latest = {
      contactName: 'דני לוי',
      validPhone1: second,
      contactPerson2: 'רותי',
      validPhone2: third,
      showEmail: '1',
      virtual_num: '0',
      weekendCalls: '0',
    };
    expect((await saveCar(a, latest)).json().errFields).toBeUndefined();
    // The virtual number's choice is the ad's own: a new ad starts with the step's default (on), not the last cancel.
    const { virtual_num: _v, ...carried } = latest;
    expect((await contactArea(a)).values).toEqual(carried);

    // The second contact's number deactivated: neither it nor its person is offered.
    await a.post('/api/publish/update-phone-activation', { phone: third, newState: 1 });
    const { validPhone2: _p, contactPerson2: _c, ...withoutSecond } = carried;
    expect((await contactArea(a)).values).toEqual(withoutSecond);
    // The ad's primary number deactivated: the account's main number instead.
    await a.post('/api/publish/update-phone-activation', { phone: second, newState: 1 });
    expect((await contactArea(a)).values).toEqual({ ...withoutSecond, validPhone1: main });
  });

  it('a guest gets the contact area without values', async () => {
    const body = await contactArea(fresh());
    expect(body.fields.map((s) => s.area)).toEqual(['personal_publish_login']);
    expect(body).not.toHaveProperty('values');
  });
});
