/**
 * Compact row forms of the model and sub-model tables, so each data file reads as one row per line, and the
 * short names the sub-model tables use for gear and engine types.
 */
import type { EngineType, GearTitle, SubModel, VehicleModel, VehicleSubcat } from './types.ts';

/** Gear: A automatic, M manual, R robotised (dual clutch / automated manual). */
export const A: GearTitle = 'אוטומטי';
export const M: GearTitle = 'ידני';
export const R: GearTitle = 'רובוטי';

/** Engine: P petrol, D diesel, H hybrid, E electric, PH plug-in hybrid, G LPG. */
export const P: EngineType = 'בנזין';
export const D: EngineType = 'דיזל';
export const H: EngineType = 'היברידי';
export const E: EngineType = 'חשמלי';
export const PH: EngineType = 'היברידי נטען';
export const G: EngineType = 'גפ"מ';

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
