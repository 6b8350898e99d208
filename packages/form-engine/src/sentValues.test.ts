/** Rules that keep the browser and the server resolving the same form: dependants see only what is sent. */
import { describe, expect, it } from 'vitest';
import type { FieldDef } from './model.ts';
import { buildPayload } from './payload.ts';
import { resolve } from './resolve.ts';
import { step, testContext } from './testing.ts';

const make: FieldDef = {
  id: 'make',
  type: 'select',
  options: [
    { value: '1', text: 'א' },
    { value: '2', text: 'ג' },
  ],
};
const model: FieldDef = { id: 'model', type: 'select', dependence: ['make'], options: [{ value: '7', text: 'ב' }] };
const trim: FieldDef = {
  id: 'trim',
  type: 'text',
  isRequired: true,
  showcond: { kind: 'field', field: 'model', values: ['-4'] },
};
const steps = [step([make, model, trim])];

describe('a disabled field counts for its dependants only where it is sent', () => {
  it('publish: a stale value in a disabled field does not show or require its dependants', () => {
    const r = resolve(steps, { model: '7' }, testContext());
    expect(r.fields.model?.enabled).toBe(false);
    expect(r.fields.trim?.visible).toBe(false);
    expect(r.errors).toEqual([]);
    expect(buildPayload(r, { mode: 'publish', cat: 1 })).toEqual({});
  });

  it('edit: disabled fields are sent, so their dependants see them', () => {
    const r = resolve(steps, { model: '7' }, testContext({ mode: 'edit' }));
    expect(r.fields.trim?.visible).toBe(true);
    expect(r.errors.map((e) => e.field)).toEqual(['trim']);
  });
});

describe('checkboxes on the wire', () => {
  const box: FieldDef = { id: 'tradeIn', type: 'checkbox', acceptedValues: '0,1' };
  it.each([
    [undefined, '0', []],
    ['', '0', []],
    ['1', '1', []],
    ['0', '0', []],
    ['yes', 'yes', ['tradeIn']],
  ] as const)('value %j is sent as %j; errors %j', (value, sent, errors) => {
    const r = resolve([step([box])], value === undefined ? {} : { tradeIn: value }, testContext());
    expect(buildPayload(r, { mode: 'publish', cat: 1 }).tradeIn).toBe(sent);
    expect(r.errors.map((e) => e.field)).toEqual(errors);
  });
});

describe('autocomplete lists', () => {
  it('are not "loading" before the user types (the list comes with the keyword)', () => {
    const city: FieldDef = { id: 'city', type: 'autocomplete', dataUrl: '/api/publish/options/cities' };
    const r = resolve([step([city])], {}, testContext());
    expect(r.fields.city?.loading).toBe(false);
    const select: FieldDef = { id: 'town', type: 'select', dataUrl: '/api/publish/options/cities' };
    expect(resolve([step([select])], {}, testContext()).fields.town?.loading).toBe(true);
  });
});

describe('clean-ups read the form when the route has SalesCatID 0', () => {
  it('nominalPrice is dropped for the form category 5 / 29 even though the route says SalesCatID 0', async () => {
    const { cleanPayload } = await import('./payload.ts');
    const payload = { salesCatID: '5', salesSubCatID: '29', nominalPrice: '1', price: '100' };
    expect(cleanPayload(payload, { mode: 'publish', cat: 3, SalesCatID: 0 })).toEqual({
      salesCatID: '5',
      salesSubCatID: '29',
      price: '100',
    });
  });
});
