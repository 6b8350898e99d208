/**
 * The title a person recognises an ad by ("טויוטה קורולה 2021", "4 חדרים, דיזנגוף 50, תל אביב-יפו", "לברדור
 * רטריבר, נקבה"), built from its saved values by its catalogue's recipe in `adTitles.json`.
 *
 * A recipe is a list of templates, tried in order; the first whose first part can be said wins. A template is parts
 * joined by ", "; a part is words and placeholders: `{field}` must have a value for the part to show, `{field?}` is
 * left out when it has none. A placeholder names a field of the catalogue by id (its value is read by its wire name):
 * a choice shows its option's text (never its code), typed text shows as typed. The recipes are keyed by catalogue id,
 * or by the start of it ("pets" for every pets-… catalogue); the catalogue test checks every catalogue has one.
 */
import type { CategoryCatalog, FieldDef, Values } from '@app/form-engine/model';
import type { OptionsSource } from '@app/form-engine/options';
import { wireName } from '@app/form-engine/payload';
import { chosenItems } from '@app/form-engine/values';
import recipes from './adTitles.json' with { type: 'json' };

const RECIPES: Readonly<Record<string, readonly string[]>> = recipes;

/** An option that says nothing about the ad ("other"): left out like no value. */
const SAYS_NOTHING = new Set(['אחר']);

const PLACEHOLDER = /\{([^{}?]+)(\?)?\}/g;

export interface TitlePlaceholder {
  field: string;
  optional: boolean;
}

/** The recipe of a catalogue: its own id's, else the longest start of its id that has one. */
export function titleTemplates(catalog: Pick<CategoryCatalog, 'id'>): readonly string[] | undefined {
  const parts = catalog.id.split('-');
  for (let n = parts.length; n > 0; n--) {
    const key = parts.slice(0, n).join('-');
    if (Object.hasOwn(RECIPES, key)) return RECIPES[key];
  }
  return undefined;
}

/** The placeholders of a template, in order. */
export function templatePlaceholders(template: string): TitlePlaceholder[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => ({ field: m[1] ?? '', optional: m[2] === '?' }));
}

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** What a field's value says, as text: its options' texts, or what was typed; '' when nothing. */
export function fieldText(field: FieldDef, values: Values, options: OptionsSource | undefined): string {
  const items = chosenItems(values[wireName(field).key]);
  if (items.length === 0) return '';
  const list = field.options ?? (field.dataUrl ? options?.(field, values) : undefined);
  if (list) {
    // A code whose option is not known shows nothing rather than the code.
    const texts = items.map((item) => list.find((o) => o.value === item)?.text ?? '');
    return texts.filter((t) => t !== '' && !SAYS_NOTHING.has(t.trim())).join(', ');
  }
  if (field.dataUrl) return '';
  return clean(items.join(', '));
}

function render(template: string, text: (id: string) => string): string | undefined {
  const parts: string[] = [];
  for (const [index, part] of template.split(', ').entries()) {
    let missing = false;
    const said = part.replace(PLACEHOLDER, (_all, id: string, optional?: string) => {
      const value = text(id);
      if (value === '' && !optional) missing = true;
      return value;
    });
    if (missing) {
      if (index === 0) return undefined;
      continue;
    }
    const line = clean(said);
    if (line !== '') parts.push(line);
  }
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The ad's title from its values (selectors such as subcat and petType among them) by its catalogue's recipe, or
 * undefined when no template can be said (the caller falls back to the ad's number). `options` answers the dependent
 * lists (car makes, streets of a city, product sub-categories); without it their values say nothing.
 */
export function adTitle(catalog: CategoryCatalog, values: Values, options?: OptionsSource): string | undefined {
  const fields = new Map<string, FieldDef>();
  for (const step of catalog.steps)
    for (const field of step.fields) if (!fields.has(field.id)) fields.set(field.id, field);
  const cache = new Map<string, string>();
  const text = (id: string): string => {
    let said = cache.get(id);
    if (said === undefined) {
      const field = fields.get(id);
      said = field ? fieldText(field, values, options) : '';
      cache.set(id, said);
    }
    return said;
  };
  for (const template of titleTemplates(catalog) ?? []) {
    const title = render(template, text);
    if (title !== undefined) return title;
  }
  return undefined;
}
