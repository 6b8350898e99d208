/**
 * A trader's own packages in the plan step (after-save-area.md §2 "Choose-order-type screen" modes,
 * §3 left and packageInfo, §4 track blocking and "out of slots"; publish-wizard.md §7 traderPackageExpired):
 * save-ad and order-types answer mode fromPackage with the packages of the ad's category still in their window;
 * finish-publish with pt_hash pkg-{id} uses one of the package's ads and the ad goes live with its track; the last
 * ad used up or the window passed finishes the ad out of slots; all packages ended → traderPackageExpired and
 * mode buyPackage, where a package sold by payment is paid through the sandbox provider and its first ad
 * publishes the draft; another customer's package is unknown and uses nothing.
 */
import { findAdPackage } from '@app/catalog/packages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomerPackage } from '../src/plans/customer-packages-repository.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { finishBody } from './support/finish-body.ts';
import { submitCard } from './support/payment-sandbox.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let dealer: Agent;
let dealerContact: ContactValues;
let dealerId: number;
let other: Agent;
let otherContact: ContactValues;
let otherId: number;

async function customerId(email: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  return Number(row?.id);
}

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_WEBHOOK_SECRET: 'payment-webhook-secret-of-plan-packages-0123456789' },
    { listenPayments: true },
  );
  dealer = new Agent(t.app, '10.62.0.1');
  const d = await registerWithPhone(t, dealer);
  dealerContact = d.contact;
  dealerId = await customerId(d.email);
  other = new Agent(t.app, '10.62.0.2');
  const o = await registerWithPhone(t, other);
  otherContact = o.contact;
  otherId = await customerId(o.email);
});
afterAll(async () => {
  await t.close();
});

const saveCar = async (agent: Agent, contact: ContactValues) => {
  const res = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const finishFrom = (agent: Agent, orderId: number, hash: string) =>
  agent.post('/api/publish/finish-publish', finishBody(orderId, { pt_hash: hash }));
const adRow = async (id: number) => {
  const [r] = await t.db.query<{ status: string; ad_type: string | null; ends_at: Date | string | null }>(
    'SELECT status, ad_type, ends_at FROM ads WHERE id = $1',
    [id],
  );
  return r;
};
const used = async (id: number) => {
  const [r] = await t.db.query<{ ads_used: number }>('SELECT ads_used FROM customer_packages WHERE id = $1', [id]);
  return Number(r?.ads_used);
};

describe('plan step from a package', () => {
  it('without a package: regular tracks and no traderPackageExpired', async () => {
    const saved = await saveCar(dealer, dealerContact);
    expect(saved.chooseOrderType.mode).toBe('tracks');
    expect(saved.chooseOrderType.packageOptions).toBeUndefined();
    expect(saved.traderPackageExpired).toBeUndefined();
  });

  it('lists the package (ads left, end date), uses one ad per finished ad, and the ad goes live with its track', async () => {
    const pkg = await insertCustomerPackage(t.db, {
      customerId: dealerId,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 2,
      boughtAt: new Date(t.clock.now().getTime() - 10 * DAY),
    });
    // A package of another category is not offered for a car.
    await insertCustomerPackage(t.db, {
      customerId: dealerId,
      cat: 2,
      adType: 'VIP',
      hash: 're-vip-5',
      adsTotal: 5,
      boughtAt: t.clock.now(),
    });
    const saved = await saveCar(dealer, dealerContact);
    const plan = saved.chooseOrderType;
    expect(plan.mode).toBe('fromPackage');
    expect(plan.packageOptions).toHaveLength(1);
    const [option] = plan.packageOptions;
    expect(option).toMatchObject({ hash: `pkg-${pkg.id}`, adType: 'Bold', left: 2, days: 28 });
    expect(option.packageInfo.EndDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(option.switchFormType).toBeUndefined();
    // The regular tracks stay in orderType; the same answer after a reload.
    expect(plan.orderType.length).toBeGreaterThan(0);
    const again = await dealer.get(`/api/publish/${saved.orderID}/order-types`);
    expect(again.json().packageOptions[0]).toMatchObject({ hash: `pkg-${pkg.id}`, left: 2 });

    const res = await finishFrom(dealer, saved.orderID, `pkg-${pkg.id}`);
    expect(res.json()).toMatchObject({ status: 200, redirect: expect.stringContaining('/finishArea') });
    const ad = await adRow(saved.orderID);
    expect(ad).toMatchObject({ status: 'active', ad_type: 'Bold' });
    expect(new Date(ad?.ends_at ?? 0).getTime()).toBe(t.clock.now().getTime() + 28 * DAY);
    expect(await used(pkg.id)).toBe(1);
    // A repeated finish (double click) uses nothing more.
    await finishFrom(dealer, saved.orderID, `pkg-${pkg.id}`);
    expect(await used(pkg.id)).toBe(1);

    // The last ad: the next save shows 1 left; after it, 0 left (listed, blocked in the browser).
    const second = await saveCar(dealer, dealerContact);
    expect(second.chooseOrderType.packageOptions[0].left).toBe(1);
    await finishFrom(dealer, second.orderID, `pkg-${pkg.id}`);
    expect((await adRow(second.orderID))?.status).toBe('active');
    expect(await used(pkg.id)).toBe(2);
    // Used up: the packages on sale instead (buyPackage), the used-up one no longer offered.
    const third = await saveCar(dealer, dealerContact);
    expect(third.chooseOrderType.mode).toBe('buyPackage');
    expect(third.chooseOrderType.packageOptions.map((p: { hash: string }) => p.hash).sort()).toEqual([
      'car-bold-10',
      'car-vip-30',
    ]);
    expect(third.traderPackageExpired).toBeUndefined();
    // Finishing anyway (a stale page): the ad waits out of slots, the package is not overdrawn.
    await finishFrom(dealer, third.orderID, `pkg-${pkg.id}`);
    expect((await adRow(third.orderID))?.status).toBe('out_of_slots');
    expect(await used(pkg.id)).toBe(2);
    // Not on the board: no upgrade is offered for it (the gateway would not sell one).
    expect((await dealer.get(`/gateway/packages/personal/${third.orderID}`)).json().msg).toEqual([]);
    const page = await dealer.get(`/api/publish/get-finish-page?OrderID=${third.orderID}`);
    expect(page.json().state).toBe('outOfSlots');
  });

  it("another customer's package is unknown and uses nothing", async () => {
    const theirs = await insertCustomerPackage(t.db, {
      customerId: otherId,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 10,
      boughtAt: t.clock.now(),
    });
    const saved = await saveCar(dealer, dealerContact);
    expect(saved.chooseOrderType.packageOptions.map((p: { hash: string }) => p.hash)).not.toContain(`pkg-${theirs.id}`);
    const res = await finishFrom(dealer, saved.orderID, `pkg-${theirs.id}`);
    expect(res.json().errors?.orderType).toBeTruthy();
    expect((await adRow(saved.orderID))?.status).toBe('draft');
    expect(await used(theirs.id)).toBe(0);
    // The owner of that package sees it for their own car.
    const own = await saveCar(other, otherContact);
    expect(own.chooseOrderType.packageOptions[0]).toMatchObject({ hash: `pkg-${theirs.id}`, left: 10 });
  });

  it('past the 91-day window: no longer offered, traderPackageExpired; finishing from it leaves the ad out of slots', async () => {
    const agent = new Agent(t.app, '10.62.0.3');
    const r = await registerWithPhone(t, agent);
    const id = await customerId(r.email);
    const old = await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 10,
      boughtAt: new Date(t.clock.now().getTime() - 92 * DAY),
    });
    const saved = await saveCar(agent, r.contact);
    expect(saved.traderPackageExpired).toBe(true);
    expect(saved.chooseOrderType.mode).toBe('buyPackage');
    await finishFrom(agent, saved.orderID, `pkg-${old.id}`);
    expect((await adRow(saved.orderID))?.status).toBe('out_of_slots');
    expect(await used(old.id)).toBe(0);
  });

  it("buyPackage: a package sold by payment is paid by card, becomes the customer's, and its first ad publishes the draft", async () => {
    const agent = new Agent(t.app, '10.62.0.4');
    const r = await registerWithPhone(t, agent);
    const id = await customerId(r.email);
    await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 10,
      boughtAt: new Date(t.clock.now().getTime() - 100 * DAY),
    });
    const saved = await saveCar(agent, r.contact);
    expect(saved.chooseOrderType.mode).toBe('buyPackage');
    const orderId: number = saved.orderID;
    const pay = (hash: string, who = agent, key = `pkg-key-${hash}-${who === agent ? 'a' : 'b'}`) =>
      who.post(`/gateway/packages/personal/pay/${orderId}`, {
        packageHash: hash,
        channel: 'creditCard',
        idempotencyKey: key,
      });

    // A package sold through the contact form, one of another category, an upgrade (for a published ad), or
    // another customer: refused, nothing made.
    expect((await pay('car-vip-30')).json().errors?.packageHash).toBeTruthy();
    expect((await pay('re-vip-5')).statusCode).toBe(400);
    expect((await pay('upgrade-premium')).statusCode).toBe(409);
    expect((await pay('car-bold-10', dealer)).statusCode).toBe(404);
    const none = await t.db.query('SELECT 1 FROM payments WHERE ad_id = $1', [orderId]);
    expect(none).toHaveLength(0);

    const started = await pay('car-bold-10');
    expect(started.statusCode, started.body).toBe(200);
    const [payment] = await t.db.query<{ purpose: string; amount_agorot: number; package_hash: string }>(
      'SELECT purpose, amount_agorot, package_hash FROM payments WHERE ad_id = $1',
      [orderId],
    );
    expect(payment).toEqual({
      purpose: 'ad_package',
      amount_agorot: findAdPackage('car-bold-10')?.priceAgorot,
      package_hash: 'car-bold-10',
    });
    // Nothing is bought until the provider's signed notification is checked.
    expect((await adRow(orderId))?.status).toBe('draft');
    const paid = await submitCard(t, started.json().data.iframe);
    expect(paid.statusCode).toBe(303);
    await t.app.jobs.runDueJobs();
    expect(await adRow(orderId)).toMatchObject({ status: 'active', ad_type: 'Bold' });
    const held = await t.db.query<{ ads_total: number; ads_used: number; payment_id: number | null }>(
      'SELECT ads_total, ads_used, payment_id FROM customer_packages WHERE customer_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    );
    expect(held[0]).toMatchObject({ ads_total: 10, ads_used: 1 });
    expect(held[0]?.payment_id).not.toBeNull();
    // The same notification again, or the job store retrying, buys nothing twice.
    await t.app.jobs.runDueJobs();
    expect(await t.db.query('SELECT 1 FROM customer_packages WHERE customer_id = $1', [id])).toHaveLength(2);
    // The next car of this customer is published from it.
    const next = await saveCar(agent, r.contact);
    expect(next.chooseOrderType.mode).toBe('fromPackage');
    expect(next.chooseOrderType.packageOptions[0]).toMatchObject({ adType: 'Bold', left: 9 });
  });

  it('a finish page of a draft whose package payment is open says it waits for the payment', async () => {
    const agent = new Agent(t.app, '10.62.0.5');
    const r = await registerWithPhone(t, agent);
    const id = await customerId(r.email);
    await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 10,
      boughtAt: new Date(t.clock.now().getTime() - 95 * DAY),
    });
    const saved = await saveCar(agent, r.contact);
    const started = await agent.post(`/gateway/packages/personal/pay/${saved.orderID}`, {
      packageHash: 'car-bold-10',
      channel: 'creditCard',
      idempotencyKey: 'pkg-open-key-0001',
    });
    expect(started.statusCode, started.body).toBe(200);
    const page = await agent.get(`/api/publish/get-finish-page?OrderID=${saved.orderID}`);
    expect(page.json().state).toBe('awaitingPayment');
    const mine = (await agent.get('/api/my-ads'))
      .json()
      .ads.find((a: { OrderID: number }) => a.OrderID === saved.orderID);
    expect(mine.awaitingPayment).toBe(true);
  });

  it('an ad waiting out of slots is published by the next package bought, with the draft that bought it', async () => {
    const agent = new Agent(t.app, '10.62.0.6');
    const r = await registerWithPhone(t, agent);
    const id = await customerId(r.email);
    const usedUp = await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 1,
      adType: 'Bold',
      hash: 'car-bold-10',
      adsTotal: 1,
      boughtAt: new Date(t.clock.now().getTime() - 5 * DAY),
    });
    await t.db.query('UPDATE customer_packages SET ads_used = 1 WHERE id = $1', [usedUp.id]);
    // A stale page finishes from the used-up package: the ad waits out of slots.
    const waiting = await saveCar(agent, r.contact);
    await finishFrom(agent, waiting.orderID, `pkg-${usedUp.id}`);
    expect((await adRow(waiting.orderID))?.status).toBe('out_of_slots');
    // The next car buys a package by card: it and the waiting ad both go live from it.
    const buyer = await saveCar(agent, r.contact);
    expect(buyer.chooseOrderType.mode).toBe('buyPackage');
    const started = await agent.post(`/gateway/packages/personal/pay/${buyer.orderID}`, {
      packageHash: 'car-bold-10',
      channel: 'creditCard',
      idempotencyKey: 'pkg-release-key-0001',
    });
    await submitCard(t, started.json().data.iframe);
    await t.app.jobs.runDueJobs();
    expect(await adRow(buyer.orderID)).toMatchObject({ status: 'active', ad_type: 'Bold' });
    expect(await adRow(waiting.orderID)).toMatchObject({ status: 'active', ad_type: 'Bold' });
    const [bought] = await t.db.query<{ ads_used: number }>(
      'SELECT ads_used FROM customer_packages WHERE customer_id = $1 AND payment_id IS NOT NULL',
      [id],
    );
    expect(bought?.ads_used).toBe(2);
  });

  it('a second-hand package never publishes a business-for-sale ad (its own package, sold through the contact form)', async () => {
    const agent = new Agent(t.app, '10.62.0.7');
    const r = await registerWithPhone(t, agent);
    const id = await customerId(r.email);
    await t.db.query(`UPDATE customers SET trade = '{"3":{"2":1}}'::jsonb WHERE id = $1`, [id]);
    const sh = await insertCustomerPackage(t.db, {
      customerId: id,
      cat: 3,
      adType: 'Bold',
      hash: 'sh-bold-10',
      adsTotal: 10,
      boughtAt: t.clock.now(),
    });
    const ad = CATEGORY_ADS.find((a) => a.family === 'business for sale');
    if (!ad) throw new Error('no business-for-sale ad');
    const saved = (await agent.post('/api/publish/save-ad', { ...ad.values, ...r.contact, ...ad.selectors })).json();
    expect(saved.chooseOrderType.mode).toBe('businessForSale');
    expect(saved.chooseOrderType.packageOptions).toBeUndefined();
    const res = await agent.post('/api/publish/finish-publish', {
      CatID: 3,
      SubCatID: 2,
      OrderID: saved.orderID,
      RecordID: saved.orderID,
      pt_hash: `pkg-${sh.id}`,
    });
    expect(res.json().errors?.orderType).toBeTruthy();
    const pay = await agent.post(`/gateway/packages/personal/pay/${saved.orderID}`, {
      packageHash: 'sh-bold-10',
      channel: 'creditCard',
      idempotencyKey: 'pkg-b4s-key-0001',
    });
    expect(pay.statusCode).toBe(400);
    expect((await adRow(saved.orderID))?.status).toBe('draft');
    expect(await used(sh.id)).toBe(0);
    // The same trader's plain second-hand ad is published from it.
    const plainAd = CATEGORY_ADS.find((a) => a.family === 'second-hand, plain business');
    if (!plainAd) throw new Error('no plain business ad');
    const plain = (
      await agent.post('/api/publish/save-ad', { ...plainAd.values, ...r.contact, ...plainAd.selectors })
    ).json();
    expect(plain.chooseOrderType.mode).toBe('fromPackage');
  });
});
