import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  agent = new Agent(t.app);
  await registerWithPhone(t, agent);
});
afterAll(async () => {
  await t.close();
});

const general = CATEGORY_ADS.find((a) => a.catalogId === 'second-hand');
if (!general) throw new Error('no second-hand ad');

describe('A/B tests on the server follow the browser (ab=<testId>)', () => {
  it('the free-search step is resolved, and its value stored, only when the test is active', async () => {
    const chosen = (await agent.get('/api/publish/options/product-search?keyword=ספה')).json().data[0];
    expect(chosen).toBeTruthy();
    const body = { ...general.selectors, ...general.values, ...contactOf(agent), productSearch: chosen.value };
    const without = (await agent.post('/api/publish/save-ad', body)).json();
    const withAb = (await agent.post('/api/publish/save-ad', { ...body, ab: 'secondHandFreeSearch' })).json();
    const stored = async (id: number) =>
      (
        await t.db.query<{ field_values: Record<string, unknown> }>('SELECT field_values FROM ads WHERE id = $1', [id])
      )[0]?.field_values;
    expect([without.errFields, withAb.errFields]).toEqual([undefined, undefined]);
    expect(await stored(without.orderID)).toBeDefined();
    expect(await stored(without.orderID)).not.toHaveProperty('productSearch');
    expect(await stored(withAb.orderID)).toMatchObject({ productSearch: chosen.value });
  });
});
