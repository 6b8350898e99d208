import type { FieldDef, FieldValue, StepDef } from '@app/form-engine/model';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { BUSINESS_FOR_SALE_CATALOG } from './businessForSale.ts';
import { CUSTOMER_INFO_CATALOG } from './customerInfo.ts';
import { contextArb, expectEnginePromises } from './enginePromises.ts';
import { FASHION_CATALOGS } from './fashion.ts';
import { HOUSEHOLD_WORKER_CATALOGS } from './householdWorkers.ts';
import { PET_CATALOGS } from './pets.ts';
import { SECOND_HAND_CATALOGS } from './secondHand.ts';
import { FREE_SEARCH_AB_TEST } from './secondHandSteps.ts';
import { secondHandOptions } from './secondHandTestLists.ts';
import { STUDIES_CATALOG } from './studies.ts';
import { TOURISM_CATALOG } from './tourism.ts';

const CATALOGS = [
  ...SECOND_HAND_CATALOGS,
  BUSINESS_FOR_SALE_CATALOG,
  ...FASHION_CATALOGS,
  ...PET_CATALOGS,
  STUDIES_CATALOG,
  TOURISM_CATALOG,
  ...HOUSEHOLD_WORKER_CATALOGS,
  CUSTOMER_INFO_CATALOG,
];

/** Values a field might get: its options, tree ids, specials, junk, numbers, dates, long text, lists. */
function valueArb(field: FieldDef): fc.Arbitrary<FieldValue> {
  const own = (field.options ?? []).map((o) => o.value);
  const plain = fc.oneof(
    fc.constantFrom(...own, '1', '11', '18', '101', '10101', '298', '29', '1030', '-1', '-2', '-4', '', '0'),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'ספה', 'https://x.co.il'),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 2_000_000 }).map((n) => n.toLocaleString('en-US')),
    fc
      .date({ min: new Date(1890, 0, 1), max: new Date(2110, 0, 1), noInvalidDate: true })
      .map(
        (d) =>
          `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`,
      ),
    fc.string({ minLength: 190, maxLength: 2100 }),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: plain },
    { weight: 2, arbitrary: fc.array(plain, { maxLength: 4 }) },
  );
}

const forms = CATALOGS.flatMap((catalog) => [
  [`${catalog.id} publish`, catalog, catalog.steps] as const,
  [`${catalog.id} edit`, catalog, catalog.editSteps] as const,
]).filter(([, , steps]) => steps.some((s) => s.fields.length > 0));

describe.each(forms)('%s', (_name, catalog, steps: readonly StepDef[]) => {
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
          secondHandOptions,
          ['1', '101', '10101'],
          [FREE_SEARCH_AB_TEST],
        ),
        (values, context) => {
          expectEnginePromises(steps, values, context, {
            mode: context.mode,
            cat: catalog.cat,
            subcat: catalog.subcats[0] ?? 0,
          });
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
