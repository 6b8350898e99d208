import { CATALOGS } from '@app/catalog/categories/registry';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIZENGOFF, JERUSALEM, OLD_NORTH, TEL_AVIV, validSaleAd } from './support/real-estate-ad.ts';
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

const realEstateCatalogs = CATALOGS.filter((c) => c.cat === 2);
const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -5, max: 20_000_000 }).map(String),
  fc.constantFrom(
    ...['-1', '', '0', '1', '2', '3.5', 'basement', '12א', '__proto__', 'constructor', 'valueOf', '1,000'],
    ...['01/01/2030', '31/02/2027', TEL_AVIV, JERUSALEM, DIZENGOFF, OLD_NORTH, '9000', '6500', '10'],
  ),
);

describe('random values to every real-estate step never make the server fail', () => {
  it('there are real-estate catalogues', () => {
    expect(realEstateCatalogs.map((c) => c.id).sort()).toEqual([
      'real-estate-commercial',
      'real-estate-rent',
      'real-estate-sale',
    ]);
  });

  for (const catalog of realEstateCatalogs) {
    const fieldIds = [...new Set(catalog.steps.flatMap((s) => s.fields.map((f) => f.id)))];
    const subcat = String(catalog.subcats[0] ?? 1);
    it(`${catalog.id}: check-step answers 200 or 500 with errFields, save-ad never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.dictionary(fc.constantFrom(...fieldIds, 'extra', 'cat', 'keyword'), anyValue, {
            maxKeys: fieldIds.length,
          }),
          fc.constantFrom(...catalog.steps.map((s) => s.area)),
          async (fromValid, random, area) => {
            // Half the runs start from a valid ad, so later steps and their rules are reached too.
            const values = fromValid ? { ...validSaleAd(), ...random } : random;
            const query = { ...values, cat: '2', subcat, check_area: area };
            const check = await agent.get(`/api/publish/check-step?${q(query)}`);
            if (check.statusCode === 500) expect(check.json().errFields).toBeTruthy();
            else expect([200, 400]).toContain(check.statusCode);
            const save = await agent.post('/api/publish/save-ad', { ...values, cat: '2', subcat });
            expect(save.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it('the address lists answer any query without a server error', async () => {
    const param = fc.oneof(anyValue, fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 2 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('cities', 'streets', 'neighborhoods', 'constructor', '__proto__'),
        fc.record({ city: param, keyword: param, value: param }, { requiredKeys: [] }),
        async (listId, params) => {
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(params)) {
            for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
          }
          const res = await agent.get(`/api/publish/options/${listId}?${search}`);
          expect([200, 404]).toContain(res.statusCode);
          if (res.statusCode === 200) expect(Array.isArray(res.json().data)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
