/**
 * The board's filters, per family, derived from the catalogue's field definitions: this module names only which
 * fields a family's board filters by (the few that matter: price and locality for all that have them; make, model
 * and year for vehicles; rooms and built area for homes…) and whether by a choice or a range. Everything else comes
 * from the fields themselves, on the catalogues that serve the board (its category, and its sub-category when it has
 * one): the name (the value's key on the wire and in the ad), the Hebrew label, the options (static, or the list the
 * wizard asks, with its parents), the bounds. A declared field no catalogue of its family has, or one that does not
 * fit its kind, stops the server's start, like a broken catalogue.
 *
 * A request's filters (the board's address: `manufacturer=27`, `price_min=1000&price_max=5000`) are checked here
 * into `BoardSqlFilter`s: an unknown name, a value no option has (the lists as the wizard offers them for this
 * board and the other filters), a number that is not one, a range upside down are a `BoardQueryError` with a Hebrew
 * message; an empty value is no filter (a form sent with a field left empty).
 */
import { CAT, type CategoryName } from '@app/catalog/categories/ids';
import { CATALOGS } from '@app/catalog/categories/registry';
import { listIdOf, optionsUrl } from '@app/form-engine/dataUrl';
import { type CategoryCatalog, type FieldDef, OPTION_TYPES, type Option } from '@app/form-engine/model';
import { wireName } from '@app/form-engine/payload';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import { heBoard as he } from '../i18n/board.ts';
import { BoardQueryError } from './board-errors.ts';
import type { BoardSqlFilter } from './board-repository.ts';

type Kind = 'choice' | 'range';

/** What a family's board filters by: the fields' wire keys and how; its locality and price, which cards show. */
interface FamilyDecl {
  filters: readonly (readonly [key: string, kind: Kind])[];
  locality: string | null;
  price: string | null;
}

const FAMILIES: Readonly<Record<CategoryName, FamilyDecl>> = {
  // Vehicles keep no location.
  vehicles: {
    filters: [
      ['manufacturer', 'choice'],
      ['model', 'choice'],
      ['year', 'range'],
      ['price', 'range'],
      ['km', 'range'],
    ],
    locality: null,
    price: 'price',
  },
  realEstate: {
    filters: [
      ['city', 'choice'],
      ['HomeTypeID', 'choice'],
      ['rooms', 'range'],
      ['sqmBuilt', 'range'],
      ['price', 'range'],
    ],
    locality: 'city',
    price: 'price',
  },
  secondHand: {
    filters: [
      ['salesCatID', 'choice'],
      ['area', 'choice'],
      ['6727', 'choice'],
      ['price', 'range'],
    ],
    locality: 'area',
    price: 'price',
  },
  pets: {
    filters: [
      ['petType', 'choice'],
      ['breed', 'choice'],
      ['area', 'choice'],
      ['price', 'range'],
    ],
    locality: 'area',
    price: 'price',
  },
  studies: {
    filters: [
      ['subject', 'choice'],
      ['area', 'choice'],
      ['price', 'range'],
    ],
    locality: 'area',
    price: 'price',
  },
  tourism: {
    filters: [
      ['region', 'choice'],
      ['unitType', 'choice'],
      ['priceMidweek', 'range'],
    ],
    locality: 'region',
    price: 'priceMidweek',
  },
  householdWorkers: {
    filters: [
      ['area', 'choice'],
      ['hourlyRate', 'range'],
    ],
    locality: 'area',
    price: 'hourlyRate',
  },
  customerInfo: {
    filters: [
      ['businessField', 'choice'],
      ['area', 'choice'],
    ],
    locality: 'area',
    price: null,
  },
};

/** One filter of a board, as the catalogue defines its field. */
export interface BoardFilterDef {
  /** The value's key (in the ad and in the board's address; a range is `<name>_min`, `<name>_max`). */
  name: string;
  kind: Kind;
  /** The field's Hebrew label. */
  label: string;
  /** The family's locality (shown on the cards). */
  locality: boolean;
  /** A choice's options when the catalogue lists them; undefined when they come from a list (`listId`). */
  options?: readonly Option[];
  /** A choice's option list (/api/publish/options/<listId>), asked with the board's selection and `parents`. */
  listId?: string;
  /** The filters a list choice needs first (a model needs its make). */
  parents: readonly string[];
  /** A range's bounds, when every field defines them. */
  min?: number;
  max?: number;
}

export interface BoardFamily {
  name: CategoryName;
  cat: number;
  /** The sub-categories a board of this family may name (none: the family's board is its category's only). */
  subcats: readonly number[];
  /** Wire keys of the card's locality and price; null when the family has none. */
  localityKey: string | null;
  priceKey: string | null;
}

const NUMBER = /^\d{1,12}(\.\d{1,4})?$/;
const isNumberField = (f: FieldDef) => f.type === 'number' || f.isNumeric === true;
const isChoiceField = (f: FieldDef) => OPTION_TYPES.has(f.type) && f.type !== 'multipleRadios' && !f.multiple;
const allNumbers = (options: readonly Option[] | undefined) =>
  options !== undefined && options.length > 0 && options.every((o) => NUMBER.test(o.value));

function fieldsOf(catalogs: readonly CategoryCatalog[], key: string): FieldDef[] {
  const found: FieldDef[] = [];
  for (const c of catalogs)
    for (const step of c.steps) for (const f of step.fields) if (wireName(f).key === key) found.push(f);
  return found;
}

/** The filter a family declares, on these catalogues; undefined where none of them has a field that fits. */
function defOf(
  catalogs: readonly CategoryCatalog[],
  key: string,
  kind: Kind,
  locality: boolean,
): BoardFilterDef | undefined {
  const all = fieldsOf(catalogs, key);
  if (kind === 'choice') {
    const fields = all.filter(isChoiceField);
    const first = fields[0];
    if (!first) return undefined;
    const listed = fields.find((f) => f.dataUrl);
    const label = first.label ?? key;
    if (listed) {
      return { name: key, kind, label, locality, listId: listIdOf(listed.dataUrl), parents: listed.dependence ?? [] };
    }
    const options = new Map<string, Option>();
    for (const f of fields) for (const o of f.options ?? []) if (!options.has(o.value)) options.set(o.value, o);
    return { name: key, kind, label, locality, options: [...options.values()], parents: [] };
  }
  // A range: number fields, choices of numbers (rooms), or a list of years.
  const fields = all.filter((f) => isNumberField(f) || allNumbers(f.options) || (isChoiceField(f) && f.dataUrl));
  const first = fields[0];
  if (!first) return undefined;
  const bounds = fields.map((f) => {
    const values = f.options?.map((o) => Number(o.value));
    return {
      min: f.min ?? (values ? Math.min(...values) : undefined),
      max: f.max ?? (values ? Math.max(...values) : undefined),
    };
  });
  const mins = bounds.map((b) => b.min);
  const maxes = bounds.map((b) => b.max);
  return {
    name: key,
    kind,
    label: first.label ?? key,
    locality,
    parents: [],
    ...(mins.every((m) => m !== undefined) ? { min: Math.min(...(mins as number[])) } : {}),
    ...(maxes.every((m) => m !== undefined) ? { max: Math.max(...(maxes as number[])) } : {}),
  };
}

const serves = (c: CategoryCatalog, subcat: number | null) =>
  subcat === null || c.subcats.length === 0 || c.subcats.includes(subcat);

function buildFamilies(): Map<number, BoardFamily & { decl: FamilyDecl }> {
  const families = new Map<number, BoardFamily & { decl: FamilyDecl }>();
  for (const [name, decl] of Object.entries(FAMILIES) as [CategoryName, FamilyDecl][]) {
    const cat = CAT[name];
    const catalogs = CATALOGS.filter((c) => c.cat === cat);
    if (catalogs.length === 0) throw new Error(`board family ${name}: no catalogue of category ${cat}`);
    const declared = new Set(decl.filters.map(([key]) => key));
    for (const [key, kind] of decl.filters) {
      const def = defOf(catalogs, key, kind, false);
      if (!def) throw new Error(`board family ${name}: no ${kind} field ${key}`);
      // A list's parents are the board's sub-category or filters of the family (a model's make).
      const orphan = def.parents.find((p) => p !== 'subcat' && !declared.has(p));
      if (orphan !== undefined) throw new Error(`board family ${name}: ${key} needs ${orphan}, which is no filter`);
    }
    for (const key of [decl.locality, decl.price]) {
      if (key !== null && fieldsOf(catalogs, key).length === 0)
        throw new Error(`board family ${name}: no field ${key}`);
    }
    const subcats = [...new Set(catalogs.flatMap((c) => c.subcats))].sort((a, b) => a - b);
    families.set(cat, { name, cat, subcats, localityKey: decl.locality, priceKey: decl.price, decl });
  }
  return families;
}

const BOARDS = buildFamilies();

/** The family of a board, or a BoardQueryError when no board has this category and sub-category. */
export function boardFamily(cat: number, subcat: number | null): BoardFamily {
  const family = BOARDS.get(cat);
  if (!family || (subcat !== null && !family.subcats.includes(subcat))) {
    throw new BoardQueryError('unknownBoard', he.unknownBoard);
  }
  return family;
}

/** The catalogues that serve a board: its category's, and its sub-category's when it names one. */
const boardCatalogs = (cat: number, subcat: number | null): CategoryCatalog[] =>
  CATALOGS.filter((c) => c.cat === cat && serves(c, subcat));

/** The filters of one board: the family's, on the catalogues that serve the board, as their fields define them. */
export function boardFilters(cat: number, subcat: number | null): BoardFilterDef[] {
  const family = BOARDS.get(cat);
  if (!family) throw new BoardQueryError('unknownBoard', he.unknownBoard);
  const catalogs = boardCatalogs(cat, subcat);
  const defs = family.decl.filters.flatMap(
    ([key, kind]) => defOf(catalogs, key, kind, key === family.localityKey) ?? [],
  );
  // A list asked by the sub-category (the makes of cars, of motorcycles…) is no filter of a board without one.
  return subcat === null ? defs.filter((d) => !d.parents.includes('subcat')) : defs;
}

/** The request's filters as given (the board's query string): a value, a list of values, or nothing. */
export type RawFilters = Readonly<Record<string, string | readonly string[] | undefined>>;

const MAX_CHOICES = 20;
const VALUE = /^[\w-]{1,40}$/;

const list = (v: string | readonly string[] | undefined): string[] =>
  (v === undefined ? [] : typeof v === 'string' ? [v] : [...v]).map((s) => s.trim()).filter((s) => s !== '');

/** Checks a request's filters against the board's: the SQL filters, or a BoardQueryError (Hebrew message). */
export function checkBoardFilters(cat: number, subcat: number | null, raw: RawFilters): BoardSqlFilter[] {
  const defs = boardFilters(cat, subcat);
  const byParam = new Map<string, { def: BoardFilterDef; end?: 'min' | 'max' }>();
  for (const def of defs) {
    if (def.kind === 'choice') byParam.set(def.name, { def });
    else {
      byParam.set(`${def.name}_min`, { def, end: 'min' });
      byParam.set(`${def.name}_max`, { def, end: 'max' });
    }
  }
  const chosen = new Map<string, string[]>();
  const ranges = new Map<string, { def: BoardFilterDef; min: number | null; max: number | null }>();
  for (const [param, value] of Object.entries(raw)) {
    const known = byParam.get(param);
    if (!known) throw new BoardQueryError('unknownFilter', he.unknownFilter);
    const { def, end } = known;
    const values = list(value);
    if (values.length === 0) continue;
    const bad = () => new BoardQueryError('badFilterValue', he.badFilterValue(def.label), def.name);
    if (end === undefined) {
      if (values.length > MAX_CHOICES || !values.every((v) => VALUE.test(v))) throw bad();
      chosen.set(def.name, [...new Set(values)]);
      continue;
    }
    const [text] = values;
    if (values.length > 1 || text === undefined || !NUMBER.test(text)) throw bad();
    const n = Number(text);
    if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) throw bad();
    const range = ranges.get(def.name) ?? { def, min: null, max: null };
    range[end] = n;
    ranges.set(def.name, range);
  }

  const filters: BoardSqlFilter[] = [];
  const selectors = { cat: String(cat), ...(subcat === null ? {} : { subcat: String(subcat) }) };
  const options = serverOptionsSource(selectors);
  const parentValues = Object.fromEntries([...chosen].map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  for (const def of defs) {
    const values = chosen.get(def.name);
    if (def.kind === 'choice' && values) {
      const missing = defs.find((d) => def.parents.includes(d.name) && !chosen.has(d.name));
      if (missing)
        throw new BoardQueryError('filterNeedsParent', he.filterNeedsParent(def.label, missing.label), def.name);
      const offered =
        def.options ??
        (def.listId ? options({ id: def.name, type: 'select', dataUrl: optionsUrl(def.listId) }, parentValues) : []) ??
        [];
      if (!values.every((v) => offered.some((o) => o.value === v))) {
        throw new BoardQueryError('badFilterValue', he.badFilterValue(def.label), def.name);
      }
      filters.push({ key: def.name, kind: 'choice', values });
    }
    const range = ranges.get(def.name);
    if (def.kind === 'range' && range) {
      if (range.min !== null && range.max !== null && range.min > range.max) {
        throw new BoardQueryError('badRange', he.badRange(def.label), def.name);
      }
      filters.push({ key: def.name, kind: 'range', min: range.min, max: range.max });
    }
  }
  return filters;
}
