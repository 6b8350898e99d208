import { describe, expect, it } from 'vitest';
import type { FieldDef, Values } from './model.ts';
import {
  buildPayload,
  checkStepPayload,
  cleanPayload,
  fieldsQuery,
  type PayloadContext,
  valuesFromPayload,
} from './payload.ts';
import type { ResolveContext } from './resolution.ts';
import { resolve } from './resolve.ts';
import { step, testContext } from './testing.ts';

const publish: PayloadContext = { mode: 'publish', cat: 1, subcat: 1 };
const payloadOf = (
  fields: FieldDef[],
  values: Values,
  context: PayloadContext = publish,
  extra: Partial<ResolveContext> = {},
) => buildPayload(resolve([step(fields)], values, testContext({ mode: context.mode, ...extra })), context);

describe('fields sent', () => {
  it.each<[string, FieldDef, Values, Record<string, unknown>]>([
    ['a text field', { id: 'f', type: 'text' }, { f: 'שלום' }, { f: 'שלום' }],
    ['the wire name', { id: 'f', name: 'wire', type: 'text' }, { f: 'x' }, { wire: 'x' }],
    ['a value never given is not sent', { id: 'f', type: 'text' }, {}, {}],
    ['numbers without separators', { id: 'f', type: 'number', isNumeric: true }, { f: '1,234,567' }, { f: '1234567' }],
    ['a checked checkbox', { id: 'f', type: 'checkbox', acceptedValues: '0,1' }, { f: '1' }, { f: '1' }],
    [
      'an unchecked checkbox sends its unchecked value',
      { id: 'f', type: 'checkbox', acceptedValues: 'N,Y' },
      {},
      { f: 'N' },
    ],
    ['a checked radio', { id: 'f', type: 'radio', options: [{ value: 'a', text: 'א' }] }, { f: 'a' }, { f: 'a' }],
    ['an unchecked radio is not sent', { id: 'f', type: 'radio', options: [{ value: 'a', text: 'א' }] }, {}, {}],
    [
      'an entrance of -1 is not sent',
      {
        id: 'entrance',
        type: 'select',
        options: [
          { value: '1', text: 'א' },
          { value: '2', text: 'ב' },
        ],
      },
      { entrance: '-1' },
      {},
    ],
    ['an entrance of null is not sent', { id: 'x', name: 'entrance', type: 'text' }, { x: undefined }, {}],
    [
      'a select at -1 is sent',
      {
        id: 'f',
        type: 'select',
        options: [
          { value: '1', text: 'א' },
          { value: '2', text: 'ב' },
        ],
      },
      { f: '-1' },
      { f: '-1' },
    ],
    [
      'a name ending [] is sent as a list',
      { id: 'f', name: 'features[]', type: 'text' },
      { f: 'a' },
      { features: ['a'] },
    ],
    [
      'a multiple select is a list',
      { id: 'f', type: 'select', multiple: true, options: [{ value: '1', text: 'א' }] },
      { f: ['1'] },
      { f: ['1'] },
    ],
    ['a hidden-type field is sent', { id: 'f', type: 'hidden' }, { f: '7' }, { f: '7' }],
    ['an inactive field is not sent', { id: 'f', type: 'text', hidden: true }, { f: 'x' }, {}],
    ['a disabled field is not sent', { id: 'f', type: 'text', disabled: true }, { f: 'x' }, {}],
  ])('%s', (_name, def, values, expected) => {
    expect(payloadOf([def], values)).toEqual(expected);
  });

  it.each(['span', 'iframe', 'link', 'title', 'button'] as const)('display-only %s is not sent', (type) => {
    expect(payloadOf([{ id: 'f', type }], { f: 'x' })).toEqual({});
  });

  it('a disabled field is sent in edit mode', () => {
    expect(
      payloadOf([{ id: 'f', type: 'text', disabledAlways: true }], { f: 'x' }, { ...publish, mode: 'edit' }),
    ).toEqual({ f: 'x' });
  });
});

describe('clean-ups', () => {
  it.each<[string, Record<string, string>, PayloadContext, string[]]>([
    ['SalesSubCatID 298 drops area', { area: '3', x: '1' }, { mode: 'publish', cat: 3, SalesSubCatID: 298 }, ['x']],
    ['other SalesSubCatID keeps area', { area: '3' }, { mode: 'publish', cat: 3, SalesSubCatID: 297 }, ['area']],
    ['edit cat 1 drops month 0', { month: '0' }, { mode: 'edit', cat: 1 }, []],
    ['edit cat 1 keeps month 3', { month: '3' }, { mode: 'edit', cat: 1 }, ['month']],
    ['publish cat 1 keeps month 0', { month: '0' }, { mode: 'publish', cat: 1 }, ['month']],
    ['edit cat 2 drops parking 0', { parking: '0' }, { mode: 'edit', cat: 2 }, []],
    ['edit cat 1 keeps parking 0', { parking: '0' }, { mode: 'edit', cat: 1 }, ['parking']],
    ['cat 3 drops SalesCatID 0', { SalesCatID: '0', salesCatID: '0' }, { mode: 'publish', cat: 3 }, []],
    ['cat 3 keeps SalesCatID 11', { SalesCatID: '11' }, { mode: 'publish', cat: 3 }, ['SalesCatID']],
    ['cat 2 keeps SalesCatID 0', { SalesCatID: '0' }, { mode: 'publish', cat: 2 }, ['SalesCatID']],
    [
      'nominalPrice dropped for 5/29',
      { nominalPrice: '9' },
      { mode: 'publish', cat: 3, SalesCatID: 5, SalesSubCatID: 29 },
      [],
    ],
    [
      'nominalPrice dropped for 6/34',
      { nominalPrice: '9' },
      { mode: 'publish', cat: 3, SalesCatID: 6, SalesSubCatID: 34 },
      [],
    ],
    [
      'nominalPrice dropped for 6/800',
      { nominalPrice: '9' },
      { mode: 'publish', cat: 3, SalesCatID: 6, SalesSubCatID: 800 },
      [],
    ],
    [
      'nominalPrice kept for 6/29',
      { nominalPrice: '9' },
      { mode: 'publish', cat: 3, SalesCatID: 6, SalesSubCatID: 29 },
      ['nominalPrice'],
    ],
    [
      'selectors read from the payload',
      { nominalPrice: '9', SalesCatID: '5', SalesSubCatID: '29' },
      { mode: 'publish', cat: 1 },
      ['SalesCatID', 'SalesSubCatID'],
    ],
  ])('%s', (_name, payload, context, keys) => {
    expect(Object.keys(cleanPayload(payload, context)).sort()).toEqual(keys.sort());
  });

  it('buildPayload applies them', () => {
    expect(payloadOf([{ id: 'month', type: 'text' }], { month: '0' }, { mode: 'edit', cat: 1 })).toEqual({});
  });
});

describe('check-step payload and fields query', () => {
  it('sends every field of the steps so far plus check_area', () => {
    const steps = [
      step([{ id: 'a', type: 'text' }], { area: 'one' }),
      step([{ id: 'b', type: 'text' }], { area: 'two' }),
      step([{ id: 'c', type: 'text' }], { area: 'three' }),
    ];
    const resolution = resolve(steps, { a: '1', b: '2', c: '3' }, testContext());
    expect(checkStepPayload(resolution, 1, publish)).toEqual({ a: '1', b: '2', check_area: 'two' });
  });

  it.each<[Record<string, string | number | null | undefined>, Record<string, string>]>([
    [
      { cat: 3, subcat: 0, SalesCatID: 0 },
      { cat: '3', subcat: '0' },
    ],
    [
      { cat: 3, subcat: 0, SalesCatID: 11 },
      { cat: '3', subcat: '0', SalesCatID: '11' },
    ],
    [
      { cat: 3, subcat: 2, SalesCatID: 0 },
      { cat: '3', subcat: '2', SalesCatID: '0' },
    ],
    [
      { cat: 1, subcat: 1, OrderID: null, area: undefined, step: '' },
      { cat: '1', subcat: '1' },
    ],
  ])('fieldsQuery(%o)', (query, expected) => {
    expect(fieldsQuery(query)).toEqual(expected);
  });
});

describe('valuesFromPayload', () => {
  it('reads only the definition fields, by wire name, as strings', () => {
    const steps = [
      step([
        { id: 'f', name: 'wire', type: 'text' },
        { id: 'km', type: 'number' },
        { id: 'tags', name: 'tags[]', type: 'select', multiple: true, options: [{ value: '1', text: 'א' }] },
        { id: 't', type: 'title' },
      ]),
    ];
    const values = valuesFromPayload(steps, {
      wire: 'x',
      km: 5000,
      tags: ['1', 2, { x: 1 }],
      t: 'x',
      isAdmin: '1',
      f: 'ignored',
    });
    expect(values).toEqual({ f: 'x', km: '5000', tags: ['1', '2'] });
  });
});
