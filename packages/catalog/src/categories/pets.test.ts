import { errorText } from '@app/form-engine/messages';
import type { Values } from '@app/form-engine/model';
import { buildPayload } from '@app/form-engine/payload';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';
import { PET_CATALOGS } from './pets.ts';

const catalog = (id: string) => {
  const found = PET_CATALOGS.find((c) => c.id === id);
  if (!found) throw new Error(id);
  return found;
};
const errors = (steps: Parameters<typeof resolve>[0], values: Values, mode: 'publish' | 'edit' = 'publish') =>
  Object.fromEntries(resolve(steps, values, testContext({ mode })).errors.map((e) => [e.field, errorText(e)]));

const labrador: Values = {
  ...CONTACT_TEST_VALUES,
  petType: '1',
  breed: '1001',
  adType: '1',
  sex: '2',
  age: '1',
  price: '2,500',
  area: '4',
  features: ['1', '3'],
  description: 'גורה מתוקה וחברותית, מחוסנת ומשובבת, גדלה עם ילדים',
};

describe('pets', () => {
  it('one catalogue per petType of the picker, each with its own breeds in Hebrew', () => {
    expect(PET_CATALOGS.map((c) => c.petTypes?.[0])).toEqual([1, 2, 3, 5, 8, 10, 13, 20, 21, 22]);
    const breeds = (id: string) => catalog(id).steps[1]?.fields.find((f) => f.id === 'breed')?.options ?? [];
    expect(breeds('pets-dogs').map((o) => o.text)).toEqual(expect.arrayContaining(['לברדור רטריבר', 'רועה גרמני']));
    expect(breeds('pets-cats').map((o) => o.text)).toEqual(expect.arrayContaining(['פרסי', 'בריטי קצר שיער']));
    expect(breeds('pets-dogs').map((o) => o.value)).not.toContain(breeds('pets-cats')[0]?.value);
  });

  it('a dog for sale needs a price; for adoption it does not', () => {
    const dogs = catalog('pets-dogs').steps;
    expect(errors(dogs, labrador)).toEqual({});
    expect(errors(dogs, { ...labrador, price: '' })).toEqual({ price: 'שדה חובה' });
    const adoption = resolve(dogs, { ...labrador, adType: '2', price: '' }, testContext());
    expect(adoption.errors).toEqual([]);
    expect(buildPayload(adoption, { mode: 'publish', cat: 5 })).not.toHaveProperty('price');
  });

  it('a cat breed is not a dog breed; the short description is required', () => {
    const dogs = catalog('pets-dogs').steps;
    expect(errors(dogs, { ...labrador, breed: '2001', description: '' })).toEqual({
      breed: 'ערך לא תקין',
      description: 'שדה חובה',
    });
  });

  it('fish come in schools: how many, when several', () => {
    const fish = catalog('pets-fish').steps;
    const guppies = { ...labrador, petType: '3', breed: '3001', sex: '4', features: ['1'] };
    expect(errors(fish, guppies)).toEqual({ quantity: 'שדה חובה' });
    expect(errors(fish, { ...guppies, quantity: '20' })).toEqual({});
    expect(catalog('pets-dogs').steps[1]?.fields.map((f) => f.id)).not.toContain('quantity');
  });

  it('edit: the pet properties (breed, sex and area too), more properties, media, then the edit login', () => {
    const dogs = catalog('pets-dogs');
    expect(dogs.editSteps.map((s) => [s.area, s.fields.map((f) => f.id)])).toEqual([
      ['personal_edit_pet_properties', ['breed', 'adType', 'sex', 'age', 'price', 'area']],
      ['personal_edit_pet_more_properties', ['features', 'description']],
      ['personal_edit_media', ['images', 'video']],
      ['personal_edit_login', expect.any(Array)],
    ]);
    expect(dogs.editLocked).toEqual(['petType']);
    expect(errors(dogs.editSteps, labrador, 'edit')).toEqual({});
    // Edited as when publishing: a cat's breed is no dog's.
    expect(errors(dogs.editSteps, { ...labrador, breed: '2001', sex: '' }, 'edit')).toEqual({
      breed: 'ערך לא תקין',
      sex: 'שדה חובה',
    });
    const horse = {
      ...labrador,
      petType: '8',
      breed: '8001',
      height: '150',
      description: 'סוס ערבי רגוע, מאולף לרכיבה',
    };
    expect(errors(catalog('pets-horses').editSteps, horse, 'edit')).toEqual({});
  });
});
