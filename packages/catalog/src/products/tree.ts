/**
 * The second-hand product category tree (cat 3): SalesCatID → SalesSubCatID → SalesSubCat3ID, in Hebrew,
 * and lookups over it. The wizard chooses a path with the fields salesCatID / salesSubCatID / salesSubCat3ID;
 * the free search answers paths. Ids are unique across levels (a test holds it), so a node id names its path.
 */
import { SALES_CAT } from '../categories/ids.ts';
import type { ProductNode } from './node.ts';
import { INDUSTRIAL, STOCK } from './tree-business.ts';
import { BABY, FASHION, JEWELLERY } from './tree-family.ts';
import { APPLIANCES, FURNITURE, GARDEN, HOME_DESIGN, TOOLS } from './tree-home.ts';
import { BICYCLES, BOOKS, COLLECTIBLES, MUSIC, SPORT, TICKETS } from './tree-leisure.ts';
import { MEDICAL, OFFICE, PET_SUPPLIES } from './tree-more.ts';
import { CELLULAR, COMPUTERS, GAMES } from './tree-tech.ts';

export type { ProductNode };

/** SalesCatIDs with their own wizard: baby and child (11), fashion (18). Business for sale (37) is no product. */
export const BABY_SALES_CAT: number = SALES_CAT.baby;
export const FASHION_SALES_CAT: number = SALES_CAT.fashion;
/** Sections whose product step speaks of a whole stock (40) or of industrial equipment (56). */
export const STOCK_SALES_CAT: number = SALES_CAT.stock;
export const INDUSTRIAL_SALES_CAT: number = SALES_CAT.industrialEquipment;

/** Top categories in display order. */
export const PRODUCT_TREE: readonly ProductNode[] = [
  FURNITURE,
  APPLIANCES,
  CELLULAR,
  COMPUTERS,
  BABY,
  FASHION,
  SPORT,
  BICYCLES,
  MUSIC,
  BOOKS,
  HOME_DESIGN,
  GARDEN,
  TOOLS,
  GAMES,
  JEWELLERY,
  COLLECTIBLES,
  OFFICE,
  PET_SUPPLIES,
  MEDICAL,
  TICKETS,
  STOCK,
  INDUSTRIAL,
];

/** A node with where it sits: its path of ids (top first) and names. */
export interface ProductPath {
  node: ProductNode;
  /** 1 = SalesCatID, 2 = SalesSubCatID, 3 = SalesSubCat3ID. */
  level: 1 | 2 | 3;
  ids: readonly number[];
  names: readonly string[];
}

const PATHS = new Map<number, ProductPath>();
(function index(nodes: readonly ProductNode[], parent: ProductPath | undefined) {
  for (const node of nodes) {
    const path: ProductPath = {
      node,
      level: ((parent?.level ?? 0) + 1) as 1 | 2 | 3,
      ids: [...(parent?.ids ?? []), node.id],
      names: [...(parent?.names ?? []), node.name],
    };
    if (PATHS.has(node.id)) throw new Error(`product category id ${node.id} is used twice`);
    PATHS.set(node.id, path);
    index(node.children, path);
  }
})(PRODUCT_TREE, undefined);

/** Every node, depth first in display order. */
export const PRODUCT_PATHS: readonly ProductPath[] = [...PATHS.values()];

export function productPath(id: number): ProductPath | undefined {
  return PATHS.get(id);
}

/** The children of a node at the given level (a sub-category of its top, a third level of its sub). */
export function childrenAt(id: number, level: 1 | 2): readonly ProductNode[] {
  const path = PATHS.get(id);
  return path?.level === level ? path.node.children : [];
}

/** SalesCatID / SalesSubCatID / SalesSubCat3ID of a node's path. */
export function salesIds(path: ProductPath): { SalesCatID: number; SalesSubCatID?: number; SalesSubCat3ID?: number } {
  const [top = 0, sub, third] = path.ids;
  return {
    SalesCatID: top,
    ...(sub === undefined ? {} : { SalesSubCatID: sub }),
    ...(third === undefined ? {} : { SalesSubCat3ID: third }),
  };
}

/** The path's names joined for display: 'ריהוט › ספות וכורסאות › ספות'. */
export function pathText(path: ProductPath): string {
  return path.names.join(' › ');
}
