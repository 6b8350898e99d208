import { checkCatalog } from '@app/form-engine/catalogCheck';
import { listIdOf } from '@app/form-engine/dataUrl';
import { parseCatalog } from '@app/form-engine/schema';
import { describe, expect, it } from 'vitest';
import { CATALOGS, catalogFor, OPTION_LIST_IDS } from './registry.ts';
import { ACCESSORIES_CATALOG } from './vehiclesAccessories.ts';
import { BOATS_CATALOG } from './vehiclesBoats.ts';
import { CARS_CATALOG } from './vehiclesCars.ts';
import { VEHICLE_LIST_PARAMS, VEHICLE_OPTION_LISTS, type VehicleListId } from './vehiclesLists.ts';
import { MOTORCYCLES_CATALOG, SCOOTERS_CATALOG, TRUCKS_CATALOG } from './vehiclesMotorVehicles.ts';
import { SPECIAL_CATALOG } from './vehiclesSpecial.ts';

/** Every catalogue of packages/catalog/src/categories, imported one by one. */
const ALL = [
  CARS_CATALOG,
  MOTORCYCLES_CATALOG,
  SCOOTERS_CATALOG,
  SPECIAL_CATALOG,
  ACCESSORIES_CATALOG,
  TRUCKS_CATALOG,
  BOATS_CATALOG,
];

describe('every catalogue', () => {
  it('is registered', () => {
    expect(new Set(CATALOGS)).toEqual(new Set(ALL));
    expect(new Set(ALL.map((c) => c.id)).size).toBe(ALL.length);
  });

  it.each(ALL.map((c) => [c.id, c] as const))('%s passes the catalogue check', (_id, catalog) => {
    expect(checkCatalog(catalog, { knownLists: OPTION_LIST_IDS })).toEqual([]);
  });

  it.each(ALL.map((c) => [c.id, c] as const))('%s survives JSON and the schema unchanged', (_id, catalog) => {
    expect(parseCatalog(JSON.parse(JSON.stringify(catalog)))).toEqual(catalog);
  });

  it.each(ALL.map((c) => [c.id, c] as const))('%s has the spec step shape', (_id, catalog) => {
    const steps = catalog.steps;
    expect(steps[0]).toMatchObject({ area: 'personal_publish_category', stepGroup: 'chooseSubcat', check: false });
    expect(steps.slice(-3).map((s) => [s.area, s.stepGroup, s.check])).toEqual([
      ['personal_publish_media', 'uploadImages', false],
      ['personal_publish_login', 'fillDetails', false],
      ['personal_publish_payment_choose', 'choosePlan', false],
    ]);
    expect(steps.find((s) => s.isLoginArea)?.area).toBe('personal_publish_login');
    expect(catalog.editSteps.map((s) => s.area)).toEqual(['personal_edit_sales_properties', 'personal_edit_login']);
    expect(catalog.editSteps.every((s) => s.edit && !s.showNavButtons)).toBe(true);
    for (const step of [...steps, ...catalog.editSteps].filter((s) => s.placeholder)) {
      expect(step.placeholder?.reason).toMatch(/[\u0590-\u05FF]/);
      expect(step.fields).toEqual([]);
    }
    expect(catalog.firstStep).toBe(1);
  });

  it('list fields depend on exactly the parameters their list is filtered by', () => {
    for (const catalog of ALL) {
      for (const field of [...catalog.steps, ...catalog.editSteps].flatMap((s) => s.fields)) {
        const listId = listIdOf(field.dataUrl) as VehicleListId | undefined;
        if (!listId) continue;
        expect([catalog.id, field.id, field.dependence ?? []]).toEqual([
          catalog.id,
          field.id,
          VEHICLE_LIST_PARAMS[listId],
        ]);
      }
    }
  });

  it('every vehicle list is used, and the registry serves the vehicle lists', () => {
    const used = new Set(
      ALL.flatMap((c) => c.steps.flatMap((s) => s.fields.flatMap((f) => listIdOf(f.dataUrl) ?? []))),
    );
    expect(used).toEqual(new Set(VEHICLE_OPTION_LISTS));
    for (const id of VEHICLE_OPTION_LISTS) expect(OPTION_LIST_IDS.has(id)).toBe(true);
  });
});

describe('catalogFor', () => {
  it.each([
    [1, 'vehicles-cars'],
    [2, 'vehicles-cars'],
    [3, 'vehicles-cars'],
    [8, 'vehicles-cars'],
    [11, 'vehicles-cars'],
    [4, 'vehicles-motorcycles'],
    [5, 'vehicles-scooters'],
    [6, 'vehicles-special'],
    [7, 'vehicles-accessories'],
    [9, 'vehicles-trucks'],
    [13, 'vehicles-boats'],
  ])('cat 1 subcat %i -> %s', (subcat, id) => {
    expect(catalogFor({ cat: 1, subcat })?.id).toBe(id);
    expect(catalogFor({ cat: 1, subcat, SalesCatID: 0, petType: 3 })?.id).toBe(id);
  });

  it('has nothing without a sub-category, for other subcats, or for categories not built yet', () => {
    expect(catalogFor({ cat: 1 })).toBeUndefined();
    expect(catalogFor({ cat: 1, subcat: 10 })).toBeUndefined();
    expect(catalogFor({ cat: 2, subcat: 1 })).toBeUndefined();
  });
});
