/**
 * Where the price suggestion shows and what it asks (publish-wizard.md §7, after-save-area.md §5): only when
 * publishing in cat 1, subcat 1 or 3, on step 3 (price and description), with the car's sub-model, year and month on
 * the road, kilometres and owners (field hand) from the steps before.
 */
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import type { FieldValue, Mode, Values } from '@app/form-engine/model';
import type { PriceQuery } from '../../../shared/api/index.ts';

export const PRICE_SUGGESTION_STEP = 3;
const SUBCATS: readonly string[] = [SUBCAT.vehiclesPrivate, SUBCAT.vehiclesJeeps].map(String);

export function showsPriceSuggestion(mode: Mode, cat: string | undefined, subcat: string | undefined, step: number) {
  return (
    mode === 'publish' &&
    cat === String(CAT.vehicles) &&
    SUBCATS.includes(subcat ?? '') &&
    step === PRICE_SUGGESTION_STEP
  );
}

const chosen = (value: FieldValue): string | undefined => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && text !== '-1' ? text : undefined;
};

/** The query from the form's values, or null while one of them is missing (no call is made then). */
export function priceQueryFrom(values: Values): PriceQuery | null {
  const subModelId = chosen(values.subModel);
  const year = chosen(values.yearOnRoad);
  const km = chosen(values.km)?.replace(/\D/g, '');
  const hand = chosen(values.hand);
  if (!subModelId || !year || !km || hand === undefined) return null;
  return {
    subModelId,
    ascentYearOnRoad: year,
    // "1 when unset or -1" (spec §7).
    ascentMonthOnRoad: chosen(values.month) ?? '1',
    kilometers: km,
    ownersNumber: hand,
  };
}
