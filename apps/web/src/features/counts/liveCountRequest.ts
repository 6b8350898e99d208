/**
 * Which live-ad count a wizard step shows (publish-wizard.md §7, after-save-area.md §7): real estate for sale or
 * rent on steps 1-3 (the address; then its home type; then its price), cars (cat 1 subcats 1-3) on step 1 (the model)
 * and step 3 (the model of the year). Pure: from the selection, the open step and the values read so far.
 */
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import { withQuery } from '../../shared/api/index.ts';

export type CountLine =
  | { kind: 'homes'; rent: boolean; by: 'area' | 'type' | 'price'; url: string }
  | { kind: 'cars'; byYear: boolean; url: string };

/** The vehicles whose model lists are the car-type step's: private, commercial and jeeps. */
const CAR_SUBCATS: readonly string[] = [SUBCAT.vehiclesPrivate, SUBCAT.vehiclesCommercial, SUBCAT.vehiclesJeeps].map(
  String,
);

/** A chosen code of our lists (digits), else undefined. */
const codeOf = (v: unknown): string | undefined => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? v : undefined);

export function liveCountRequest(
  selectors: { cat?: string | undefined; subcat?: string | undefined },
  step: number,
  read: (id: string) => unknown,
): CountLine | null {
  const { cat, subcat } = selectors;
  const sale = subcat === String(SUBCAT.realEstateSale);
  const rent = subcat === String(SUBCAT.realEstateRent);
  if (cat === String(CAT.realEstate) && (sale || rent) && step >= 1 && step <= 3) {
    const cityId = codeOf(read('city'));
    if (!cityId) return null;
    const hoodId = codeOf(read('neighborhood'));
    const homeTypeId = step >= 2 ? codeOf(read('HomeTypeID')) : undefined;
    const priceText = step === 3 && typeof read('price') === 'string' ? String(read('price')).replace(/\D/g, '') : '';
    const price = priceText && Number(priceText) > 0 ? priceText : undefined;
    const by = price ? 'price' : homeTypeId ? 'type' : 'area';
    const kind = sale ? 'sale' : 'rent';
    return {
      kind: 'homes',
      rent,
      by,
      url: withQuery(`/api/publish/real-estate-count/${kind}`, { cityId, hoodId, homeTypeId, price }),
    };
  }
  // Cars: private, commercial and jeeps (the model lists of the car-type step).
  if (cat === String(CAT.vehicles) && CAR_SUBCATS.includes(subcat ?? '') && (step === 1 || step === 3)) {
    const manufacturer = codeOf(read('manufacturer'));
    const model = codeOf(read('model'));
    if (!manufacturer || !model) return null;
    const year = step === 3 ? codeOf(read('year')) : undefined;
    return {
      kind: 'cars',
      byYear: Boolean(year),
      url: withQuery('/api/publish/glimpse', {
        cat_id: String(CAT.vehicles),
        subcat_id: subcat,
        type: 'cars',
        car_step: year ? 'area' : 'model',
        car_manufacturer: manufacturer,
        car_model: model,
        car_year: year,
      }),
    };
  }
  return null;
}
