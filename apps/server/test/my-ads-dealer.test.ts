/**
 * "My ads" for a dealer with many ads: found by the ad's number or a word, filtered by status, category, track and
 * ending within 7 days, sorted newest, ending soonest or most viewed, paged by a checked keyset cursor that covers
 * every ad once; and one action on several chosen ads, each answered on its own, another account's ad refused and
 * left as it was.
 */
import type { MyAd, MyAdsBulkResponse, MyAdsResponse } from '@app/contract/schemas/myAds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBoardAd, sampleAds } from './support/board-ads.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const DAY = 86_400_000;
const HEBREW = /[\u0590-\u05FF]/;

let t: TestApp;
let owner: Agent;
let ownerId: number;
let other: Agent;
let otherId: number;
/** The owner's ads by number, with what each was made with. */
const made = new Map<number, { cat: number; status: string; adType: string | null; endsAt: Date; views: number }>();
let foreignAd: number;
let tyres: number[] = [];

async function customerId(email: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  return Number(row?.id);
}

async function list(query = ''): Promise<MyAdsResponse> {
  const res = await owner.get(`/api/my-ads${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a query, following "עוד מודעות" to the end. */
async function allPages(query: string): Promise<MyAd[]> {
  const ads: MyAd[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const answer: MyAdsResponse = await list(`?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    ads.push(...answer.ads);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return ads;
}

const statusOf = async (id: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]))[0]?.status;

beforeAll(async () => {
  t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
  owner = new Agent(t.app, '10.93.0.1');
  ownerId = await customerId((await register(owner)).email);
  other = new Agent(t.app, '10.93.0.2');
  otherId = await customerId((await register(other)).email);
  const samples = sampleAds();
  const now = t.clock.now().getTime();
  const statuses = ['active', 'active', 'active', 'expired', 'draft', 'pending'];
  const tracks = ['Free', 'VIP', 'Bold', null];
  for (let i = 0; i < 26; i++) {
    const sample = samples[i % samples.length];
    if (!sample) throw new Error('no sample ad');
    const status = statuses[i % statuses.length] ?? 'active';
    const adType = status === 'draft' ? null : (tracks[i % tracks.length] ?? 'Free');
    // Ends spread over a month, a few within the week; an expired ad ended yesterday.
    const endsAt = new Date(now + (status === 'expired' ? -DAY : ((i * 5) % 31) * DAY + 3_600_000));
    const words = i % 9 === 4 ? ' צמיגי חורף חדשים' : '';
    const values = { ...sample.values, title: `מודעה ${i}`, description: `תיאור המודעה ${i}${words}` };
    const id = await insertBoardAd(t.db, {
      customerId: ownerId,
      cat: sample.cat,
      subcat: sample.subcat,
      selectors: sample.selectors,
      values,
      status,
      adType,
      publishedAt: new Date(now - DAY),
      endsAt,
    });
    const views = (i * 7) % 11;
    if (views > 0) {
      await t.db.query(
        'INSERT INTO ad_number_totals (ad_id, views, reveals, shares, reports, board_appearances) VALUES ($1, $2, 0, 0, 0, 0)',
        [id, views],
      );
    }
    made.set(id, { cat: sample.cat, status, adType, endsAt, views });
    if (words) tyres.push(id);
  }
  tyres = tyres.sort((a, b) => b - a);
  const sample = samples[0];
  if (!sample) throw new Error('no sample ad');
  foreignAd = await insertBoardAd(t.db, {
    customerId: otherId,
    cat: sample.cat,
    subcat: sample.subcat,
    selectors: sample.selectors,
    values: { ...sample.values, title: 'מודעה של אחר', description: 'צמיגי חורף חדשים' },
    publishedAt: new Date(now - DAY),
    endsAt: new Date(now + 10 * DAY),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ids = (ads: readonly MyAd[]) => ads.map((a) => a.OrderID);
const mine = () => [...made.keys()];

describe('search', () => {
  it("finds an ad by its number, and never another account's", async () => {
    const id = mine()[7] as number;
    expect(ids((await list(`?q=${id}`)).ads)).toEqual([id]);
    expect((await list(`?q=${foreignAd}`)).ads).toEqual([]);
  });

  it('finds the ads whose title or description holds every word', async () => {
    expect(tyres.length).toBeGreaterThan(1);
    const answer = await list(`?q=${encodeURIComponent('צמיגי חורף')}`);
    expect(ids(answer.ads)).toEqual(tyres);
    expect(answer.total).toBe(tyres.length);
    expect((await list(`?q=${encodeURIComponent('צמיגי קיץ')}`)).ads).toEqual([]);
    expect(ids((await list(`?q=${encodeURIComponent('מודעה 13')}`)).ads)).toEqual([mine()[13]]);
  });
});

describe('filters', () => {
  it('by status, category and track', async () => {
    const expired = mine().filter((id) => made.get(id)?.status === 'expired');
    expect(ids(await allPages('status=expired')).sort()).toEqual(expired.sort());
    const cars = mine().filter((id) => made.get(id)?.cat === 1);
    expect(ids(await allPages('cat=1')).sort()).toEqual(cars.sort());
    const vip = mine().filter((id) => made.get(id)?.adType === 'VIP');
    const answer = await allPages('track=VIP');
    expect(ids(answer).sort()).toEqual(vip.sort());
    expect(answer.every((a) => a.adType === 'VIP')).toBe(true);
  });

  it('ending within 7 days: live ads only, whose end is ahead and within the week', async () => {
    const now = t.clock.now().getTime();
    const ending = mine().filter((id) => {
      const ad = made.get(id);
      return ad?.status === 'active' && ad.endsAt.getTime() > now && ad.endsAt.getTime() <= now + 7 * DAY;
    });
    expect(ending.length).toBeGreaterThan(0);
    expect(ids(await allPages('ending=1')).sort()).toEqual(ending.sort());
  });

  it('a filter value that is not one is refused in Hebrew', async () => {
    for (const query of ['?status=gone', '?track=Gold', '?cat=abc', '?sort=price', '?size=0', '?size=51']) {
      const res = await owner.get(`/api/my-ads${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(HEBREW);
    }
  });
});

describe('sorts and pages', () => {
  it('newest first, and the pages cover every ad exactly once', async () => {
    const all = ids(await allPages('size=4'));
    expect(all).toEqual(mine().sort((a, b) => b - a));
    const first = await list('?size=4');
    expect(first.total).toBe(made.size);
    expect(first.ads).toHaveLength(4);
  });

  it('ending soonest: live ends ahead first, soonest first, then the rest; every ad once', async () => {
    const now = t.clock.now().getTime();
    const all = await allPages('sort=ending&size=5');
    expect(new Set(ids(all)).size).toBe(made.size);
    expect(all).toHaveLength(made.size);
    const ahead = all.filter((a) => a.endsAt !== null && Date.parse(a.endsAt) > now);
    const ends = ahead.map((a) => Date.parse(a.endsAt as string));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(ids(all.slice(0, ahead.length))).toEqual(ids(ahead));
  });

  it("most viewed first (the numbers' totals), ties by the newer; every ad once", async () => {
    const all = ids(await allPages('sort=views&size=3'));
    const expected = mine().sort((a, b) => (made.get(b)?.views ?? 0) - (made.get(a)?.views ?? 0) || b - a);
    expect(all).toEqual(expected);
  });

  it('filters, search and sort together keep to their pages', async () => {
    const all = ids(await allPages('status=active&sort=views&size=2'));
    const active = mine().filter((id) => made.get(id)?.status === 'active');
    expect(all.sort()).toEqual(active.sort());
  });

  it('a cursor that is not ours, edited, or of another query is refused in Hebrew', async () => {
    const first = await list('?size=3');
    const cursor = first.nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const edited = Buffer.from(
      JSON.stringify(
        (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[]).map((v, i) =>
          i === 1 ? 'AAAAAAAAAAAAAAAA' : v,
        ),
      ),
    ).toString('base64url');
    for (const bad of ['nonsense', 'e30', cursor.slice(0, -4), edited]) {
      const res = await owner.get(`/api/my-ads?size=3&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(HEBREW);
    }
    const other = await owner.get(`/api/my-ads?size=3&sort=views&cursor=${cursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ status: 400, message: 'הקישור להמשך הרשימה אינו תקין. אפשר לחזור לתחילת הרשימה' });
  });

  it('a guest is asked to log in', async () => {
    expect((await new Agent(t.app, '10.93.0.9').get('/api/my-ads')).statusCode).toBe(422);
  });
});

describe('one action on several ads', () => {
  const bulk = async (agent: Agent, body: unknown) => agent.post('/api/my-ads/bulk', body);

  it("hides the owner's live ads, refuses another account's ad and leaves it as it was", async () => {
    const live = mine()
      .filter((id) => made.get(id)?.status === 'active')
      .slice(0, 2);
    const draft = mine().find((id) => made.get(id)?.status === 'draft') as number;
    const res = await bulk(owner, { action: 'hide', ids: [...live, foreignAd, draft] });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as MyAdsBulkResponse;
    expect(results).toEqual([
      ...live.map((id) => ({
        OrderID: id,
        done: true,
        status: 'hidden',
        endsAt: made.get(id)?.endsAt.toISOString(),
        actions: ['show', 'delete'],
      })),
      { OrderID: foreignAd, done: false, reason: 'המודעה לא נמצאה בחשבון שלך' },
      { OrderID: draft, done: false, reason: 'אפשר להסתיר רק מודעה שמוצגת עכשיו באתר' },
    ]);
    expect(await statusOf(foreignAd)).toBe('active');
    expect(await statusOf(draft)).toBe('draft');
    for (const id of live) expect(await statusOf(id)).toBe('hidden');
    // Off the board: its page is not a live ad's any more, for a buyer.
    expect((await new Agent(t.app, '10.93.0.10').get(`/item/${live[0]}`)).statusCode).not.toBe(200);
    const listed = (await list(`?q=${live[0]}`)).ads[0];
    expect(listed?.status).toBe('hidden');
    expect(listed?.actions).toEqual(['show', 'delete']);
    expect(ids(await allPages('status=hidden'))).toEqual([...live].sort((a, b) => b - a));

    const shown = (await bulk(owner, { action: 'show', ids: live })).json() as MyAdsBulkResponse;
    expect(shown.results.map((r) => r.status)).toEqual(['active', 'active']);
    expect(await statusOf(live[0] as number)).toBe('active');
  });

  it("deletes the owner's ads only; the other account's ad stays", async () => {
    const two = mine()
      .filter((id) => made.get(id)?.status === 'expired')
      .slice(0, 2);
    const res = await bulk(owner, { action: 'delete', ids: [foreignAd, ...two] });
    expect((res.json() as MyAdsBulkResponse).results).toEqual([
      { OrderID: foreignAd, done: false, reason: 'המודעה לא נמצאה בחשבון שלך' },
      ...two.map((id) => ({ OrderID: id, done: true, status: 'deleted' })),
    ]);
    expect(await statusOf(foreignAd)).toBe('active');
    for (const id of two) expect(await statusOf(id)).toBe('deleted');
    const rest = ids(await allPages('size=50'));
    for (const id of two) expect(rest).not.toContain(id);
    // Deleted twice: no longer the owner's to act on.
    const again = (await bulk(owner, { action: 'delete', ids: [two[0]] })).json() as MyAdsBulkResponse;
    expect(again.results[0]?.done).toBe(false);
    // The other account sees its ad as it was.
    const its = (await other.get('/api/my-ads')).json() as MyAdsResponse;
    expect(its.ads.map((a) => [a.OrderID, a.status])).toEqual([[foreignAd, 'active']]);
  });

  it('an unknown action, no ads, or the same ad twice is refused in Hebrew and nothing changes', async () => {
    const id = mine().find((i) => made.get(i)?.status === 'active') as number;
    const before = await statusOf(id);
    for (const body of [
      { action: 'sell', ids: [id] },
      { action: 'archive', ids: [id] },
      { action: 'delete', ids: [] },
      { action: 'delete', ids: [id, id] },
      { action: 'delete', ids: ['x'] },
      { ids: [id] },
    ]) {
      const res = await bulk(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(HEBREW);
    }
    expect(await statusOf(id)).toBe(before);
  });

  it('a guest is asked to log in, and nothing changes', async () => {
    const id = mine().find((i) => made.get(i)?.status === 'active') as number;
    const guest = new Agent(t.app, '10.93.0.11');
    expect((await bulk(guest, { action: 'delete', ids: [id] })).statusCode).toBe(422);
    expect(await statusOf(id)).toBe('active');
  });
});
