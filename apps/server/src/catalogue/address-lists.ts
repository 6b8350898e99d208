/**
 * The address option lists (packages/catalog categories/realEstateLists.ts): cities, streets of a city and
 * neighbourhoods of a city, from the in-memory address data. Without `keyword` a list is whole (what the
 * server validates against, synchronously); with `keyword` it is the best matches (the autocomplete's
 * answer); with `value` it is that one option (the text of a saved value).
 */
import { CITY_ATTRS } from '@app/catalog/categories/realEstateLists';
import { searchByName } from '@app/catalog/realEstate/addressSearch';
import type { Option } from '@app/form-engine/model';
import { type AddressData, addressData, type Locality, type Place } from './address-data.ts';

type Params = Readonly<Record<string, string | undefined>>;

interface Entry extends Place {
  option: Option;
}

interface Lists {
  cities: Entry[];
  streets: Map<number, Entry[]>;
  neighborhoods: Map<number, Entry[]>;
  /** The whole lists as the resolver gets them (built once). */
  options: WeakMap<Entry[], Option[]>;
}

/** A query may repeat a name (a list then): only a single string counts. */
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const code = (v: unknown): number | undefined => {
  const s = text(v)?.trim();
  return s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : undefined;
};

function cityOption(data: AddressData, l: Locality): Option {
  return {
    value: String(l.code),
    text: l.name,
    attrs: {
      ...(l.districtId === null ? {} : { [CITY_ATTRS.areaId]: l.districtId }),
      ...(l.districtName === null ? {} : { [CITY_ATTRS.areaName]: l.districtName }),
      [CITY_ATTRS.hasStreet]: data.streets.has(l.code) ? 1 : 0,
      [CITY_ATTRS.hasNeighborhood]: data.neighborhoods.has(l.code) ? 1 : 0,
    },
  };
}

const entries = (places: readonly Place[]): Entry[] =>
  places.map((p) => ({ ...p, option: { value: String(p.code), text: p.name } }));

let built: Lists | undefined;
function lists(): Lists {
  if (built) return built;
  const data = addressData();
  const byCity = (map: Map<number, Place[]>) => new Map([...map].map(([city, places]) => [city, entries(places)]));
  built = {
    cities: data.localities.map((l) => ({ ...l, option: cityOption(data, l) })),
    streets: byCity(data.streets),
    neighborhoods: byCity(data.neighborhoods),
    options: new WeakMap(),
  };
  return built;
}

/** The list answer for these entries and parameters. */
function answer(all: Entry[], params: Params): Option[] {
  if (params.value !== undefined) {
    const value = String(code(params.value) ?? '');
    return all.filter((e) => e.option.value === value).map((e) => e.option);
  }
  if (params.keyword !== undefined) return searchByName(all, text(params.keyword) ?? '').map((e) => e.option);
  const { options } = lists();
  let whole = options.get(all);
  if (!whole) {
    whole = all.map((e) => e.option);
    options.set(all, whole);
  }
  return whole;
}

/** A list of one city's places, or undefined without a city; an unknown city has none. */
const ofCity = (map: (l: Lists) => Map<number, Entry[]>) => (params: Params) => {
  const city = code(params.city);
  if (city === undefined) return undefined;
  return answer(map(lists()).get(city) ?? [], params);
};

export const ADDRESS_LIST_BUILDERS: Record<string, (params: Params) => Option[] | undefined> = {
  cities: (params) => answer(lists().cities, params),
  streets: ofCity((l) => l.streets),
  neighborhoods: ofCity((l) => l.neighborhoods),
};
