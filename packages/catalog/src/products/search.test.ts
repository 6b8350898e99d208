import { describe, expect, it } from 'vitest';
import { normalizeWords, searchProducts, stem } from './search.ts';

const first = (query: string) => searchProducts(query)[0];

describe('the free-text product category search', () => {
  it.each([
    ['ספה', 'ריהוט › ספות וכורסאות › ספות'],
    ['ספה תלת מושבית אפורה', 'ריהוט › ספות וכורסאות › ספות'],
    ['עגלת תינוק', 'לתינוק ולילד › עגלות וטיולונים › עגלות'],
    ['אייפון 13', 'סלולרי › טלפונים ניידים › אייפון'],
    ['מקרר', 'מוצרי חשמל › מקררים ומקפיאים'],
    ['מכונת כביסה', 'מוצרי חשמל › מכונות כביסה ומייבשים'],
    ['גיטרה חשמלית', 'כלי נגינה › גיטרות › גיטרות חשמליות'],
    ['אופניים חשמליים', 'אופניים › אופניים חשמליים'],
    ['ps5', 'משחקים וקונסולות › קונסולות › פלייסטיישן'],
    ['שמלת כלה', 'אופנה וטיפוח › חתונה › שמלות כלה'],
    ['ריהוט', 'ריהוט'],
    ['מזגן', 'מוצרי חשמל › מיזוג וחימום › מזגנים'],
    ['לגו', 'משחקים וקונסולות › לגו ומשחקי הרכבה'],
  ])('%s → %s', (query, name) => {
    expect(first(query)?.name).toBe(name);
  });

  it('answers the path ids, at most 8, best first', () => {
    const [best, ...rest] = searchProducts('עגלה');
    expect(best).toMatchObject({ id: 110101, SalesCatID: 11, SalesSubCatID: 1101, SalesSubCat3ID: 110101, level: 3 });
    expect(rest.length).toBeLessThanOrEqual(7);
    expect(searchProducts('ספ').length).toBeGreaterThan(0); // a word still being typed
  });

  it('under 2 characters, or nothing that matches: no answer', () => {
    expect(searchProducts('')).toEqual([]);
    expect(searchProducts('ס')).toEqual([]);
    expect(searchProducts('  ')).toEqual([]);
    expect(searchProducts('qqqzzz')).toEqual([]);
  });

  it('a scope keeps one top category', () => {
    const baby = searchProducts('כיסא', { scope: 11 });
    expect(baby.length).toBeGreaterThan(0);
    expect(baby.every((m) => m.SalesCatID === 11)).toBe(true);
  });

  it('normalises Hebrew: niqqud, quote marks, final letters; plural and construct endings', () => {
    expect(normalizeWords('סְפָה, ג׳קוזי "חדש"')).toEqual(['ספה', 'גקוזי', 'חדש']);
    expect(normalizeWords('שולחן')).toEqual(['שולחנ']);
    expect([stem('ספות'), stem('ספה'), stem('עגלת'), stem('מחבתות')]).toEqual(['ספ', 'ספ', 'עגל', 'מחב']);
  });
});
