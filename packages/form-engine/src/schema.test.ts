import { describe, expect, it } from 'vitest';
import { type CategoryCatalog, FIELD_TYPES, MODEL_VERSION } from './model.ts';
import { parseCatalog, SCHEMA_MATCHES_MODEL, safeParseCatalog, safeParseSteps } from './schema.ts';
import { step } from './testing.ts';

const catalog: CategoryCatalog = {
  version: MODEL_VERSION,
  id: 'fixture',
  cat: 1,
  subcats: [1, 8],
  firstStep: 1,
  steps: [
    step(
      FIELD_TYPES.map((type) => ({
        id: `f_${type}`,
        type,
        options: [{ value: '1', text: 'א', attrs: { CarColorGroupHEX: '#fff', n: 3 } }],
      })),
      { columnTitles: [{ column: 1, title: 'כותרת' }] },
    ),
  ],
  editSteps: [],
  editLocked: [],
};

describe('schema', () => {
  it('keeps the model and the schema in step (compile-time check)', () => {
    expect(SCHEMA_MATCHES_MODEL).toEqual([true, true, true, true, true]);
  });

  it('parses what it is given back from JSON, unchanged', () => {
    const json = JSON.parse(JSON.stringify(catalog));
    expect(parseCatalog(json)).toEqual(catalog);
  });

  it('drops unknown properties (a newer server may add some)', () => {
    const json = JSON.parse(JSON.stringify(catalog));
    json.steps[0].fields[0].futureFlag = true;
    json.futureTopLevel = 1;
    expect(parseCatalog(json)).toEqual(catalog);
  });

  it('rejects an unknown field type, condition kind, operator and another version', () => {
    const withField = (field: object) => ({ ...catalog, steps: [step([field as never])] });
    expect(safeParseCatalog(withField({ id: 'x', type: 'slider' })).ok).toBe(false);
    expect(safeParseCatalog(withField({ id: 'x', type: 'text', showcond: { kind: 'magic' } })).ok).toBe(false);
    expect(
      safeParseCatalog(
        withField({ id: 'x', type: 'text', showcond: { kind: 'field', field: 'a', op: '~', values: [] } }),
      ).ok,
    ).toBe(false);
    expect(safeParseCatalog({ ...catalog, version: 99 }).ok).toBe(false);
    expect(() => parseCatalog({})).toThrow(/Invalid form catalogue/);
  });

  it('has no plain file field: photos are image fields with their own upload', () => {
    expect(FIELD_TYPES).not.toContain('file');
    const withField = (type: string) => ({ ...catalog, steps: [step([{ id: 'x', type } as never])] });
    expect(safeParseCatalog(withField('file')).ok).toBe(false);
    expect(safeParseCatalog(withField('image')).ok).toBe(true);
  });

  it('parses a notification and texts by condition, and refuses texts without their condition', () => {
    const field = {
      id: 'price',
      type: 'number',
      notification: 'שימו לב',
      textsWhen: [
        { when: { kind: 'field', field: 'deal', values: ['2'] }, label: 'מחיר לחודש', notification: 'לחודש' },
      ],
    };
    const parsed = parseCatalog({ ...catalog, steps: [step([field as never])] });
    expect(parsed.steps[0]?.fields[0]).toEqual(field);
    const noWhen = { id: 'price', type: 'number', textsWhen: [{ label: 'מחיר לחודש' }] };
    expect(safeParseCatalog({ ...catalog, steps: [step([noWhen as never])] }).ok).toBe(false);
  });

  it('parses nested conditions', () => {
    const showcond = {
      kind: 'group',
      combine: 'or',
      conditions: [
        { kind: 'field', field: 'a', values: ['-4'] },
        {
          kind: 'group',
          conditions: [
            { kind: 'trader', is: true },
            { kind: 'mode', is: 'edit' },
            { kind: 'abTest', test: 't' },
          ],
        },
      ],
    };
    const result = safeParseSteps([step([{ id: 'x', type: 'text', showcond } as never])]);
    expect(result.ok && result.value[0]?.fields[0]?.showcond).toEqual(showcond);
  });
});
