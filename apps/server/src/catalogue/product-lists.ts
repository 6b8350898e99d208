import {
  SECOND_HAND_OPTION_LISTS,
  type SecondHandListId,
  secondHandListOptions,
} from '@app/catalog/categories/secondHandLists';
import type { Option } from '@app/form-engine/model';

type Params = Readonly<Record<string, string | undefined>>;

/**
 * The second-hand lists (product category tree and free search), served from the in-memory tree of the
 * catalogue: product-subcategories?salesCatID, product-subcategories3?salesSubCatID, product-search?keyword,
 * baby-product-search?keyword.
 */
export const PRODUCT_LIST_BUILDERS: Readonly<Record<SecondHandListId, (params: Params) => Option[] | undefined>> =
  Object.fromEntries(
    [...SECOND_HAND_OPTION_LISTS].map((listId) => [listId, (params: Params) => secondHandListOptions(listId, params)]),
  ) as Record<SecondHandListId, (params: Params) => Option[] | undefined>;
