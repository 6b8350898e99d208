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

/**
 * An ad's second-hand section (SalesCatID) as every plan, upgrade and payment reads it: the selection's, else (0 or
 * none: the general flow) the one chosen in its product step; undefined when it has neither.
 */
export function adSectionOf(ad: {
  selectors: Record<string, string>;
  values?: Readonly<Record<string, unknown>> | undefined;
}): string | undefined {
  const whole = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? v : undefined);
  const selected = whole(ad.selectors.SalesCatID);
  return selected !== undefined && selected !== '0' ? selected : (whole(ad.values?.salesCatID) ?? selected);
}
