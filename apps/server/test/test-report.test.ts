/**
 * The test-report checkbox (after-save-area.md §4 "Virtual number checkbox"; what it does is our
 * reading, docs/ARCHITECTURE.md): a save that turns it on beside the virtual number has the provider call the
 * ad's primary phone through its virtual number, once per change, within the customer's voice-call limits, and
 * never fails the save.
 */
import type { OutboxPhoneMessage } from '@app/contract/phones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { customer, freshPhone, lastCode, phoneOutbox, sendCode, sendSms, setSmsFailure } from './support/phones.ts';
import { type Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const shown = (n: string) => `${n.slice(0, 3)}-${n.slice(3)}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_TICK_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

async function verifiedCustomer(): Promise<{ agent: Agent; phone: string }> {
  const agent = await customer(t);
  const phone = freshPhone();
  expect((await sendSms(agent, phone)).statusCode).toBe(200);
  expect((await sendCode(agent, phone, await lastCode(t, phone))).json()).toMatchObject({ confirmed: 1 });
  return { agent, phone };
}

interface Choice {
  virtual?: '0' | '1';
  testReport?: '0' | '1';
}
const contact = (phone: string, { virtual = '1', testReport = '1' }: Choice = {}) => ({
  contactName: 'נועה ישראלי',
  validPhone1: shown(phone),
  showEmail: '0',
  virtual_num: virtual,
  virtual_num_canceled: virtual === '1' ? '0' : '1',
  testReport,
  weekendCalls: '1',
});

async function publish(a: Agent, phone: string, choice: Choice = {}): Promise<number> {
  const res = await a.post('/api/publish/save-ad', { ...validCarAd(), ...contact(phone, choice) });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ orderID: expect.any(Number) });
  return res.json().orderID;
}

const edit = (a: Agent, orderId: number, phone: string, choice: Choice = {}) =>
  a.post(`/api/publish/save-ad/${orderId}`, { ...validCarAd(), ...contact(phone, choice) });

async function expectSaved(a: Agent, orderId: number, phone: string, choice: Choice = {}) {
  const res = await edit(a, orderId, phone, choice);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ orderID: orderId });
}

const testCalls = async (phone: string): Promise<OutboxPhoneMessage[]> =>
  (await phoneOutbox(t, phone)).filter((m) => m.kind === 'call');

async function storedTestReport(orderId: number): Promise<string | null> {
  const [row] = await t.db.query<{ v: string | null }>(
    "SELECT field_values->>'testReport' AS v FROM ads WHERE id = $1",
    [orderId],
  );
  return row?.v ?? null;
}

describe('the test call of the test-report checkbox', () => {
  it('one call to the real number through its virtual number; saving again unchanged calls nobody', async () => {
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone);

    const calls = await testCalls(phone);
    expect(calls).toHaveLength(1);
    const virtual = (await agent.get(`/api/publish/add-virtual?phone=${phone}`)).json().virtualPhone;
    expect(virtual).toMatch(/^07\d-\d{7}$/);
    expect(calls[0]).toMatchObject({ kind: 'call', to: phone, status: 'ringing', text: he.testCallText(virtual) });
    expect(calls[0]?.text).toBe(`שלום, זו שיחת בדיקה מהמספר הווירטואלי ${virtual} שלך: שיחות למודעה יגיעו אליך כך.`);
    // It came through the ad's virtual number: the sandbox forwards that number to this one.
    const [pool] = await t.db.query<{ forward_to: string }>(
      'SELECT forward_to FROM sandbox_virtual_numbers WHERE virtual_phone = $1',
      [virtual.replace('-', '')],
    );
    expect(pool?.forward_to).toBe(phone);
    expect(await storedTestReport(orderId)).toBe('1');

    await expectSaved(agent, orderId, phone);
    await expectSaved(agent, orderId, phone);
    expect(await testCalls(phone)).toHaveLength(1);
    expect(await storedTestReport(orderId)).toBe('1');
  });

  it('an edit that ticks it calls once, also on a published ad whose edit waits for the finish', async () => {
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone, { testReport: '0' });
    expect(await testCalls(phone)).toHaveLength(0);
    await t.db.query("UPDATE ads SET status = 'active' WHERE id = $1", [orderId]);
    await expectSaved(agent, orderId, phone);
    expect(await testCalls(phone)).toHaveLength(1);
    // The pending edit already has it: a second save before the finish does not call again.
    await expectSaved(agent, orderId, phone);
    expect(await testCalls(phone)).toHaveLength(1);
  });

  it('no call with the checkbox off, with the virtual number off, or for a save that stored nothing', async () => {
    const { agent, phone } = await verifiedCustomer();
    const off = await publish(agent, phone, { testReport: '0' });
    expect(await storedTestReport(off)).toBe('0');
    const cancelled = await publish(agent, phone, { virtual: '0', testReport: '1' });
    // Hidden beside an unticked virtual number, so not saved at all.
    expect(await storedTestReport(cancelled)).toBeNull();
    // A save refused for its fields (no name) stores nothing and calls nobody.
    const refused = await agent.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contact(phone),
      contactName: '',
    });
    expect(refused.json()).toMatchObject({ errFields: { contactName: expect.any(String) } });
    expect(await testCalls(phone)).toHaveLength(0);
  });

  it("another customer cannot have this customer's number called", async () => {
    const owner = await verifiedCustomer();
    const orderId = await publish(owner.agent, owner.phone, { testReport: '0' });
    const other = await verifiedCustomer();
    // Editing someone else's ad, or publishing over it, is a 404 and calls nobody.
    const res = await edit(other.agent, orderId, owner.phone);
    expect(res.statusCode).toBe(404);
    const over = await other.agent.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...contact(other.phone),
      OrderID: orderId,
    });
    expect(over.statusCode).toBe(404);
    // Their own ad with the owner's number is refused: the number is not verified for them.
    const stolen = await other.agent.post('/api/publish/save-ad', { ...validCarAd(), ...contact(owner.phone) });
    expect(stolen.json()).toMatchObject({ errFields: { validPhone1: expect.any(String) } });
    expect(await testCalls(owner.phone)).toHaveLength(0);
    expect(await testCalls(other.phone)).toHaveLength(0);
    expect(await storedTestReport(orderId)).toBe('0');
  });

  it('counts against the voice-call limits: ticking it on and off again cannot pump calls', async () => {
    const { agent, phone } = await verifiedCustomer();
    const orderId = await publish(agent, phone);
    for (let i = 0; i < 4; i++) {
      await expectSaved(agent, orderId, phone, { testReport: '0' });
      await expectSaved(agent, orderId, phone, { testReport: '1' });
    }
    // Three calls an hour to a number (limits.ts ivrLimits); the saves all went through and keep the choice.
    expect(await testCalls(phone)).toHaveLength(3);
    expect(await storedTestReport(orderId)).toBe('1');
  });

  it('a provider failure does not fail the save, and the ad keeps the choice', async () => {
    const { agent, phone } = await verifiedCustomer();
    // The virtual number exists already; the provider then refuses calls.
    expect((await agent.get(`/api/publish/add-virtual?phone=${phone}`)).statusCode).toBe(200);
    await setSmsFailure(t, 'fail');
    try {
      const orderId = await publish(agent, phone);
      expect(await storedTestReport(orderId)).toBe('1');
      expect(await testCalls(phone)).toHaveLength(0);
    } finally {
      await setSmsFailure(t, 'none');
    }
  });
});
