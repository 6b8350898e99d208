/**
 * Second-hand's dependent lists (sub-category, third level) resolved as the browser does — fetched over
 * HTTP from the options endpoint — give exactly the errors the server's check-step gives.
 */
import { catalogFor } from '@app/catalog/categories/registry';
import { checkStepPayload } from '@app/form-engine/payload';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserResolve } from './support/browser-resolve.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

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

const catalog = catalogFor({ cat: 3, subcat: 0 });
if (!catalog) throw new Error('no second-hand catalogue');
const steps = catalog.steps;
const PRODUCT = steps.findIndex((s) => s.area === 'personal_publish_product_properties');
const sofa = CATEGORY_ADS.find((ad) => ad.catalogId === 'second-hand')?.values ?? {};

/** The query of a payload as the browser sends it: lists as repeated keys. */
function query(payload: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) for (const item of [value].flat()) params.append(key, item);
  return params.toString();
}

const mutation = fc.oneof(
  fc.constant<'keep'>('keep'),
  fc.constant<'keep'>('keep'),
  fc.constant<'drop'>('drop'),
  fc.constantFrom('-1', '', '0', '1', '2', '11', '101', '201', '10101', '10201', '298', 'abc', '12,500'),
);

describe('second-hand: the same engine in the browser and on the server', () => {
  it('the product step the browser accepts is accepted by check-step, one it refuses is refused', async () => {
    const fieldIds = steps[PRODUCT]?.fields.map((f) => f.id) ?? [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(mutation, { minLength: fieldIds.length, maxLength: fieldIds.length }),
        async (mutations) => {
          const base: Record<string, string | string[]> = { subcat: '0', ...sofa };
          fieldIds.forEach((id, i) => {
            const m = mutations[i];
            if (m === 'drop') delete base[id];
            else if (m !== undefined && m !== 'keep') base[id] = m;
          });
          const resolution = await browserResolve(agent, steps, base, t.clock.now());
          const browserErrors = resolution.errors.filter((e) => (resolution.fields[e.field]?.step ?? 99) <= PRODUCT);
          const payload = checkStepPayload(resolution, PRODUCT, { mode: 'publish', cat: 3, subcat: 0 });
          const res = await agent.get(`/api/publish/check-step?${query({ ...payload, cat: '3', subcat: '0' })}`);
          const serverErrors: Record<string, string> = res.statusCode === 500 ? res.json().errFields : {};
          expect(Object.keys(serverErrors).sort()).toEqual([...new Set(browserErrors.map((e) => e.field))].sort());
          expect(res.statusCode).toBe(browserErrors.length ? 500 : 200);
        },
      ),
      { numRuns: 80 },
    );
  });
});
