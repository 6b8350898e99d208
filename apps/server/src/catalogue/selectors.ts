import type { CatalogQuery } from '@app/catalog/categories/registry';
import { SELECTOR_KEYS, type Selectors } from '@app/contract/publish';

/** The wizard's selectors read from a query or a body: whole non-negative numbers only, others ignored. */
export function readSelectors(source: unknown): Selectors {
  const out: Selectors = {};
  if (!source || typeof source !== 'object') return out;
  const record = source as Record<string, unknown>;
  for (const key of SELECTOR_KEYS) {
    const raw = record[key];
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (/^\d{1,9}$/.test(text)) out[key] = String(Number(text));
  }
  return out;
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

export function catalogQuery(selectors: Selectors): CatalogQuery | undefined {
  const cat = num(selectors.cat);
  if (cat === undefined) return undefined;
  return {
    cat,
    subcat: num(selectors.subcat),
    SalesCatID: num(selectors.SalesCatID),
    SalesSubCatID: num(selectors.SalesSubCatID),
    petType: num(selectors.petType),
  };
}
