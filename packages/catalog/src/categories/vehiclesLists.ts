/**
 * The vehicle option lists that fields reference by dataUrl (/api/publish/options/<listId>). The server serves
 * each one from the vehicle reference data, filtered by the query parameters listed here (named after the
 * parent field ids, e.g. /api/publish/options/vehicle-models?manufacturer=12&subcat=1).
 */
import { optionsUrl } from '@app/form-engine/dataUrl';
import { OWNER_NEW_FROM_IMPORTER } from '../vehicles/owners.ts';

export const VEHICLE_LISTS = {
  manufacturers: 'vehicle-manufacturers',
  models: 'vehicle-models',
  years: 'vehicle-years',
  subModels: 'vehicle-submodels',
  colorGroups: 'vehicle-color-groups',
  colors: 'vehicle-colors',
  owners: 'vehicle-owners',
} as const;

export type VehicleListId = (typeof VEHICLE_LISTS)[keyof typeof VEHICLE_LISTS];

/** Every vehicle list id: the server asserts it serves them all. */
export const VEHICLE_OPTION_LISTS: ReadonlySet<VehicleListId> = new Set(Object.values(VEHICLE_LISTS));

/** The query parameters (parent field ids) each list is filtered by; a test holds the catalogues to it. */
export const VEHICLE_LIST_PARAMS: Readonly<Record<VehicleListId, readonly string[]>> = {
  'vehicle-manufacturers': ['subcat'],
  'vehicle-models': ['subcat', 'manufacturer'],
  'vehicle-years': ['model'],
  'vehicle-submodels': ['model', 'year'],
  'vehicle-color-groups': [],
  'vehicle-colors': [],
  'vehicle-owners': [],
};

/** Option attributes the lists carry: colour options name their group; colour groups their swatch. */
export const COLOR_GROUP_ATTR = 'CarColorGroupID';
export const COLOR_HEX_ATTR = 'CarColorGroupHEX';

/** Owner option that only a new vehicle (hand 0) may take (spec §4). */
export const NEW_VEHICLE_OWNER = String(OWNER_NEW_FROM_IMPORTER);

/**
 * Trader sub-categories reuse the lists of the private ones: the server answers a list request with
 * subcat=8 as for 1, and subcat=11 as for 2 (the reference data knows only 1-7, 9, 13).
 */
export const LIST_SUBCAT: Readonly<Record<number, number>> = { 8: 1, 11: 2 };

export const vehicleListUrl = (listId: VehicleListId): string => optionsUrl(listId);
