import { describe, expect, it } from 'vitest';
import { checkCatalog } from './catalogCheck.ts';
import { type CategoryCatalog, type FieldDef, MODEL_VERSION } from './model.ts';
import { step } from './testing.ts';

/** Every publish field is in edit unless the test says otherwise (locked, or left out of edit). */
const catalog = (fields: FieldDef[], editFields: FieldDef[] = fields, editLocked: string[] = []): CategoryCatalog => ({
  version: MODEL_VERSION,
  id: 'fixture',
  cat: 1,
  subcats: [1],
  firstStep: 1,
  steps: [step(fields, { area: 'a' })],
  editSteps: [step(editFields, { area: 'edit_a' })],
  editLocked,
});

const maker: FieldDef = { id: 'maker', type: 'select', dataUrl: '/api/publish/options/makers' };
const known = { knownLists: new Set(['makers', 'models']) };

describe('checkCatalog', () => {
  it('finds nothing wrong in a sound catalogue', () => {
    const model: FieldDef = {
      id: 'model',
      type: 'select',
      dataUrl: '/api/publish/options/models',
      dependence: ['maker'],
    };
    expect(checkCatalog(catalog([maker, model]), known)).toEqual([]);
  });

  it.each<[string, FieldDef[], string]>([
    [
      'a condition naming a missing field',
      [maker, { id: 'f', type: 'text', showcond: { kind: 'field', field: 'nope', values: ['1'] } }],
      'missingRef',
    ],
    ['a dependence on a missing field', [{ ...maker, dependence: ['nope'] }], 'missingRef'],
    [
      'condRequired on a missing field',
      [maker, { id: 'f', type: 'text', condRequired: { kind: 'field', field: 'x', values: ['1'] } }],
      'missingRef',
    ],
    [
      'texts by a condition on a missing field',
      [
        maker,
        { id: 'f', type: 'text', textsWhen: [{ when: { kind: 'field', field: 'x', values: ['1'] }, label: 'א' }] },
      ],
      'missingRef',
    ],
    [
      'texts by a bad condition',
      [maker, { id: 'f', type: 'text', textsWhen: [{ when: { kind: 'field', field: 'maker', values: ['-9'] } }] }],
      'badCondition',
    ],
    ['notEqual to a missing field', [maker, { id: 'f', type: 'text', notEqual: 'x' }], 'missingRef'],
    ['a field depending on itself', [{ ...maker, dependence: ['maker'] }], 'selfRef'],
    [
      'an unknown special value',
      [maker, { id: 'f', type: 'text', showcond: { kind: 'field', field: 'maker', values: ['-7'] } }],
      'badCondition',
    ],
    [
      'a special value with >',
      [maker, { id: 'f', type: 'text', condRequired: { kind: 'field', field: 'maker', op: '>', values: ['-4'] } }],
      'badCondition',
    ],
    ['duplicate field ids', [maker, { ...maker }], 'duplicateId'],
    ['a list the server does not serve', [{ ...maker, dataUrl: '/api/publish/options/planets' }], 'unknownList'],
    ['a dataUrl that is not an options URL', [{ ...maker, dataUrl: 'https://evil.example/list' }], 'badDataUrl'],
    ['a select without options or dataUrl', [{ id: 'f', type: 'select' }], 'noOptions'],
    ['a radio with an empty option list', [{ id: 'f', type: 'radio', options: [] }], 'noOptions'],
    ['a regex that does not compile', [{ id: 'f', type: 'text', regex: '([' }], 'badRegex'],
    ['a range whose min is above its max', [{ id: 'f', type: 'number', min: 10, max: 5 }], 'badRange'],
    ['a range on a text that is not a number', [{ id: 'f', type: 'text', max: 5 }], 'badRange'],
    ['a date format that does not round-trip', [{ id: 'f', type: 'date', format: 'DD/MM' }], 'badFormat'],
    [
      'fields showing each other in a cycle',
      [
        { id: 'a', type: 'text', showcond: { kind: 'field', field: 'b', values: ['-4'] } },
        { id: 'b', type: 'text', showcond: { kind: 'field', field: 'a', values: ['-4'] } },
      ],
      'cycle',
    ],
  ])('catches %s', (_name, fields, code) => {
    expect(checkCatalog(catalog(fields), known).map((p) => p.code)).toContain(code);
  });

  it('edit steps may refer to the locked fields of the publish steps only', () => {
    const f: FieldDef = { id: 'f', type: 'text', dependence: ['maker'] };
    expect(checkCatalog(catalog([maker, f], [f], ['maker']), known)).toEqual([]);
    expect(checkCatalog(catalog([maker, f], [f]), known)).toEqual([
      { code: 'missingRef', where: 'fixture editSteps[0] edit_a › f', message: "dependence refers to 'maker'" },
      { code: 'notInEdit', where: 'fixture editLocked', message: "'maker' is neither in the edit steps nor locked" },
    ]);
  });

  it('a publish field is in edit or locked; a locked id is a publish field that edit does not have', () => {
    const f: FieldDef = { id: 'f', type: 'text' };
    expect(checkCatalog(catalog([maker, f], [f]), known).map((p) => [p.code, p.message])).toEqual([
      ['notInEdit', "'maker' is neither in the edit steps nor locked"],
    ]);
    expect(checkCatalog(catalog([maker, f], [maker, f], ['maker', 'gone']), known).map((p) => p.message)).toEqual([
      "locked 'maker' is also in the edit steps",
      "locked 'gone' is not a field of the publish steps",
    ]);
  });

  it('reports schema problems: unknown operator, kind, field type or version', () => {
    const broken = JSON.parse(JSON.stringify(catalog([maker]))) as Record<string, unknown> & {
      steps: { fields: object[] }[];
    };
    broken.steps[0]?.fields.push(
      { id: 'x', type: 'text', showcond: { kind: 'field', field: 'maker', op: '>=', values: ['1'] } },
      { id: 'y', type: 'slider' },
      { id: 'z', type: 'text', showcond: { kind: 'weather', field: 'maker' } },
    );
    const problems = checkCatalog(broken, known);
    expect(problems.every((p) => p.code === 'schema')).toBe(true);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/steps\.0\.fields\.1\.showcond\.op/);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/steps\.0\.fields\.2\.type/);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/steps\.0\.fields\.3\.showcond/);
    expect(checkCatalog({ ...catalog([maker]), version: 2 }).map((p) => p.code)).toEqual(['schema']);
    expect(checkCatalog(null).map((p) => p.code)).toEqual(['schema']);
  });

  it('without knownLists, list ids are not checked', () => {
    expect(checkCatalog(catalog([{ ...maker, dataUrl: '/api/publish/options/planets' }]))).toEqual([]);
  });
});
