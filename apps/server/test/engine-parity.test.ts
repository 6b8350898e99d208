import { catalogFor } from '@app/catalog/categories/registry';
import { PLATES } from '@app/catalog/vehicles/plates';
import { optionsRequest, optionsRequestUrl } from '@app/form-engine/dataUrl';
import type { Option, Values } from '@app/form-engine/model';
import { checkStepPayload } from '@app/form-engine/payload';
import type { Resolution } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { israelToday } from '../src/services/ad-validation.ts';
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

/**
 * Resolves as the browser does: lists it has not fetched yet are "loading"; it fetches them from the
 * options endpoint (over HTTP, like the browser) and resolves again until nothing is missing.
 */
async function browserResolve(values: Values): Promise<Resolution> {
  const cache = new Map<string, Option[]>();
  const context = {
    mode: 'publish' as const,
    isTrader: false,
    abTests: new Set<string>(),
    today: israelToday(t.clock.now()),
    options: (field: Parameters<typeof optionsRequest>[0], vals: Values) => {
      const request = optionsRequest(field, (id) => vals[id]);
      return request ? cache.get(optionsRequestUrl(request)) : undefined;
    },
  };
  for (let round = 0; round < 10; round++) {
    const resolution = resolve(steps, values, context);
    const missing = Object.values(resolution.fields).filter((f) => f.loading);
    if (missing.length === 0) return resolution;
    for (const field of missing) {
      const request = optionsRequest(field.def, (id) => resolution.values[id]);
      if (!request) continue;
      const url = optionsRequestUrl(request);
      const body = (await agent.get(url)).json() as { data?: { value: string; text: string }[] };
      cache.set(
        url,
        (body.data ?? []).map(({ value, text, ...attrs }) => ({ value, text, attrs: attrs as Record<string, string> })),
      );
    }
  }
  throw new Error('options did not settle');
}

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
          const resolution = await browserResolve(values);
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
