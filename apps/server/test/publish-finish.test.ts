/**
 * The plan step's server side: save-ad's chooseOrderType, GET {OrderID}/order-types, the free finish
 * (POST finish-publish → goLive), its refusals (another account, a paid track without a paid payment, CSRF) and
 * GET get-finish-page in each state. Time is the test app's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLive } from '../src/ads/go-live-service.ts';
import { reviewGate } from '../src/moderation/review-gate.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { finishBody } from './support/finish-body.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: Agent;
let ownerContact: ContactValues;
let trader: Agent;
let traderContact: ContactValues;
let stranger: Agent;
let strangerContact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.61.0.1');
  ({ contact: ownerContact } = await registerWithPhone(t, owner));
  trader = new Agent(t.app, '10.61.0.2');
  const registered = await registerWithPhone(t, trader);
  traderContact = registered.contact;
  await t.db.query(`UPDATE customers SET trade = '{"3":{"2":1}}'::jsonb WHERE email = $1`, [registered.email]);
  stranger = new Agent(t.app, '10.61.0.3');
  ({ contact: strangerContact } = await registerWithPhone(t, stranger));
});
afterAll(async () => {
  await t.close();
});

interface AdRowView {
  status: string;
  ad_type: string | null;
  published_at: Date | string | null;
  bumped_at: Date | string | null;
  ends_at: Date | string | null;
  customer_id: number | string;
}
const row = async (id: number): Promise<AdRowView> => {
  const [r] = await t.db.query<AdRowView>(
    'SELECT status, ad_type, published_at, bumped_at, ends_at, customer_id FROM ads WHERE id = $1',
    [id],
  );
  if (!r) throw new Error(`no ad ${id}`);
  return r;
};
const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

async function saveCar(extra: Record<string, string> = {}) {
  const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...ownerContact, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const carAd = async (): Promise<number> => (await saveCar()).orderID;

function categoryAd(family: string) {
  const ad = CATEGORY_ADS.find((a) => a.family === family);
  if (!ad) throw new Error(family);
  return ad;
}
async function saveCategoryAd(family: string) {
  const ad = categoryAd(family);
  const agent = ad.trader ? trader : owner;
  const res = await agent.post('/api/publish/save-ad', {
    ...ad.values,
    ...(ad.trader ? traderContact : ownerContact),
    ...ad.selectors,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const finish = (agent: Agent, orderId: number, extra: Record<string, unknown> = {}) =>
  agent.post('/api/publish/finish-publish', finishBody(orderId, extra));

let paymentCounter = 0;
async function payment(orderId: number, status: 'created' | 'paid' | 'failed', adType = 'VIP', amount = 9900) {
  const ad = await row(orderId);
  paymentCounter += 1;
  const now = t.clock.now().toISOString();
  await t.db.query(
    `INSERT INTO payments (public_id, customer_id, ad_id, purpose, ad_type, days, amount_agorot, channel, status,
       idempotency_key, provider, created_at, paid_at, failed_at)
     VALUES ($1, $2, $3, 'track', $4, 28, $5, 'creditCard', $6, $7, 'sandbox', $8, $9, $10)`,
    [
      `pub-${orderId}-${paymentCounter}`,
      ad.customer_id,
      orderId,
      adType,
      amount,
      status,
      `key-${paymentCounter}`,
      now,
      status === 'paid' ? now : null,
      status === 'failed' ? now : null,
    ],
  );
}

describe('the plan step of a saved ad', () => {
  it('save-ad answers chooseOrderType (tracks); order-types answers the same after a reload, owner only', async () => {
    const saved = await saveCar();
    const id = saved.orderID;
    expect(saved.chooseOrderType).toMatchObject({
      mode: 'tracks',
      adData: { OrderID: id, RecordID: id, CatID: 1, SubCatID: 1 },
    });
    expect(saved.chooseOrderType.orderType.map((o: { hash: string }) => o.hash)).toEqual([
      'c1-free',
      'c1-bold',
      'c1-vip',
      'c1-supergold',
      'c1-easystart',
    ]);
    expect(saved.chooseOrderType.finished).toBeUndefined();
    // The auto-bump offer's price for a car, as the server charges it (39 ₪).
    expect(saved.chooseOrderType.autoBumpPriceAgorot).toBe(3900);
    const reload = await owner.get(`/api/publish/${id}/order-types`);
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toEqual(saved.chooseOrderType);
    expect((await stranger.get(`/api/publish/${id}/order-types`)).statusCode).toBe(404);
    expect((await owner.get('/api/publish/99999999/order-types')).statusCode).toBe(404);
    // Finished: the same plan, marked finished.
    await finish(owner, id);
    expect((await owner.get(`/api/publish/${id}/order-types`)).json()).toMatchObject({ finished: true });
  });

  it('business for sale (SalesCatID 37): mode businessForSale with its isbusinessforsale tracks', async () => {
    const saved = await saveCategoryAd('business for sale');
    expect(saved.chooseOrderType.mode).toBe('businessForSale');
    expect(saved.chooseOrderType.orderType.every((o: { isbusinessforsale: boolean }) => o.isbusinessforsale)).toBe(
      true,
    );
    expect((await trader.get(`/api/publish/${saved.orderID}/order-types`)).json().mode).toBe('businessForSale');
    // A plain second-hand business ad is the regular tracks.
    expect((await saveCategoryAd('second-hand, plain business')).chooseOrderType.mode).toBe('tracks');
  });

  it('blocked words: no plan in the save answer', async () => {
    const saved = await saveCar({ description: 'מוכר גם אקדח' });
    expect(saved.hasWordBlocked).toBeDefined();
    expect(saved.chooseOrderType).toBeUndefined();
  });
});

describe('POST /api/publish/finish-publish', () => {
  it('a free track makes the ad active until now + the track days; the finish page and adPublished', async () => {
    const id = await carAd();
    t.clock.advance(DAY);
    const t0 = t.clock.now().getTime();
    const res = await finish(owner, id, { orderType: 'Free' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      redirect: `/finishArea?cat=1&subcat=1&OrderID=${id}`,
      events: ['adPublished'],
    });
    const ad = await row(id);
    expect(ad).toMatchObject({ status: 'active', ad_type: 'Free' });
    expect(time(ad.published_at)).toBe(t0);
    expect(time(ad.bumped_at)).toBe(t0);
    expect(time(ad.ends_at)).toBe(t0 + 28 * DAY);
    // Live: the public view shows it; the edit form knows its order type (1: free).
    expect((await t.app.inject({ method: 'GET', url: `/api/adds/${id}` })).statusCode).toBe(200);
    expect((await owner.get(`/api/publish/fields/${id}`)).json().adData.OrderTypeID).toBe(1);
  });

  it('only the ids (spec §7): the free track; twice: the same answer, nothing moves', async () => {
    const id = await carAd();
    const first = await finish(owner, id);
    const ends = time((await row(id)).ends_at);
    t.clock.advance(3 * DAY);
    const second = await finish(owner, id, { orderType: 'Free' });
    expect(second.json()).toEqual(first.json());
    expect(time((await row(id)).ends_at)).toBe(ends);
  });

  it('another account: 404 and the ad stays a draft; without the CSRF header: 403', async () => {
    const id = await carAd();
    const res = await finish(stranger, id, { orderType: 'Free' });
    expect(res.statusCode).toBe(404);
    expect((await row(id)).status).toBe('draft');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/publish/finish-publish',
      payload: { OrderID: id, RecordID: id, CatID: 1, SubCatID: 1 },
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(forged.statusCode).toBe(403);
    expect((await row(id)).status).toBe('draft');
    const visitor = new Agent(t.app, '10.61.9.9');
    expect((await finish(visitor, id)).statusCode).toBe(422);
  });

  it('a paid track without a paid payment is refused (Hebrew), nothing changes; once paid it goes live', async () => {
    const id = await carAd();
    for (const extra of [{ orderType: 'VIP' }, { pt_hash: 'c1-vip' }, { orderType: 'SUPERGOLD' }]) {
      const res = await finish(owner, id, extra);
      expect(res.statusCode).toBe(200);
      expect(res.json().errors.orderType).toMatch(/[\u0590-\u05FF]/);
      expect(res.json().redirect).toBeUndefined();
    }
    // Another category's hash and an unknown type are not this ad's tracks.
    expect((await finish(owner, id, { pt_hash: 'c3-vip' })).json().errors.orderType).toBeDefined();
    expect((await finish(owner, id, { orderType: 'Nope' })).json().errors.orderType).toBeDefined();
    await payment(id, 'created');
    expect((await finish(owner, id, { orderType: 'VIP' })).json().errors).toBeDefined();
    expect((await row(id)).status).toBe('draft');
    await payment(id, 'paid');
    const t0 = t.clock.now().getTime();
    expect((await finish(owner, id, { orderType: 'VIP' })).json().redirect).toBe(
      `/finishArea?cat=1&subcat=1&OrderID=${id}`,
    );
    expect(await row(id)).toMatchObject({ status: 'active', ad_type: 'VIP' });
    expect((await owner.get(`/api/publish/fields/${id}`)).json().adData.OrderTypeID).toBe(3);
    expect(time((await row(id)).ends_at)).toBe(t0 + 28 * DAY);
  });

  it('blocked words: the finish page of blocked words, the ad stays aside', async () => {
    const saved = await saveCar({ description: 'מוכר גם אקדח' });
    const id = saved.hasWordBlocked.orderID;
    const res = await finish(owner, id);
    expect(res.json()).toEqual({ status: 200, redirect: `/finishArea?OrderID=${id}&cat=1&subcat=1` });
    expect((await row(id)).status).toBe('blocked');
  });

  it("cat 3 'next ad': back to step 1 with the OrderIDs list (this ad added, others' ids dropped)", async () => {
    const first = (await saveCategoryAd('second-hand, private general')).orderID;
    const second = (await saveCategoryAd('second-hand, private general')).orderID;
    const foreign = await stranger.post('/api/publish/save-ad', { ...validCarAd(), ...strangerContact });
    const foreignId = foreign.json().orderID;
    expect(foreignId).toBeGreaterThan(0);
    const res = await finish(owner, second, {
      CatID: 3,
      SubCatID: 0,
      continuePublishNewAd: '1',
      OrderIDs: `${first},${foreignId}`,
    });
    expect(res.json()).toEqual({
      status: 200,
      redirect: `/publish?cat=3&subcat=0&step=1&OrderIDs=${first},${second}`,
      events: ['adPublished'],
    });
    // A private second-hand ad is live at once.
    expect((await row(second)).status).toBe('active');
  });

  it('a second-hand trader: pending review; business for sale too', async () => {
    for (const family of ['second-hand, plain business', 'business for sale']) {
      const id = (await saveCategoryAd(family)).orderID;
      const res = await finish(trader, id, { CatID: 3, SubCatID: 2 });
      expect(res.json().redirect).toContain(`OrderID=${id}`);
      expect((await row(id)).status).toBe('pending');
      const page = (await trader.get(`/api/publish/get-finish-page?OrderID=${id}`)).json();
      expect(page).toMatchObject({ state: 'pending', StatusID: 2, FinishTextID: 2, reason: expect.any(String) });
      expect(page.timeline.map((e: { step: string }) => e.step)).toEqual(['saved', 'review', 'live']);
    }
  });
});

describe('GET /api/publish/get-finish-page', () => {
  const page = async (id: number, query = '') => {
    const res = await owner.get(`/api/publish/get-finish-page?OrderID=${id}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('draft → awaiting payment → payment failed → paid and live, with the timeline and the paid amount', async () => {
    const id = await carAd();
    expect(await page(id)).toMatchObject({ state: 'draft', FinishTextID: 8, addGtmForPayedOrder: false });
    await payment(id, 'created');
    expect(await page(id)).toMatchObject({ state: 'awaitingPayment', FinishTextID: 5, StatusID: 0 });
    await payment(id, 'failed');
    const failed = await page(id);
    expect(failed).toMatchObject({ state: 'draft', paymentFailed: true, FinishTextID: 6 });
    expect(failed.title).toBe('אופס, תהליך התשלום נכשל, נסו שוב מאוחר יותר');
    expect(failed.finalMessage).toMatch(/\d{2}-\d{7}/);
    await payment(id, 'paid', 'VIP', 9900);
    expect(await page(id)).toMatchObject({ state: 'paid', paidAgorot: 9900, addGtmForPayedOrder: true });
    const t0 = t.clock.now();
    await goLive(t.db, t0, { orderId: id, adType: 'VIP', days: 28, reason: 'paid' }, reviewGate);
    const live = await page(id, '&action=finishPayment');
    expect(live).toMatchObject({
      state: 'active',
      FinishTextID: 1,
      StatusID: 1,
      adType: 'VIP',
      paidAgorot: 9900,
      addGtmForPayedOrder: true,
      endsAt: new Date(t0.getTime() + 28 * DAY).toISOString(),
      returnUrl: `/finishArea?cat=1&subcat=1&OrderID=${id}`,
      CatID: 1,
      SubCatID: 1,
      OrderID: id,
    });
    expect(live.title).toMatch(/פורסמה/);
    expect(live.timeline).toEqual([
      { step: 'saved', done: true, at: expect.any(String) },
      { step: 'paid', done: true, at: expect.any(String) },
      { step: 'live', done: true, at: t0.toISOString() },
    ]);
    // Without action=finishPayment there is no returnUrl.
    expect((await page(id)).returnUrl).toBeUndefined();
  });

  it('a draft whose owner asked to pay by phone says the business line calls back (until a payment moves it)', async () => {
    const id = await carAd();
    expect((await page(id)).phonePaymentRequested).toBeUndefined();
    const asked = await owner.post('/api/publish/commercial-payment/store-phone-payment-details', {
      OrderID: id,
      fullPhone1: '050-7654321',
    });
    expect(asked.statusCode).toBe(200);
    const byPhone = await page(id);
    expect(byPhone).toMatchObject({ state: 'draft', phonePaymentRequested: true, FinishTextID: 10, StatusID: 0 });
    expect(byPhone.title).toBe('תודה, בקשת התשלום הטלפוני התקבלה');
    expect(byPhone.finalMessage).toContain('09:00');
    // A card payment started later takes over.
    await payment(id, 'created');
    const waiting = await page(id);
    expect(waiting).toMatchObject({ state: 'awaitingPayment', FinishTextID: 5 });
    expect(waiting.phonePaymentRequested).toBeUndefined();
  });

  it('a free live ad: no paid step; blocked words; out of slots; another account is 404', async () => {
    const id = await carAd();
    await finish(owner, id);
    const live = await page(id);
    expect(live).toMatchObject({ state: 'active', adType: 'Free', addGtmForPayedOrder: false });
    expect(live.paidAgorot).toBeUndefined();
    expect(live.timeline.map((e: { step: string }) => e.step)).toEqual(['saved', 'live']);

    const blocked = (await saveCar({ description: 'מוכר גם אקדח' })).hasWordBlocked.orderID;
    expect(await page(blocked)).toMatchObject({
      state: 'blocked',
      StatusID: 17,
      reason: expect.any(String),
      // The rich alert (after-save-area.md §3): a warning with the way to set the words right.
      notice: {
        type: 'warning',
        titleMessage: 'המודעה ממתינה לבדיקה של נציג',
        message: expect.stringContaining('מילים שאינן מותרות'),
        postfix: { text: 'עריכת המודעה', icon: 'edit', href: `/edit/${blocked}`, toolTip: expect.any(String) },
      },
    });
    expect(live.notice).toBeUndefined();

    const full = await carAd();
    const out = await goLive(
      t.db,
      t.clock.now(),
      {
        orderId: full,
        adType: 'VIP',
        days: 28,
        reason: 'package',
        packageSlots: { left: 0, expired: false },
      },
      reviewGate,
    );
    expect(out).toMatchObject({ outcome: 'published', ad: { status: 'out_of_slots' } });
    expect(await page(full)).toMatchObject({ state: 'outOfSlots', FinishTextID: 3, reason: expect.any(String) });
    expect((await page(full)).notice).toBeUndefined();

    expect((await stranger.get(`/api/publish/get-finish-page?OrderID=${id}`)).statusCode).toBe(404);
    expect((await owner.get('/api/publish/get-finish-page?OrderID=abc')).statusCode).toBe(404);
  });
});

describe('input that is not what the browser sends', () => {
  it('objects, arrays and junk in the ids or the track: 404 or an answer, never a 500', async () => {
    const id = await carAd();
    for (const body of [
      { OrderID: { id } },
      { OrderID: [id] },
      { OrderID: `${id}' OR 1=1` },
      { OrderID: id, pt_hash: { a: 1 }, orderType: ['Free'], OrderIDs: [1, 2] },
      { OrderID: id, orderType: 'VIP', continuePublishNewAd: { x: 1 } },
    ]) {
      const res = await owner.post('/api/publish/finish-publish', body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await owner.get('/api/publish/get-finish-page')).statusCode).toBe(404);
    expect((await owner.get('/api/publish/get-finish-page?OrderID[]=1')).statusCode).toBeLessThan(500);
  });
});

describe('goLive', () => {
  it('only from draft: a finished ad unchanged, blocked and reserved refused, unknown not found', async () => {
    const id = await carAd();
    const now = t.clock.now();
    const first = await goLive(
      t.db,
      now,
      { orderId: id, adType: 'Free', days: 28, giftedDays: 7, reason: 'free' },
      reviewGate,
    );
    expect(first.outcome).toBe('published');
    expect(first.ad?.endsAt?.getTime()).toBe(now.getTime() + 35 * DAY);
    const again = await goLive(
      t.db,
      new Date(now.getTime() + DAY),
      {
        orderId: id,
        adType: 'VIP',
        days: 1,
        reason: 'paid',
      },
      reviewGate,
    );
    expect(again.outcome).toBe('alreadyFinished');
    expect(again.ad).toMatchObject({ status: 'active', adType: 'Free' });
    expect(again.ad?.endsAt?.getTime()).toBe(now.getTime() + 35 * DAY);

    const blocked = (await saveCar({ description: 'מוכר גם אקדח' })).hasWordBlocked.orderID;
    expect(
      (await goLive(t.db, now, { orderId: blocked, adType: 'Free', days: 28, reason: 'free' }, reviewGate)).outcome,
    ).toBe('refused');
    const reserved = await owner.post('/api/publish/reserve-order', {
      cat: '1',
      subcat: '1',
      idempotencyKey: 'finish-reserve',
    });
    const reservedId = reserved.json().OrderID;
    expect(
      (await goLive(t.db, now, { orderId: reservedId, adType: 'Free', days: 28, reason: 'free' }, reviewGate)).outcome,
    ).toBe('refused');
    expect((await row(reservedId)).status).toBe('reserved');
    expect((await finish(owner, reservedId)).statusCode).toBe(404);
    expect(
      (await goLive(t.db, now, { orderId: 1, adType: 'Free', days: 28, reason: 'free' }, reviewGate)).outcome,
    ).toBe('notFound');
  });

  it("the broker-lead flow's failure flag is recorded for the operator; a browser cannot send that event", async () => {
    const orderId = await carAd();
    const res = await finish(owner, orderId, { leadFailed: true });
    expect(res.json().redirect).toContain('/finishArea');
    const rows = await t.db.query<{ props: { orderId: number; cat: number } | string }>(
      `SELECT props FROM analytics_events WHERE name = 'broker_lead_failed'`,
    );
    const props = rows.map((r) => (typeof r.props === 'string' ? JSON.parse(r.props) : r.props));
    expect(props).toContainEqual({ cat: 1, subcat: 1, orderId });
    // Without the flag nothing is recorded.
    const plain = await carAd();
    await finish(owner, plain);
    const after = await t.db.query(`SELECT 1 FROM analytics_events WHERE name = 'broker_lead_failed'`);
    expect(after).toHaveLength(rows.length);
    // The event is the server's: a browser batch carrying it is refused whole.
    const forged = await owner.post('/api/analytics/events', {
      events: [{ name: 'broker_lead_failed', props: { cat: 1, orderId }, at: Date.now() }],
    });
    expect(forged.statusCode).toBe(400);
    // The finish page's outcome is the browser's to send (ids and our own outcome names only).
    const outcome = await owner.post('/api/analytics/events', {
      events: [
        { name: 'finish_outcome', props: { cat: 1, subcat: 1, orderId, outcome: 'uploadSuccess' }, at: Date.now() },
      ],
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
  });
});
