/**
 * A new ad's save and the database: under load a save's time was mostly its trips to the database, one after the
 * other (docs/QUALITY.md, Load). A save asks three times: the session, what it checks (the customer's phones, the
 * blocked words, the packages) in one statement, and the ad written with the wizard's draft removed in one; the
 * virtual number the first phone already has is not asked for again. What each trip did stays true: a draft of
 * the selection is gone, blocked words hold the ad, an unverified phone is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/db.ts';
import { registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_TICK_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

let ips = 0;
/** A new customer with a verified phone, from an address of its own (the registration limits are per address). */
async function advertiser() {
  ips += 1;
  const agent = new Agent(t.app, `10.29.0.${ips}`);
  const { contact } = await registerWithPhone(t, agent);
  return { agent, contact };
}

/** The statements the app sends while `work` runs (outside a transaction, and transactions as one each). */
async function statementsDuring(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const { query, transaction } = db;
  db.query = ((sql: string, params?: unknown[]) => {
    sent.push(sql.replace(/\s+/g, ' ').trim());
    return query.call(db, sql, params);
  }) as Db['query'];
  db.transaction = ((fn: Parameters<Db['transaction']>[0]) => {
    sent.push('BEGIN … COMMIT');
    return transaction.call(db, fn);
  }) as Db['transaction'];
  try {
    await work();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return sent;
}

describe('save-ad and the database', () => {
  it('a new ad is three statements once its phone has its virtual number', async () => {
    const { agent, contact } = await advertiser();
    // The first save allocates the virtual number of the phone.
    const first = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact });
    expect(first.json()).toMatchObject({ orderID: expect.any(Number) });
    const sent = await statementsDuring(t.db, async () => {
      const second = await agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact });
      expect(second.json()).toMatchObject({ orderID: expect.any(Number) });
      expect(second.json().orderID).not.toBe(first.json().orderID);
    });
    expect(sent, sent.join('\n')).toHaveLength(3);
    expect(sent[0]).toMatch(/FROM sessions/);
    expect(sent[1]).toMatch(/customer_phones[\s\S]*banned_words[\s\S]*customer_packages/);
    expect(sent[2]).toMatch(/^WITH dropped_draft AS \(DELETE FROM wizard_drafts .*\) INSERT INTO ads/);
  });

  it('the same statement still removes the saved draft of the selection', async () => {
    const { agent, contact } = await advertiser();
    const ad = { ...validCarAd(), ...contact };
    const selectors = `cat=${ad.cat}&subcat=${ad.subcat}`;
    const drafted = await agent.post('/api/publish/draft', {
      cat: ad.cat,
      subcat: ad.subcat,
      values: { description: ad.description },
      lastValidStep: 1,
    });
    expect(drafted.json()).toEqual({ status: 200 });
    expect((await agent.get(`/api/publish/draft?${selectors}`)).json()).toMatchObject({ lastValidStep: 1 });
    expect((await agent.post('/api/publish/save-ad', ad)).json()).toMatchObject({ orderID: expect.any(Number) });
    expect((await agent.get(`/api/publish/draft?${selectors}`)).json()).toEqual({
      values: {},
      lastValidStep: 0,
      updatedAt: null,
    });
  });

  it('the one read still finds blocked words and unverified phones', async () => {
    const { agent, contact } = await advertiser();
    const [word] = await t.db.query<{ word: string }>('SELECT word FROM banned_words LIMIT 1');
    expect(word).toBeDefined();
    const held = await agent.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contact,
      description: `רכב שמור ${word?.word} במצב מצוין`,
    });
    expect(held.json()).toMatchObject({ hasWordBlockedOrderID: expect.any(Number) });
    const refused = await agent.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contact,
      validPhone1: '052-9876543',
    });
    expect(refused.json().errFields).toMatchObject({ validPhone1: expect.any(String) });
  });
});
