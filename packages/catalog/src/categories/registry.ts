/**
 * Which catalogue serves a wizard selection. Each catalogue says what it serves (cat, subcats, and optional
 * SalesCatIDs / SalesSubCatIDs / petTypes); the most specific match wins, so a later category can add a
 * general catalogue and specific ones beside it (second-hand, then fashion by SalesCatID 18).
 * To add a category: build its catalogues in categories/<name>*.ts, add them to CATALOGS and their option
 * lists to OPTION_LIST_IDS; the catalogue test checks them all.
 */
import type { CategoryCatalog } from '@app/form-engine/model';
import { BUSINESS_FOR_SALE_CATALOG } from './businessForSale.ts';
import { CUSTOMER_INFO_CATALOG } from './customerInfo.ts';
import { FASHION_CATALOGS } from './fashion.ts';
import { HOUSEHOLD_WORKER_CATALOGS } from './householdWorkers.ts';
import { PET_CATALOGS } from './pets.ts';
import { REAL_ESTATE_CATALOGS } from './realEstate.ts';
import { REAL_ESTATE_OPTION_LISTS } from './realEstateLists.ts';
import { SECOND_HAND_CATALOGS } from './secondHand.ts';
import { SECOND_HAND_OPTION_LISTS } from './secondHandLists.ts';
import { STUDIES_CATALOG } from './studies.ts';
import { TOURISM_CATALOG } from './tourism.ts';
import { VEHICLE_CATALOGS } from './vehicles.ts';
import { VEHICLE_OPTION_LISTS } from './vehiclesLists.ts';

export interface CatalogQuery {
  cat: number;
  subcat?: number | undefined;
  SalesCatID?: number | undefined;
  SalesSubCatID?: number | undefined;
  petType?: number | undefined;
}

/** Every catalogue, all categories. */
export const CATALOGS: readonly CategoryCatalog[] = [
  ...VEHICLE_CATALOGS,
  ...REAL_ESTATE_CATALOGS,
  ...SECOND_HAND_CATALOGS,
  BUSINESS_FOR_SALE_CATALOG,
  ...FASHION_CATALOGS,
  ...PET_CATALOGS,
  STUDIES_CATALOG,
  TOURISM_CATALOG,
  ...HOUSEHOLD_WORKER_CATALOGS,
  CUSTOMER_INFO_CATALOG,
];

/** Every option list id a catalogue's dataUrl may name: the server serves them all. */
export const OPTION_LIST_IDS: ReadonlySet<string> = new Set([
  ...VEHICLE_OPTION_LISTS,
  ...REAL_ESTATE_OPTION_LISTS,
  ...SECOND_HAND_OPTION_LISTS,
]);

const SELECTORS = [
  ['subcat', 'subcats'],
  ['SalesCatID', 'SalesCatIDs'],
  ['SalesSubCatID', 'SalesSubCatIDs'],
  ['petType', 'petTypes'],
] as const;

/**
 * Section ids (SalesCatID, SalesSubCatID, petType) some catalogue of a cat names (`cat:list:value`). A
 * catalogue that leaves such a selector open does not serve a value another catalogue of its cat claims:
 * cat 3 with SalesCatID 18 but no SalesSubCatID yet is the fashion picker's, not general second-hand's.
 */
const CLAIMED: ReadonlySet<string> = new Set(
  CATALOGS.flatMap((c) =>
    SELECTORS.slice(1).flatMap(([, list]) => (c[list] ?? []).map((v) => `${c.cat}:${list}:${v}`)),
  ),
);

/** How many selectors the catalogue pins down, or -1 when it does not serve the query. */
function specificity(catalog: CategoryCatalog, query: CatalogQuery): number {
  if (catalog.cat !== query.cat) return -1;
  let score = 0;
  for (const [param, list] of SELECTORS) {
    const allowed = catalog[list];
    const value = query[param];
    if (allowed === undefined || allowed.length === 0) {
      if (value !== undefined && CLAIMED.has(`${catalog.cat}:${list}:${value}`)) return -1;
      continue;
    }
    if (value === undefined || !allowed.includes(value)) return -1;
    score += 1;
  }
  return score;
}

/** The catalogue for a selection, or undefined (no sub-category yet, or a category not built yet). */
export function catalogFor(query: CatalogQuery): CategoryCatalog | undefined {
  let best: CategoryCatalog | undefined;
  let bestScore = -1;
  for (const catalog of CATALOGS) {
    const score = specificity(catalog, query);
    if (score > bestScore) {
      best = catalog;
      bestScore = score;
    }
  }
  return best;
}
