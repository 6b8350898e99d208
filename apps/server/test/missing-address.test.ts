import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingMissingAddresses } from '../src/assistants/missing-address-repository.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/publish/missing-address';

describe('POST /api/publish/missing-address', () => {
  it('the settlement is required: "ישוב שדה חובה", and nothing is stored', async () => {
    const agent = new Agent(t.app, '10.1.0.1');
    for (const body of [{}, { settlement: '   ', street: 'הרחוב החדש', houseNumber: '3' }, { settlement: ['x'] }]) {
      const res = await agent.post(URL, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { settlement: 'ישוב שדה חובה' } });
    }
    expect(await pendingMissingAddresses(t.db)).toEqual([]);
  });

  it('too long values are refused', async () => {
    const res = await new Agent(t.app, '10.1.0.2').post(URL, { settlement: 'תל אביב', street: 'א'.repeat(81) });
    expect(res.json()).toMatchObject({ success: false, errors: { street: 'יותר מדי תווים' } });
  });

  it('stores a report for review, with the locality recognised and the reporter when logged in', async () => {
    const agent = new Agent(t.app, '10.1.0.3');
    await register(agent);
    const res = await agent.post(URL, { settlement: 'תל אביב - יפו', street: 'סמטת הפלא', houseNumber: '7א' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    // Street and house number are optional; a locality code is recognised too; a guest may report.
    expect((await new Agent(t.app, '10.1.0.4').post(URL, { settlement: 3000 })).json()).toEqual({ success: true });
    // An unknown settlement is kept as typed.
    await new Agent(t.app, '10.1.0.4').post(URL, { settlement: 'כפר חדש לגמרי', street: 'הראשון' });
    // A NUL is refused at the edge (400) like on every call, and nothing is stored.
    const nul = await new Agent(t.app, '10.1.0.4').post(URL, { settlement: 'כפר\u0000אחר', street: 'הראשון' });
    expect(nul.statusCode).toBe(400);

    const pending = await pendingMissingAddresses(t.db);
    expect(
      pending.map(({ settlement, settlementCode, street, houseNumber }) => ({
        settlement,
        settlementCode,
        street,
        houseNumber,
      })),
    ).toEqual([
      { settlement: 'תל אביב-יפו', settlementCode: 5000, street: 'סמטת הפלא', houseNumber: '7א' },
      { settlement: 'ירושלים', settlementCode: 3000, street: '', houseNumber: '' },
      { settlement: 'כפר חדש לגמרי', settlementCode: null, street: 'הראשון', houseNumber: '' },
    ]);
    expect(pending[0]?.customerId).toBeGreaterThan(0);
    expect(pending[1]?.customerId).toBeNull();
    expect(pending.every((p) => p.status === 'new')).toBe(true);
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { settlement: 'חיפה' } });
    expect(res.statusCode).toBe(403);
  });

  it('one address that reports too often is stopped with success false', async () => {
    const agent = new Agent(t.app, '10.1.0.9');
    for (let i = 0; i < 20; i++)
      expect((await agent.post(URL, { settlement: 'חיפה', street: `רחוב ${i}` })).statusCode).toBe(200);
    const res = await agent.post(URL, { settlement: 'חיפה', street: 'עוד אחד' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, message: 'שליחת הבקשה נכשלה, נסו שוב מאוחר יותר' });
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await agent.post(URL, { settlement: 'חיפה', street: 'אחרי שעה' })).json()).toEqual({ success: true });
  });
});
