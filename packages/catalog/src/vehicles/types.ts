/**
 * Types of the Israeli vehicle reference data (makes, models, sub-models, colours, owners, hands, licence plates).
 * Field names that travel on the wire keep the spec's spelling (after-save-area.md §3 "Car fields",
 * "Licence-plate result"); registry records keep data.gov.il's spelling (apps/server/seed-data/SOURCE.md).
 */

import type { LicencePlateResult as WireLicencePlateResult } from '@app/contract/publish';

/**
 * Vehicle sub-categories (cat 1): 1 private, 2 commercial, 3 jeeps/SUV, 4 motorcycles, 5 scooters, 6 special,
 * 9 trucks, 13 watercraft. Accessories (7) have no make/model data.
 */
export type VehicleSubcat = 1 | 2 | 3 | 4 | 5 | 6 | 9 | 13;

export const VEHICLE_SUBCAT = {
  privateCar: 1,
  commercial: 2,
  jeep: 3,
  motorcycle: 4,
  scooter: 5,
  special: 6,
  truck: 9,
  boat: 13,
} as const satisfies Record<string, VehicleSubcat>;

/** The sub-categories the licence-plate search supports (after-save-area.md §5: "Only sub-categories 1, 2, 3"). */
export type PlateSubcat = 1 | 2 | 3;

/** The car sub-categories: the ones with full trim data (at least two sub-models for every model year). */
export const CAR_SUBCATS: readonly VehicleSubcat[] = [1, 2, 3];

export interface Manufacturer {
  id: number;
  /** Hebrew name as Israeli sites write it ('טויוטה', 'ב.מ.וו', 'בי.ווי.די'). */
  name: string;
  nameEn: string;
  /** Country of the brand, in Hebrew. */
  country: string;
  /** The registry's tozeret_nm: maker + country of manufacture, often truncated ('פולקסווגן גרמנ'). */
  registryName: string;
  /** The registry's tozeret_cd (numeric maker code; invented for this sample). */
  registryCode: number;
}

export interface VehicleModel {
  id: number;
  manufacturerId: number;
  subcat: VehicleSubcat;
  /** Hebrew name as Israeli sites write it; Latin where that is how it is written ('C-HR', 'i20', 'CX-5'). */
  name: string;
  /** Latin trade name, the base of the registry's kinuy_mishari ('COROLLA'). */
  nameEn: string;
  /** First and last model year sold in Israel (yearTo ≤ 2026). */
  yearFrom: number;
  yearTo: number;
}

export type GearTitle = 'אוטומטי' | 'ידני' | 'רובוטי';

export type EngineType = 'בנזין' | 'דיזל' | 'היברידי' | 'חשמלי' | 'היברידי נטען' | 'גפ"מ';

/** A trim/engine variant of a model over a range of model years (the spec's sub-model entry). */
export interface SubModel {
  SubSubModelID: number;
  modelId: number;
  yearFrom: number;
  yearTo: number;
  /** Trim title as Israeli sites write it ("1.8 היברידי Sun אוטו'"). */
  SubModel: string;
  GearTitle: GearTitle;
  engineType: EngineType;
  /** Number of doors (0 for two-wheelers and open boats). */
  Door: number;
  Seats: number;
  /** Engine volume in cc; 0 for electric. */
  EngineVolume: number;
  HorsePower: number;
  /**
   * The spec names this filter "ignition" without defining it; we fill it with the drive layout the WLTP catalogue
   * calls hanaa_nm ('4X2', '4X4', '6X4' for trucks) where it tells variants apart, and leave it out elsewhere.
   */
  Ignition?: string;
}

/** Colour group option of field colorGroup. */
export interface ColorGroup {
  value: number;
  text: string;
  CarColorGroupHEX: string;
}

/** Colour option of field color (filtered by its group). */
export interface CarColor {
  value: number;
  /** Registry-style Hebrew colour name, as in tzeva_rechev ('כסף מטלי', 'לבן שנהב'). */
  text: string;
  CarColorGroupID: number;
  CarColorHex: string;
  /** A CSS linear-gradient for metallic and pearl paints; absent for solid ones. */
  CarColorGradientStyle?: string;
}

/** An option of a select field (value, text), as the spec's dataFromMethod lists. */
export interface VehicleOption {
  value: number;
  text: string;
}

/** The registry's baalut values that occur in our sample. */
export type RegistryOwnership = 'פרטי' | 'חברה' | 'השכרה' | 'ליסינג' | 'סוחר';

/**
 * One vehicle of the sample licence-plate registry: the registry's own fields (data.gov.il naming, see
 * vehicle-registry-fields.md) followed by the links into our catalogue.
 */
export interface PlateRecord {
  /** 7 digits for vehicles made before 2017, 8 digits from 2017 on; never starts with 0. */
  mispar_rechev: number;
  tozeret_cd: number;
  tozeret_nm: string;
  /** 'P' private (cars and jeeps), 'M' commercial (goods vehicles). */
  sug_degem: 'P' | 'M';
  /** The registry's model code ('ZWE211L'). */
  degem_nm: string;
  /** Trade name in Latin capitals ('COROLLA HYBRID'). */
  kinuy_mishari: string;
  shnat_yitzur: number;
  /** 'בנזין', 'דיזל', 'חשמל', 'חשמל/בנזין' (plug-in hybrids), 'גפ"מ/בנזין'; plain hybrids carry 'בנזין'. */
  sug_delek_nm: string;
  tzeva_rechev: string;
  /** First registration, 'YYYY-M'. */
  moed_aliya_lakvish: string;
  /** Licence (annual test) valid until, 'YYYY-MM-DD'. */
  tokef_dt: string;
  baalut: RegistryOwnership;
  manufacturerId: number;
  modelId: number;
  /** SubSubModelID of a sub-model valid for shnat_yitzur. */
  subModelId: number;
  colorId: number;
  /** The vehicle type: 1 private car, 2 commercial, 3 jeep. */
  subcat: PlateSubcat;
  /** Number of owners so far (1-4). */
  carHand: number;
}

/**
 * The answer of GET {gateway}/car-data-gov (after-save-area.md §3 "Licence-plate result"): the wire shape of
 * the contract, with the vehicle type narrowed to the sub-categories the search supports.
 */
export interface LicencePlateResult extends WireLicencePlateResult {
  /** The vehicle type as a sub-category (1, 2 or 3); a mismatch with the ad's subcat moves the ad. */
  typeId: PlateSubcat;
}
