/**
 * The auto-bump offer (after-save-area.md §4, §9): which ads the plan step offers a week of bumps after a free
 * finish. Its own small module, so the plan step's code has it without the track tables.
 */
import { CAT } from './categories/ids.ts';

const CATEGORIES: readonly number[] = [CAT.vehicles, CAT.realEstate, CAT.secondHand];

/** Spec §4: vehicles, real estate and second hand, sub-categories 0-7 (none chosen counts as 0). */
export function offersAutoBump(cat: number, subcat: number | null | undefined): boolean {
  const sub = subcat ?? 0;
  return CATEGORIES.includes(cat) && Number.isInteger(sub) && sub >= 0 && sub <= 7;
}
