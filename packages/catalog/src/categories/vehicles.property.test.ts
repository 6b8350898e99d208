import type { FieldDef, FieldValue, StepDef } from '@app/form-engine/model';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { contextArb, expectEnginePromises } from './enginePromises.ts';
import { VEHICLE_CATALOGS } from './vehicles.ts';
import { TEST_LISTS, testOptions } from './vehiclesTestLists.ts';

const listValues = Object.values(TEST_LISTS).flatMap((list) =>
  list({ subcat: '1', manufacturer: '12', model: '100', year: '2019' }).map((o) => o.value),
);

/** Values a field might get: its options, list values, specials, junk, numbers, dates, lists. */
function valueArb(field: FieldDef): fc.Arbitrary<FieldValue> {
  const own = (field.options ?? []).map((o) => o.value);
  const plain = fc.oneof(
    fc.constantFrom(...own, ...listValues, '-1', '-2', '-4', '', '0', '1', '14', '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 2_000_000 }).map((n) => n.toLocaleString('en-US')),
    fc
      .date({ min: new Date(1890, 0, 1), max: new Date(2110, 0, 1), noInvalidDate: true })
      .map(
        (d) =>
          `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`,
      ),
    fc.string({ minLength: 190, maxLength: 1100 }),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: plain },
    { weight: 1, arbitrary: fc.array(plain, { maxLength: 3 }) },
  );
}

const forms = VEHICLE_CATALOGS.flatMap((catalog) => [
  [`${catalog.id} publish`, catalog.steps] as const,
  [`${catalog.id} edit`, catalog.editSteps] as const,
]);

describe.each(forms)('%s', (_name, steps: StepDef[]) => {
  const fields = steps.flatMap((s) => s.fields);
  const valuesArb = fc
    .tuple(...fields.map(valueArb))
    .map((vs) => Object.fromEntries(fields.flatMap((f, i) => (vs[i] === undefined ? [] : [[f.id, vs[i]]]))));

  it('resolve, validate, payload and brief never throw and keep their promises', () => {
    fc.assert(
      fc.property(
        valuesArb,
        contextArb(
          fields.map((f) => f.id),
          testOptions,
          ['1', '2', '14', '30'],
          ['search'],
        ),
        (values, context) => {
          expectEnginePromises(steps, values, context, {
            mode: context.mode,
            cat: 1,
            subcat: Number(values.subcat ?? 1),
          });
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
