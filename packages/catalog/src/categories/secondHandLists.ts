/**
 * The second-hand option lists that fields name by dataUrl (/api/publish/options/<listId>), built from the
 * product tree (products/): the sub-categories of a top category, the third level of a sub-category, and
 * the free-text product search (all categories, or baby and child only). Pure: the server serves them.
 *
 *   product-subcategories?salesCatID=1        → sub-categories of ריהוט
 *   product-subcategories3?salesSubCatID=101  → third level of ספות וכורסאות
 *   product-search?keyword=ספה                → best matching paths (value = the deepest node id); without a
 *                                               keyword every path (the server checks a choice against it)
 *   baby-product-search?keyword=עגלה          → the same under לתינוק ולילד only
 */
import { optionsUrl } from '@app/form-engine/dataUrl';
import type { Option } from '@app/form-engine/model';
import { type ProductMatch, searchProducts, toMatch } from '../products/search.ts';
import { BABY_SALES_CAT, childrenAt, PRODUCT_PATHS } from '../products/tree.ts';

export const SECOND_HAND_LISTS = {
  subCategories: 'product-subcategories',
  thirdLevels: 'product-subcategories3',
  search: 'product-search',
  babySearch: 'baby-product-search',
} as const;

export type SecondHandListId = (typeof SECOND_HAND_LISTS)[keyof typeof SECOND_HAND_LISTS];

export const SECOND_HAND_OPTION_LISTS: ReadonlySet<SecondHandListId> = new Set(Object.values(SECOND_HAND_LISTS));

/** The query parameters (parent field ids) each list is filtered by; a test holds the catalogues to it. */
export const SECOND_HAND_LIST_PARAMS: Readonly<Record<SecondHandListId, readonly string[]>> = {
  'product-subcategories': ['salesCatID'],
  'product-subcategories3': ['salesSubCatID'],
  'product-search': [],
  'baby-product-search': [],
};

/** The autocomplete's typed text (the web sends `keyword`). */
export const KEYWORD_PARAM = 'keyword';

export const secondHandListUrl = (listId: SecondHandListId): string => optionsUrl(listId);

type Params = Readonly<Record<string, string | undefined>>;

const id = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

/** A search answer as an option: value the node id, text the path, the path's ids as attributes. */
export function matchOption(match: ProductMatch): Option {
  const { id: value, name, level: _level, ...ids } = match;
  return { value: String(value), text: name, attrs: { ...ids } };
}

const everyPath = (scope?: number): Option[] =>
  PRODUCT_PATHS.filter((p) => scope === undefined || p.ids[0] === scope).map((p) => matchOption(toMatch(p)));
const ALL_PATHS = everyPath();
const BABY_PATHS = everyPath(BABY_SALES_CAT);

function search(params: Params, scope?: number): Option[] {
  const keyword = params[KEYWORD_PARAM];
  if (keyword === undefined) return scope === undefined ? ALL_PATHS : BABY_PATHS;
  return searchProducts(keyword, scope === undefined ? {} : { scope }).map(matchOption);
}

const children = (parent: number | undefined, level: 1 | 2): Option[] | undefined =>
  parent === undefined ? undefined : childrenAt(parent, level).map((c) => ({ value: String(c.id), text: c.name }));

/** The options of a second-hand list for the given parameters; undefined for another list or a missing parent. */
export function secondHandListOptions(listId: string, params: Params): Option[] | undefined {
  switch (listId) {
    case SECOND_HAND_LISTS.subCategories:
      return children(id(params.salesCatID), 1);
    case SECOND_HAND_LISTS.thirdLevels:
      return children(id(params.salesSubCatID), 2);
    case SECOND_HAND_LISTS.search:
      return search(params);
    case SECOND_HAND_LISTS.babySearch:
      return search(params, BABY_SALES_CAT);
    default:
      return undefined;
  }
}
