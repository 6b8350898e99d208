/**
 * An ad's title as the owner's lists show it ("טויוטה קורולה 2021", "לברדור רטריבר, נקבה"): its catalogue's recipe
 * (packages/catalog categories/adTitle.ts) over its saved values, with the server's option lists for the codes;
 * the ad's number only when nothing can be said.
 */
import { adTitle, fieldText, templatePlaceholders, titleTemplates } from '@app/catalog/categories/adTitle';
import { catalogFor } from '@app/catalog/categories/registry';
import type { Selectors } from '@app/contract/publish';
import type { CategoryCatalog, FieldDef } from '@app/form-engine/model';
import { wireName } from '@app/form-engine/payload';
import { mergeRecords } from '@app/form-engine/records';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import { catalogQuery } from '../catalogue/selectors.ts';
import { planExtrasHe as he } from '../i18n/plan-extras.ts';
import type { FieldValues } from './drafts-repository.ts';

export function adTitleOf(orderId: number, selectors: Selectors, values: FieldValues): string {
  const query = catalogQuery(selectors);
  const catalog = query ? catalogFor(query) : undefined;
  // The selectors (subcat, petType…) are values of the category step: a title may name them.
  const title = catalog
    ? adTitle(catalog, mergeRecords<string | string[]>(selectors, values), serverOptionsSource(selectors))
    : undefined;
  return title ?? he.adTitle(orderId);
}

/** Keys the board's own address names (its category and sub-category): a search never reads their names. */
const BOARD_KEYS = new Set(['cat', 'subcat']);

/**
 * The words of the titles buyers read that the ad keeps as codes ("טויוטה קורולה 2021": a make, a model and a year
 * chosen from lists): the option texts of every choice field its catalogue's recipes name (every recipe, not only
 * the one its title uses), through the server's lists with the ad's own parents; '' when none. Written beside the
 * values (ads.title_words, migration 0051) so that the board's search, one trigram index over the typed text and
 * these words, finds an ad by the names of its title (board/README.md).
 */
export function adTitleWordsOf(selectors: Selectors, values: FieldValues): string {
  const query = catalogQuery(selectors);
  const catalog = query ? catalogFor(query) : undefined;
  if (!catalog) return '';
  const all = mergeRecords<string | string[]>(selectors, values);
  const options = serverOptionsSource(selectors);
  const words: string[] = [];
  for (const field of titledChoiceFields(catalog)) {
    const text = fieldText(field, all, options);
    if (text !== '') words.push(text);
  }
  return words.join(' ');
}

const titledFields = new WeakMap<CategoryCatalog, readonly FieldDef[]>();

/** The choice fields a catalogue's title recipes name, worked out once per catalogue (every save asks). */
function titledChoiceFields(catalog: CategoryCatalog): readonly FieldDef[] {
  let found = titledFields.get(catalog);
  if (!found) {
    const fields = new Map(catalog.steps.flatMap((s) => s.fields).map((f) => [f.id, f] as const));
    const ids = new Set((titleTemplates(catalog) ?? []).flatMap((t) => templatePlaceholders(t).map((p) => p.field)));
    found = [...ids]
      .map((id) => fields.get(id))
      .filter((field): field is FieldDef => !!field && !BOARD_KEYS.has(wireName(field).key))
      .filter((field) => !!(field.options || field.dataUrl));
    titledFields.set(catalog, found);
  }
  return found;
}
