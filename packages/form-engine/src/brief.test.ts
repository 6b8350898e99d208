import { describe, expect, it } from 'vitest';
import { fieldBrief, stepBrief } from './brief.ts';
import type { FieldDef, Values } from './model.ts';
import { resolve } from './resolve.ts';
import { step, testContext } from './testing.ts';

const maker: FieldDef = {
  id: 'maker',
  type: 'select',
  options: [
    { value: '1', text: 'טויוטה', attrs: { short: 'TOY' } },
    { value: '2', text: 'מאזדה', attrs: { short: 'MAZ' } },
  ],
  accordionBrief: {},
};

const briefOf = (fields: FieldDef[], values: Values, id: string) => {
  const result = resolve([step(fields)], values, testContext());
  const field = result.fields[id];
  return field && fieldBrief(field, result);
};

describe('field brief', () => {
  it.each<[string, FieldDef[], Values, string | undefined]>([
    ['option text', [maker], { maker: '1' }, 'טויוטה'],
    ['nothing chosen says nothing', [maker], { maker: '-1' }, undefined],
    [
      'prefix and postfix',
      [{ id: 'km', type: 'number', accordionBrief: { prefix: 'נסע ', postfix: ' ק"מ' } }],
      { km: '85000' },
      'נסע 85,000 ק"מ',
    ],
    [
      'noFormat keeps the digits',
      [{ id: 'y', type: 'number', noFormat: true, accordionBrief: {} }],
      { y: '2019' },
      '2019',
    ],
    [
      'fixed value for a checked checkbox',
      [{ id: 'c', type: 'checkbox', accordionBrief: { value: 'טרייד-אין' } }],
      { c: '1' },
      'טרייד-אין',
    ],
    [
      'an unchecked checkbox says nothing',
      [{ id: 'c', type: 'checkbox', accordionBrief: { value: 'טרייד-אין' } }],
      { c: '0' },
      undefined,
    ],
    ['no accordionBrief says nothing', [{ id: 't', type: 'text' }], { t: 'x' }, undefined],
    [
      'takeFromList with option keys',
      [{ ...maker, accordionBrief: { takeFromList: { fieldKey: 'value', optionKey: 'short' } } }],
      { maker: '2' },
      'MAZ',
    ],
    [
      'takeFromList from another field list',
      [
        { ...maker, accordionBrief: undefined },
        { id: 'm', type: 'hidden', accordionBrief: { takeFromList: { list: 'maker' } } },
      ],
      { maker: '1', m: '2' },
      'מאזדה',
    ],
    [
      'useCondition accepted',
      [maker, { id: 'n', type: 'text', accordionBrief: { useCondition: { key: 'maker', accepted: ['1'] } } }],
      { maker: '1', n: 'חדש' },
      'חדש',
    ],
    [
      'useCondition not accepted',
      [maker, { id: 'n', type: 'text', accordionBrief: { useCondition: { key: 'maker', accepted: ['1'] } } }],
      { maker: '2', n: 'חדש' },
      undefined,
    ],
  ])('%s', (_name, fields, values, expected) => {
    expect(briefOf(fields, values, fields[fields.length - 1]?.id ?? '')).toBe(expected);
  });
});

describe('step brief', () => {
  it('joins the active fields with the step separator and prefix', () => {
    const fields: FieldDef[] = [
      maker,
      { id: 'year', type: 'text', accordionBrief: {} },
      { id: 'secret', type: 'text', hidden: true, accordionBrief: {} },
    ];
    const result = resolve(
      [step(fields, { accordionBrief: { separator: ' ', prefix: 'רכב: ' } })],
      { maker: '1', year: '2019', secret: 'x' },
      testContext(),
    );
    const first = result.steps[0];
    expect(first && stepBrief(first, result)).toBe('רכב: טויוטה 2019');
    const plain = resolve([step(fields)], { maker: '1', year: '2019' }, testContext()).steps[0];
    expect(plain && stepBrief(plain, { fields: {} })).toBe('טויוטה, 2019');
  });
});

describe('a brief waiting for its list', () => {
  const model: FieldDef = {
    id: 'model',
    type: 'select',
    dataUrl: '/api/publish/options/models',
    dependence: ['maker'],
    accordionBrief: {},
  };
  const city: FieldDef = {
    id: 'city',
    type: 'autocomplete',
    dataUrl: '/api/publish/options/cities',
    accordionBrief: {},
  };
  const values = { maker: '1', model: '101', city: '5000' };

  it('shows no codes while a dependent list or a saved autocomplete text is on its way, then the texts', () => {
    const fields = [maker, model, city];
    const waiting = resolve([step(fields)], values, testContext());
    expect(waiting.fields.model?.loading).toBe(true);
    expect(waiting.fields.model && fieldBrief(waiting.fields.model, waiting)).toBeUndefined();
    expect(waiting.fields.city && fieldBrief(waiting.fields.city, waiting)).toBeUndefined();
    // The step's summary waits whole (not 'טויוטה' alone, then 'טויוטה, קורולה, תל אביב').
    expect(waiting.steps[0] && stepBrief(waiting.steps[0], waiting)).toBe('');

    const lists = testContext({
      options: (def) =>
        def.id === 'model'
          ? [{ value: '101', text: 'קורולה' }]
          : def.id === 'city'
            ? [{ value: '5000', text: 'תל אביב - יפו' }]
            : undefined,
    });
    const loaded = resolve([step(fields)], values, lists);
    expect(loaded.steps[0] && stepBrief(loaded.steps[0], loaded)).toBe('טויוטה, קורולה, תל אביב - יפו');
  });

  it('a chosen code missing from a loaded list still shows (the list answered without it)', () => {
    const loaded = resolve([step([maker])], { maker: '7' }, testContext());
    expect(loaded.fields.maker && fieldBrief(loaded.fields.maker, loaded)).toBe('7');
  });
});
