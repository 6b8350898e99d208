/**
 * Edit mode of a catalogue (publish-wizard.md §2): its edit steps are derived from its publish steps by the form
 * engine (`deriveEditSteps`): every field an owner may still change, the media step with the ad's photos, and the
 * edit-login step. A catalogue names what it locks (`editLocked`) and, where the spec names them, its edit areas.
 */
import { deriveEditSteps, type EditStepOptions } from '@app/form-engine/editSteps';
import type { CategoryCatalog } from '@app/form-engine/model';
import { editLoginStep } from './contact.ts';

/** The catalogue with its edit steps derived from `steps` and `editLocked`. */
export function withEditSteps(
  catalog: Omit<CategoryCatalog, 'editSteps'>,
  options: Omit<EditStepOptions, 'locked' | 'login'> = {},
): CategoryCatalog {
  const editSteps = deriveEditSteps(catalog.steps, { ...options, locked: catalog.editLocked, login: editLoginStep() });
  return { ...catalog, editSteps };
}

/**
 * The edit area the spec names for a category's details ("Edit: car sale properties", "sales properties then
 * login"): the area every earlier version of the edit step had, kept for the browser tests and the analytics.
 */
export const SALES_PROPERTIES_EDIT = { area: 'personal_edit_sales_properties' } as const;
