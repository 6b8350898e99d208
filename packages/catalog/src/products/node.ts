/**
 * A node of the second-hand product category tree: SalesCatID (top), SalesSubCatID (second level) or
 * SalesSubCat3ID (third level). Ids are unique across all levels, so a node id alone names a path.
 */
export interface ProductNode {
  id: number;
  /** Hebrew name as shown in the wizard and the free search. */
  name: string;
  /** Other words people type for it (singular forms, brands, common items); used by the free search. */
  keywords: readonly string[];
  children: readonly ProductNode[];
}

/** Data helper: `n(id, name, 'keyword, keyword', [children])`. */
export function n(id: number, name: string, keywords = '', children: readonly ProductNode[] = []): ProductNode {
  const words = keywords
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
  return { id, name, keywords: words, children };
}
