import { catalogFor } from '@app/catalog/categories/registry';
import { PLATES } from '@app/catalog/vehicles/plates';
import type { Values } from '@app/form-engine/model';
import { checkStepPayload } from '@app/form-engine/payload';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserResolve } from './support/browser-resolve.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

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

const catalog = catalogFor({ cat: 1, subcat: 1 });
if (!catalog) throw new Error('no vehicle catalogue');
const steps = catalog.steps;

const plateAd = (i: number) => {
  const p = PLATES[i % PLATES.length];
  if (!p) throw new Error('no plate');
  return {
    ...validCarAd(),
    manufacturer: String(p.manufacturerId),
    model: String(p.modelId),
    year: String(p.shnat_yitzur),
    subModel: String(p.subModelId),
    subcat: String(p.subcat === 1 ? 1 : 1),
  };
};

const mutation = fc.oneof(
  fc.constant<'keep'>('keep'),
  fc.constant<'drop'>('drop'),
  fc.constantFrom('-1', '', '0', '1', '101', '2019', 'abc', '12,500', '31/02/2030', '01/01/2020'),
);

describe('the same engine in the browser and on the server', () => {
  it('a step the browser accepts is accepted by check-step, and a step it refuses is refused', async () => {
    const fieldIds = steps.flatMap((s) => s.fields.map((f) => f.id)).filter((id) => id !== 'subcat');
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: PLATES.length - 1 }),
        fc.array(mutation, { minLength: fieldIds.length, maxLength: fieldIds.length }),
        fc.integer({ min: 1, max: 3 }),
        async (plate, mutations, stepIndex) => {
          const base: Record<string, string> = plateAd(plate);
          fieldIds.forEach((id, i) => {
            const m = mutations[i];
            if (m === 'drop') delete base[id];
            else if (m !== undefined && m !== 'keep') base[id] = m;
          });
          const values: Values = base;
          const resolution = await browserResolve(agent, steps, values, t.clock.now());
          const browserErrors = resolution.errors.filter((e) => (resolution.fields[e.field]?.step ?? 99) <= stepIndex);
          const payload = checkStepPayload(resolution, stepIndex, { mode: 'publish', cat: 1, subcat: 1 });
          const res = await agent.get(
            `/api/publish/check-step?${q({ ...payload, cat: '1', subcat: '1' } as Record<string, string>)}`,
          );
          const serverErrors: Record<string, string> = res.statusCode === 500 ? res.json().errFields : {};
          expect(Object.keys(serverErrors).sort()).toEqual([...new Set(browserErrors.map((e) => e.field))].sort());
          expect(res.statusCode).toBe(browserErrors.length ? 500 : 200);
        },
      ),
      { numRuns: 150 },
    );
  });
});
