/**
 * The demo board (seed/demo-ads.ts): the set is published once on every family's board, each ad listed where its
 * family's filters find it, with a title of words (the catalogue's recipe, never the bare number); a second start adds
 * nothing while an ad of the set is live, and once all have ended the set is published again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DIRECTORY } from '../src/board/board-directory.ts';
import { DEMO_ADS, DEMO_SELLER, seedDemoAds } from '../src/seed/demo-ads.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  total: number;
  cards: { id: number; title: string; rank: string }[];
  filters: { name: string; kind: string }[];
}
const board = async (url: string): Promise<Answer> => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};

describe('the demo board', () => {
  it('publishes the set on the families’ boards, each ad found by its own filter values, with a title of words', async () => {
    expect(await seedDemoAds(t.db, t.clock.now())).toBe(DEMO_ADS.length);
    let listed = 0;
    for (const { family } of BOARD_DIRECTORY) {
      const answer = await board(`/api/board/${family.cat}?size=50`);
      listed += answer.total;
      for (const card of answer.cards) {
        expect(card.title).toMatch(/[\u0590-\u05FF]/);
        expect(card.title).not.toBe(String(card.id));
      }
    }
    expect(listed).toBe(DEMO_ADS.length);
    // Every family but customer info has a VIP or highlighted ad besides plain ones somewhere on the site.
    const ranks = new Set<string>();
    for (const { family } of BOARD_DIRECTORY)
      for (const c of (await board(`/api/board/${family.cat}?size=50`)).cards) ranks.add(c.rank);
    expect([...ranks].sort()).toEqual(['highlighted', 'plain', 'top']);
    // Each ad's chosen values are ones its board's filters accept, and find it.
    for (const ad of DEMO_ADS) {
      const path = `/api/board/${ad.selectors.cat}${ad.selectors.subcat === undefined ? '' : `/${ad.selectors.subcat}`}`;
      const names = new Set((await board(path)).filters.filter((f) => f.kind === 'choice').map((f) => f.name));
      const query = new URLSearchParams(
        Object.entries(ad.values).filter(([k, v]) => names.has(k) && v !== '' && k !== 'model'),
      );
      expect((await board(`${path}?${query}`)).total, `${path}?${query}`).toBeGreaterThan(0);
    }
  });

  it('adds nothing at the next start while the set is live, and publishes it again once it has ended', async () => {
    expect(await seedDemoAds(t.db, t.clock.now())).toBe(0);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await board('/api/board/2')).total).toBe(0);
    expect(await seedDemoAds(t.db, t.clock.now())).toBe(DEMO_ADS.length);
    expect((await board('/api/board/2')).total).toBeGreaterThan(0);
    const [row] = await t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM customers WHERE email = $1', [
      DEMO_SELLER.email,
    ]);
    expect(Number(row?.n)).toBe(1);
  });
});
