/**
 * The plan step's side flows (after-save-area.md §3-§4, §7, §9): related brokers and the real-estate
 * lead, the commercial agreement, invoice details and the phone-payment request, packages, campaigns. Every call
 * about an ad is the owner's: another account's ad is 404 and nothing is stored.
 */
import { adPackagesOnSale, upgradePackagesFor } from '@app/catalog/packages';
import { findPlate } from '@app/catalog/vehicles/lookup';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Campaign } from '@app/contract/planExtras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGNS } from '../src/catalogue/campaigns.ts';
import { insertCustomerPackage } from '../src/plans/customer-packages-repository.ts';
import { BROKER_ACCOUNTS, seedBrokers } from '../src/seed/brokers.ts';
import { customer } from './support/phones.ts';
import { count, custId, storedAd } from './support/plan-extras.ts';
import { JERUSALEM, TEL_AVIV, validRentAd, validSaleAd } from './support/real-estate-ad.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let other: Agent;
let ownerId: number;
let otherId: number;
let brokerIds: number[];
const DAY = 86_400_000;
/** Toyota's manufacturer id in the vehicle catalogue (the sample plate's make). */
const TOYOTA = String(findPlate(SAMPLE_PLATES.privateCar)?.manufacturerId);

beforeAll(async () => {
  t = await createTestApp();
  brokerIds = await seedBrokers(t.db);
  owner = await customer(t);
  other = await customer(t);
  ownerId = await custId(owner);
  otherId = await custId(other);
});
afterAll(async () => {
  await t.close();
});

const brokerIdOf = (email: string) => brokerIds[BROKER_ACCOUNTS.findIndex((b) => b.email === email)] as number;
const leads = (adId: number) => count(t, 'SELECT count(*) AS n FROM real_estate_leads WHERE ad_id = $1', [adId]);

describe('related brokers and the real-estate lead', () => {
  it('seeds broker accounts with offices in real cities (idempotent)', async () => {
    expect(brokerIds).toHaveLength(BROKER_ACCOUNTS.length);
    expect(await seedBrokers(t.db)).toEqual(brokerIds);
    expect(await count(t, 'SELECT count(*) AS n FROM broker_offices', [])).toBe(BROKER_ACCOUNTS.length);
  });

  it("lists the brokers of a sale ad's city; nothing for a rent ad; 404 for another account", async () => {
    const telAviv = await storedAd(t, ownerId, validSaleAd());
    const res = await owner.get(`/api/publish/get-related-brokers/${telAviv}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, cityCode: Number(TEL_AVIV), cityName: 'תל אביב-יפו' });
    expect(body.brokers.map((b: { office_name: string }) => b.office_name).sort()).toEqual(
      ['ירקון נכסים', 'דיזנגוף תיווך', 'יפו העתיקה נדל"ן'].sort(),
    );
    expect(body.brokers[0]).toEqual({
      CustID: expect.any(Number),
      office_name: expect.any(String),
      office_logo_url: null,
      cityName: 'תל אביב-יפו',
    });

    const jerusalem = await storedAd(t, ownerId, { ...validSaleAd(), city: JERUSALEM });
    const j = (await owner.get(`/api/publish/get-related-brokers/${jerusalem}`)).json();
    expect(j.brokers.map((b: { CustID: number }) => b.CustID)).toEqual([brokerIdOf('broker.rehavia@demo.co.il')]);
    expect(j.cityName).toBe('ירושלים');

    const rent = await storedAd(t, ownerId, validRentAd());
    expect((await owner.get(`/api/publish/get-related-brokers/${rent}`)).json()).toEqual({
      status: 200,
      brokers: [],
      cityCode: null,
      cityName: null,
    });

    expect((await other.get(`/api/publish/get-related-brokers/${telAviv}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(`/api/publish/get-related-brokers/${telAviv}`)).statusCode).toBe(422);
  });

  it('stores one lead per offered broker, idempotently; refuses brokers that were not offered', async () => {
    const ad = await storedAd(t, ownerId, validSaleAd());
    const yarkon = brokerIdOf('broker.yarkon@demo.co.il');
    const dizengoff = brokerIdOf('broker.dizengoff@demo.co.il');
    const rehavia = brokerIdOf('broker.rehavia@demo.co.il');

    // Another account's ad: 404 and nothing stored.
    expect((await other.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [yarkon] })).statusCode).toBe(404);
    expect(await leads(ad)).toBe(0);

    // A Jerusalem broker for a Tel Aviv ad, an unknown id, a non-broker customer: refused, nothing stored.
    for (const brokers of [[yarkon, rehavia], [99_999_999], [otherId], ['abc']]) {
      const res = await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[א-ת]/);
    }
    expect(await leads(ad)).toBe(0);

    const sent = await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [yarkon, String(dizengoff)] });
    expect(sent.json()).toEqual({ status: 200, sent: 2 });
    expect(await leads(ad)).toBe(2);
    // The same choice again: still one lead per broker.
    expect((await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [dizengoff, yarkon] })).statusCode).toBe(
      200,
    );
    expect(await leads(ad)).toBe(2);
    // Closing the popup sends an empty list.
    expect((await owner.post(`/api/publish/real-estate-lead/${ad}`, { brokers: [] })).json()).toEqual({
      status: 200,
      sent: 0,
    });
  });

  it('refuses a lead without the CSRF header, and for an ad that is not a sale', async () => {
    const ad = await storedAd(t, ownerId, validSaleAd());
    const yarkon = brokerIdOf('broker.yarkon@demo.co.il');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/publish/real-estate-lead/${ad}`,
      payload: { brokers: [yarkon] },
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await leads(ad)).toBe(0);

    const car = await storedAd(t, ownerId, validCarAd());
    const res = await owner.post(`/api/publish/real-estate-lead/${car}`, { brokers: [yarkon] });
    expect(res.statusCode).toBe(400);
    expect(await leads(car)).toBe(0);
  });
});

describe('commercial payment', () => {
  it('serves the agreement as sanitised Hebrew HTML', async () => {
    const res = await owner.get('/api/publish/commercial-payment/get-agreement');
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('הסכם פרסום מסחרי');
    expect(res.json().html).not.toMatch(/<script|\son\w+=/i);
  });

  const invoice = (a: Agent, body: Record<string, unknown>) =>
    a.post('/api/publish/commercial-payment/store-invoice-details', { paymentmethod: 2, pt_hash: 'vip-28', ...body });
  const invoiceRow = (adId: number) =>
    t.db.query<{ business_name: string; authorized_dealer: string; invoice_email: string }>(
      'SELECT * FROM invoice_details WHERE ad_id = $1',
      [adId],
    );

  it('checks the invoice details per field and stores them per order', async () => {
    const ad = await storedAd(t, ownerId, { ...validSaleAd(), subcat: '4' });
    const empty = await invoice(owner, { OrderID: ad });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      businessName: ['שדה חובה'],
      authorizedDealer: ['שדה חובה'],
      invoiceEmail: ['שדה חובה'],
    });
    const bad = await invoice(owner, {
      OrderID: ad,
      businessName: 'נכסי הים בע"מ',
      authorizedDealer: '123456789',
      invoiceEmail: 'office@',
    });
    expect(bad.json().errors).toEqual({
      authorizedDealer: ['מספר עוסק מורשה או ח.פ. אינו תקין'],
      invoiceEmail: ['יש להזין כתובת דואר אלקטרוני תקינה'],
    });
    expect(await invoiceRow(ad)).toHaveLength(0);

    const good = { OrderID: String(ad), businessName: 'נכסי הים בע"מ', invoiceEmail: 'office@yam.co.il' };
    expect((await invoice(owner, { ...good, authorizedDealer: '51-000000-3' })).json()).toEqual({ status: 200 });
    expect(await invoiceRow(ad)).toMatchObject([{ business_name: 'נכסי הים בע"מ', authorized_dealer: '510000003' }]);
    // A personal ID (עוסק מורשה) is fine too; the latest answer replaces the first.
    expect((await invoice(owner, { ...good, authorizedDealer: '039337423' })).statusCode).toBe(200);
    expect(await invoiceRow(ad)).toMatchObject([{ authorized_dealer: '039337423' }]);

    // Another account's order: 404, nothing changed.
    const foreign = await invoice(other, { ...good, authorizedDealer: '123456782' });
    expect(foreign.statusCode).toBe(404);
    expect(await invoiceRow(ad)).toMatchObject([{ authorized_dealer: '039337423' }]);
  });

  const phonePay = (a: Agent, body: Record<string, unknown>) =>
    a.post('/api/publish/commercial-payment/store-phone-payment-details', { pt_hash: 'vip-28', ...body });
  const phoneRows = (adId: number) =>
    t.db.query<{ phone1: string; phone2: string | null; status: string }>(
      'SELECT * FROM phone_payment_requests WHERE ad_id = $1',
      [adId],
    );

  it("records a phone-payment request ('requested'), with per-field errors", async () => {
    const ad = await storedAd(t, ownerId, { ...validSaleAd(), subcat: '4' });
    expect((await phonePay(owner, { OrderID: ad })).json()).toEqual({
      status: 400,
      errors: { fullPhone1: ['שדה חובה'] },
    });
    expect((await phonePay(owner, { OrderID: ad, fullPhone1: '050-123', fullPhone2: '12' })).json().errors).toEqual({
      fullPhone1: ['המספר אינו תקין'],
      fullPhone2: ['המספר אינו תקין'],
    });
    expect(await phoneRows(ad)).toHaveLength(0);

    const ok = await phonePay(owner, { OrderID: ad, fullPhone1: '050-1234567' });
    expect(ok.json()).toEqual({ status: 200, phonePaymentStatus: 'requested' });
    expect(await phoneRows(ad)).toMatchObject([{ phone1: '0501234567', phone2: null, status: 'requested' }]);
    // Asking again updates the one open request (a landline as the second number is fine: a call back).
    await phonePay(owner, { OrderID: ad, fullPhone1: '052-7654321', fullPhone2: '03-6123456' });
    expect(await phoneRows(ad)).toMatchObject([{ phone1: '0527654321', phone2: '036123456', status: 'requested' }]);

    expect((await phonePay(other, { OrderID: ad, fullPhone1: '054-1111111' })).statusCode).toBe(404);
    expect(await phoneRows(ad)).toMatchObject([{ phone1: '0527654321' }]);
    expect((await phonePay(new Agent(t.app), { OrderID: ad, fullPhone1: '054-1111111' })).statusCode).toBe(422);
  });
});

describe('packages', () => {
  it("answers a guest with error 1 'not connected'", async () => {
    const res = await new Agent(t.app).get('/api/publish/get-packages');
    expect(res.json()).toMatchObject({ error: 1, message: 'not connected', text: expect.stringMatching(/[א-ת]/) });
  });

  it("lists the customer's packages with the 91-day window, and the packages on sale", async () => {
    const buyer = await customer(t);
    const buyerId = await custId(buyer);
    const empty = (await buyer.get('/api/publish/get-packages')).json();
    expect(empty).toMatchObject({ status: 200, error: 0, adData: { packages: [] } });
    const onSale = empty.adData.packagesOnSale as { hash: string; catId: number; amountAgorot: number }[];
    expect(onSale.map((p) => p.hash)).toEqual(expect.arrayContaining(['re-vip-5', 'car-bold-10', 'b4s-vip-5']));
    // The catalogue's packages of ads, the one list (packages/catalog/src/packagesData.ts).
    expect(onSale).toEqual(adPackagesOnSale());
    const forRealEstate = (await buyer.get('/api/publish/get-packages?cat=2')).json().adData.packagesOnSale;
    expect(forRealEstate.length).toBeGreaterThan(0);
    expect(forRealEstate.every((p: { catId: number }) => p.catId === 2)).toBe(true);
    expect(forRealEstate[0]).toMatchObject({ adType: 'VIP', amountAgorot: 54900, price: 549, dealColor: 'yellow' });

    const boughtAt = t.clock.now();
    await insertCustomerPackage(t.db, {
      customerId: buyerId,
      cat: 2,
      adType: 'VIP',
      hash: 're-vip-5',
      adsTotal: 5,
      boughtAt,
    });
    // Someone else's package is not the buyer's.
    await insertCustomerPackage(t.db, {
      customerId: otherId,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 10,
      boughtAt,
    });
    const until = new Date(boughtAt.getTime() + 91 * DAY);
    const mine = (await buyer.get('/api/publish/get-packages')).json().adData.packages;
    expect(mine).toEqual([
      expect.objectContaining({
        CustID: buyerId,
        catId: 2,
        adType: 'VIP',
        adsTotal: 5,
        adsUsed: 0,
        left: 5,
        usable: true,
        boughtAt: boughtAt.toISOString(),
        usableUntil: until.toISOString(),
      }),
    ]);
    expect(mine[0].EndDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);

    // Bought 92 days ago (the clock is not moved: that would end the test's sessions): past the 91-day window.
    const old = new Date(boughtAt.getTime() - 92 * DAY);
    await insertCustomerPackage(t.db, {
      customerId: buyerId,
      cat: 3,
      adType: 'Bold',
      hash: 'sh-bold-10',
      adsTotal: 10,
      boughtAt: old,
    });
    const both = (await buyer.get('/api/publish/get-packages')).json().adData.packages;
    expect(both.map((p: { catId: number }) => p.catId)).toEqual([2, 3]);
    expect(both[1]).toMatchObject({ usable: false, left: 0, adsTotal: 10 });
    expect(both[1].usableUntil).toBe(new Date(old.getTime() + 91 * DAY).toISOString());
  });

  it("offers an owner's live ad the upgrade packages; 404 for another account's", async () => {
    const car = await storedAd(t, ownerId, validCarAd(), 'active');
    const res = await owner.get(`/gateway/packages/personal/${car}`);
    expect(res.statusCode).toBe(200);
    const msg = res.json().msg as { adType: string; recommended?: boolean; catId: number }[];
    expect(msg.map((p) => p.adType)).toEqual(['Upgrade', 'UpgradePlus', 'Platinum', 'Premium']);
    expect(msg.find((p) => p.adType === 'Premium')?.recommended).toBe(true);
    expect(msg.every((p) => p.catId === 1)).toBe(true);
    // The catalogue's one-ad upgrades, the one list.
    expect(msg).toEqual(upgradePackagesFor(1));

    expect((await other.get(`/gateway/packages/personal/${car}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(`/gateway/packages/personal/${car}`)).statusCode).toBe(422);
    // A draft chooses its track on the plan step; business for sale (SalesCatID 37) has no upgrade (spec §6).
    const draft = await storedAd(t, ownerId, validCarAd());
    expect((await owner.get(`/gateway/packages/personal/${draft}`)).json().msg).toEqual([]);
    const b4s = await storedAd(t, ownerId, { cat: '3', subcat: '2', SalesCatID: '37', title: 'מכולת' }, 'active');
    expect((await owner.get(`/gateway/packages/personal/${b4s}`)).json().msg).toEqual([]);
  });
});

describe('campaigns', () => {
  it('lists the campaigns of the selection in the fields response, with their conditions', async () => {
    const campaigns = async (query: string) =>
      (await owner.get(`/api/publish/fields?${query}`)).json().publishCampaigns as Campaign[];
    const ids = async (query: string) => (await campaigns(query)).map((c) => c.id);
    expect(await ids('cat=1&subcat=1')).toEqual(['car-insurance', 'toyota-check']);
    expect(await ids('cat=2&subcat=1')).toEqual(['mortgage-advice']);
    expect(await ids('cat=2&subcat=2')).toEqual(['moving-quote']);
    expect(await ids('cat=1&subcat=2')).toEqual([]);
    const [insurance, toyota] = await campaigns('cat=1&subcat=1');
    expect(insurance).not.toHaveProperty('conditions');
    expect(insurance).not.toHaveProperty('when');
    expect(toyota).toMatchObject({ conditions: { manufacturer: TOYOTA }, plate: true, logo: expect.any(String) });
  });

  it("names only fields of its selection's steps in a campaign's conditions", async () => {
    for (const campaign of CAMPAIGNS) {
      for (const subcat of campaign.when.subcats) {
        const body = (await owner.get(`/api/publish/fields?cat=${campaign.when.cat}&subcat=${subcat}`)).json();
        const fieldIds = new Set(
          (body.fields as { fields: { id: string }[] }[]).flatMap((step) => step.fields.map((f) => f.id)),
        );
        for (const field of Object.keys(campaign.conditions ?? {})) expect(fieldIds).toContain(field);
      }
    }
  });

  const saved = (adId: number) => count(t, 'SELECT count(*) AS n FROM campaign_leads WHERE ad_id = $1', [adId]);
  const leadsOf = (adId: number) =>
    t.db.query<{ campaign_id: string; plate: string | null }>(
      'SELECT campaign_id, plate FROM campaign_leads WHERE ad_id = $1 ORDER BY campaign_id',
      [adId],
    );
  const save = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/publish/campaign/save', body);

  it("stores the owner's offered campaigns once; refuses others and other accounts", async () => {
    const car = await storedAd(t, ownerId, validCarAd());
    const intruder = await save(other, { orderID: car, campaigns: ['car-insurance'] });
    expect(intruder.statusCode).toBe(404);
    const wrong = await save(owner, { orderID: car, campaigns: ['mortgage-advice'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 400, message: 'אחד המבצעים שנבחרו אינו זמין למודעה זו' });
    // One unrelated id refuses the whole choice: nothing of it is stored.
    const mixed = await save(owner, { orderID: car, campaigns: ['car-insurance', 'moving-quote'] });
    expect(mixed.statusCode).toBe(400);
    expect(await saved(car)).toBe(0);

    const ok = await save(owner, { orderID: String(car), campaigns: ['car-insurance'] });
    expect(ok.json()).toEqual({ status: 200, saved: 1 });
    const again = await save(owner, { orderID: car, campaigns: ['car-insurance', 'car-insurance'] });
    expect(again.json()).toEqual({ status: 200, saved: 0 });
    expect(await leadsOf(car)).toEqual([{ campaign_id: 'car-insurance', plate: null }]);
    expect((await save(owner, { orderID: car, campaigns: 'car-insurance' })).statusCode).toBe(400);
    expect((await save(new Agent(t.app), { orderID: car, campaigns: ['car-insurance'] })).statusCode).toBe(422);
  });

  it("stores the Toyota campaign with the car's plate, only for a Toyota, and only with a valid plate", async () => {
    const toyota = await storedAd(t, ownerId, validCarAd());
    for (const registrationPlate of [undefined, '123456', '123456789', '12-345-67', 'שבעה']) {
      const res = await save(owner, { orderID: toyota, campaigns: ['toyota-check'], registrationPlate });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('יש להכניס מספר רישוי תקני');
    }
    expect(await saved(toyota)).toBe(0);

    const both = await save(owner, {
      orderID: toyota,
      campaigns: ['toyota-check', 'car-insurance'],
      registrationPlate: SAMPLE_PLATES.privateCar,
    });
    expect(both.json()).toEqual({ status: 200, saved: 2 });
    expect(await leadsOf(toyota)).toEqual([
      { campaign_id: 'car-insurance', plate: null },
      { campaign_id: 'toyota-check', plate: SAMPLE_PLATES.privateCar },
    ]);
    // A repeat stores nothing new; a corrected plate replaces the one kept.
    const repeat = await save(owner, { orderID: toyota, campaigns: ['toyota-check'], registrationPlate: '7675153' });
    expect(repeat.json()).toEqual({ status: 200, saved: 0 });
    expect((await leadsOf(toyota)).map((l) => l.plate)).toEqual([null, '7675153']);

    // Another make: the Toyota campaign does not apply to the ad.
    const mazda = findPlate(SAMPLE_PLATES.oldPrivateCar);
    const other = await storedAd(t, ownerId, { ...validCarAd(), manufacturer: String(mazda?.manufacturerId) });
    const refused = await save(owner, { orderID: other, campaigns: ['toyota-check'], registrationPlate: '7675153' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('אחד המבצעים שנבחרו אינו זמין למודעה זו');
    expect(await saved(other)).toBe(0);
  });
});
