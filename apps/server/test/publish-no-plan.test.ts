/**
 * A category without the plan step (household workers, customer info: publish-wizard.md §1) publishes on save:
 * 'פרסום המודעה' is its last step, so the saved ad goes live free (NO_PLAN_TRACK), once; a category with the plan
 * step still waits for its track.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let contact: ContactValues;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  ({ contact } = await registerWithPhone(t, owner));
});
afterAll(async () => {
  await t.close();
});

const stateOf = async (orderId: number, selectors: Record<string, string>) => {
  const res = await owner.get(`/api/publish/get-finish-page?${q({ ...selectors, OrderID: String(orderId) })}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { state: string }).state;
};

describe('saving an ad of a category without the plan step', () => {
  const households = CATEGORY_ADS.filter((ad) => ad.selectors.cat === '14');

  it.each(households)('$family: live at once, and a repeat of the save changes nothing', async (ad) => {
    const body = { ...ad.selectors, ...ad.values, ...contact, idempotencyKey: `no-plan-${ad.catalogId}` };
    const saved = (await owner.post('/api/publish/save-ad', body)).json() as { orderID: number; errFields?: unknown };
    expect(saved.errFields).toBeUndefined();
    expect(await stateOf(saved.orderID, ad.selectors)).toBe('active');
    const again = (await owner.post('/api/publish/save-ad', body)).json() as { orderID: number };
    expect(again.orderID).toBe(saved.orderID);
    expect(await stateOf(saved.orderID, ad.selectors)).toBe('active');
  });

  it('a car (with the plan step) stays a draft until its track is chosen', async () => {
    const { cat = '', subcat = '' } = validCarAd();
    const saved = (await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact })).json() as {
      orderID: number;
    };
    expect(await stateOf(saved.orderID, { cat, subcat })).toBe('draft');
  });
});
