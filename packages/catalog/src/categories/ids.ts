/**
 * The category ids by name (data/categories.json): `CAT.secondHand` instead of a bare 3 where code decides by
 * category.
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
/** Sub-categories that change what their category offers. */
export const SUBCAT = data.subcat as Readonly<{ realEstateCommercial: number }>;
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
