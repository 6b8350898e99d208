/**
 * GET /api/my-ads (ours): the logged-in customer's ads with a recognisable title, status, track, end date and the
 * days left by the injected clock; never another account's ads, reserved photo holders or deleted ads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from './support/phones.ts';
import { custId, storedAd } from './support/plan-extras.ts';
import { validSaleAd } from './support/real-estate-ad.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let ownerId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t);
  ownerId = await custId(owner);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/my-ads', () => {
  it('is for logged-in customers only', async () => {
    const res = await new Agent(t.app).get('/api/my-ads');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, message: expect.stringMatching(/[א-ת]/) });
  });

  it("lists the customer's ads, newest first, with titles, tracks and days left", async () => {
    const other = await customer(t);
    const otherAd = await storedAd(t, await custId(other), validCarAd());
    const car = await storedAd(t, ownerId, validCarAd());
    const flat = await storedAd(t, ownerId, validSaleAd(), 'active');
    const sofa = await storedAd(t, ownerId, { cat: '3', subcat: '0', title: 'ספה תלת מושבית אפורה' }, 'expired');
    const reserved = await storedAd(t, ownerId, { cat: '1', subcat: '1' }, 'reserved');
    const deleted = await storedAd(t, ownerId, validCarAd(), 'deleted');
    // The flat went live on a 28-day track 10 days ago (and a half: days left round up).
    const now = t.clock.now();
    const endsAt = new Date(now.getTime() + 17.5 * DAY);
    await t.db.query("UPDATE ads SET ad_type = 'VIP', published_at = $2, ends_at = $3 WHERE id = $1", [
      flat,
      new Date(now.getTime() - 10.5 * DAY).toISOString(),
      endsAt.toISOString(),
    ]);
    await t.db.query("UPDATE ads SET ad_type = 'Free', ends_at = $2 WHERE id = $1", [
      sofa,
      new Date(now.getTime() - DAY).toISOString(),
    ]);

    const res = await owner.get('/api/my-ads');
    expect(res.statusCode).toBe(200);
    const ads = res.json().ads as { OrderID: number }[];
    expect(ads.map((a) => a.OrderID)).toEqual([sofa, flat, car]);
    for (const hidden of [otherAd, reserved, deleted]) expect(ads.map((a) => a.OrderID)).not.toContain(hidden);
    expect(ads).toEqual([
      {
        OrderID: sofa,
        title: 'ספה תלת מושבית אפורה',
        cat: 3,
        subcat: 0,
        status: 'expired',
        adType: 'Free',
        endsAt: expect.any(String),
        awaitingPayment: false,
        refund: null,
        rejection: null,
        daysLeft: 0,
        autoBump: false,
        autoBumpUntil: null,
        thumbnailUrl: null,
        editUrl: `/edit/${sofa}`,
        // Ended: its page says so (410); the list offers no link to it.
        pageUrl: null,
        publishUrl: null,
        upgradeUrl: `/my-ads?upgrade=${sofa}`,
        easyStart: null,
        // Ended: it can be renewed (a free track) or deleted, not hidden.
        actions: ['renew', 'delete'],
      },
      expect.objectContaining({
        OrderID: flat,
        title: '3.5 חדרים, דיזנגוף 50, תל אביב-יפו',
        cat: 2,
        subcat: 1,
        status: 'active',
        adType: 'VIP',
        endsAt: endsAt.toISOString(),
        daysLeft: 18,
        pageUrl: `/item/${flat}`,
      }),
      expect.objectContaining({
        OrderID: car,
        title: 'טויוטה קורולה 2021',
        status: 'draft',
        adType: null,
        endsAt: null,
        daysLeft: null,
        awaitingPayment: false,
        // A draft is finished on its plan step (the cars' wizard: step 6).
        publishUrl: `/publish?cat=1&subcat=1&step=6&OrderID=${car}`,
        // The owner's draft has a page (for them only, with what to do).
        pageUrl: `/item/${car}`,
        refund: null,
        rejection: null,
      }),
    ]);
  });

  it('a draft whose latest track payment is open, declined or cancelled waits for payment, for that track', async () => {
    const open = await storedAd(t, ownerId, validCarAd());
    const failed = await storedAd(t, ownerId, validCarAd());
    const cancelled = await storedAd(t, ownerId, validCarAd());
    const none = await storedAd(t, ownerId, validCarAd());
    let at = t.clock.now().getTime();
    const pay = (adId: number, status: string, key: string, adType = 'VIP') =>
      t.db.query(
        `INSERT INTO payments (public_id, customer_id, ad_id, purpose, ad_type, days, amount_agorot, channel, status,
           idempotency_key, provider, created_at)
         VALUES ($1, $2, $3, 'track', $6, 28, 9900, 'creditCard', $4, $1, 'sandbox', $5)`,
        [key, ownerId, adId, status, new Date(++at).toISOString(), adType],
      );
    await pay(open, 'created', `open-${open}`);
    // An earlier Bold payment failed, the latest (SUPERGOLD) too: the latest track is the one waiting.
    await pay(failed, 'failed', `failed-a-${failed}`, 'Bold');
    await pay(failed, 'failed', `failed-b-${failed}`, 'SUPERGOLD');
    await pay(cancelled, 'cancelled', `cancelled-${cancelled}`);
    type Row = { OrderID: number; status: string; awaitingPayment: boolean; adType: string | null };
    const ads = (await owner.get('/api/my-ads')).json().ads as Row[];
    const row = (id: number) => ads.find((a) => a.OrderID === id);
    expect(row(open)).toMatchObject({ status: 'draft', awaitingPayment: true, adType: 'VIP' });
    expect(row(failed)).toMatchObject({ status: 'draft', awaitingPayment: true, adType: 'SUPERGOLD' });
    expect(row(cancelled)).toMatchObject({ status: 'draft', awaitingPayment: true, adType: 'VIP' });
    expect(row(none)).toMatchObject({ status: 'draft', awaitingPayment: false, adType: null });
  });
});
