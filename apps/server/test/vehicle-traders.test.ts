/**
 * Vehicle traders (publish-wizard.md §6 "Trader", after-save-area.md "Trader"): a customer whose trade map makes
 * them a trader of a partner vehicle subcat (1, 2, 3, 6, 8, 9, 11, 13) and who holds no package of vehicle ads is
 * sent to the partner cars site from the fields answer, and check-step and save-ad refuse them with the same
 * redirect (nothing stored); a trader of another vehicle subcat goes to the promotion page; a trader with a package
 * publishes through it; a private customer is never concerned, whatever istrader the URL carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { insertCustomerPackage } from '../src/plans/customer-packages-repository.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { q, validCarAd, validVehicleAds } from './support/vehicle-ad.ts';

let t: TestApp;
let links: Record<string, string>;
let firstArea: string;

beforeAll(async () => {
  t = await createTestApp();
  links = (await new Agent(t.app, '10.63.0.9').get('/api/site-config')).json().externalLinks;
  const fields = (
    await new Agent(t.app, '10.63.0.9').get(`/api/publish/fields?${q({ cat: '1', subcat: '1' })}`)
  ).json();
  firstArea = fields.fields[0].area;
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
/** A new customer with a verified phone and this trade map. */
async function customer(trade: object): Promise<{ agent: Agent; contact: ContactValues; id: number }> {
  const agent = new Agent(t.app, `10.63.1.${++ip}`);
  const { email, contact } = await registerWithPhone(t, agent);
  const [row] = await t.db.query<{ id: number }>(
    'UPDATE customers SET trade = $1::jsonb WHERE email = $2 RETURNING id',
    [JSON.stringify(trade), email],
  );
  return { agent, contact, id: Number(row?.id) };
}

const withSubcat = (base: string | undefined, subcat: number) => {
  const url = new URL(base ?? '');
  url.searchParams.set('subcat', String(subcat));
  return url.href;
};
const countAds = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ads'))[0]?.n);
const fields = (agent: Agent, query: Record<string, string>) => agent.get(`/api/publish/fields?${q(query)}`);
const checkStep = (agent: Agent, values: Record<string, string>) =>
  agent.get(`/api/publish/check-step?${q({ ...values, check_area: firstArea })}`);

const DEALER = { '1': { '1': 1, '4': 1 } };

describe('a car dealer without a package', () => {
  it('is sent to the partner cars site by fields, check-step and save-ad, and nothing is stored', async () => {
    const { agent, contact } = await customer(DEALER);
    const partner = withSubcat(links.vehiclePartner, 1);
    expect(partner.startsWith(links.vehiclePartner ?? '-')).toBe(true);
    const before = await countAds();

    const answer = await fields(agent, { cat: '1', subcat: '1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ fields: [], cat: 1, subcat: 1, redirectForce: partner });
    // An istrader flag of the URL changes nothing.
    expect((await fields(agent, { cat: '1', subcat: '1', istrader: '0' })).json().redirectForce).toBe(partner);

    const check = await checkStep(agent, validCarAd());
    expect(check.statusCode).toBe(403);
    expect(check.json()).toMatchObject({ message: he.vehicleTraderPartner, redirectForce: partner });

    const save = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact });
    expect(save.json()).toEqual({ mainError: he.vehicleTraderPartner, redirectForce: partner });
    expect(await countAds()).toBe(before);
  });

  it('is sent to the promotion page in a vehicle subcat of theirs outside the partner site (motorcycles)', async () => {
    const { agent, contact } = await customer(DEALER);
    const motorcycle = validVehicleAds().find((ad) => ad.subcat === '4');
    if (!motorcycle) throw new Error('no motorcycle ad');
    const promotion = withSubcat(links.vehiclePromotion, 4);
    const before = await countAds();
    expect((await fields(agent, { cat: '1', subcat: '4' })).json()).toMatchObject({
      fields: [],
      redirectForce: promotion,
    });
    const save = await agent.post('/api/publish/save-ad', {
      cat: '1',
      subcat: '4',
      ...motorcycle.values,
      ...contact,
    });
    expect(save.json()).toEqual({ mainError: he.vehicleTraderPromotion, redirectForce: promotion });
    expect(await countAds()).toBe(before);
  });

  it('publishes as anyone in a vehicle subcat their trade map does not name (commercial vehicles)', async () => {
    const { agent } = await customer(DEALER);
    const answer = (await fields(agent, { cat: '1', subcat: '2' })).json();
    expect(answer.redirectForce).toBeUndefined();
    expect(answer.fields.length).toBeGreaterThan(0);
  });
});

describe('a car dealer with a package of car ads', () => {
  it('gets the wizard and saves a car offered from the package, as before', async () => {
    const { agent, contact, id } = await customer(DEALER);
    await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 10,
      boughtAt: t.clock.now(),
    });
    const answer = (await fields(agent, { cat: '1', subcat: '1' })).json();
    expect(answer.redirectForce).toBeUndefined();
    expect(answer.fields.length).toBeGreaterThan(0);
    expect((await checkStep(agent, validCarAd())).statusCode).toBe(200);
    const saved = (await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact })).json();
    expect(saved.mainError).toBeUndefined();
    expect(saved.chooseOrderType.mode).toBe('fromPackage');
  });

  it('whose package is used up is offered the packages on sale, not sent away', async () => {
    const { agent, contact, id } = await customer(DEALER);
    const pkg = await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 1,
      boughtAt: t.clock.now(),
    });
    await t.db.query('UPDATE customer_packages SET ads_used = ads_total WHERE id = $1', [pkg.id]);
    expect((await fields(agent, { cat: '1', subcat: '1' })).json().redirectForce).toBeUndefined();
    const saved = (await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact })).json();
    expect(saved.chooseOrderType.mode).toBe('buyPackage');
  });

  it('of another category only is still sent to the partner site', async () => {
    const { agent, id } = await customer(DEALER);
    await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 2,
      adType: 'VIP',
      hash: 're-vip-5',
      adsTotal: 5,
      boughtAt: t.clock.now(),
    });
    expect((await fields(agent, { cat: '1', subcat: '1' })).json().redirectForce).toBe(
      withSubcat(links.vehiclePartner, 1),
    );
  });
});

describe('a private customer', () => {
  it('with istrader=1 in the URL publishes a car as before', async () => {
    const { agent, contact } = await customer({});
    const answer = (await fields(agent, { cat: '1', subcat: '1', istrader: '1' })).json();
    expect(answer.redirectForce).toBeUndefined();
    expect(answer.fields.length).toBeGreaterThan(0);
    expect((await checkStep(agent, { ...validCarAd(), istrader: '1' })).statusCode).toBe(200);
    const saved = (await agent.post('/api/publish/save-ad', { ...validCarAd(), istrader: '1', ...contact })).json();
    expect(saved.mainError).toBeUndefined();
    expect(saved.orderID).toBeGreaterThan(0);
  });

  it('a guest gets the fields (login comes first)', async () => {
    const answer = (await fields(new Agent(t.app, '10.63.2.1'), { cat: '1', subcat: '1' })).json();
    expect(answer.redirectForce).toBeUndefined();
    expect(answer.fields.length).toBeGreaterThan(0);
  });
});
