/** Which fields are the second-hand free-text category search (after-save-area.md §5 "free search"). */
import { listIdOf } from '@app/form-engine/dataUrl';
import type { FieldDef } from '@app/form-engine/model';

/** The free search waits this long after the last keystroke (after-save-area.md §5: 1500 ms). */
export const FREE_SEARCH_DEBOUNCE_MS = 1500;

/**
 * The second-hand free-text category search fields, by the list their dataUrl names (the catalogue's
 * SECOND_HAND_LISTS.search and .babySearch; a unit test holds the two together), and the top category
 * each keeps (baby and child: 11).
 */
export const FREE_SEARCH_LISTS: Readonly<Record<string, { topCategory?: number }>> = {
  'product-search': {},
  'baby-product-search': { topCategory: 11 },
};

export const isFreeSearch = (def: FieldDef): boolean =>
  def.type === 'autocomplete' && Object.hasOwn(FREE_SEARCH_LISTS, listIdOf(def.dataUrl) ?? '');
