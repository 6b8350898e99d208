/**
 * Random values to every step of the second-hand, business-for-sale, fashion, pets, studies, tourism,
 * household-worker and customer-info catalogues, and random text to the free search and the product lists:
 * the server never answers 5xx other than the step check's 500 with errFields.
 */
import { BUSINESS_FOR_SALE_CATALOG } from '@app/catalog/categories/businessForSale';
import { CUSTOMER_INFO_CATALOG } from '@app/catalog/categories/customerInfo';
import { FASHION_CATALOGS } from '@app/catalog/categories/fashion';
import { HOUSEHOLD_WORKER_CATALOGS } from '@app/catalog/categories/householdWorkers';
import { PET_CATALOGS } from '@app/catalog/categories/pets';
import { SECOND_HAND_CATALOGS } from '@app/catalog/categories/secondHand';
import { STUDIES_CATALOG } from '@app/catalog/categories/studies';
import { TOURISM_CATALOG } from '@app/catalog/categories/tourism';
import type { CategoryCatalog } from '@app/form-engine/model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q } from './support/vehicle-ad.ts';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  agent = new Agent(t.app);
  const { res } = await register(agent);
  // A second-hand business trader, so business for sale is checked rather than refused.
  await t.db.query(`UPDATE customers SET trade = '{"3":{"2":1}}'::jsonb WHERE id = $1`, [res.json().CustID]);
});
afterAll(async () => {
  await t.close();
});

const CATALOGS: readonly CategoryCatalog[] = [
  ...SECOND_HAND_CATALOGS,
  BUSINESS_FOR_SALE_CATALOG,
  ...FASHION_CATALOGS,
  ...PET_CATALOGS,
  STUDIES_CATALOG,
  TOURISM_CATALOG,
  ...HOUSEHOLD_WORKER_CATALOGS,
  CUSTOMER_INFO_CATALOG,
];

/** The selectors that choose the catalogue (its first listed values). */
function selectorsOf(catalog: CategoryCatalog): Record<string, string> {
  const out: Record<string, string> = { cat: String(catalog.cat) };
  if (catalog.subcats[0] !== undefined) out.subcat = String(catalog.subcats[0]);
  if (catalog.SalesCatIDs?.[0] !== undefined) out.SalesCatID = String(catalog.SalesCatIDs[0]);
  if (catalog.SalesSubCatIDs?.[0] !== undefined) out.SalesSubCatID = String(catalog.SalesSubCatIDs[0]);
  if (catalog.petTypes?.[0] !== undefined) out.petType = String(catalog.petTypes[0]);
  return out;
}

const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -5, max: 200_000 }).map(String),
  fc.constantFrom('-1', '', '0', '1', '11', '18', '101', '10101', '298', '__proto__', 'constructor', '1,000'),
  fc.constantFrom('01/01/2030', '31/02/2027', 'ספה', 'https://x.co.il'),
);
const anyList = fc.array(anyValue, { maxLength: 3 });

describe('random values to every step never make the server fail', () => {
  for (const catalog of CATALOGS) {
    const fieldIds = [...new Set(catalog.steps.flatMap((s) => s.fields.map((f) => f.id)))];
    const selectors = selectorsOf(catalog);
    it(`${catalog.id}: check-step answers 200 or 500 with errFields, save-ad never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fieldIds, 'extra', 'cat'), fc.oneof(anyValue, anyList), {
            maxKeys: fieldIds.length,
          }),
          fc.constantFrom(...catalog.steps.map((s) => s.area)),
          async (values, area) => {
            const flat = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v].flat().join(',')]));
            const check = await agent.get(`/api/publish/check-step?${q({ ...flat, ...selectors, check_area: area })}`);
            if (check.statusCode === 500) expect(check.json().errFields).toBeTruthy();
            else expect([200, 400]).toContain(check.statusCode);
            const save = await agent.post('/api/publish/save-ad', { ...values, ...selectors });
            expect(save.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});

describe('random text to the free search and the product lists', () => {
  it('never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('ספה', 'עגלה', 'ps5', '%', '__proto__')),
        fc.constantFrom('product-search', 'baby-product-search', 'product-subcategories', 'product-subcategories3'),
        async (text, list) => {
          const search = await agent.get(`/gateway/nixale-proxy/freeSearch?${q({ category: 'products', q: text })}`);
          expect(search.statusCode).toBe(200);
          const params = q({ keyword: text, salesCatID: text, salesSubCatID: text });
          expect((await agent.get(`/api/publish/options/${list}?${params}`)).statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
