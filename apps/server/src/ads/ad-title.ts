/**
 * An ad's title as the owner's lists show it ("טויוטה קורולה 2021", "לברדור רטריבר, נקבה"): its catalogue's recipe
 * (packages/catalog categories/adTitle.ts) over its saved values, with the server's option lists for the codes;
 * the ad's number only when nothing can be said.
 */
import { adTitle } from '@app/catalog/categories/adTitle';
import { catalogFor } from '@app/catalog/categories/registry';
import type { Selectors } from '@app/contract/publish';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import { catalogQuery } from '../catalogue/selectors.ts';
import { planExtrasHe as he } from '../i18n/plan-extras.ts';
import type { FieldValues } from './drafts-repository.ts';

export function adTitleOf(orderId: number, selectors: Selectors, values: FieldValues): string {
  const query = catalogQuery(selectors);
  const catalog = query ? catalogFor(query) : undefined;
  // The selectors (subcat, petType…) are values of the category step: a title may name them.
  const title = catalog ? adTitle(catalog, { ...selectors, ...values }, serverOptionsSource(selectors)) : undefined;
  return title ?? he.adTitle(orderId);
}
