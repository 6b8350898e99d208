/**
 * Ownership types: the options of field ownerID, and the mapping from the registry's baalut to them.
 * The numbering follows the spec's owner mapping (after-save-area.md §6: private 1, company 2, rental 3, leasing 5,
 * dealer 15, other -1); the other values are ours.
 */
import { HAND_NEW } from './hands.ts';
import type { VehicleOption } from './types.ts';

/**
 * "New from the importer": only a vehicle that has had no owner yet can be sold as such, so this option is disabled
 * unless field hand has value 0 (publish-wizard.md §4 "Owner option value 14 is disabled unless field hand has
 * value 0").
 */
export const OWNER_NEW_FROM_IMPORTER = 14;

export const OWNER_OPTIONS: readonly VehicleOption[] = [
  { value: 1, text: 'פרטית' },
  { value: 2, text: 'חברה' },
  { value: 3, text: 'השכרה' },
  { value: 4, text: 'מונית' },
  { value: 5, text: 'ליסינג' },
  { value: 6, text: 'לימוד נהיגה' },
  { value: 7, text: 'ממשלתית' },
  { value: 8, text: 'ייבוא אישי' },
  { value: OWNER_NEW_FROM_IMPORTER, text: 'חדש מהיבואן' },
  { value: 15, text: 'סוחר' },
];

/** Is this ownerID option selectable for this hand value? Only 14 depends on the hand (it needs hand 0). */
export function isOwnerOptionEnabled(ownerId: number, hand: number): boolean {
  return ownerId !== OWNER_NEW_FROM_IMPORTER || hand === HAND_NEW;
}

const BY_REGISTRY_OWNERSHIP: ReadonlyMap<string, number> = new Map([
  ['פרטי', 1],
  ['חברה', 2],
  ['השכרה', 3],
  ['ליסינג', 5],
  ['סוחר', 15],
]);

/** The ownerID value for the registry's baalut text (after-save-area.md §6 owner mapping); -1 (not chosen) otherwise. */
export function ownerIdFromRegistry(baalut: string): number {
  return BY_REGISTRY_OWNERSHIP.get(baalut.trim()) ?? -1;
}
