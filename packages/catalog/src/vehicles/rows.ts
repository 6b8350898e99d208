/**
 * The row forms of the model and sub-model tables (data/vehicles/models.json, sub-models.json: one row per line,
 * the columns named in each file) and their objects.
 */
import type { EngineType, GearTitle, SubModel, VehicleModel, VehicleSubcat } from './types.ts';

/** [id, manufacturerId, subcat, name, nameEn, yearFrom, yearTo] */
export type ModelRow = readonly [number, number, VehicleSubcat, string, string, number, number];

/** [SubSubModelID, modelId, yearFrom, yearTo, title, gear, engine, doors, seats, cc, hp, ignition?] */
export type SubModelRow =
  | readonly [number, number, number, number, string, GearTitle, EngineType, number, number, number, number]
  | readonly [number, number, number, number, string, GearTitle, EngineType, number, number, number, number, string];

export const modelRows = (rows: readonly ModelRow[]): VehicleModel[] =>
  rows.map(([id, manufacturerId, subcat, name, nameEn, yearFrom, yearTo]) => ({
    id,
    manufacturerId,
    subcat,
    name,
    nameEn,
    yearFrom,
    yearTo,
  }));

export const subModelRows = (rows: readonly SubModelRow[]): SubModel[] =>
  rows.map(([id, modelId, yearFrom, yearTo, title, gear, engine, doors, seats, cc, hp, ignition]) => ({
    SubSubModelID: id,
    modelId,
    yearFrom,
    yearTo,
    SubModel: title,
    GearTitle: gear,
    engineType: engine,
    Door: doors,
    Seats: seats,
    EngineVolume: cc,
    HorsePower: hp,
    ...(ignition === undefined ? {} : { Ignition: ignition }),
  }));
