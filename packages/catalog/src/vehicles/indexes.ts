/** Lookup maps over the reference data, built once at load (shared by lookup.ts and plates.ts). */
import { COLORS } from './colors.ts';
import { MANUFACTURERS } from './manufacturers.ts';
import { MODELS } from './models.ts';
import { SUB_MODELS } from './subModels.ts';
import type { CarColor, Manufacturer, SubModel, VehicleModel } from './types.ts';

export const MANUFACTURER_BY_ID: ReadonlyMap<number, Manufacturer> = new Map(MANUFACTURERS.map((m) => [m.id, m]));
export const MODEL_BY_ID: ReadonlyMap<number, VehicleModel> = new Map(MODELS.map((m) => [m.id, m]));
export const SUB_MODEL_BY_ID: ReadonlyMap<number, SubModel> = new Map(SUB_MODELS.map((s) => [s.SubSubModelID, s]));
export const COLOR_BY_ID: ReadonlyMap<number, CarColor> = new Map(COLORS.map((c) => [c.value, c]));

const groupBy = <T>(items: readonly T[], key: (item: T) => number): ReadonlyMap<number, readonly T[]> => {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

export const MODELS_BY_MANUFACTURER = groupBy(MODELS, (m) => m.manufacturerId);
export const SUB_MODELS_BY_MODEL = groupBy(SUB_MODELS, (s) => s.modelId);
export const COLORS_BY_GROUP = groupBy(COLORS, (c) => c.CarColorGroupID);
