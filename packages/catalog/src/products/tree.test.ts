import { describe, expect, it } from 'vitest';
import { PICKERS } from '../pickers.ts';
import { childrenAt, PRODUCT_PATHS, PRODUCT_TREE, productPath, salesIds } from './tree.ts';

const HEBREW = /^[\u0590-\u05FF0-9 "'׳״–\-,()›]+$/;

describe('the product category tree', () => {
  it('has at least 15 top categories, each with real sub-categories, some with a third level', () => {
    expect(PRODUCT_TREE.length).toBeGreaterThanOrEqual(15);
    for (const top of PRODUCT_TREE) expect(top.children.length).toBeGreaterThanOrEqual(4);
    expect(PRODUCT_PATHS.filter((p) => p.level === 3).length).toBeGreaterThanOrEqual(60);
    expect(PRODUCT_TREE.filter((top) => top.children.some((c) => c.children.length > 0)).length).toBeGreaterThan(10);
    expect(PRODUCT_TREE.map((t) => t.name)).toEqual(
      expect.arrayContaining(['ריהוט', 'מוצרי חשמל', 'סלולרי', 'לתינוק ולילד', 'אופניים', 'כלי נגינה', 'גינה']),
    );
  });

  it('names are Hebrew, ids unique across levels and paths know their SalesCatID / SalesSubCatID / SalesSubCat3ID', () => {
    for (const path of PRODUCT_PATHS) expect(path.node.name).toMatch(HEBREW);
    expect(new Set(PRODUCT_PATHS.map((p) => p.node.id)).size).toBe(PRODUCT_PATHS.length);
    const sofas = productPath(10101);
    expect(sofas && salesIds(sofas)).toEqual({ SalesCatID: 1, SalesSubCatID: 101, SalesSubCat3ID: 10101 });
    expect(childrenAt(1, 1).map((c) => c.id)).toContain(101);
    expect(childrenAt(101, 1)).toEqual([]);
  });

  it('uses the spec ids: baby and child 11, fashion 18 with the picker’s sub-categories, 29, 34, 800, 298', () => {
    expect(productPath(11)?.node.name).toBe('לתינוק ולילד');
    const fashion = PICKERS.find((p) => p.id === 'fashion')?.entries.map((e) => Number(e.params.SalesSubCatID));
    expect(childrenAt(18, 1).map((c) => c.id)).toEqual(fashion);
    expect(productPath(29)?.ids).toEqual([5, 29]);
    expect(productPath(34)?.ids).toEqual([6, 34]);
    expect(productPath(800)?.ids).toEqual([6, 800]);
    expect(productPath(298)?.level).toBe(2);
    expect(productPath(37)).toBeUndefined(); // business for sale is not a product
    // The sections of a whole stock (40) and of industrial equipment (56), with real sub-categories.
    expect(productPath(40)?.node.name).toBe('מלאי וסחורה');
    expect(productPath(56)?.node.name).toBe('ציוד תעשייתי');
    expect(childrenAt(40, 1).length).toBeGreaterThanOrEqual(5);
    expect(childrenAt(56, 1).map((c) => c.name)).toContain('מלגזות וציוד הרמה');
  });
});
