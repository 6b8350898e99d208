import { describe, expect, it } from 'vitest';
import { deriveEditSteps, EDIT_MEDIA_AREA, editCoverage, lockedValues } from './editSteps.ts';
import type { FieldDef, StepDef } from './model.ts';
import { resolve } from './resolve.ts';
import { step, testContext } from './testing.ts';

const kind: FieldDef = { id: 'kind', type: 'radio', options: [{ value: '1', text: 'א' }] };
const maker: FieldDef = { id: 'maker', type: 'select', options: [{ value: '7', text: 'ב' }], isRequired: true };
const heading: FieldDef = { id: 'makerTitle', type: 'title', label: 'היצרן' };
const colour: FieldDef = { id: 'colour', type: 'text', column: 1, isRequired: true };
const km: FieldDef = {
  id: 'km',
  type: 'number',
  column: 2,
  isRequired: true,
  showcond: { kind: 'field', field: 'maker', values: ['7'] },
};
const price: FieldDef = { id: 'price', type: 'number' };
const photos: FieldDef = {
  id: 'images',
  type: 'image',
  multiple: true,
  cropper: { total_images: 10, size: { w: 1120, h: 840 }, output_format: 'jpeg' },
};
const video: FieldDef = { id: 'video', type: 'iframe', subType: 'video' };
const contact: FieldDef = { id: 'contactName', type: 'text', isRequired: true };

const publish: StepDef[] = [
  step([kind], { area: 'personal_publish_category', stepGroup: 'chooseSubcat', check: false }),
  step([heading, maker], { area: 'personal_publish_car_type', title: 'איזה רכב?' }),
  step([colour, km], {
    area: 'personal_publish_car_properties',
    title: 'מאפיינים',
    columnTitles: [
      { column: 1, title: 'מראה' },
      { column: 2, title: 'שימוש' },
      { column: 3, title: 'אחר' },
    ],
  }),
  step([price], { area: 'personal_publish_sales_properties', title: 'מחיר' }),
  step([photos, video], { area: 'personal_publish_media', stepGroup: 'uploadImages', check: false }),
  step([contact], { area: 'personal_publish_login', isLoginArea: true }),
  step([], { area: 'personal_publish_payment_choose', stepGroup: 'choosePlan', check: false }),
];
const login = step([contact], {
  area: 'personal_edit_login',
  isLoginArea: true,
  edit: true,
  showNavButtons: false,
  showBackButton: false,
});
const locked = ['kind', 'makerTitle', 'maker'];

describe('deriveEditSteps', () => {
  const edit = deriveEditSteps(publish, { locked, login });

  it('keeps every details step with a field left to change, then the media, then the edit login', () => {
    expect(edit.map((s) => s.area)).toEqual([
      'personal_edit_car_properties',
      'personal_edit_sales_properties',
      EDIT_MEDIA_AREA,
      'personal_edit_login',
    ]);
    expect(edit.map((s) => s.fields.map((f) => f.id))).toEqual([
      ['colour', 'km'],
      ['price'],
      ['images', 'video'],
      ['contactName'],
    ]);
    // Open, with no back or next buttons; validated as when publishing; the columns still used keep their titles.
    expect(edit.every((s) => s.edit && !s.showNavButtons && !s.showBackButton)).toBe(true);
    expect(edit[0]).toMatchObject({ title: 'מאפיינים', check: true });
    expect(edit[0]?.columnTitles?.map((c) => c.title)).toEqual(['מראה', 'שימוש']);
    expect(edit[2]?.fields[0]?.cropper?.total_images).toBe(10);
    expect(editCoverage({ steps: publish, editSteps: edit, editLocked: locked })).toEqual([]);
  });

  it('names a step as the spec does, and caps the photos of an edit flow', () => {
    const named = deriveEditSteps(publish, {
      locked,
      login,
      names: { personal_publish_car_properties: { area: 'personal_edit_details', title: 'פרטי המודעה' } },
      photos: 3,
    });
    expect(named[0]).toMatchObject({ area: 'personal_edit_details', title: 'פרטי המודעה' });
    expect(named[2]?.fields[0]).toMatchObject({ multiple: true, cropper: { total_images: 3 } });
  });

  it('gives a flow without a publish media step the media step it names', () => {
    const media = step([photos], { area: EDIT_MEDIA_AREA, stepGroup: 'uploadImages', check: false, edit: true });
    const noMedia = publish.filter((s) => s.stepGroup !== 'uploadImages');
    expect(deriveEditSteps(noMedia, { locked, login, media }).map((s) => s.area)).toEqual([
      'personal_edit_car_properties',
      'personal_edit_sales_properties',
      EDIT_MEDIA_AREA,
      'personal_edit_login',
    ]);
  });

  it('the locked values feed the edit form: a condition on a locked field still holds', () => {
    const saved = { kind: '1', maker: '7', colour: 'אדום', km: '1000', price: '5' };
    const fixed = lockedValues({ steps: publish, editLocked: locked }, saved);
    expect(fixed).toEqual({ kind: '1', maker: '7' });
    const withLocked = resolve(edit, { ...fixed, colour: 'אדום' }, testContext({ mode: 'edit' }));
    expect(withLocked.fields.km?.visible).toBe(true);
    expect(withLocked.errors.map((e) => e.field)).toEqual(['km', 'contactName']);
    // Without them, km would silently drop out of the edit form.
    expect(resolve(edit, { colour: 'אדום' }, testContext({ mode: 'edit' })).fields.km?.visible).toBe(false);
  });
});

describe('editCoverage', () => {
  it('finds a publish field that edit forgot, and a lock that names nothing or an editable field', () => {
    const forgot = deriveEditSteps(publish, { locked: ['kind', 'makerTitle', 'maker', 'price'], login });
    expect(editCoverage({ steps: publish, editSteps: forgot, editLocked: ['kind', 'makerTitle', 'maker'] })).toEqual([
      { code: 'notInEdit', field: 'price', message: "'price' is neither in the edit steps nor locked" },
    ]);
    expect(
      editCoverage({ steps: publish, editSteps: forgot, editLocked: [...locked, 'price', 'colour', 'nope'] }),
    ).toEqual([
      { code: 'badLock', field: 'colour', message: "locked 'colour' is also in the edit steps" },
      { code: 'badLock', field: 'nope', message: "locked 'nope' is not a field of the publish steps" },
    ]);
  });
});
