/**
 * The advertiser's numbers: an ad's page views (once per visitor a day; not its owner, not bots), phone reveals,
 * shares, reports and board appearances, counted in memory and added per ad and day in batches; read by the owner
 * only (GET /api/my-ads/numbers and /api/my-ads/{id}/numbers, and the box on the owner's page). Nothing in the table
 * says who.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBoardAd } from './support/board-ads.ts';
import { Agent, createTestApp, PHONE_BROWSER, register, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DAY = 86_400_000;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DESKTOP_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let other: Agent;
let ip = 0;
/** A visitor of its own address, in a person's browser. */
const visitor = (agent = PHONE_BROWSER) => new Agent(t.app, `10.91.${Math.floor(++ip / 250)}.${ip % 250}`, agent);

async function car(adType = 'Free'): Promise<number> {
  const { cat: _c, subcat: _s, ...values } = validCarAd();
  const now = t.clock.now();
  return insertBoardAd(t.db, {
    customerId: ownerId,
    cat: 1,
    subcat: 1,
    values: { ...values, price: '85000', contactName: 'נועה', validPhone1: '052-7654321', weekendCalls: '1' },
    adType,
    publishedAt: new Date(now.getTime() - DAY),
    endsAt: new Date(now.getTime() + 20 * DAY),
  });
}

interface Row {
  day: string;
  views: number;
  reveals: number;
  shares: number;
  reports: number;
  board_appearances: number;
}
/** The ad's rows as stored, without flushing. */
const stored = (id: number) =>
  t.db.query<Row>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, views, reveals, shares, reports, board_appearances
     FROM ad_daily_numbers WHERE ad_id = $1 ORDER BY day`,
    [id],
  );
/** The ad's rows once the batch is written. */
async function flushed(id: number): Promise<Row[]> {
  await t.app.numbers.flush();
  return stored(id);
}
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(t.clock.now());

beforeAll(async () => {
  t = await createTestApp({ NUMBERS_FLUSH_MS: '0' });
  owner = new Agent(t.app, '10.90.0.1', DESKTOP_BROWSER);
  const { email } = await register(owner);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  ownerId = Number(row?.id);
  other = new Agent(t.app, '10.90.0.2', DESKTOP_BROWSER);
  await register(other);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('page views', () => {
  it('a visitor counts once per ad per day, and again the next day', async () => {
    const id = await car();
    const one = visitor();
    for (let i = 0; i < 3; i++) expect((await one.get(`/item/${id}`)).statusCode).toBe(200);
    await visitor().get(`/item/${id}`);
    expect(await flushed(id)).toEqual([
      { day: today(), views: 2, reveals: 0, shares: 0, reports: 0, board_appearances: 0 },
    ]);
    const first = today();
    t.clock.advance(DAY);
    await one.get(`/item/${id}`);
    const rows = await flushed(id);
    expect(rows.map((r) => [r.day, r.views])).toEqual([
      [first, 2],
      [today(), 1],
    ]);
  });

  it('a known bot, a request without a user agent and the owner are not counted', async () => {
    const id = await car();
    expect((await visitor(GOOGLEBOT).get(`/item/${id}`)).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/item/${id}`, headers: { 'user-agent': '' } });
    const own = await owner.get(`/item/${id}`);
    expect(own.statusCode).toBe(200);
    expect(await flushed(id)).toEqual([]);
  });

  it('the owner sees the ad’s numbers on its page (never cached); nobody else does', async () => {
    const id = await car();
    await visitor().get(`/item/${id}`);
    await visitor().post(`/api/ads/${id}/phone`);
    await t.app.numbers.flush();
    const own = await owner.get(`/item/${id}`);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).toContain('המספרים של המודעה');
    expect(own.body).toMatch(/צפיות במודעה<\/th><td>1<\/td><td>1<\/td><td>1<\/td>/);
    expect(own.body).toMatch(/הצגות של מספר הטלפון<\/th><td>1<\/td>/);
    expect(own.body).toContain(`/my-ads?numbers=${id}`);
    for (const someone of [visitor(), other]) {
      const page = await someone.get(`/item/${id}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('public, no-cache');
      expect(page.body).not.toContain('המספרים של המודעה');
      expect(page.body).not.toContain('data-numbers');
    }
  });
});

describe('reveals, shares, reports and board appearances', () => {
  it('each is counted in the ad’s day', async () => {
    const id = await car('VIP');
    const buyer = visitor();
    expect((await buyer.post(`/api/ads/${id}/phone`)).statusCode).toBe(200);
    expect((await buyer.post(`/api/ads/${id}/share`)).json()).toEqual({ status: 200 });
    expect((await visitor().post(`/api/ads/${id}/share`)).statusCode).toBe(200);
    expect((await buyer.post(`/api/ads/${id}/report`, { reason: 'sold' })).statusCode).toBe(200);
    // The same visitor's second report of the open case is not a second report.
    await buyer.post(`/api/ads/${id}/report`, { reason: 'fraud' });
    const board = await visitor().get('/board/1/1');
    expect(board.statusCode).toBe(200);
    expect(board.body).toContain(`/item/${id}`);
    await visitor().get('/board/1');
    // A bot's board page and the owner's own reveal and share are not counted.
    await visitor(GOOGLEBOT).get('/board/1/1');
    await owner.post(`/api/ads/${id}/phone`);
    await owner.post(`/api/ads/${id}/share`);
    expect(await flushed(id)).toEqual([
      { day: today(), views: 0, reveals: 1, shares: 2, reports: 1, board_appearances: 2 },
    ]);
  });

  it('sharing: an ad that is not live is 404, a malformed number 404, past the limit 429 in Hebrew', async () => {
    const id = await car();
    await t.db.query("UPDATE ads SET status = 'pending' WHERE id = $1", [id]);
    expect((await visitor().post(`/api/ads/${id}/share`)).statusCode).toBe(404);
    expect((await visitor().post('/api/ads/abc/share')).statusCode).toBe(404);
    const live = await car();
    const one = visitor();
    const codes = [];
    for (let i = 0; i < 16; i++) codes.push((await one.post(`/api/ads/${live}/share`)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(15);
    const refused = await one.post(`/api/ads/${live}/share`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/[א-ת]/);
    expect((await flushed(live))[0]?.shares).toBe(15);
  });
});

describe('batches', () => {
  it('nothing is written until the batch is flushed; each flush adds its sums to the day', async () => {
    const id = await car();
    await visitor().get(`/item/${id}`);
    await visitor().post(`/api/ads/${id}/phone`);
    await visitor().post(`/api/ads/${id}/phone`);
    expect(t.app.numbers.waiting).toBeGreaterThan(0);
    expect(await stored(id)).toEqual([]);
    await t.app.numbers.flush();
    expect(t.app.numbers.waiting).toBe(0);
    expect(await stored(id)).toEqual([
      { day: today(), views: 1, reveals: 2, shares: 0, reports: 0, board_appearances: 0 },
    ]);
    await visitor().get(`/item/${id}`);
    await visitor().post(`/api/ads/${id}/phone`);
    expect((await stored(id))[0]).toMatchObject({ views: 1, reveals: 2 });
    expect(await flushed(id)).toEqual([
      { day: today(), views: 2, reveals: 3, shares: 0, reports: 0, board_appearances: 0 },
    ]);
  });

  it('stores no address, no browser and no visitor: the tables have the ad, the day and the sums only', async () => {
    const columns = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'ad_daily_numbers' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'ad_id',
      'day',
      'views',
      'reveals',
      'shares',
      'reports',
      'board_appearances',
    ]);
    const totals = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'ad_number_totals' ORDER BY ordinal_position`,
    );
    expect(totals.map((c) => c.column_name)).toEqual([
      'ad_id',
      'views',
      'reveals',
      'shares',
      'reports',
      'board_appearances',
    ]);
    const [old] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name = 'ad_contact_counts'`,
    );
    expect(old?.n).toBe(0);
  });
});

describe('GET /api/my-ads/numbers and /api/my-ads/{id}/numbers', () => {
  it('the owner reads each ad’s totals and its last 30 days, every day present, today last', async () => {
    const id = await car();
    await visitor().get(`/item/${id}`);
    await visitor().post(`/api/ads/${id}/share`);
    await t.app.numbers.flush();
    const list = await owner.get('/api/my-ads/numbers');
    expect(list.statusCode).toBe(200);
    const mine = list.json().ads.find((a: { OrderID: number }) => a.OrderID === id);
    expect(mine).toEqual({
      OrderID: id,
      total: { views: 1, reveals: 0, shares: 1, reports: 0, boardAppearances: 0 },
      lastDays: { views: 1, reveals: 0, shares: 1, reports: 0, boardAppearances: 0 },
    });
    const one = await owner.get(`/api/my-ads/${id}/numbers`);
    expect(one.statusCode).toBe(200);
    const body = one.json();
    expect(body.OrderID).toBe(id);
    expect(body.total.views).toBe(1);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toEqual({
      day: today(),
      views: 1,
      reveals: 0,
      shares: 1,
      reports: 0,
      boardAppearances: 0,
    });
    expect(body.days[0].views).toBe(0);
    expect(one.headers['cache-control']).toBe('no-store');
  });

  it('another user’s ad is 404, a guest 422, and the list has only the caller’s own ads', async () => {
    const id = await car();
    const theirs = await other.get(`/api/my-ads/${id}/numbers`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toMatch(/[א-ת]/);
    expect((await other.get('/api/my-ads/numbers')).json()).toEqual({ status: 200, ads: [] });
    expect((await visitor().get(`/api/my-ads/${id}/numbers`)).statusCode).toBe(422);
    expect((await visitor().get('/api/my-ads/numbers')).statusCode).toBe(422);
    expect((await owner.get('/api/my-ads/abc/numbers')).statusCode).toBe(404);
  });
});

describe('closing', () => {
  it('the app’s close writes what was counted since the last batch', async () => {
    const id = await car();
    await visitor().get(`/item/${id}`);
    await visitor().post(`/api/ads/${id}/share`);
    expect(await stored(id)).toEqual([]);
    await t.app.close();
    expect(await stored(id)).toEqual([
      { day: today(), views: 1, reveals: 0, shares: 1, reports: 0, board_appearances: 0 },
    ]);
  });
});
