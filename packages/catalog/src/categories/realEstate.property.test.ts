import type { FieldDef, FieldValue, StepDef } from '@app/form-engine/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALITIES_WITHOUT_STREETS } from '../realEstate/localitiesWithoutStreets.ts';
import { contextArb, expectEnginePromises } from './enginePromises.ts';
import { REAL_ESTATE_CATALOGS } from './realEstate.ts';
import { TEST_ADDRESS_LISTS, testAddressOptions } from './realEstateTestLists.ts';

const listValues = [
  ...(TEST_ADDRESS_LISTS.cities?.({}).map((o) => o.value) ?? []),
  ...['5000', '3000'].flatMap((city) => [
    ...(TEST_ADDRESS_LISTS.streets?.({ city }) ?? []).map((o) => o.value),
    ...(TEST_ADDRESS_LISTS.neighborhoods?.({ city }) ?? []).map((o) => o.value),
  ]),
  String(LOCALITIES_WITHOUT_STREETS[3]),
];

/** Values a field might get: its options, list values, specials, junk, numbers, dates, lists. */
function valueArb(field: FieldDef): fc.Arbitrary<FieldValue> {
  const own = (field.options ?? []).map((o) => o.value);
  const plain = fc.oneof(
    fc.constantFrom(
      ...own,
      ...listValues,
      '-1',
      '-2',
      '-4',
      '',
      '0',
      '1',
      '12א',
      'basement',
      '__proto__',
      'constructor',
    ),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 20_000_000 }).map((n) => n.toLocaleString('en-US')),
    fc
      .date({ min: new Date(1890, 0, 1), max: new Date(2110, 0, 1), noInvalidDate: true })
      .map(
        (d) =>
          `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`,
      ),
    fc.string({ minLength: 190, maxLength: 700 }),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: plain },
    { weight: 1, arbitrary: fc.array(plain, { maxLength: 3 }) },
  );
}

const forms = REAL_ESTATE_CATALOGS.flatMap((catalog) => [
  [`${catalog.id} publish`, catalog.steps, catalog.subcats[0] ?? 1] as const,
  [`${catalog.id} edit`, catalog.editSteps, catalog.subcats[0] ?? 1] as const,
]);

describe.each(forms)('%s', (_name, steps: StepDef[], subcat: number) => {
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
          testAddressOptions,
          ['1', '2', '404', '5000'],
          [],
        ),
        (values, context) => {
          const payloadContext = { mode: context.mode, cat: 2, subcat };
          const payload = expectEnginePromises(steps, values, context, payloadContext);
          if (payload.entrance !== undefined) expect(['', '-1']).not.toContain(payload.entrance);
          if (context.mode === 'edit') expect(payload.parking).not.toBe('0');
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
