/**
 * The board's keyset paging ("עוד מודעות"): a walk through every page lists each ad once, in order, while new ads
 * arrive; a cursor that is not ours for this board is refused in Hebrew; and the page, its count, a filtered page, a
 * search (by the typed text or by the title's words) and a later page are read through the indexes of migrations
 * 0044 and 0051 (EXPLAIN on this database, with enough rows and statistics for the planner to choose).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardQueryError } from '../src/board/board-errors.ts';
import { type BoardPageQuery, countStatement, pageStatement } from '../src/board/board-repository.ts';
import { type BoardPageRequest, listBoardPage } from '../src/board/board-service.ts';
import { ManualClock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db/db.ts';
import { insertBoardAd, insertCustomer } from './support/board-ads.ts';
import { openTestDb } from './support/test-db.ts';

const DAY = 24 * 60 * 60 * 1000;
let db: Db;
let drop: () => Promise<void>;
let owner: number;
const clock = new ManualClock();
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  owner = await insertCustomer(db);
});
afterAll(async () => {
  await drop();
});

const list = (request: BoardPageRequest) => listBoardPage(db, clock.now(), request);

async function refusal(request: BoardPageRequest): Promise<string> {
  try {
    await list(request);
  } catch (err) {
    if (!(err instanceof BoardQueryError)) throw err;
    expect(err.message).toMatch(/[\u0590-\u05FF]/);
    expect(err.message).not.toMatch(/[A-Za-z]/);
    return err.code;
  }
  throw new Error('the request was answered');
}

/** An ad placed at an exact time, microseconds included (as PostgreSQL keeps it). */
async function placed(cat: number, subcat: number | null, adType: string, at: string): Promise<number> {
  const id = await insertBoardAd(db, {
    customerId: owner,
    cat,
    subcat,
    adType,
    publishedAt: clock.now(),
    endsAt: new Date(clock.now().getTime() + 20 * DAY),
  });
  await db.query('UPDATE ads SET published_at = $2::timestamptz, bumped_at = $2::timestamptz WHERE id = $1', [id, at]);
  return id;
}

describe('keyset paging', () => {
  it('walks every page with no ad twice and none missed, in order, while new ads arrive', async () => {
    // An arrival is placed now: above every ad listed so far in its rank, so a walk meets it only in a rank it has
    // not reached yet (a new free ad while the walk is still among the VIPs), and then once.
    const board = { cat: 2, subcat: 2 };
    const types = ['Free', 'FreeView', 'Bold', 'VIP', 'Free', 'Upgrade', 'Free', 'SUPERGOLD'];
    const initial: number[] = [];
    for (let i = 0; i < 61; i++) {
      // Times a few microseconds apart inside one millisecond, and some exactly equal (then the number decides).
      const micros = String(100000 + (i % 20) * 7).padStart(6, '0');
      const at = `2026-11-${String(10 + (i % 9)).padStart(2, '0')}T08:00:00.${i % 5 === 0 ? '500000' : micros}Z`;
      initial.push(await placed(board.cat, board.subcat, types[i % types.length] ?? 'Free', at));
    }
    const expected = (
      await db.query<{ id: number }>(
        `SELECT id FROM ads WHERE cat = 2 AND subcat = 2 AND status = 'active'
         ORDER BY CASE WHEN ad_type IN ('SUPERGOLD', 'VIP') THEN 2 WHEN ad_type IN ('Bold', 'Upgrade') THEN 1 ELSE 0 END DESC,
                  bumped_at DESC, id DESC`,
      )
    ).map((r) => Number(r.id));
    expect(expected).toHaveLength(61);

    const walked: number[] = [];
    const arrived: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ ...board, pageSize: 7, cursor });
      walked.push(...page.cards.map((c) => c.id));
      expect(page.total).toBe(61 + arrived.length);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
      // Between two pages a VIP and a free ad go live (placed now, above every ad already listed).
      clock.advance(60_000);
      for (const adType of ['VIP', 'Free']) {
        arrived.push(await placed(board.cat, board.subcat, adType, clock.now().toISOString()));
      }
    } while (cursor !== undefined && pages < 20);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.filter((id) => initial.includes(id))).toEqual(expected);
    const met = walked.filter((id) => arrived.includes(id));
    expect(met.length).toBeGreaterThan(0);
    expect(pages).toBe(Math.ceil((61 + met.length) / 7));
  });

  it('refuses in Hebrew a cursor made up, edited, cut, of another board or other filters', async () => {
    const board = { cat: 2, subcat: 1 };
    for (let i = 0; i < 3; i++) await placed(2, 1, 'Free', `2026-11-2${i}T10:00:00.000001Z`);
    const first = await list({ ...board, pageSize: 1 });
    const cursor = first.nextCursor ?? '';
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(list({ ...board, pageSize: 1, cursor })).resolves.toMatchObject({ total: first.total });
    const [version, made, rank, us, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const forge = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const forged = [
      'abc',
      'x'.repeat(500),
      '../../etc/passwd',
      'a b',
      cursor.slice(0, -3),
      forge({ rank, us, id }),
      forge([version, made, rank, us]),
      forge([2, made, rank, us, id]),
      forge([version, 'another-board-xx', rank, us, id]),
      forge([version, made, 3, us, id]),
      forge([version, made, -1, us, id]),
      forge([version, made, rank, '1e20', id]),
      forge([version, made, rank, "1' OR 1=1", id]),
      forge([version, made, rank, us, 0]),
      forge([version, made, rank, us, 1.5]),
      forge([version, made, rank, us, '50000001']),
      forge([version, made, rank, Number(us), id]),
    ];
    for (const bad of forged) expect(await refusal({ ...board, pageSize: 1, cursor: bad }), bad).toBe('badCursor');
    // A good cursor for another board, or for the same board with other filters or words.
    expect(await refusal({ cat: 2, subcat: 2, pageSize: 1, cursor })).toBe('badCursor');
    expect(await refusal({ ...board, pageSize: 1, cursor, text: 'מרפסת' })).toBe('badCursor');
    expect(await refusal({ ...board, pageSize: 1, cursor, filters: { price_min: '1' } })).toBe('badCursor');
  });

  it('refuses a page size that is not 1 to 50', async () => {
    for (const pageSize of [0, 51, 1.5, -3, Number.NaN]) {
      expect(await refusal({ cat: 2, subcat: 1, pageSize }), String(pageSize)).toBe('badPageSize');
    }
    await expect(list({ cat: 2, subcat: 1, pageSize: 50 })).resolves.toBeTruthy();
  });
});

describe("the board's plans", () => {
  beforeAll(async () => {
    // About 6,000 live ads over the families (and as many that are not live), as a small site has them.
    await db.query(
      `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status, ad_type, published_at, bumped_at,
         ends_at, created_at, title_words)
       SELECT $1, x.cat, x.subcat, jsonb_build_object('cat', x.cat::text), jsonb_build_object(
           'manufacturer', (1 + g % 40)::text, 'city', (ARRAY['5000', '3000', '4000', '8600'])[1 + g % 4],
           'salesCatID', (1 + g % 20)::text, 'price', (1000 + g * 37 % 90000)::text,
           'description', 'מודעה מספר ' || g || ' ' || (ARRAY['שמורה', 'חדשה', 'משופצת', 'מרווחת', 'מטופחת'])[1 + g % 5]
             || CASE WHEN g % 500 = 0 THEN ' עם גקוזי' ELSE '' END),
         CASE WHEN g % 2 = 0 THEN 'active' ELSE (ARRAY['draft', 'expired', 'deleted'])[1 + g % 3] END,
         (ARRAY['Free', 'Free', 'Free', 'Bold', 'VIP'])[1 + g % 5],
         $2::timestamptz - g * interval '1 minute', $2::timestamptz - g * interval '1 minute',
         $2::timestamptz + interval '20 days', $2::timestamptz - g * interval '1 minute',
         -- The title's words as the save writes them (ads/ad-title.ts): a rare model's name in 1 ad of 500.
         CASE WHEN g % 500 = 8 THEN 'טויוטה קורולה 2021' ELSE 'מאזדה 3 2019' END
       FROM generate_series(1, 12000) g
       CROSS JOIN LATERAL (SELECT (ARRAY[1, 1, 2, 2, 3, 3, 5, 6])[1 + g % 8] AS cat,
                                  (ARRAY[1, 1, 1, 2, 0, 0, NULL, 1])[1 + g % 8] AS subcat) x`,
      [owner, clock.now()],
    );
    await db.exec('VACUUM ANALYZE ads');
  });

  async function plan(statement: { sql: string; params: unknown[] }): Promise<string> {
    const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const query = (q: Partial<BoardPageQuery> & Pick<BoardPageQuery, 'cat'>): BoardPageQuery => ({
    subcat: null,
    filters: [],
    words: [],
    after: null,
    limit: 20,
    ...q,
  });

  it('the first page of a board and of a sub-category, and their counts, read the board indexes in order', async () => {
    expect(await plan(pageStatement(query({ cat: 1, subcat: 1 }), clock.now()))).toMatch(
      /Index Scan Backward using ads_board_subcat/,
    );
    expect(await plan(pageStatement(query({ cat: 3 }), clock.now()))).toMatch(/Index Scan Backward using ads_board\b/);
    // The count reads a board index only (ends_at is in it), never the rows.
    expect(await plan(countStatement(query({ cat: 1, subcat: 1 }), clock.now()))).toMatch(
      /Index Only Scan using ads_board/,
    );
  });

  it("a family's main filter reads its own index, in order", async () => {
    const make = [{ key: 'manufacturer', kind: 'choice' as const, values: ['7'] }];
    expect(await plan(pageStatement(query({ cat: 1, subcat: 1, filters: make }), clock.now()))).toMatch(
      /Index Scan Backward using ads_board_vehicles_make/,
    );
    const city = [{ key: 'city', kind: 'choice' as const, values: ['3000'] }];
    expect(await plan(pageStatement(query({ cat: 2, subcat: 1, filters: city }), clock.now()))).toMatch(
      /ads_board_real_estate_city/,
    );
    const category = [{ key: 'salesCatID', kind: 'choice' as const, values: ['4'] }];
    expect(await plan(pageStatement(query({ cat: 3, filters: category }), clock.now()))).toMatch(
      /ads_board_second_hand_section/,
    );
  });

  it("a search by a name of the title's reads the trigram index alone, its word an index condition", async () => {
    const search = query({ cat: 1, words: ['קורולה'] });
    // The one way to the rows the planner may take without reading the table through: the index answers the word.
    const forced = async (statement: { sql: string; params: unknown[] }) =>
      db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    for (const statement of [pageStatement(search, clock.now()), countStatement(search, clock.now())]) {
      const text = await forced(statement);
      expect(text).toMatch(/Bitmap Index Scan on ads_board_text/);
      expect(text).toMatch(/Index Cond: .*title_words.*~~\* '%קורולה%'/);
      expect(text).not.toMatch(/Seq Scan on ads/);
    }
    // And chosen so without being pushed, as the other plans here.
    expect(await plan(countStatement(search, clock.now()))).toMatch(/ads_board_text/);
    expect((await list({ cat: 1, text: 'קורולה', pageSize: 50 })).total).toBe(12);
  });

  it('a search reads the trigram index, and a later page starts inside the board index', async () => {
    expect(await plan(pageStatement(query({ cat: 2, words: ['גקוזי'] }), clock.now()))).toMatch(/ads_board_text/);
    expect(await plan(countStatement(query({ cat: 2, words: ['גקוזי'] }), clock.now()))).toMatch(/ads_board_text/);
    const after = { rank: 0, placedAtUs: String((clock.now().getTime() - 3 * DAY) * 1000), id: 1 };
    const later = await plan(pageStatement(query({ cat: 1, subcat: 1, after }), clock.now()));
    expect(later).toMatch(/Index Scan Backward using ads_board_subcat/);
    // The keyset is a condition of the index scan, not a filter of every row before it.
    expect(later).toMatch(/Index Cond: .*ROW\(/);
  });
});
