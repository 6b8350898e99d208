/**
 * A record of the real vehicle registry (data.gov.il, the Ministry of Transport's "registered vehicles" dataset,
 * read through CKAN's datastore_search) mapped onto our catalogue: the make by the registry's maker code or name, the
 * model by its trade name (kinuy_mishari, without the HYBRID/PHEV/EV the registry appends) within the make and the
 * model year, the trim by the registry's model code (degem_nm) through the mapping table, else the only trim of that
 * year and fuel, and the colour by its registry name. What the registry does not say (the hand) or what does not
 * match uniquely (an ambiguous trim, an unknown colour) is left 0, for the user to choose. A model that does not
 * match at all is 'not in the catalogue': the user chooses the car by hand.
 *
 * The mapping table is data (data/vehicles/registry-map.json), for the names that do not match by themselves.
 */
import table from '../../data/vehicles/registry-map.json' with { type: 'json' };
import { COLORS } from './colors.ts';
import {
  MANUFACTURER_BY_ID,
  MODEL_BY_ID,
  MODELS_BY_MANUFACTURER,
  SUB_MODEL_BY_ID,
  SUB_MODELS_BY_MODEL,
} from './indexes.ts';
import { MANUFACTURERS } from './manufacturers.ts';
import type { EngineType, LicencePlateResult, PlateSubcat } from './types.ts';

/** The fields of a registry record that the mapping reads (the dataset's own names). */
export interface RegistryVehicle {
  mispar_rechev: number;
  tozeret_cd: number;
  tozeret_nm: string;
  degem_nm: string;
  kinuy_mishari: string;
  shnat_yitzur: number;
  tzeva_rechev: string;
  sug_delek_nm: string;
  baalut: string;
  /** 'YYYY-M' */
  moed_aliya_lakvish: string;
  /** 'YYYY-MM-DD' (the dataset may add a time). */
  tokef_dt: string;
}

const makeOverrides = new Map<number, number>(table.makes as unknown as [number, number][]);
const modelOverrides = new Map<string, number>(
  (table.models as unknown as [number, string, number][]).map(([make, name, model]) => [`${make}|${name}`, model]),
);
const trimTable = new Map<string, number>(
  (table.subModels as unknown as [number, string, number][]).map(([model, code, trim]) => [`${model}|${code}`, trim]),
);

const firstWord = (s: string) => s.trim().split(/\s+/)[0] ?? '';
const tradeName = (s: string) =>
  s
    .toUpperCase()
    .replace(/\s+(HYBRID|PHEV|EV|HEV)$/, '')
    .trim();

/** The engine types a registry fuel name may stand for (plain hybrids are registered as petrol). */
const FUEL_TYPES: Readonly<Record<string, readonly EngineType[]>> = {
  בנזין: ['בנזין', 'היברידי'],
  דיזל: ['דיזל'],
  חשמל: ['חשמלי'],
  'חשמל/בנזין': ['היברידי נטען'],
  'גפ"מ/בנזין': ['גפ"מ'],
};

function manufacturerOf(v: RegistryVehicle) {
  const id = makeOverrides.get(v.tozeret_cd);
  if (id !== undefined) return MANUFACTURER_BY_ID.get(id);
  return (
    MANUFACTURERS.find(
      (m) => m.registryCode === v.tozeret_cd && firstWord(m.registryName) === firstWord(v.tozeret_nm),
    ) ??
    MANUFACTURERS.find((m) => m.registryName === v.tozeret_nm.trim()) ??
    MANUFACTURERS.find((m) => firstWord(m.registryName) === firstWord(v.tozeret_nm))
  );
}

const isPlateSubcat = (subcat: number): subcat is PlateSubcat => subcat === 1 || subcat === 2 || subcat === 3;

/** The catalogue's answer for a registry record, or null when its model is not in the catalogue. */
export function mapRegistryVehicle(v: RegistryVehicle): LicencePlateResult | null {
  const make = manufacturerOf(v);
  if (!make) return null;
  const name = tradeName(v.kinuy_mishari);
  const overridden = modelOverrides.get(`${make.id}|${name}`);
  const model =
    overridden !== undefined
      ? MODEL_BY_ID.get(overridden)
      : (MODELS_BY_MANUFACTURER.get(make.id) ?? []).find(
          (m) => m.nameEn.toUpperCase() === name && m.yearFrom <= v.shnat_yitzur && v.shnat_yitzur <= m.yearTo,
        );
  if (!model || !isPlateSubcat(model.subcat)) return null;

  const ofYear = (SUB_MODELS_BY_MODEL.get(model.id) ?? []).filter(
    (s) => s.yearFrom <= v.shnat_yitzur && v.shnat_yitzur <= s.yearTo,
  );
  const mapped = trimTable.get(`${model.id}|${v.degem_nm}`);
  const fuels = FUEL_TYPES[v.sug_delek_nm.trim()];
  const byFuel = fuels ? ofYear.filter((s) => fuels.includes(s.engineType)) : [];
  const trim =
    (mapped !== undefined ? SUB_MODEL_BY_ID.get(mapped) : undefined) ??
    (byFuel.length === 1 ? byFuel[0] : ofYear.length === 1 ? ofYear[0] : undefined);
  const color = COLORS.find((c) => c.text === v.tzeva_rechev.trim());
  return {
    carTitle: `${make.name} ${model.name}`,
    subModelTitle: trim?.SubModel ?? '',
    typeId: model.subcat,
    subModelId: trim?.SubSubModelID ?? 0,
    carYear: v.shnat_yitzur,
    // The registry does not say how many owners the car had.
    carHand: 0,
    subSubModelVal: trim?.SubSubModelID ?? 0,
    modelId: model.id,
    yad2CarColorGroupID: color?.CarColorGroupID ?? 0,
    yad2CarColorID: color?.value ?? 0,
    DateOnRoad: v.moed_aliya_lakvish,
    tokefTestDate: v.tokef_dt.slice(0, 10),
    owner: v.baalut.trim(),
    manufacturerId: make.id,
  };
}
