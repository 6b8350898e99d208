/**
 * The licence-plate search rules (after-save-area.md §5, §8): when the search may run, what a result means
 * for the current sub-category, and the values a found vehicle fills.
 */

import { ownerIdFromRegistry } from '@app/catalog/vehicles/owners';
import type { LicencePlateResult } from '@app/contract/publish';
import { formatDate } from '@app/form-engine/format';
import type { Values } from '@app/form-engine/model';

/** Sub-categories with the search: private 1, commercial 2, jeeps 3. */
export const PLATE_SUBCATS: readonly number[] = [1, 2, 3];

/** The car-type fields a failed search resets ("the form resets"). */
export const CAR_TYPE_FIELDS = ['manufacturer', 'model', 'year', 'subModel'] as const;

export function plateDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The search button is enabled with more than 6 digits, when not loading and no model was found yet. */
export function canSearch(digits: string, loading: boolean, found: boolean): boolean {
  return digits.length > 6 && !loading && !found;
}

export type PlateDecision =
  | { kind: 'fill' }
  /** The vehicle is of another searchable sub-category: move the ad there. */
  | { kind: 'move'; subcat: number }
  /** Another type altogether: 'סוג הרכב אינו תואם לקטגוריה'. */
  | { kind: 'mismatch' };

export function plateDecision(typeId: number, subcat: number): PlateDecision {
  if (typeId === subcat) return { kind: 'fill' };
  if (PLATE_SUBCATS.includes(typeId)) return { kind: 'move', subcat: typeId };
  return { kind: 'mismatch' };
}

/**
 * The values a found vehicle fills: make, model, year, sub-model, colour group and colour, hand, month and
 * year on road (DateOnRoad 'YYYY-M'), the ownership when the registry's one maps to an option, and the
 * test date when it is still valid.
 */
export function plateValues(result: LicencePlateResult, today: string): Values {
  // 0: the registry does not say (the hand) or did not match one (a trim, a colour): the user chooses.
  const chosen = (n: number) => (n > 0 ? String(n) : '');
  const values: Record<string, string> = {
    manufacturer: String(result.manufacturerId),
    model: String(result.modelId),
    year: String(result.carYear),
    subModel: chosen(result.subSubModelVal),
    colorGroup: chosen(result.yad2CarColorGroupID),
    color: chosen(result.yad2CarColorID),
    hand: chosen(result.carHand),
  };
  const onRoad = /^(\d{4})-(\d{1,2})$/.exec(result.DateOnRoad ?? '');
  if (onRoad?.[1] && onRoad[2]) {
    values.yearOnRoad = onRoad[1];
    values.month = String(Number(onRoad[2]));
  }
  const owner = ownerIdFromRegistry(result.owner ?? '');
  if (owner > 0) values.ownerID = String(owner);
  if (/^\d{4}-\d{2}-\d{2}$/.test(result.tokefTestDate ?? '') && result.tokefTestDate >= today) {
    values.testDate = formatDate(result.tokefTestDate);
  }
  return values;
}
