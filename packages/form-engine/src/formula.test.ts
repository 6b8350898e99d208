import { describe, expect, it } from 'vitest';
import { checkCatalog } from './catalogCheck.ts';
import { dependencyResultProblems, evaluateFormula, parseFormula } from './formula.ts';
import { errorText } from './messages.ts';
import { type CategoryCatalog, type DependencyResult, type FieldDef, MODEL_VERSION } from './model.ts';
import { resolve } from './resolve.ts';
import { fieldSchema } from './schema.ts';
import { step, testContext } from './testing.ts';

const calc = (formula: string, factors: Record<string, number>) => {
  const parsed = parseFormula(formula);
  if (!parsed.ok) throw new Error(parsed.error);
  return evaluateFormula(parsed.expr, new Map(Object.entries(factors)));
};

describe('the formula language', () => {
  it.each<[string, Record<string, number>, number | undefined]>([
    ['price / sqm', { price: 2_000_000, sqm: 80 }, 25_000],
    ['rent + committee + arnona / 2', { rent: 5000, committee: 300, arnona: 800 }, 5700],
    ['(rent + committee) * 12', { rent: 5000, committee: 300 }, 63_600],
    ['a - b - c', { a: 10, b: 3, c: 2 }, 5],
    ['a / b / c', { a: 100, b: 5, c: 2 }, 10],
    ['-a + 2 * 3.5', { a: 1 }, 6],
    ['price / sqm', { price: 100, sqm: 0 }, undefined],
    ['price / sqm', { price: 100 }, undefined],
  ])('%s with %o is %s', (formula, factors, expected) => {
    expect(calc(formula, factors)).toBe(expected);
  });

  it.each([
    'price /',
    '(price',
    'price )',
    'price ** 2',
    'price; process.exit()',
    'constructor["x"]',
    'Math.pow(a, 2)',
    "'5' + 1",
    '',
    'x'.repeat(201),
  ])('refuses %j (it is parsed, never run as code)', (formula) => {
    expect(parseFormula(formula).ok).toBe(false);
  });

  it('a rule names every formula key as a factor and every factor in the formula', () => {
    const rule: DependencyResult = {
      formula: 'price / sqm',
      localKey: 'value',
      factors: [
        { id: 'price', key: 'price' },
        { id: 'rooms', key: 'rooms' },
      ],
    };
    expect(dependencyResultProblems(rule)).toEqual([
      "formula key 'sqm' has no factor",
      "factor 'rooms' is not in the formula",
    ]);
  });
});

const price: FieldDef = { id: 'price', type: 'number', isNumeric: true };
const sqm: FieldDef = { id: 'sqm', type: 'number', isNumeric: true };
const perMeter: FieldDef = {
  id: 'perMeter',
  type: 'number',
  displayValue: '{value} ₪ למ"ר',
  dependencyResult: {
    formula: 'price / sqm',
    localKey: 'value',
    factors: [
      { id: 'price', key: 'price' },
      { id: 'sqm', key: 'sqm' },
    ],
  },
};

describe('a dependency result in the resolver', () => {
  it('works the value out from its factors, whatever was given (the server never takes the browser’s)', () => {
    // Defined before its factors: the resolving order still puts it after them.
    const steps = [step([perMeter, price, sqm])];
    const r = resolve(steps, { price: '2,150,000', sqm: '86', perMeter: '1' }, testContext());
    expect(r.fields.perMeter?.value).toBe('25000');
    expect(r.fields.perMeter?.displayValue).toBe('25,000 ₪ למ"ר');
    expect(r.values.perMeter).toBe('25000');
  });

  it('has no value while a factor without a default is empty, and none for a division by zero', () => {
    const steps = [step([price, sqm, perMeter])];
    const empty = resolve(steps, { price: '900000', perMeter: '5000' }, testContext());
    expect(empty.fields.perMeter?.value).toBe('');
    expect(empty.fields.perMeter?.displayValue).toBeUndefined();
    expect(resolve(steps, { price: '900000', sqm: '0' }, testContext()).fields.perMeter?.value).toBe('');
  });

  it('a hidden factor reads as not chosen: its default stands in', () => {
    const quantity: FieldDef = {
      id: 'quantity',
      type: 'number',
      // Asked only for a lot (kind 2).
      showcond: { kind: 'field', field: 'kind', values: ['2'] },
    };
    const kind: FieldDef = { id: 'kind', type: 'text' };
    const total: FieldDef = {
      id: 'total',
      type: 'number',
      dependencyResult: {
        formula: 'price * quantity',
        localKey: 'value',
        factors: [
          { id: 'price', key: 'price' },
          { id: 'quantity', key: 'quantity', default: 1 },
        ],
      },
    };
    const steps = [step([kind, price, quantity, total])];
    const lot = resolve(steps, { kind: '2', price: '150', quantity: '4' }, testContext());
    expect([lot.fields.quantity?.visible, lot.fields.total?.value]).toEqual([true, '600']);
    // The same quantity left behind in a hidden field counts as not given.
    const single = resolve(steps, { kind: '1', price: '150', quantity: '4' }, testContext());
    expect([single.fields.quantity?.visible, single.fields.total?.value]).toEqual([false, '150']);
  });

  it('with triggerKey the number is the chosen option’s attribute', () => {
    const plan: FieldDef = {
      id: 'plan',
      type: 'select',
      options: [
        { value: 'a', text: 'חודשי', attrs: { months: 1 } },
        { value: 'b', text: 'שנתי', attrs: { months: 12 } },
      ],
    };
    const total: FieldDef = {
      id: 'total',
      type: 'span',
      dependencyResult: {
        formula: 'price * months',
        localKey: 'displayValue',
        factors: [
          { id: 'price', key: 'price' },
          { id: 'plan', key: 'months', triggerKey: 'months' },
        ],
      },
    };
    const steps = [step([price, plan, total])];
    const r = resolve(steps, { price: '100', plan: 'b', total: 'kept' }, testContext());
    expect(r.fields.total?.displayValue).toBe('1,200');
    // displayValue: shown only, the value is not the result.
    expect(r.fields.total?.value).toBe('kept');
  });

  it('the schema keeps the rule and refuses a localKey it does not know', () => {
    expect(fieldSchema.parse(perMeter).dependencyResult).toEqual(perMeter.dependencyResult);
    const bad = { ...perMeter, dependencyResult: { ...perMeter.dependencyResult, localKey: 'storage' } };
    expect(fieldSchema.safeParse(bad).success).toBe(false);
  });
});

const catalog = (fields: FieldDef[]): CategoryCatalog => ({
  version: MODEL_VERSION,
  id: 'fixture',
  cat: 1,
  subcats: [1],
  firstStep: 1,
  steps: [step(fields, { area: 'a' })],
  editSteps: [step(fields, { area: 'edit_a' })],
  editLocked: [],
});

describe('checkCatalog and dependency results', () => {
  it('a sound rule passes', () => {
    expect(checkCatalog(catalog([price, sqm, perMeter]))).toEqual([]);
  });

  it.each<[string, FieldDef, string]>([
    [
      'an unknown factor field',
      {
        ...perMeter,
        dependencyResult: {
          ...(perMeter.dependencyResult as DependencyResult),
          factors: [
            { id: 'nope', key: 'price' },
            { id: 'sqm', key: 'sqm' },
          ],
        },
      },
      'missingRef',
    ],
    [
      'a formula that does not parse',
      {
        ...perMeter,
        dependencyResult: { ...(perMeter.dependencyResult as DependencyResult), formula: 'price / (sqm' },
      },
      'badFormula',
    ],
    ['a result sent from a field that is never sent', { ...perMeter, type: 'span' }, 'badFormula'],
    [
      'a factor that is the field itself',
      {
        ...perMeter,
        dependencyResult: {
          formula: 'perMeter * 2',
          localKey: 'value',
          factors: [{ id: 'perMeter', key: 'perMeter' }],
        },
      },
      'selfRef',
    ],
  ])('reports %s', (_, field, code) => {
    expect(checkCatalog(catalog([price, sqm, field])).map((p) => p.code)).toContain(code);
  });
});

describe('customError', () => {
  const quantity: FieldDef = {
    id: 'q',
    type: 'number',
    isNumeric: true,
    isRequired: true,
    maxlength: 3,
    customError: 'יש להזין כמות בין 1 ל-999',
  };
  it('stands for every error of the field but the required one', () => {
    const texts = (value: string) =>
      resolve([step([quantity])], { q: value }, testContext()).errors.map((e) => errorText(e));
    expect(texts('12a')).toEqual(['יש להזין כמות בין 1 ל-999']);
    expect(texts('1234')).toEqual(['יש להזין כמות בין 1 ל-999']);
    expect(texts('')).toEqual(['שדה חובה']);
  });
});
