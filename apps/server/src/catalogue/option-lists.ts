import { REAL_ESTATE_LIST_PARAMS } from '@app/catalog/categories/realEstateLists';
import { SECOND_HAND_LIST_PARAMS } from '@app/catalog/categories/secondHandLists';
import {
  COLOR_GROUP_ATTR,
  COLOR_HEX_ATTR,
  LIST_SUBCAT,
  VEHICLE_LIST_PARAMS,
} from '@app/catalog/categories/vehiclesLists';
import { COLOR_GROUPS, COLORS } from '@app/catalog/vehicles/colors';
import { manufacturersFor, modelsOf, subModelsOf, yearsOf } from '@app/catalog/vehicles/lookup';
import { OWNER_OPTIONS } from '@app/catalog/vehicles/owners';
import { listIdOf } from '@app/form-engine/dataUrl';
import type { FieldDef, Option, Values } from '@app/form-engine/model';
import type { OptionsSource } from '@app/form-engine/options';
import { mergeRecords } from '@app/form-engine/records';
import { chosenItems } from '@app/form-engine/values';
import { LRUCache } from 'lru-cache';
import { ADDRESS_LIST_BUILDERS } from './address-lists.ts';
import { PRODUCT_LIST_BUILDERS } from './product-lists.ts';

type Params = Readonly<Record<string, string | undefined>>;
type ListBuilder = (params: Params) => Option[] | undefined;

const int = (v: string | undefined): number | undefined => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);
const listSubcat = (params: Params): number | undefined => {
  const subcat = int(params.subcat ?? params.SubCatID);
  return subcat === undefined ? undefined : (LIST_SUBCAT[subcat] ?? subcat);
};

/**
 * The vehicle lists come from static reference data, so a list for the same parents is the same list: it is built
 * once and kept (bounded, whatever numbers a request names), which also lets the resolver keep its answer for it
 * (form-engine options.ts). A save's check resolves every list of the car ad, and building them anew each time was
 * most of what the check allocated.
 */
const builtLists = new LRUCache<string, Option[]>({ max: 5000 });
function kept(key: string, build: () => Option[]): Option[] {
  let list = builtLists.get(key);
  if (!list) {
    list = Object.freeze(build()) as Option[];
    builtLists.set(key, list);
  }
  return list;
}

/** Every option list a catalogue's dataUrl names, built from the in-memory reference data. */
const LISTS: Record<string, ListBuilder> = {
  'vehicle-manufacturers': (p) => {
    const subcat = listSubcat(p);
    return subcat === undefined
      ? undefined
      : kept(`makes:${subcat}`, () => manufacturersFor(subcat).map((m) => ({ value: String(m.id), text: m.name })));
  },
  'vehicle-models': (p) => {
    const subcat = listSubcat(p);
    const make = int(p.manufacturer);
    if (subcat === undefined || make === undefined) return undefined;
    return kept(`models:${make}:${subcat}`, () =>
      modelsOf(make, subcat).map((m) => ({ value: String(m.id), text: m.name })),
    );
  },
  'vehicle-years': (p) => {
    const model = int(p.model);
    return model === undefined
      ? undefined
      : kept(`years:${model}`, () => yearsOf(model).map((y) => ({ value: String(y), text: String(y) })));
  },
  'vehicle-submodels': (p) => {
    const model = int(p.model);
    const year = int(p.year);
    if (model === undefined || year === undefined) return undefined;
    return kept(`submodels:${model}:${year}`, () =>
      subModelsOf(model, year).map((s) => ({
        value: String(s.SubSubModelID),
        text: s.SubModel,
        attrs: {
          GearTitle: s.GearTitle,
          engineType: s.engineType,
          Door: s.Door,
          Seats: s.Seats,
          EngineVolume: s.EngineVolume,
          HorsePower: s.HorsePower,
        },
      })),
    );
  },
  'vehicle-color-groups': () =>
    kept('color-groups', () =>
      COLOR_GROUPS.map((g) => ({
        value: String(g.value),
        text: g.text,
        attrs: { [COLOR_HEX_ATTR]: g.CarColorGroupHEX },
      })),
    ),
  'vehicle-colors': () =>
    kept('colors', () =>
      COLORS.map((c) => ({
        value: String(c.value),
        text: c.text,
        attrs: {
          [COLOR_GROUP_ATTR]: c.CarColorGroupID,
          CarColorHex: c.CarColorHex,
          ...(c.CarColorGradientStyle ? { CarColorGradientStyle: c.CarColorGradientStyle } : {}),
        },
      })),
    ),
  'vehicle-owners': () => kept('owners', () => OWNER_OPTIONS.map((o) => ({ value: String(o.value), text: o.text }))),
  ...ADDRESS_LIST_BUILDERS,
  ...PRODUCT_LIST_BUILDERS,
};

export const SERVED_LIST_IDS: ReadonlySet<string> = new Set(Object.keys(LISTS));

/** The options of a list for the given parent values; undefined for an unknown list or missing parents. */
export function listOptions(listId: string, params: Params): Option[] | undefined {
  return Object.hasOwn(LISTS, listId) ? LISTS[listId]?.(params) : undefined; // not Object.prototype's
}

const LIST_PARAMS: Readonly<Record<string, readonly string[]>> = {
  ...VEHICLE_LIST_PARAMS,
  ...REAL_ESTATE_LIST_PARAMS,
  ...SECOND_HAND_LIST_PARAMS,
};

/** The parameters a list is filtered by (for the browser's request and the server's own lookups). */
export function listParams(listId: string): readonly string[] {
  return Object.hasOwn(LIST_PARAMS, listId) ? (LIST_PARAMS[listId] ?? []) : [];
}

/**
 * The resolver's options source on the server: every dependent list is known at once (in memory), so every
 * submitted option is checked against its parents' current values.
 */
export function serverOptionsSource(selectors: Params): OptionsSource {
  return (field: FieldDef, values: Values) => {
    const listId = listIdOf(field.dataUrl);
    if (!listId) return undefined;
    const params: Record<string, string | undefined> = mergeRecords(selectors);
    for (const name of listParams(listId)) {
      if (name in selectors) continue;
      const items = chosenItems(values[name]);
      params[name] = items.length ? items.join(',') : undefined;
    }
    return listOptions(listId, params) ?? [];
  };
}

/** Wire form of options: value, text and the extra attributes flat (as the spec's option items). */
export function wireOptions(options: readonly Option[]) {
  return options.map((o) => ({ value: o.value, text: o.text, ...(o.attrs ?? {}) }));
}
