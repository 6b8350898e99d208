/**
 * The category ids by name (data/categories.json): `CAT.secondHand` instead of a bare 3 where code decides by
 * category, `SUBCAT.realEstateSale` instead of a bare 1 (scripts/category-ids.test.ts holds the server and the web
 * app to it).
 */
import data from '../../data/categories.json' with { type: 'json' };

export type CategoryName =
  | 'vehicles'
  | 'realEstate'
  | 'secondHand'
  | 'pets'
  | 'studies'
  | 'tourism'
  | 'householdWorkers'
  | 'customerInfo';

/** The `cat` of each category. */
export const CAT: Readonly<Record<CategoryName, number>> = data.cat;
/** Sub-categories the code decides by, each named with its category (a `subcat` means nothing without its `cat`). */
export const SUBCAT = data.subcat as Readonly<{
  vehiclesPrivate: number;
  vehiclesCommercial: number;
  vehiclesJeeps: number;
  vehiclesMotorcycles: number;
  realEstateSale: number;
  realEstateRent: number;
  realEstateCommercial: number;
  secondHandBusiness: number;
}>;
/** Sections (SalesCatID) of second hand that change what it offers. */
export const SALES_CAT = data.salesCat as Readonly<{
  baby: number;
  fashion: number;
  businessForSale: number;
  stock: number;
  industrialEquipment: number;
}>;
/** Second-hand sections whose plan step offers the free track only (after-save-area.md §6). */
export const SALES_CATS_WITHOUT_UPGRADES: ReadonlySet<number> = new Set(data.salesCatsWithoutUpgrades);
/** The vehicles that carry a registration plate (cat 1, sub-categories 1 to 4): the duplicate-car check's. */
export const PLATE_VEHICLE_SUBCATS: readonly number[] = [
  SUBCAT.vehiclesPrivate,
  SUBCAT.vehiclesCommercial,
  SUBCAT.vehiclesJeeps,
  SUBCAT.vehiclesMotorcycles,
];
