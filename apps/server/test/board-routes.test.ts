/**
 * The public board's call (GET /api/board/{cat}[/{subcat}]) and pages (/board, /board/{cat}[/{subcat}]): the order
 * by track, the filters in the address, the search, paging by the page's own "עוד מודעות" link, the Hebrew 400s and
 * 404s, an ad that ends gone from the next answer, and nothing of the owner in any answer. Ads are put on the boards
 * as goLive leaves them (test/support/board-ads.ts); each test has its own board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heBoard } from '../src/i18n/board.ts';
import { insertBoardAd, insertCustomer, insertPhoto, type StoredValues } from './support/board-ads.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const OWNER_PHONE = '0527654321';

let t: TestApp;
let owner: number;
let ownerEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await insertCustomer(t.db);
  const [row] = await t.db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [owner]);
  ownerEmail = String(row?.email);
});
afterAll(async () => {
  await t.close();
});

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const ahead = (ms: number) => new Date(t.clock.now().getTime() + ms);

function put(
  board: { cat: number; subcat: number | null },
  values: StoredValues,
  adType = 'Free',
  hoursAgo = 1,
  endsIn = 20 * DAY,
) {
  return insertBoardAd(t.db, {
    customerId: owner,
    ...board,
    adType,
    values: { contactName: 'דנה', phone: OWNER_PHONE, email: ownerEmail, ...values },
    publishedAt: ago(hoursAgo * HOUR),
    endsAt: ahead(endsIn),
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    cards: { id: number; rank: string; url: string; price: number | null; photo: unknown }[];
    total: number;
    nextCursor: string | null;
    filters: { name: string; label: string; kind: string; options?: { value: string }[]; chosen: string[] }[];
  };
};
const ids = async (url: string) => (await json(url)).cards.map((c) => c.id);
/** The cards' ad numbers of a page, in order, from their links. */
const htmlIds = (html: string) => [...html.matchAll(/<h3><a href="\/item\/(\d+)"/g)].map((m) => Number(m[1]));
const moreLink = (html: string) =>
  /<a rel="next" href="([^"]+)">עוד מודעות<\/a>/.exec(html)?.[1]?.replace(/&amp;/g, '&');

/** A refusal: its status, and a message in Hebrew with no Latin word. */
async function refused(url: string, status: number): Promise<string> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(status);
  const body = res.json() as { status: number; message: string };
  expect(body.status).toBe(status);
  expect(body.message).toMatch(/[\u0590-\u05FF]/);
  expect(body.message).not.toMatch(/[A-Za-z]{3,}/);
  return body.message;
}

describe('the board call', () => {
  it('lists VIP and above first, then the highlighted, then the plain ones, with cards of the wire shape and nothing of the owner', async () => {
    const board = { cat: 10, subcat: 2 };
    const plain = await put(board, { description: 'וילה עם בריכה' }, 'Free', 1);
    const bold = await put(board, { description: 'וילה מודגשת' }, 'Bold', 30);
    const vip = await put(board, { description: 'וילה ראשונה' }, 'VIP', 60);
    await insertPhoto(t.db, vip, 1, 1);
    const res = await get('/api/board/10/2');
    expect(res.statusCode).toBe(200);
    // Never kept by a cache: the next answer is asked again.
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(answer.cards.map((c: { id: number }) => c.id)).toEqual([vip, bold, plain]);
    expect(answer.cards.map((c: { rank: string }) => c.rank)).toEqual(['top', 'highlighted', 'plain']);
    expect(answer.total).toBe(3);
    expect(answer.nextCursor).toBeNull();
    expect(answer.board).toMatchObject({ cat: 10, subcat: 2, url: '/board/10/2', family: { url: '/board/10' } });
    expect(answer.cards[0]).toMatchObject({
      id: vip,
      url: `/item/${vip}`,
      adType: 'VIP',
      photo: { width: 1120, height: 840 },
    });
    expect(answer.cards[0].photo.src).toMatch(/^\/media\/[0-9a-f]+\.jpg$/);
    expect(answer.cards[0].photo.thumb).toMatch(/^\/media\/[0-9a-f]+_t\.jpg$/);
    const text = res.body;
    expect(text).not.toContain(ownerEmail);
    expect(text).not.toContain(OWNER_PHONE);
    expect(text).not.toMatch(/customer|contactName|"phone"|"email"/i);
    expect(text).not.toContain('דנה');
    // The filters come as data: labels, options, bounds.
    const region = answer.filters.find((f: { name: string }) => f.name === 'region');
    expect(region).toMatchObject({ kind: 'choice', chosen: [] });
    expect(region.label).toMatch(/[\u0590-\u05FF]/);
    expect(region.options.length).toBeGreaterThan(2);
    const price = answer.filters.find((f: { name: string }) => f.name === 'priceMidweek');
    expect(price).toMatchObject({ kind: 'range', chosenMin: '', chosenMax: '' });
  });

  it('filters by the names in the address, and gives the lists that follow a chosen filter (the models of a make)', async () => {
    const car = validCarAd();
    const cars = { cat: 1, subcat: 1 };
    const makes = (await json('/api/board/1/1')).filters.find((f) => f.name === 'manufacturer')?.options ?? [];
    const otherMake = makes.find((o) => o.value !== car.manufacturer)?.value ?? '';
    expect(otherMake).not.toBe('');
    const mine = await put(cars, { manufacturer: car.manufacturer, model: car.model, year: car.year, price: '85000' });
    const other = await put(cars, { manufacturer: otherMake, year: '2015', price: '30000' });
    expect(await ids('/api/board/1/1')).toEqual(expect.arrayContaining([mine, other]));
    const byMake = await json(`/api/board/1/1?manufacturer=${car.manufacturer}`);
    expect(byMake.cards.map((c) => c.id)).toEqual([mine]);
    expect(byMake.total).toBe(1);
    const make = byMake.filters.find((f) => f.name === 'manufacturer');
    expect(make?.chosen).toEqual([car.manufacturer]);
    expect(make?.options?.some((o) => o.value === car.manufacturer)).toBe(true);
    // The models' list is the chosen make's; without a make it is empty.
    const model = byMake.filters.find((f) => f.name === 'model');
    expect(model?.options?.some((o) => o.value === car.model)).toBe(true);
    expect((await json('/api/board/1/1')).filters.find((f) => f.name === 'model')?.options).toEqual([]);
    expect(await ids(`/api/board/1/1?price_min=50000&price_max=90000`)).toEqual([mine]);
    expect(await ids(`/api/board/1/1?year_max=2016`)).toEqual([other]);
    // An empty value is no filter (a form sent with a field left empty).
    expect((await json('/api/board/1/1?manufacturer=&price_min=&q=')).total).toBe(2);
  });

  it('finds an ad by a Hebrew word of its description', async () => {
    const board = { cat: 14, subcat: 1 };
    const nanny = await put(board, { description: 'מטפלת מנוסה ואוהבת ילדים באזור המרכז' });
    await put(board, { description: 'מטפלת לשעות אחר הצהריים' });
    expect(await ids(`/api/board/14/1?q=${encodeURIComponent('מנוסה')}`)).toEqual([nanny]);
    expect((await json(`/api/board/14/1?q=${encodeURIComponent('מטפלת')}`)).total).toBe(2);
  });

  it('refuses a bad request with a Hebrew 400, and a board there is not with a 404', async () => {
    expect(await refused('/api/board/1/1?colour=red', 400)).toBe(heBoard.unknownFilter);
    expect(await refused('/api/board/1/1?constructor=a', 400)).toBe(heBoard.unknownFilter);
    expect(await refused('/api/board/1/1?manufacturer=999999', 400)).toMatch(/הערך שנבחר בסינון/);
    expect(await refused('/api/board/1/1?price_min=abc', 400)).toMatch(/הערך שנבחר בסינון/);
    expect(await refused('/api/board/1/1?price_min=9000&price_max=10', 400)).toMatch(/גדול מהערך/);
    expect(await refused('/api/board/1/1?cursor=made-up', 400)).toBe(heBoard.badCursor);
    expect(await refused(`/api/board/1/1?q=${'א'.repeat(201)}`, 400)).toBe(heBoard.searchTooLong(200));
    expect(await refused('/api/board/1/1?size=0', 400)).toBe(heBoard.badPageSize);
    expect(await refused('/api/board/1/1?size=many', 400)).toBe(heBoard.badPageSize);
    expect(await refused('/api/board/1/1?q=a&q=b', 400)).toBe(heBoard.badQuery);
    expect(await refused('/api/board/abc', 400)).toBe(heBoard.badAddress);
    expect(await refused('/api/board/1/x1', 400)).toBe(heBoard.badAddress);
    expect(await refused('/api/board/99', 404)).toBe(heBoard.unknownBoard);
    expect(await refused('/api/board/1/99', 404)).toBe(heBoard.unknownBoard);
    // A cursor of another board is refused too.
    const board = { cat: 6, subcat: 3 };
    for (let i = 0; i < 3; i++) await put(board, { description: `חוג ${i}` });
    const { nextCursor } = await json('/api/board/6/3?size=1');
    expect(nextCursor).toEqual(expect.any(String));
    expect(await refused(`/api/board/6/2?cursor=${nextCursor}`, 400)).toBe(heBoard.badCursor);
  });
});

describe('the board pages', () => {
  it('are Hebrew, right to left, with a title, a description, a canonical address and one stylesheet', async () => {
    const res = await get('/board/5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="he" dir="rtl">/);
    expect(html).toMatch(/<title>בעלי חיים \| לוח המודעות<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]*בעלי חיים[^"]*">/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/board\/5">/);
    expect(html).not.toContain('<script');
    const css = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const style = await get(String(css));
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(style.headers['cache-control']).toMatch(/immutable/);
    expect(style.body).toContain(':focus-visible');
    // An empty board says so, kindly.
    expect(html).toContain(heBoard.emptyTitle);
    expect(html).toContain('<h2 id="results-count">0 מודעות</h2>');
  });

  it('an address with a trailing slash redirects for good to the page without it, keeping the query', async () => {
    const redirects: [string, string][] = [
      ['/board/', '/board'],
      ['/board/1/', '/board/1'],
      ['/board/1/1/', '/board/1/1'],
      ['/board/1/1/?q=%D7%9E%D7%96%D7%92%D7%9F&price_min=100', '/board/1/1?q=%D7%9E%D7%96%D7%92%D7%9F&price_min=100'],
    ];
    for (const [from, to] of redirects) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    expect((await get('/board/1/1')).statusCode).toBe(200);
  });

  it('the index lists every family with a link to its board and to its sub-boards', async () => {
    const res = await get('/board');
    expect(res.statusCode).toBe(200);
    for (const href of ['/board/1', '/board/1/1', '/board/2', '/board/2/1', '/board/3', '/board/5', '/board/100'])
      expect(res.body).toContain(`href="${href}"`);
    expect(res.body).toContain('<h1>לוח המודעות</h1>');
    expect(res.body).toContain('נדל&quot;ן');
  });

  it('shows the cards in order with their marks, price or "מחיר לא צוין", locality, age and a lazy photo', async () => {
    const board = { cat: 10, subcat: 4 };
    const plain = await put(board, { description: 'חדר זוגי', priceMidweek: '' }, 'Free', 3);
    const bold = await put(board, { description: 'סוויטה', priceMidweek: '950' }, 'Upgrade', 26);
    const vip = await put(board, { description: 'מלון בוטיק', priceMidweek: '1200' }, 'VIP', 50);
    await insertPhoto(t.db, vip, 1, 1);
    const html = (await get('/board/10/4')).body;
    expect(htmlIds(html)).toEqual([vip, bold, plain]);
    expect(html).toContain('<h2 id="results-count">3 מודעות</h2>');
    const card = (id: number) => {
      const start = html.lastIndexOf('<li class="card', html.indexOf(`href="/item/${id}"`));
      return html.slice(start, html.indexOf('</li>', start));
    };
    expect(card(vip)).toContain('class="card rank-top"');
    expect(card(vip)).toContain(heBoard.vipText);
    expect(card(vip)).toContain('1,200 ₪');
    expect(card(vip)).toMatch(
      /<img class="photo" src="\/media\/\w+_t\.jpg" srcset="\/media\/\w+_t\.jpg 240w, \/media\/\w+\.jpg 1120w"[^>]* width="1120" height="840" loading="lazy"/,
    );
    expect(card(vip)).toContain('לפני יומיים');
    expect(card(bold)).toContain('class="card rank-highlighted"');
    expect(card(bold)).toContain(heBoard.highlighted);
    expect(card(bold)).toContain('אתמול');
    expect(card(plain)).toContain('class="card rank-plain"');
    expect(card(plain)).toContain(heBoard.noPrice);
    expect(card(plain)).toContain('לפני 3 שעות');
    expect(card(plain)).not.toContain('class="mark');
    for (const secret of [ownerEmail, OWNER_PHONE, 'דנה', 'customer']) expect(html).not.toContain(secret);
  });

  it('a filter form whose choices are in the address, so a filtered board can be shared', async () => {
    const car = validCarAd();
    const html = (await get(`/board/1/1?manufacturer=${car.manufacturer}&q=`)).body;
    expect(html).toMatch(/<form method="get" action="\/board\/1\/1"/);
    expect(html).toMatch(
      /<label for="filter-manufacturer">[^<]+<\/label><select id="filter-manufacturer" name="manufacturer">/,
    );
    expect(html).toContain(`<option value="${car.manufacturer}" selected>`);
    expect(html).toMatch(/<label for="board-q">חיפוש חופשי<\/label><input id="board-q" name="q" type="search"/);
    expect(html).toMatch(/<input id="filter-price-min" name="price_min" type="number"/);
    // The model's list is the chosen make's; on a board with no make chosen it waits, and says why.
    expect(html).toContain(`<option value="${car.model}">`);
    const plainBoard = (await get('/board/1/1')).body;
    expect(plainBoard).toMatch(/<select id="filter-model" name="model" disabled aria-describedby="filter-model-hint">/);
    expect(htmlIds(html)).toEqual(await ids(`/api/board/1/1?manufacturer=${car.manufacturer}`));
    // A filtered page is not indexed; its canonical address is the board's.
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('pages on with its own "עוד מודעות" link, keeping the filters and the search, until the last page', async () => {
    const board = { cat: 6, subcat: 1 };
    const all: number[] = [];
    for (let i = 0; i < 25; i++) all.push(await put(board, { description: `שיעור פרטי במתמטיקה ${i}` }, 'Free', i + 1));
    await put(board, { description: 'שיעור בפיזיקה' }, 'Free', 100);
    const first = (await get(`/board/6/1?q=${encodeURIComponent('מתמטיקה')}`)).body;
    expect(first).toContain('<h2 id="results-count">25 מודעות</h2>');
    expect(htmlIds(first)).toEqual(all.slice(0, 20));
    const next = moreLink(first);
    expect(next).toMatch(/^\/board\/6\/1\?q=.+&cursor=[\w-]+$/);
    const second = (await get(String(next))).body;
    expect(htmlIds(second)).toEqual(all.slice(20));
    expect(moreLink(second)).toBeUndefined();
    expect(second).toContain(heBoard.firstPage);
  });

  it('a bad filter or cursor is a Hebrew 400 page, a board there is not a 404 page', async () => {
    const bad = await get('/board/1/1?colour=red');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/html/);
    expect(bad.body).toContain(heBoard.unknownFilter);
    expect(bad.body).toContain('href="/board/1/1"');
    expect((await get('/board/1/1?cursor=zzz')).body).toContain(heBoard.badCursor);
    for (const url of ['/board/99', '/board/1/99', '/board/abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(heBoard.unknownBoard);
    }
  });
});

describe('an ad that stops being live', () => {
  it('is gone from the next answer and the next page, whether it ended or was taken down', async () => {
    const board = { cat: 100, subcat: null };
    const ending = await put(board, { businessName: 'מוסך הדר', description: 'מוסך' }, 'Free', 1, 2 * HOUR);
    const removed = await put(board, { businessName: 'ניקיון ברק', description: 'ניקיון' }, 'Free', 2);
    const stays = await put(board, { businessName: 'גינון ירוק', description: 'גינון' }, 'Free', 3);
    expect(await ids('/api/board/100')).toEqual([ending, removed, stays]);
    expect(htmlIds((await get('/board/100')).body)).toEqual([ending, removed, stays]);
    await t.db.query(`UPDATE ads SET status = 'deleted' WHERE id = $1`, [removed]);
    expect(await ids('/api/board/100')).toEqual([ending, stays]);
    t.clock.advance(3 * HOUR);
    expect(await ids('/api/board/100')).toEqual([stays]);
    expect(htmlIds((await get('/board/100')).body)).toEqual([stays]);
  });
});

describe('the OpenAPI document', () => {
  it('declares the board call', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/board/{cat}', '/api/board/{cat}/{subcat}']));
    expect(Object.keys(doc.paths).some((p: string) => p.startsWith('/board'))).toBe(false);
  });
});
