import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boardRankSql,
  containsPattern,
  pageStatement,
  placedAtSql,
  searchTextSql,
  sectionSql,
} from './board-repository.ts';

const migrations = path.resolve(import.meta.dirname, '../../migrations');
/** Every migration's text that creates one of the board's indexes, the latest last. */
const boardIndexes = fs
  .readdirSync(migrations)
  .sort()
  .map((f) => fs.readFileSync(path.join(migrations, f), 'utf8'))
  .filter((sql) => sql.includes('CREATE INDEX ads_board'));

describe("the board's SQL", () => {
  it("ranks as the catalogue's board order says: VIP and above 2, highlighted 1, the rest 0", () => {
    expect(boardRankSql()).toBe(
      "(CASE WHEN ad_type IN ('SUPERGOLD', 'Premium', 'Platinum', 'VIP', 'EasyStart') THEN 2 " +
        "WHEN ad_type IN ('UpgradePlus', 'Bold', 'Upgrade') THEN 1 ELSE 0 END)",
    );
  });

  it('indexes the very expressions its queries order and search by (else the planner cannot use them)', () => {
    // A change of the catalogue's ranks changes boardRankSql: this fails until a new migration indexes the new rank.
    const latest = boardIndexes.findLast((sql) => sql.includes('(CASE WHEN ad_type IN')) ?? '';
    expect(latest).toContain(boardRankSql());
    expect(latest).toContain(placedAtSql());
    // Each of the other expressions as the latest migration that indexes it writes it.
    const latestWith = (name: string) => boardIndexes.findLast((sql) => sql.includes(`CREATE INDEX ${name} `)) ?? '';
    expect(latestWith('ads_board_text')).toContain(`${searchTextSql()} public.gin_trgm_ops`);
    expect(latestWith('ads_board_second_hand_section')).toContain(`  ${sectionSql()},\n`);
  });

  it('makes a search word a LIKE pattern that matches the word itself: %, _ and \\ are escaped', () => {
    expect(containsPattern('מזגן')).toBe('%מזגן%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('c:\\x')).toBe('%c:\\\\x%');
  });

  it("puts every request value in a parameter: the statement's text never holds them", () => {
    const evil = "'; DROP TABLE ads; --";
    const { sql, params } = pageStatement(
      {
        cat: 1,
        subcat: 1,
        filters: [
          { key: 'manufacturer', kind: 'choice', values: [evil] },
          { key: 'price', kind: 'range', min: 1, max: 2 },
        ],
        words: [evil],
        after: { rank: 1, placedAtUs: '1795000000000000', id: 50000001 },
        limit: 20,
      },
      new Date(),
    );
    expect(sql).not.toContain('DROP');
    expect(params).toContain(evil);
    expect(params).toContain(containsPattern(evil));
    expect(params).toContain('1795000000000000');
  });

  it('refuses a filter key that is not a plain catalogue key', () => {
    const q = { cat: 1, subcat: null, words: [], after: null, limit: 20 };
    expect(() =>
      pageStatement({ ...q, filters: [{ key: "x' OR 1=1 --", kind: 'choice', values: ['1'] }] }, new Date()),
    ).toThrow();
  });
});
