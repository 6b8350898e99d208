/**
 * Every vehicle catalogue (cat 1, publish-wizard.md §2 "Step catalogue per category"): choose sub-category;
 * vehicle type (licence-number search or manual choice); properties; sale properties; media; login; plan.
 * Edit: sale properties, then edit login. The steps live in one file per vehicle kind.
 */
import type { CategoryCatalog } from '@app/form-engine/model';
import { ACCESSORIES_CATALOG } from './vehiclesAccessories.ts';
import { BOATS_CATALOG } from './vehiclesBoats.ts';
import { CARS_CATALOG } from './vehiclesCars.ts';
import { MOTORCYCLES_CATALOG, SCOOTERS_CATALOG, TRUCKS_CATALOG } from './vehiclesMotorVehicles.ts';
import { SPECIAL_CATALOG } from './vehiclesSpecial.ts';

export const VEHICLE_CATALOGS: readonly CategoryCatalog[] = [
  CARS_CATALOG,
  MOTORCYCLES_CATALOG,
  SCOOTERS_CATALOG,
  SPECIAL_CATALOG,
  ACCESSORIES_CATALOG,
  TRUCKS_CATALOG,
  BOATS_CATALOG,
];
