import { photoCap } from '@app/contract/media';
import { checkCatalog } from '@app/form-engine/catalogCheck';
import { listIdOf } from '@app/form-engine/dataUrl';
import type { CategoryCatalog } from '@app/form-engine/model';
import { parseCatalog } from '@app/form-engine/schema';
import { describe, expect, it } from 'vitest';
import { BUSINESS_FOR_SALE_CATALOG } from './businessForSale.ts';
import { CONTACT_FIELD_IDS, EDIT_LOGIN_AREA, LOGIN_AREA } from './contact.ts';
import { CUSTOMER_INFO_CATALOG } from './customerInfo.ts';
import { FASHION_CATALOGS } from './fashion.ts';
import { HOUSEHOLD_WORKER_CATALOGS } from './householdWorkers.ts';
import { PET_CATALOGS } from './pets.ts';
import { COMMERCIAL_CATALOG } from './realEstateCommercial.ts';
import { REAL_ESTATE_LIST_PARAMS } from './realEstateLists.ts';
import { RENT_CATALOG, SALE_CATALOG } from './realEstateResidential.ts';
import { CATALOGS, catalogFor, OPTION_LIST_IDS } from './registry.ts';
import { SECOND_HAND_CATALOGS } from './secondHand.ts';
import { SECOND_HAND_LIST_PARAMS } from './secondHandLists.ts';
import { STUDIES_CATALOG } from './studies.ts';
import { TOURISM_CATALOG } from './tourism.ts';
import { ACCESSORIES_CATALOG } from './vehiclesAccessories.ts';
import { BOATS_CATALOG } from './vehiclesBoats.ts';
import { CARS_CATALOG } from './vehiclesCars.ts';
import { VEHICLE_LIST_PARAMS, VEHICLE_OPTION_LISTS } from './vehiclesLists.ts';
import { MOTORCYCLES_CATALOG, SCOOTERS_CATALOG, TRUCKS_CATALOG } from './vehiclesMotorVehicles.ts';
import { SPECIAL_CATALOG } from './vehiclesSpecial.ts';

/**
 * The catalogues beyond vehicles and real estate: second-hand, business for sale, fashion, pets, studies, tourism,
 * household workers, customer info.
 */
const OTHER_CATEGORY_CATALOGS = [
  ...SECOND_HAND_CATALOGS,
  BUSINESS_FOR_SALE_CATALOG,
  ...FASHION_CATALOGS,
  ...PET_CATALOGS,
  STUDIES_CATALOG,
  TOURISM_CATALOG,
  ...HOUSEHOLD_WORKER_CATALOGS,
  CUSTOMER_INFO_CATALOG,
];

/** Every catalogue of packages/catalog/src/categories, imported one by one. */
const ALL = [
  CARS_CATALOG,
  MOTORCYCLES_CATALOG,
  SCOOTERS_CATALOG,
  SPECIAL_CATALOG,
  ACCESSORIES_CATALOG,
  TRUCKS_CATALOG,
  BOATS_CATALOG,
  SALE_CATALOG,
  RENT_CATALOG,
  COMMERCIAL_CATALOG,
  ...OTHER_CATEGORY_CATALOGS,
];

/** The query parameters each list is filtered by, all categories. */
const LIST_PARAMS: Record<string, readonly string[]> = {
  ...VEHICLE_LIST_PARAMS,
  ...REAL_ESTATE_LIST_PARAMS,
  ...SECOND_HAND_LIST_PARAMS,
};

const MEDIA = 'personal_publish_media';
const EDIT_MEDIA = 'personal_edit_media';
const LOGIN = 'personal_publish_login';
const PLAN = 'personal_publish_payment_choose';

/**
 * The contact step is real in every catalogue (publish, where the catalogue publishes, and edit): checked, with
 * the contact fields; after step 0 the only step without fields is the plan step (its screen comes with the save's
 * answer).
 */
function expectContactSteps(catalog: CategoryCatalog) {
  const logins = [...catalog.steps, ...catalog.editSteps].filter((s) => s.isLoginArea);
  expect(logins.map((s) => s.area)).toEqual(catalog.cat === 100 ? [EDIT_LOGIN_AREA] : [LOGIN_AREA, EDIT_LOGIN_AREA]);
  for (const step of logins) {
    expect([step.area, step.check]).toEqual([step.area, true]);
    expect(step.fields.map((f) => f.id)).toEqual(CONTACT_FIELD_IDS);
    expect(step.fields.filter((f) => f.isRequired).map((f) => f.id)).toEqual(['contactName', 'validPhone1']);
    expect(step.fields.filter((f) => f.type === 'tel').map((f) => [f.id, f.phonePriority])).toEqual([
      ['validPhone1', 1],
      ['validPhone2', 2],
    ]);
  }
  const empty = [...catalog.steps.slice(1), ...catalog.editSteps].filter((s) => s.fields.length === 0);
  expect(empty.map((s) => [s.area, s.stepGroup, s.check])).toEqual(
    catalog.steps.some((s) => s.area === PLAN) ? [[PLAN, 'choosePlan', false]] : [],
  );
}
/** Per cat (publish-wizard.md §2): first step, the closing steps, the edit step the spec names. */
const OTHER_CATEGORY_SHAPES: Record<number, { firstStep: 0 | 1; closing: string[]; edit: string }> = {
  3: { firstStep: 0, closing: [MEDIA, LOGIN, PLAN], edit: 'personal_edit_sales_properties' },
  5: { firstStep: 1, closing: [MEDIA, LOGIN, PLAN], edit: 'personal_edit_pet_properties' },
  6: { firstStep: 0, closing: [MEDIA, LOGIN, PLAN], edit: 'personal_edit_teacher_details' },
  10: { firstStep: 0, closing: [MEDIA, LOGIN, PLAN], edit: 'personal_edit_tourism_details' },
  14: { firstStep: 1, closing: [MEDIA, LOGIN], edit: 'personal_edit_media' },
  100: { firstStep: 1, closing: [], edit: 'personal_edit_media' },
};

/** Edit mode (spec §2): the details steps, then the media step with the ad's photos, then the edit login. */
function expectEditShape(catalog: CategoryCatalog, specArea: string) {
  const areas = catalog.editSteps.map((s) => s.area);
  expect(areas).toContain(specArea);
  expect(areas.slice(-2)).toEqual([EDIT_MEDIA, 'personal_edit_login']);
  expect(new Set(areas).size).toBe(areas.length);
  expect(catalog.editSteps.every((s) => s.edit && !s.showNavButtons && !s.showBackButton)).toBe(true);
}

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

  it.each(ALL.filter((c) => !OTHER_CATEGORY_CATALOGS.includes(c)).map((c) => [c.id, c] as const))(
    '%s has the spec step shape',
    (_id, catalog) => {
      const steps = catalog.steps;
      expect(steps[0]).toMatchObject({ area: 'personal_publish_category', stepGroup: 'chooseSubcat', check: false });
      expect(steps.slice(-3).map((s) => [s.area, s.stepGroup, s.check])).toEqual([
        ['personal_publish_media', 'uploadImages', false],
        ['personal_publish_login', 'fillDetails', true],
        ['personal_publish_payment_choose', 'choosePlan', false],
      ]);
      expect(steps.find((s) => s.isLoginArea)?.area).toBe('personal_publish_login');
      expectEditShape(catalog, 'personal_edit_sales_properties');
      expectContactSteps(catalog);
      expect(catalog.firstStep).toBe(1);
    },
  );

  it.each(OTHER_CATEGORY_CATALOGS.map((c) => [c.id, c] as const))(
    "%s has its category's step shape",
    (_id, catalog) => {
      const shape = OTHER_CATEGORY_SHAPES[catalog.cat];
      const steps = catalog.steps;
      expect(steps[0]).toMatchObject({ area: 'personal_publish_category', stepGroup: 'chooseSubcat', check: false });
      expect(steps.slice(steps.length - (shape?.closing.length ?? 0)).map((s) => s.area)).toEqual(shape?.closing);
      expect(steps.some((s) => s.stepGroup === 'choosePlan')).toBe(shape?.closing.includes(PLAN));
      expectEditShape(catalog, shape?.edit ?? '');
      // Every detail step is checked; an A/B-test step (the free category search) is optional; photos are not.
      for (const step of steps.slice(1).filter((s) => s.stepGroup !== 'choosePlan' && s.stepGroup !== 'uploadImages'))
        expect(step.check).toBe(!step.showOnABTest);
      expectContactSteps(catalog);
      expect(catalog.firstStep).toBe(shape?.firstStep);
    },
  );

  it('list fields depend on exactly the parameters their list is filtered by', () => {
    for (const catalog of ALL) {
      for (const field of [...catalog.steps, ...catalog.editSteps].flatMap((s) => s.fields)) {
        const listId = listIdOf(field.dataUrl);
        if (!listId) continue;
        expect([catalog.id, field.id, field.dependence ?? []]).toEqual([catalog.id, field.id, LIST_PARAMS[listId]]);
      }
    }
  });

  it('every vehicle list is used, and the registry serves the vehicle lists', () => {
    const used = new Set(
      ALL.filter((c) => c.cat === 1).flatMap((c) =>
        c.steps.flatMap((s) => s.fields.flatMap((f) => listIdOf(f.dataUrl) ?? [])),
      ),
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
    expect(catalogFor({ cat: 2, subcat: 9 })).toBeUndefined();
  });
});

describe('catalogFor, the other categories (the most specific catalogue wins; a sub-selection is needed)', () => {
  it.each([
    [{ cat: 3, subcat: 0 }, 'second-hand'],
    [{ cat: 3, subcat: 0, SalesCatID: 0 }, 'second-hand'],
    [{ cat: 3, subcat: 0, SalesCatID: 1, SalesSubCatID: 101 }, 'second-hand'],
    [{ cat: 3, subcat: 2, SalesCatID: 0 }, 'second-hand-business'],
    [{ cat: 3, subcat: 0, SalesCatID: 11 }, 'second-hand-baby'],
    [{ cat: 3, subcat: 2, SalesCatID: 11 }, 'second-hand-baby'],
    [{ cat: 3, subcat: 2, SalesCatID: 37 }, 'business-for-sale'],
    [{ cat: 3, subcat: 0, SalesCatID: 37 }, 'business-for-sale'],
    [{ cat: 3, subcat: 0, SalesCatID: 18, SalesSubCatID: 1030 }, 'fashion-shoes'],
    [{ cat: 3, SalesCatID: 18, SalesSubCatID: 1026 }, 'fashion-clothes'],
    [{ cat: 3, subcat: 2, SalesCatID: 18, SalesSubCatID: 151 }, 'fashion-other'],
    [{ cat: 5, petType: 1 }, 'pets-dogs'],
    [{ cat: 5, petType: 22 }, 'pets-chickens'],
    [{ cat: 6, subcat: 1 }, 'studies'],
    [{ cat: 10, subcat: 5 }, 'tourism'],
    [{ cat: 14, subcat: 1 }, 'household-workers-nanny'],
    [{ cat: 14, subcat: 4 }, 'household-workers-assistant-search'],
    [{ cat: 100 }, 'customer-info'],
  ])('%o -> %s', (query, id) => {
    expect(catalogFor(query)?.id).toBe(id);
  });

  it.each([
    { cat: 3 },
    { cat: 3, SalesCatID: 0 },
    { cat: 3, subcat: 0, SalesCatID: 18 },
    { cat: 3, subcat: 0, SalesCatID: 18, SalesSubCatID: 999 },
    { cat: 3, subcat: 5 },
    { cat: 5 },
    { cat: 5, petType: 4 },
    { cat: 6 },
    { cat: 10 },
    { cat: 10, subcat: 9 },
    { cat: 14 },
    { cat: 14, subcat: 5 },
  ])('%o has no catalogue (the picker first)', (query) => {
    expect(catalogFor(query)).toBeUndefined();
  });

  it('every media step has the spec photo cap and video where the spec has it', () => {
    const VIDEO_CATS = new Set([1, 2, 5, 14]);
    for (const catalog of ALL) {
      for (const step of [...catalog.steps, ...catalog.editSteps]) {
        const photos = step.fields.find((f) => f.type === 'image');
        if (step.stepGroup !== 'uploadImages') {
          expect(photos).toBeUndefined();
          continue;
        }
        // Spec §5: up to 10, "3 in some edit flows" (household workers, customer info), 1 teacher photo.
        const expected = step.edit && (catalog.cat === 14 || catalog.cat === 100) ? 3 : catalog.cat === 6 ? 1 : 10;
        expect(photoCap(photos?.cropper?.total_images ?? 0), `${catalog.id} ${step.area}`).toBe(expected);
        expect(photos?.cropper?.size).toEqual({ w: 1120, h: 840 });
        expect(photos?.cropper?.centerPoint === true).toBe(catalog.cat === 6);
        const video = step.fields.some((f) => f.type === 'iframe' && f.subType === 'video');
        // Edit keeps the video where publishing has one: the owner may remove or replace it.
        expect(video, `${catalog.id} video`).toBe(VIDEO_CATS.has(catalog.cat));
      }
      const publishMedia = catalog.steps.filter((s) => s.stepGroup === 'uploadImages');
      // Customer info has no media step when publishing (spec §2), every other catalogue exactly one.
      expect(publishMedia.length, catalog.id).toBe(catalog.cat === 100 ? 0 : 1);
    }
  });
});
