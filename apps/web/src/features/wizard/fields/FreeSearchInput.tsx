import { listIdOf } from '@app/form-engine/dataUrl';
import { searchProductCategories } from '../../../shared/api/index.ts';
import type { WidgetProps } from '../../../shared/fields/index.ts';
import { AutocompleteBox } from './AutocompleteInput.tsx';
import { FREE_SEARCH_DEBOUNCE_MS, FREE_SEARCH_LISTS } from './freeSearch.ts';

/**
 * "What are you selling?": suggestions from the gateway's free search (GET {gateway}/nixale-proxy/freeSearch)
 * 1500 ms after the last keystroke, the call on its way cancelled by a newer keyword; choosing a result
 * fills the product's category path (the catalogue maps the result to salesCatID, salesSubCatID,
 * salesSubCat3ID).
 */
export function FreeSearchInput(props: WidgetProps) {
  const scope = FREE_SEARCH_LISTS[listIdOf(props.field.def.dataUrl) ?? '']?.topCategory;
  return (
    <AutocompleteBox
      {...props}
      debounceMs={FREE_SEARCH_DEBOUNCE_MS}
      suggest={(keyword, signal) => searchProductCategories(keyword, signal, scope)}
    />
  );
}
