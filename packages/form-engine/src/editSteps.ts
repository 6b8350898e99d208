/**
 * Edit mode's steps, derived from the publish steps (publish-wizard.md §2: "the same wizard edits an existing ad:
 * edit mode shows edit variants of the steps, ends with an edit-login step that finishes and publishes").
 *
 * An edit step is a publish details step with the fields an owner may still change: the catalogue's `editLocked`
 * fields (what makes the ad what it is) are left out, everything else stays as it is published (validation,
 * conditions, option lists, columns). The media step comes along with the ad's photos (and video where publishing
 * has one), with the edit flow's own photo cap where the spec gives one; the publish login step becomes the
 * edit-login step, always last. The sub-category and plan steps have no edit variant. A new publish field is in
 * edit unless the catalogue locks it by name: `editCoverage` (run by the catalogue check) finds one that is neither.
 */
import { DISPLAY_ONLY_TYPES, type FieldDef, type StepDef, type Values } from './model.ts';
import { valuesFromPayload } from './payload.ts';

export const EDIT_AREA_PREFIX = 'personal_edit_';
export const EDIT_MEDIA_AREA = 'personal_edit_media';
const PUBLISH_AREA_PREFIX = 'personal_publish_';

/** What an edit variant may name differently from its publish step (the spec's edit area names, a title). */
export type EditStepNames = Partial<Pick<StepDef, 'area' | 'title' | 'subTitle' | 'columnTitles'>>;

export interface EditStepOptions {
  /** The catalogue's `editLocked`: publish fields an owner can no longer change. */
  locked: readonly string[];
  /** The edit-login step (the contact details and the finish), last. */
  login: StepDef;
  /** Names of an edit variant by its publish step's area; by default personal_publish_x becomes personal_edit_x. */
  names?: Readonly<Record<string, EditStepNames>>;
  /** The edit flow's own photo cap (spec §5: "3 in some edit flows"); by default the publish step's. */
  photos?: number;
  /** The media step of an edit whose publish steps have none (customer info edits its photos only in edit). */
  media?: StepDef;
}

/** A step as edit mode shows it: open, with no back or next buttons (spec §2 "In edit mode all steps are open"). */
const editVariant = (step: StepDef, names: EditStepNames | undefined, fields: FieldDef[]): StepDef => {
  const used = new Set(fields.map((f) => f.column));
  const columnTitles = (names?.columnTitles ?? step.columnTitles)?.filter((c) => used.has(c.column));
  const { columnTitles: _, ...rest } = step;
  return {
    ...rest,
    ...(columnTitles?.length ? { columnTitles } : {}),
    area: step.area.startsWith(PUBLISH_AREA_PREFIX)
      ? `${EDIT_AREA_PREFIX}${step.area.slice(PUBLISH_AREA_PREFIX.length)}`
      : step.area,
    ...(names?.area ? { area: names.area } : {}),
    ...(names?.title ? { title: names.title } : {}),
    ...(names?.subTitle ? { subTitle: names.subTitle } : {}),
    edit: true,
    showNavButtons: false,
    showBackButton: false,
    fields,
  };
};

/** The photo field with the edit flow's cap (the cropper's total_images; 5 or more means 10). */
const withPhotoCap = (field: FieldDef, photos: number | undefined): FieldDef =>
  field.type === 'image' && field.cropper && photos !== undefined
    ? { ...field, multiple: photos > 1, cropper: { ...field.cropper, total_images: photos } }
    : field;

/** The edit steps of a catalogue's publish steps: its details steps' changeable fields, the media, the edit login. */
export function deriveEditSteps(steps: readonly StepDef[], options: EditStepOptions): StepDef[] {
  const locked = new Set(options.locked);
  const details: StepDef[] = [];
  let media: StepDef | undefined = options.media;
  for (const step of steps) {
    if (step.stepGroup === 'chooseSubcat' || step.stepGroup === 'choosePlan' || step.isLoginArea) continue;
    const names = options.names?.[step.area];
    if (step.stepGroup === 'uploadImages') {
      const fields = step.fields.filter((f) => !locked.has(f.id)).map((f) => withPhotoCap(f, options.photos));
      media = editVariant(step, { area: EDIT_MEDIA_AREA, ...names }, fields);
      continue;
    }
    const fields = step.fields.filter((f) => !locked.has(f.id));
    // A step left with headings only (every field it asks for is locked) is not shown.
    if (fields.some((f) => !DISPLAY_ONLY_TYPES.has(f.type))) details.push(editVariant(step, names, fields));
  }
  return [...details, ...(media ? [media] : []), options.login];
}

export interface EditCoverageProblem {
  /** notInEdit: a publish field neither in the edit steps nor locked; badLock: a locked id that is no publish field,
   * or one the edit steps still ask for. */
  code: 'notInEdit' | 'badLock';
  field: string;
  message: string;
}

/**
 * Every publish field is either in the edit steps (the owner may change it) or locked by name, so that no field
 * goes missing from edit unnoticed; a locked id names a publish field that the edit steps do not have.
 */
export function editCoverage(catalog: {
  steps: readonly StepDef[];
  editSteps: readonly StepDef[];
  editLocked: readonly string[];
}): EditCoverageProblem[] {
  const publish = new Set(catalog.steps.flatMap((s) => s.fields.map((f) => f.id)));
  const edit = new Set(catalog.editSteps.flatMap((s) => s.fields.map((f) => f.id)));
  const locked = new Set(catalog.editLocked);
  const problems: EditCoverageProblem[] = [];
  for (const id of publish) {
    if (!edit.has(id) && !locked.has(id))
      problems.push({ code: 'notInEdit', field: id, message: `'${id}' is neither in the edit steps nor locked` });
  }
  for (const id of locked) {
    if (!publish.has(id))
      problems.push({ code: 'badLock', field: id, message: `locked '${id}' is not a field of the publish steps` });
    else if (edit.has(id))
      problems.push({ code: 'badLock', field: id, message: `locked '${id}' is also in the edit steps` });
  }
  return problems;
}

/**
 * The saved values of the locked fields, by field id: the edit form reads them (a condition on the property type,
 * the list of a make's years) but never shows or sends them. `saved` is a stored ad's values by wire name.
 */
export function lockedValues(
  catalog: { steps: readonly StepDef[]; editLocked: readonly string[] },
  saved: Readonly<Record<string, unknown>>,
): Values {
  const locked = new Set(catalog.editLocked);
  const steps = catalog.steps.map((step) => ({ ...step, fields: step.fields.filter((f) => locked.has(f.id)) }));
  return valuesFromPayload(steps, saved);
}
