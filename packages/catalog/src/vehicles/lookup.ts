/**
 * Pure lookups over the vehicle reference data: the option lists of the car fields (manufacturer → model → year →
 * sub-model, colour group → colour), the licence-plate search and the plate display format.
 */
import {
  COLOR_BY_ID,
  COLORS_BY_GROUP,
  MANUFACTURER_BY_ID,
  MODEL_BY_ID,
  MODELS_BY_MANUFACTURER,
  SUB_MODEL_BY_ID,
  SUB_MODELS_BY_MODEL,
} from './indexes.ts';
import { MANUFACTURERS } from './manufacturers.ts';
import { MODELS } from './models.ts';
import { PLATES } from './plates.ts';
import type { CarColor, LicencePlateResult, Manufacturer, PlateRecord, SubModel, VehicleModel } from './types.ts';

const byHebrewName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'he');

/** Makes that have at least one model in the sub-category, in Hebrew alphabetical order. */
export function manufacturersFor(subcat: number): Manufacturer[] {
  const ids = new Set(MODELS.filter((m) => m.subcat === subcat).map((m) => m.manufacturerId));
  return MANUFACTURERS.filter((m) => ids.has(m.id)).sort(byHebrewName);
}

export function manufacturerById(id: number): Manufacturer | undefined {
  return MANUFACTURER_BY_ID.get(id);
}

/** The make's models in the sub-category, in Hebrew alphabetical order; empty for an unknown make. */
export function modelsOf(manufacturerId: number, subcat: number): VehicleModel[] {
  return (MODELS_BY_MANUFACTURER.get(manufacturerId) ?? []).filter((m) => m.subcat === subcat).sort(byHebrewName);
}

export function modelById(id: number): VehicleModel | undefined {
  return MODEL_BY_ID.get(id);
}

/** The model years of the model, newest first; empty for an unknown model. */
export function yearsOf(modelId: number): number[] {
  const model = MODEL_BY_ID.get(modelId);
  if (!model) return [];
  const years: number[] = [];
  for (let year = model.yearTo; year >= model.yearFrom; year--) years.push(year);
  return years;
}

/**
 * The sub-models of the model sold in that model year, ordered by engine volume, then horse power, then title
 * (electric versions, with volume 0, come first).
 */
export function subModelsOf(modelId: number, year: number): SubModel[] {
  return (SUB_MODELS_BY_MODEL.get(modelId) ?? [])
    .filter((s) => s.yearFrom <= year && year <= s.yearTo)
    .sort(
      (a, b) =>
        a.EngineVolume - b.EngineVolume ||
        a.HorsePower - b.HorsePower ||
        a.SubModel.localeCompare(b.SubModel, 'he') ||
        a.SubSubModelID - b.SubSubModelID,
    );
}

export function subModelById(id: number): SubModel | undefined {
  return SUB_MODEL_BY_ID.get(id);
}

/** The colours of a colour group (field color filtered by field colorGroup); empty for an unknown group. */
export function colorsOfGroup(groupId: number): CarColor[] {
  return [...(COLORS_BY_GROUP.get(groupId) ?? [])];
}

const PLATE_BY_NUMBER: ReadonlyMap<number, PlateRecord> = new Map(PLATES.map((p) => [p.mispar_rechev, p]));

/** The record of a plate in the sample registry, or undefined; input may contain dashes or spaces. */
export function plateRecord(input: string): PlateRecord | undefined {
  const digits = input.replace(/\D/g, '');
  return /^[1-9]\d{6,7}$/.test(digits) ? PLATE_BY_NUMBER.get(Number(digits)) : undefined;
}

/**
 * The licence-plate search (GET {gateway}/car-data-gov): the spec's "Licence-plate result" for a plate, or null when
 * it is not a 7 or 8 digit plate of the registry. Only the digits of the input count ('12-345-67', '12 345 67').
 */
export function findPlate(input: string): LicencePlateResult | null {
  const record = plateRecord(input);
  if (!record) return null;
  const model = MODEL_BY_ID.get(record.modelId);
  const make = MANUFACTURER_BY_ID.get(record.manufacturerId);
  const subModel = SUB_MODEL_BY_ID.get(record.subModelId);
  const color = COLOR_BY_ID.get(record.colorId);
  if (!model || !make || !subModel || !color) return null;
  return {
    carTitle: `${make.name} ${model.name}`,
    subModelTitle: subModel.SubModel,
    typeId: record.subcat,
    subModelId: subModel.SubSubModelID,
    carYear: record.shnat_yitzur,
    carHand: record.carHand,
    subSubModelVal: subModel.SubSubModelID,
    modelId: model.id,
    yad2CarColorGroupID: color.CarColorGroupID,
    yad2CarColorID: color.value,
    DateOnRoad: record.moed_aliya_lakvish,
    tokefTestDate: record.tokef_dt,
    owner: record.baalut,
    manufacturerId: make.id,
  };
}

/**
 * A plate for display and for the licence input as the user types (after-save-area.md §5): only digits count and at
 * most 8 are kept; 7 digits or fewer group as 2-3-2 ('12-345-67', '12-3' while typing), 8 as 3-2-3 ('123-45-678').
 */
export function formatPlate(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 8);
  const cuts = d.length === 8 ? [3, 5] : [2, 5];
  return [d.slice(0, cuts[0]), d.slice(cuts[0], cuts[1]), d.slice(cuts[1])].filter((part) => part !== '').join('-');
}
