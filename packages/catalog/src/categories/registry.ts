/**
 * Which catalogue serves a wizard selection. Each catalogue says what it serves (cat, subcats, and optional
 * SalesCatIDs / SalesSubCatIDs / petTypes); the most specific match wins, so a later category can add a
 * general catalogue and specific ones beside it (second-hand, then fashion by SalesCatID 18).
 * To add a category: build its catalogues in categories/<name>*.ts, add them to CATALOGS and their option
 * lists to OPTION_LIST_IDS; the catalogue test checks them all.
 */
import type { CategoryCatalog } from '@app/form-engine/model';
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
export const CATALOGS: readonly CategoryCatalog[] = [...VEHICLE_CATALOGS];

/** Every option list id a catalogue's dataUrl may name: the server serves them all. */
export const OPTION_LIST_IDS: ReadonlySet<string> = new Set([...VEHICLE_OPTION_LISTS]);

const SELECTORS = [
  ['subcat', 'subcats'],
  ['SalesCatID', 'SalesCatIDs'],
  ['SalesSubCatID', 'SalesSubCatIDs'],
  ['petType', 'petTypes'],
] as const;

/** How many selectors the catalogue pins down, or -1 when it does not serve the query. */
function specificity(catalog: CategoryCatalog, query: CatalogQuery): number {
  if (catalog.cat !== query.cat) return -1;
  let score = 0;
  for (const [param, list] of SELECTORS) {
    const allowed = catalog[list];
    if (allowed === undefined || allowed.length === 0) continue;
    const value = query[param];
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
