/**
 * A filled ad for every catalogue of packages/catalog (`CATALOGS`), for browser tests that open its later steps from
 * a stored draft: the server tests' sample ads where a catalogue has one (every vehicle kind, real estate's three, the
 * other categories' CATEGORY_ADS), and for the rest (nine pet types, ten fashion kinds) the sample of the same
 * category fitted to the catalogue's own fields: a field it does not have is left out, a value its static options
 * do not hold becomes the first option (a required one) or is left out. a11y-walk-shared-steps.e2e.ts checks each
 * fitted sample against the server's check of the ad's details.
 */
import { CATALOGS, type CatalogQuery, catalogFor } from '@app/catalog/categories/registry';
import type { CategoryCatalog, FieldDef } from '@app/form-engine/model';
import { CATEGORY_ADS } from '../../apps/server/test/support/category-ads.ts';
import { validCommercialAd, validRentAd, validSaleAd } from '../../apps/server/test/support/real-estate-ad.ts';
import { validCarAd, validVehicleAds } from '../../apps/server/test/support/vehicle-ad.ts';

type Wire = Record<string, string | string[]>;

export interface CatalogSample {
  catalog: CategoryCatalog;
  /** The wizard's query that opens the catalogue. */
  selectors: Record<string, string>;
  values: Wire;
  /** The account must be a second-hand business trader (the server refuses business for sale to others). */
  trader: boolean;
  /** A sample ad of its own (not fitted from another catalogue's). */
  own: boolean;
}

const SELECTOR_KEYS = ['cat', 'subcat', 'SalesCatID', 'SalesSubCatID', 'petType'] as const;
const split = (ad: Record<string, string>) => {
  const selectors: Record<string, string> = {};
  const values: Wire = {};
  for (const [k, v] of Object.entries(ad)) {
    if ((SELECTOR_KEYS as readonly string[]).includes(k)) selectors[k] = v;
    else values[k] = v;
  }
  return { selectors, values };
};

/** The catalogue a wizard query opens. */
export function catalogOf(selectors: Record<string, string>): CategoryCatalog | undefined {
  const query = Object.fromEntries(Object.entries(selectors).map(([k, v]) => [k, Number(v)]));
  return catalogFor(query as unknown as CatalogQuery);
}

/** Every sample ad the server tests hold, with its selectors. */
function ownSamples(): Omit<CatalogSample, 'catalog' | 'own'>[] {
  return [
    { ...split(validCarAd()), trader: false },
    ...validVehicleAds().map(({ subcat, values }) => ({ selectors: { cat: '1', subcat }, values, trader: false })),
    ...[validSaleAd(), validRentAd(), validCommercialAd()].map((ad) => ({ ...split(ad), trader: false })),
    ...CATEGORY_ADS.map(({ selectors, values, trader }) => ({ selectors, values, trader: trader ?? false })),
  ];
}

/** The query that opens a catalogue: its first listed selector values over a sibling's query. */
function selectorsFor(catalog: CategoryCatalog, base: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...base, cat: String(catalog.cat) };
  const first = (list: readonly number[] | undefined) => (list?.length ? String(list[0]) : undefined);
  for (const [key, value] of [
    ['subcat', first(catalog.subcats)],
    ['SalesCatID', first(catalog.SalesCatIDs)],
    ['SalesSubCatID', first(catalog.SalesSubCatIDs)],
    ['petType', first(catalog.petTypes)],
  ] as const) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A sibling's values fitted to a catalogue's fields (see the header). */
function fitted(catalog: CategoryCatalog, values: Wire): Wire {
  const out: Wire = {};
  const fields: FieldDef[] = catalog.steps.slice(1).flatMap((step) => step.fields);
  for (const field of fields) {
    const allowed = field.options?.map((o) => o.value).filter((v) => v !== '-1');
    const value = values[field.id];
    const fits = value !== undefined && (!allowed || [value].flat().every((v) => allowed.includes(v)));
    if (fits) out[field.id] = value;
    else if (field.isRequired && allowed?.[0] !== undefined) out[field.id] = field.multiple ? [allowed[0]] : allowed[0];
  }
  return out;
}

/** One filled ad per catalogue, in `CATALOGS` order. */
export function catalogSamples(): CatalogSample[] {
  const own = new Map<string, Omit<CatalogSample, 'catalog' | 'own'>>();
  for (const sample of ownSamples()) {
    const id = catalogOf(sample.selectors)?.id;
    if (id && !own.has(id)) own.set(id, sample);
  }
  return CATALOGS.map((catalog) => {
    const mine = own.get(catalog.id);
    if (mine) return { catalog, ...mine, own: true };
    const sibling = CATALOGS.map((c) => c.cat === catalog.cat && own.get(c.id)).find((s) => s !== false && s);
    if (!sibling) throw new Error(`no sample ad in cat ${catalog.cat} for ${catalog.id}`);
    const selectors = selectorsFor(catalog, sibling.selectors);
    if (catalogOf(selectors)?.id !== catalog.id) throw new Error(`${JSON.stringify(selectors)} is not ${catalog.id}`);
    return { catalog, selectors, values: fitted(catalog, sibling.values), trader: sibling.trader, own: false };
  });
}
