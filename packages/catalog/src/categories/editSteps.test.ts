/**
 * Edit mode over every catalogue (publish-wizard.md §2 "edit variants of the steps"): an owner may change every
 * field of the published ad except the few each catalogue locks by name, so a field added to a publish step is in
 * edit unless someone decides otherwise.
 */
import { editCoverage } from '@app/form-engine/editSteps';
import { DISPLAY_ONLY_TYPES } from '@app/form-engine/model';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './registry.ts';

const each = CATALOGS.map((c) => [c.id, c] as const);

describe('edit steps of every catalogue', () => {
  it.each(each)('%s: every publish field is in the edit steps or locked', (_id, catalog) => {
    const edit = new Set(catalog.editSteps.flatMap((s) => s.fields.map((f) => f.id)));
    const missing = catalog.steps
      .flatMap((s) => s.fields.map((f) => f.id))
      .filter((id) => !edit.has(id) && !catalog.editLocked.includes(id));
    expect(missing).toEqual([]);
    expect(editCoverage(catalog)).toEqual([]);
  });

  it.each(each)(
    '%s: the category choice is locked, and edit asks for each field as publishing does',
    (_id, catalog) => {
      const category = catalog.steps.filter((s) => s.stepGroup === 'chooseSubcat').flatMap((s) => s.fields);
      for (const field of category) expect(catalog.editLocked).toContain(field.id);
      const publish = new Map(catalog.steps.flatMap((s) => s.fields.map((f) => [f.id, f] as const)));
      for (const field of catalog.editSteps.filter((s) => !s.isLoginArea).flatMap((s) => s.fields)) {
        // The photo field may take the edit flow's own cap; every other field is the publish field itself.
        if (field.type === 'image') continue;
        expect(field, `${catalog.id} ${field.id}`).toEqual(publish.get(field.id));
      }
    },
  );

  it.each(each)('%s: locks only a few fields, and leaves the owner something to change', (_id, catalog) => {
    const asked = catalog.steps
      .filter((s) => s.stepGroup === 'fillDetails' && !s.isLoginArea)
      .flatMap((s) => s.fields)
      .filter((f) => !DISPLAY_ONLY_TYPES.has(f.type));
    const changeable = asked.filter((f) => !catalog.editLocked.includes(f.id));
    expect(changeable.length).toBeGreaterThan(asked.length / 2);
  });

  it('a dog ad edits its breed, sex and area; a car its colour and hand, not its make or model', () => {
    const fields = (id: string) =>
      CATALOGS.find((c) => c.id === id)?.editSteps.flatMap((s) => s.fields.map((f) => f.id)) ?? [];
    expect(fields('pets-dogs')).toEqual(expect.arrayContaining(['breed', 'sex', 'area', 'images', 'video']));
    expect(fields('vehicles-cars')).toEqual(expect.arrayContaining(['colorGroup', 'hand', 'km', 'price', 'images']));
    expect(fields('vehicles-cars')).not.toEqual(expect.arrayContaining(['manufacturer']));
    expect(fields('vehicles-cars')).not.toContain('model');
    expect(fields('household-workers-nanny')).toEqual(expect.arrayContaining(['experience', 'hourlyRate', 'images']));
    expect(fields('customer-info')).toEqual(expect.arrayContaining(['businessName', 'about', 'images']));
  });
});
