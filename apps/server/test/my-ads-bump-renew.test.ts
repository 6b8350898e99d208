/**
 * "My ads"' bump and renewal, where the ad's track allows them (packages/catalog data/tracks.json `ownerActions`): a
 * live ad of a paid track bumped moves to the top of its board now, at most once a day; an ad of a free track that
 * ended or ends within the week gets its track's days again from now. Each ad is answered on its own, another
 * account's refused and left as it was; the ad events follow docs/webhooks.md, and nothing is counted as a new
 * publication.
 */
import type { BoardPageResponse } from '@app/contract/schemas/board';
import type { MyAd, MyAdsBulkResponse, MyAdsBulkResult, MyAdsResponse } from '@app/contract/schemas/myAds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBoardAd, type SampleAd, sampleAds } from './support/board-ads.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOT_YOURS = 'המודעה לא נמצאה בחשבון שלך';

let t: TestApp;
let owner: Agent;
let other: Agent;
let car: SampleAd;
/** The owner's ads by what each is made to test. */
const ad: Record<string, number> = {};
/** The other account's ads: a live VIP ad placed an hour ago, an ended free one. */
let foreignVip: number;
let foreignEnded: number;

async function customerId(email: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  return Number(row?.id);
}

interface Stored {
  status: string;
  ends_at: Date;
  bumped_at: Date | null;
  published_at: Date | null;
}
const stored = async (id: number): Promise<Stored> => {
  const [row] = await t.db.query<Stored>('SELECT status, ends_at, bumped_at, published_at FROM ads WHERE id = $1', [
    id,
  ]);
  if (!row) throw new Error(`no ad ${id}`);
  return { ...row, ends_at: new Date(row.ends_at) } as Stored;
};
const eventsOf = async (id: number) =>
  (await t.db.query<{ type: string }>('SELECT type FROM ad_events WHERE ad_id = $1 ORDER BY seq', [id])).map(
    (r) => r.type,
  );
const bulk = async (agent: Agent, action: string, ids: number[]): Promise<MyAdsBulkResult[]> => {
  const res = await agent.post('/api/my-ads/bulk', { action, ids });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MyAdsBulkResponse).results;
};
const listed = async (id: number): Promise<MyAd> => {
  const ads = ((await owner.get(`/api/my-ads?q=${id}`)).json() as MyAdsResponse).ads;
  const found = ads.find((a) => a.OrderID === id);
  if (!found) throw new Error(`ad ${id} not listed`);
  return found;
};
const boardIds = async (): Promise<number[]> => {
  const path = car.subcat === null ? `${car.cat}` : `${car.cat}/${car.subcat}`;
  const res = await new Agent(t.app, '10.94.0.9').get(`/api/board/${path}?size=50`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BoardPageResponse).cards.map((c) => c.id);
};

beforeAll(async () => {
  t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
  owner = new Agent(t.app, '10.94.0.1');
  const ownerId = await customerId((await register(owner)).email);
  other = new Agent(t.app, '10.94.0.2');
  const otherId = await customerId((await register(other)).email);
  const sample = sampleAds()[0];
  if (!sample) throw new Error('no sample ad');
  car = sample;
  const now = t.clock.now().getTime();
  const make = async (
    customer: number,
    status: string,
    adType: string,
    placedHoursAgo: number,
    endsInDays: number,
  ): Promise<number> =>
    insertBoardAd(t.db, {
      customerId: customer,
      cat: car.cat,
      subcat: car.subcat,
      selectors: car.selectors,
      values: car.values,
      status,
      adType,
      publishedAt: new Date(now - placedHoursAgo * HOUR),
      endsAt: new Date(now + endsInDays * DAY),
    });
  ad.vip = await make(ownerId, 'active', 'VIP', 48, 20);
  ad.bold = await make(ownerId, 'active', 'Bold', 72, 20);
  ad.vipNew = await make(ownerId, 'active', 'VIP', 2, 27);
  ad.freeLive = await make(ownerId, 'active', 'Free', 72, 20);
  ad.freeEnding = await make(ownerId, 'active', 'Free', 24 * 24, 3);
  ad.freeEnded = await make(ownerId, 'expired', 'Free', 24 * 30, -1);
  ad.vipEnded = await make(ownerId, 'expired', 'VIP', 24 * 30, -1);
  ad.vipHidden = await make(ownerId, 'hidden', 'VIP', 48, 20);
  foreignVip = await make(otherId, 'active', 'VIP', 1, 20);
  foreignEnded = await make(otherId, 'expired', 'Free', 24 * 30, -1);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the actions each ad allows', () => {
  it("lists bump for a live ad of a paid track last placed a day ago or more, renew for a free track's ending ad", async () => {
    expect((await listed(ad.vip as number)).actions).toEqual(['bump', 'hide', 'delete']);
    expect((await listed(ad.bold as number)).actions).toEqual(['bump', 'hide', 'delete']);
    expect((await listed(ad.vipNew as number)).actions).toEqual(['hide', 'delete']);
    expect((await listed(ad.freeLive as number)).actions).toEqual(['hide', 'delete']);
    expect((await listed(ad.freeEnding as number)).actions).toEqual(['renew', 'hide', 'delete']);
    expect((await listed(ad.freeEnded as number)).actions).toEqual(['renew', 'delete']);
    expect((await listed(ad.vipEnded as number)).actions).toEqual(['delete']);
    expect((await listed(ad.vipHidden as number)).actions).toEqual(['show', 'delete']);
  });
});

describe('bump', () => {
  it('moves the chosen ads to the top of their board now, each answered on its own, and writes no ad event', async () => {
    // The top rank (VIP) by placing time, then the highlighted (Bold), then the free ones.
    expect(await boardIds()).toEqual([foreignVip, ad.vipNew, ad.vip, ad.bold, ad.freeLive, ad.freeEnding]);
    const now = t.clock.now();
    const results = await bulk(owner, 'bump', [
      ad.vip as number,
      ad.bold as number,
      ad.vipNew as number,
      ad.freeLive as number,
      ad.vipEnded as number,
      ad.vipHidden as number,
      foreignVip,
    ]);
    expect(results).toEqual([
      { OrderID: ad.vip, done: true, status: 'active', endsAt: expect.any(String), actions: ['hide', 'delete'] },
      { OrderID: ad.bold, done: true, status: 'active', endsAt: expect.any(String), actions: ['hide', 'delete'] },
      {
        OrderID: ad.vipNew,
        done: false,
        reason: 'אפשר להקפיץ מודעה פעם ב-24 שעות. אפשר יהיה להקפיץ אותה שוב בעוד 22 שעות',
      },
      {
        OrderID: ad.freeLive,
        done: false,
        reason: 'המסלול של המודעה אינו כולל הקפצה. אפשר להוסיף לה הקפצה אוטומטית בתשלום',
      },
      { OrderID: ad.vipEnded, done: false, reason: 'אפשר להקפיץ רק מודעה שמוצגת עכשיו באתר' },
      { OrderID: ad.vipHidden, done: false, reason: 'אפשר להקפיץ רק מודעה שמוצגת עכשיו באתר' },
      { OrderID: foreignVip, done: false, reason: NOT_YOURS },
    ]);
    for (const id of [ad.vip, ad.bold] as number[]) {
      const after = await stored(id);
      expect(new Date(after.bumped_at as Date).getTime()).toBe(now.getTime());
      // Not a new publication: its publish time and end are as they were, and no ad event.
      expect(new Date(after.published_at as Date).getTime()).toBe(now.getTime() - (id === ad.vip ? 48 : 72) * HOUR);
      expect(await eventsOf(id)).toEqual([]);
    }
    // Refused ones are as they were, the other account's too.
    expect(new Date((await stored(foreignVip)).bumped_at as Date).getTime()).toBe(now.getTime() - HOUR);
    expect(new Date((await stored(ad.vipNew as number)).bumped_at as Date).getTime()).toBe(now.getTime() - 2 * HOUR);
    // The bumped VIP ad heads the board, above the other account's newer one; the bold ad heads its rank.
    expect(await boardIds()).toEqual([ad.vip, foreignVip, ad.vipNew, ad.bold, ad.freeLive, ad.freeEnding]);
  });

  it('refuses a second bump within a day, and allows it a day later', async () => {
    t.clock.advance(23 * HOUR);
    const [soon] = await bulk(owner, 'bump', [ad.vip as number]);
    expect(soon).toEqual({
      OrderID: ad.vip,
      done: false,
      reason: 'אפשר להקפיץ מודעה פעם ב-24 שעות. אפשר יהיה להקפיץ אותה שוב בעוד שעה',
    });
    t.clock.advance(HOUR);
    expect((await listed(ad.vip as number)).actions).toContain('bump');
    const [later] = await bulk(owner, 'bump', [ad.vip as number]);
    expect(later?.done).toBe(true);
    expect(new Date((await stored(ad.vip as number)).bumped_at as Date).getTime()).toBe(t.clock.now().getTime());
  });
});

describe('renew', () => {
  it("gives an ended or ending ad of a free track its track's days from now; refuses the rest", async () => {
    const now = t.clock.now();
    const endingBefore = await stored(ad.freeEnding as number);
    const results = await bulk(owner, 'renew', [
      ad.freeEnded as number,
      ad.freeEnding as number,
      ad.freeLive as number,
      ad.vipEnded as number,
      foreignEnded,
    ]);
    // The vehicles' free track is 28 days.
    const newEnd = new Date(now.getTime() + 28 * DAY).toISOString();
    expect(results).toEqual([
      { OrderID: ad.freeEnded, done: true, status: 'active', endsAt: newEnd, actions: ['hide', 'delete'] },
      { OrderID: ad.freeEnding, done: true, status: 'active', endsAt: newEnd, actions: ['hide', 'delete'] },
      { OrderID: ad.freeLive, done: false, reason: 'אפשר לחדש רק מודעה שהסתיימה או שמסתיימת בתוך 7 ימים' },
      { OrderID: ad.vipEnded, done: false, reason: 'מודעה במסלול בתשלום מחדשים בשדרוג המודעה, ולא בחידוש' },
      { OrderID: foreignEnded, done: false, reason: NOT_YOURS },
    ]);
    for (const id of [ad.freeEnded, ad.freeEnding] as number[]) {
      const after = await stored(id);
      expect(after.status).toBe('active');
      expect(after.ends_at.toISOString()).toBe(newEnd);
      // Its new end has its expiry job.
      const jobs = await t.db.query('SELECT 1 FROM scheduled_jobs WHERE kind = $1 AND dedupe_key = $2', [
        'ads.expire',
        `${id}:${newEnd}`,
      ]);
      expect(jobs).toHaveLength(1);
    }
    // Not a new publication: the publish time stays, so the board places the renewed ad where it was.
    expect((await stored(ad.freeEnding as number)).published_at).toEqual(endingBefore.published_at);
    // An ended ad back on the board: ad.published; a live ad's new end: ad.changed (its view carries the end).
    expect(await eventsOf(ad.freeEnded as number)).toEqual(['ad.published']);
    expect(await eventsOf(ad.freeEnding as number)).toEqual(['ad.changed']);
    expect(await boardIds()).toContain(ad.freeEnded);
    // Refused ones are as they were, the other account's too.
    expect((await stored(foreignEnded)).status).toBe('expired');
    expect((await stored(ad.vipEnded as number)).status).toBe('expired');
    expect(await eventsOf(foreignEnded)).toEqual([]);
    // Renewed, it is not ending any more: no second renewal.
    const [again] = await bulk(owner, 'renew', [ad.freeEnded as number]);
    expect(again?.done).toBe(false);
  });

  it('a renewed ad stays on the board until its new end, and its expiry job ends it then', async () => {
    t.clock.advance(27 * DAY);
    await t.app.jobs.runDueJobs();
    expect((await stored(ad.freeEnded as number)).status).toBe('active');
    t.clock.advance(2 * DAY);
    await t.app.jobs.runDueJobs();
    expect((await stored(ad.freeEnded as number)).status).toBe('expired');
    expect(await eventsOf(ad.freeEnded as number)).toEqual(['ad.published', 'ad.ended']);
  });
});
