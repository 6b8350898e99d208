import { CATALOGS } from '@app/catalog/categories/registry';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q } from './support/vehicle-ad.ts';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  agent = new Agent(t.app);
  await register(agent);
});
afterAll(async () => {
  await t.close();
});

const vehicleCatalogs = CATALOGS.filter((c) => c.cat === 1);
const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -5, max: 200_000 }).map(String),
  fc.constantFrom('-1', '', '0', '1', '2', '__proto__', 'constructor', 'valueOf', '1,000', '01/01/2030'),
);

describe('random values to every vehicle step never make the server fail', () => {
  for (const catalog of vehicleCatalogs) {
    const fieldIds = [...new Set(catalog.steps.flatMap((s) => s.fields.map((f) => f.id)))];
    const subcat = String(catalog.subcats[0] ?? 1);
    it(`${catalog.id}: check-step answers 200 or 500 with errFields, save-ad never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fieldIds, 'extra', 'cat'), anyValue, { maxKeys: fieldIds.length }),
          fc.constantFrom(...catalog.steps.map((s) => s.area)),
          async (values, area) => {
            const query = { ...values, cat: '1', subcat, check_area: area };
            const check = await agent.get(`/api/publish/check-step?${q(query)}`);
            if (check.statusCode === 500) expect(check.json().errFields).toBeTruthy();
            else expect([200, 400]).toContain(check.statusCode);
            const save = await agent.post('/api/publish/save-ad', { ...values, cat: '1', subcat });
            expect(save.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
