/**
 * The search's words in the titles the board shows: a card's title is made by its catalogue's recipe
 * (`adTitles.json`, ads/ad-title.ts) from chosen options ("טויוטה קורולה 2021": a make, a model and a year), which
 * the ad keeps as codes, so a word of it is not in the stored text. For each word this finds, on the catalogues that
 * serve the board, the options of the recipe's choice fields whose text holds it (anywhere, case-insensitive): the
 * repository then lists an ad whose value is one of those codes as if its text held the word.
 *
 * The options are the catalogue's own (static lists) or the server's lists (the makes of the sub-category, the
 * models of each make, the years of each model), walked once through their parents and kept: reference data, the
 * same for every request. A list that needs a typed start (an address's autocomplete) is not walked; the selection's
 * own fields (the category and sub-category) are the board's and are left out.
 */
import { templatePlaceholders, titleTemplates } from '@app/catalog/categories/adTitle';
import type { CategoryCatalog, FieldDef, Option, Values } from '@app/form-engine/model';
import { wireName } from '@app/form-engine/payload';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import type { BoardTitleChoice } from './board-repository.ts';

/** Keys the board's own address names (its category and sub-category), never a title's choice. */
const BOARD_KEYS = new Set(['cat', 'subcat']);
/** At most this many lists are asked for one field (every model's years is the largest walk there is). */
const MAX_LISTS = 20_000;

const walked = new Map<string, readonly Option[]>();

/** Every option a choice field can have on this selection, through every value of its parents (kept). */
function everyOption(catalog: CategoryCatalog, field: FieldDef, selectors: Record<string, string>): readonly Option[] {
  if (field.options) return field.options;
  // A list is the same for the same list, parents and selection, whichever catalogue names it.
  const memo = `${field.dataUrl}|${field.dependence ?? ''}|${selectors.cat}|${selectors.subcat ?? ''}`;
  let options = walked.get(memo);
  if (!options) {
    options = walk(catalog, field, selectors);
    walked.set(memo, options);
  }
  return options;
}

/** Every option of a choice field through every value of its parents; deduplicated. */
function walk(catalog: CategoryCatalog, field: FieldDef, selectors: Record<string, string>): readonly Option[] {
  if (!field.dataUrl) return [];
  const source = serverOptionsSource(selectors);
  const byId = new Map(catalog.steps.flatMap((s) => s.fields).map((f) => [f.id, f] as const));
  const found = new Map<string, Option>();
  let asked = 0;
  const down = (target: FieldDef, values: Values): readonly Option[] => {
    const missing = (target.dependence ?? []).find((p) => !(p in selectors) && values[p] === undefined);
    if (missing === undefined) {
      asked++;
      return asked > MAX_LISTS ? [] : (source(target, values) ?? []);
    }
    const parent = byId.get(missing);
    if (!parent) return [];
    const out: Option[] = [];
    for (const o of parent.options ?? down(parent, values))
      if (o.value !== '' && o.value !== '-1') out.push(...down(target, { ...values, [missing]: o.value }));
    return out;
  };
  for (const o of down(field, {})) if (!found.has(o.value)) found.set(o.value, o);
  return [...found.values()];
}

interface TitleField {
  key: string;
  options: Option[];
}

const kept = new Map<string, TitleField[]>();

/** The choice fields the recipes of these catalogues name, with every option each can have (kept per board). */
function titleFields(catalogs: readonly CategoryCatalog[], cat: number, subcat: number | null): TitleField[] {
  const memo = `${cat}/${subcat ?? ''}`;
  const known = kept.get(memo);
  if (known) return known;
  const byKey = new Map<string, Map<string, Option>>();
  for (const catalog of catalogs) {
    const fields = catalog.steps.flatMap((s) => s.fields);
    const ids = new Set((titleTemplates(catalog) ?? []).flatMap((t) => templatePlaceholders(t).map((p) => p.field)));
    const subcats = subcat !== null ? [subcat] : catalog.subcats.length > 0 ? catalog.subcats : [null];
    for (const id of ids) {
      const field = fields.find((f) => f.id === id);
      if (!field || BOARD_KEYS.has(wireName(field).key) || (!field.options && !field.dataUrl)) continue;
      const options = byKey.get(wireName(field).key) ?? new Map<string, Option>();
      for (const s of subcats) {
        const selectors = { cat: String(cat), ...(s === null ? {} : { subcat: String(s) }) };
        for (const o of everyOption(catalog, field, selectors)) if (!options.has(o.value)) options.set(o.value, o);
      }
      byKey.set(wireName(field).key, options);
    }
  }
  const found = [...byKey].map(([key, options]) => ({ key, options: [...options.values()] }));
  kept.set(memo, found);
  return found;
}

/** For one search word: the title's choice fields and their codes whose option text holds it (none: the word is not
 * in any title the board's recipes can make from options). */
export function titleChoicesOf(
  catalogs: readonly CategoryCatalog[],
  cat: number,
  subcat: number | null,
  word: string,
): BoardTitleChoice[] {
  const needle = word.toLocaleLowerCase('he');
  const choices: BoardTitleChoice[] = [];
  for (const field of titleFields(catalogs, cat, subcat)) {
    const values = field.options
      .filter((o) => o.value !== '' && o.value !== '-1' && o.text.toLocaleLowerCase('he').includes(needle))
      .map((o) => o.value);
    if (values.length > 0) choices.push({ key: field.key, values });
  }
  return choices;
}
