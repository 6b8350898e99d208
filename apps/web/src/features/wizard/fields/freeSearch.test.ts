import { SECOND_HAND_LISTS } from '@app/catalog/categories/secondHandLists';
import { BABY_SALES_CAT } from '@app/catalog/products/tree';
import { describe, expect, it } from 'vitest';
import { FREE_SEARCH_LISTS } from './freeSearch.ts';

describe('the free-search widget', () => {
  it('knows the catalogue’s free-search lists and the baby flow’s top category', () => {
    expect(Object.keys(FREE_SEARCH_LISTS).sort()).toEqual(
      [SECOND_HAND_LISTS.babySearch, SECOND_HAND_LISTS.search].sort(),
    );
    expect(FREE_SEARCH_LISTS[SECOND_HAND_LISTS.babySearch]?.topCategory).toBe(BABY_SALES_CAT);
    expect(FREE_SEARCH_LISTS[SECOND_HAND_LISTS.search]?.topCategory).toBeUndefined();
  });
});
