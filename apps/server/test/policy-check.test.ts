/**
 * POST /api/publish/policy-check: banned words (what save-ad would block) and a near-repeat of the
 * customer's own live ad; never another account's ads; a guest 422; bad input 400; CSRF like every POST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let contact: ContactValues;
let stranger: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.72.0.1');
  ({ contact } = await registerWithPhone(t, owner));
  stranger = new Agent(t.app, '10.72.0.2');
  await registerWithPhone(t, stranger);
});
afterAll(async () => {
  await t.close();
});

const TEXT = 'טויוטה קורולה היברידית שמורה מאוד, טיפולים במוסך מורשה, צמיגים חדשים ומזגן מקורי';

async function liveCar(agent: Agent, contactValues: ContactValues, description: string): Promise<number> {
  const saved = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contactValues, description });
  expect(saved.statusCode).toBe(200);
  const id = saved.json().orderID;
  const fin = await agent.post('/api/publish/finish-publish', { CatID: 1, SubCatID: 1, OrderID: id, RecordID: id });
  expect(fin.statusCode).toBe(200);
  return id;
}
const check = (agent: Agent, texts: Record<string, string>, extra: Record<string, unknown> = {}) =>
  agent.post('/api/publish/policy-check', { CatID: 1, SubCatID: 1, texts, ...extra });

describe('POST /api/publish/policy-check', () => {
  it("a near-repeat of the customer's own live ad is named; a draft, another text or the ad itself is not", async () => {
    expect((await check(owner, { description: TEXT })).json()).toEqual({
      status: 200,
      blockedWords: [],
      duplicateOf: null,
    });
    const live = await liveCar(owner, contact, TEXT);
    // Reordered, a word changed: still a repeat.
    const again = 'טויוטה קורולה היברידית שמורה מאוד! צמיגים חדשים, טיפולים במוסך מורשה ומזגן מקורי';
    expect((await check(owner, { description: again })).json().duplicateOf).toBe(live);
    // Editing that ad itself: not a repeat of itself.
    expect((await check(owner, { description: again }, { OrderID: live })).json().duplicateOf).toBeNull();
    // Another text, another category: none.
    expect(
      (await check(owner, { description: 'אופניים חשמליים במצב מצוין עם סוללה חדשה' })).json().duplicateOf,
    ).toBeNull();
    expect((await check(owner, { description: again }, { CatID: 3 })).json().duplicateOf).toBeNull();
    // Another account typing the same text: the owner's ad is not theirs to compare.
    expect((await check(stranger, { description: again })).json().duplicateOf).toBeNull();
  });

  it('names the banned words that save-ad blocks', async () => {
    const res = await check(owner, { title: 'מוכר', description: 'מוכר גם אקדח ישן' });
    expect(res.json().blockedWords).toEqual(['אקדח']);
  });

  it('a guest: 422; bad input: 400 in Hebrew; without the CSRF header: 403', async () => {
    expect((await check(new Agent(t.app, '10.72.0.9'), { description: TEXT })).statusCode).toBe(422);
    const bad = await owner.post('/api/publish/policy-check', { CatID: 1, texts: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[א-ת]/);
    expect((await owner.post('/api/publish/policy-check', { CatID: 'x', texts: {} })).statusCode).toBe(400);
    // A category far beyond an integer column is a clear 400, not a database error.
    const huge = await owner.post('/api/publish/policy-check', { CatID: '999999999999999', texts: { title: 'x' } });
    expect(huge.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/publish/policy-check',
      payload: { CatID: 1, texts: { description: TEXT } },
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(forged.statusCode).toBe(403);
  });
});
