import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import {
  checkCall,
  customer,
  freshIp,
  freshPhone,
  lastCode,
  phoneOutbox,
  sendCall,
  sendCode,
  sendSms,
  wrongCode,
} from './support/phones.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const phonesOf = async (a: Agent) => {
  const res = await a.get('/api/publish/phones');
  expect(res.statusCode).toBe(200);
  return res.json().phones as { value: string; text: string; main: number; deactivatedInPublish: number }[];
};
const attemptsOf = async (phone: string) =>
  (
    await t.db.query<{ attempts: number }>(
      'SELECT attempts FROM phone_verifications WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [phone],
    )
  ).map((r) => Number(r.attempts))[0];

describe('verifying a number by SMS', () => {
  it('sends one SMS, confirms its code, lists the number, and answers at once the next time', async () => {
    const a = await customer(t);
    const n = freshPhone();
    const sent = await sendSms(a, `${n.slice(0, 3)}-${n.slice(3)}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      status: 200,
      virtualPhoneID: null,
      phone: `${n.slice(0, 3)}-${n.slice(3)}`,
      virtualPhone: null,
      confirmed: 0,
    });
    const [sms] = await phoneOutbox(t, n);
    expect(sms).toMatchObject({ kind: 'sms', status: 'delivered' });
    // Only an HMAC of the code is stored.
    const code = await lastCode(t, n);
    const [row] = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM phone_verifications WHERE phone = $1',
      [n],
    );
    expect(row?.code_hash).not.toContain(code);
    expect((await sendCode(a, n, code, { mainPhone: 1 })).json()).toMatchObject({ status: 200, confirmed: 1 });
    expect(await phonesOf(a)).toEqual([
      {
        text: `${n.slice(0, 3)}-${n.slice(3)}`,
        value: n,
        main: 1,
        deactivatedInPublish: 0,
        virtual_phone: null,
        selected: 1,
      },
    ]);
    // Already confirmed: set the field, no new SMS.
    expect((await sendSms(a, n)).json()).toMatchObject({ status: 200, confirmed: 1 });
    expect(await phoneOutbox(t, n)).toHaveLength(1);
  });

  it('refuses a sixth wrong code, an expired code and a reused code', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const first = await lastCode(t, n);
    // Reused: a code replaced by a newer one (forceConfirm after confirming, or a resend) no longer works.
    expect((await sendCode(a, n, first)).json()).toMatchObject({ confirmed: 1 });
    expect((await sendSms(a, n, { forceConfirm: 1, forceSend: 1 })).json()).toMatchObject({ confirmed: 0 });
    const second = await lastCode(t, n);
    const reused = await sendCode(a, n, first);
    expect(reused.statusCode).toBe(500);
    if (first !== second) expect(reused.json().errors[0]).toMatch(/^קוד האימות שגוי/);
    // A sixth guess: refused with type 12, though it is the right code.
    for (let i = 0; i < 4; i++) await sendCode(a, n, wrongCode(second));
    expect((await sendCode(a, n, second)).json()).toMatchObject({ errorType: 12 });
    // Expired: 11 minutes later.
    const m = freshPhone();
    await sendSms(a, m);
    const late = await lastCode(t, m);
    t.clock.advance(11 * 60_000);
    expect((await sendCode(a, m, late)).json()).toMatchObject({ errorType: 18 });
  });

  it('50 parallel wrong codes check at most five guesses of the code', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const code = await lastCode(t, n);
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendCode(a, n, wrongCode(code))));
    const wrong = answers.filter((r) => /^קוד האימות שגוי/.test(r.json().errors?.[0] ?? ''));
    expect(wrong.length).toBeLessThanOrEqual(5);
    expect(await attemptsOf(n)).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.statusCode === 500)).toBe(true);
  });

  it('the right code sent 10 times at once confirms once; the others are told it is used', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const code = await lastCode(t, n);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(a, n, code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 200)) expect([4, 12]).toContain(r.json().errorType);
    const rows = await t.db.query('SELECT confirmed_at FROM phone_verifications WHERE phone = $1', [n]);
    expect(rows).toHaveLength(1);
  });

  it('50 parallel sends for one number send one SMS, or five with forceSend (the per-number limit)', async () => {
    const a = await customer(t);
    const n = freshPhone();
    const plain = await Promise.all(Array.from({ length: 50 }, () => sendSms(a, n)));
    expect(plain.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await phoneOutbox(t, n)).toHaveLength(1);

    const b = await customer(t);
    const m = freshPhone();
    const forced = await Promise.all(Array.from({ length: 50 }, () => sendSms(b, m, { forceSend: 1 })));
    expect(forced.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await phoneOutbox(t, m)).toHaveLength(5);
  });

  it('a landline as primary phone, letters in the number and a 6-digit code get the spec texts and send nothing', async () => {
    const a = await customer(t);
    const landline = await sendSms(a, '02-1234567');
    expect(landline.json()).toEqual({ status: 500, errors: ['טלפון נייח אינו מאופשר'] });
    expect(await phoneOutbox(t, '021234567')).toHaveLength(0);
    const letters = await sendSms(a, '050-12a4567');
    expect(letters.json()).toEqual({ status: 500, errors: ['המספר אינו תקין'] });
    expect(await phoneOutbox(t, '0501204567')).toHaveLength(0);
    expect((await sendCall(a, '02-1234567')).json()).toEqual({ status: 500, errors: ['טלפון נייח אינו מאופשר'] });
    // The second contact may be a landline, confirmed by a voice call: never an SMS (toll fraud, and it cannot arrive).
    expect((await sendSms(a, '02-1234567', { mainPhone: 0 })).json()).toEqual({
      status: 500,
      errors: ['לטלפון נייח אי אפשר לשלוח SMS. אפשר לאמת אותו בשיחה קולית'],
    });
    expect(await phoneOutbox(t, '021234567')).toHaveLength(0);
    expect((await sendCall(a, '02-1234567', { mainPhone: 0 })).statusCode).toBe(200);

    const n = freshPhone();
    await sendSms(a, n);
    const code = await lastCode(t, n);
    for (const bad of [`${code}1`, code.slice(0, 4), 'abcde']) {
      expect((await sendCode(a, n, bad)).json()).toEqual({ status: 500, errors: ['קוד אימות אינו תקין'] });
    }
    expect(await attemptsOf(n)).toBe(0); // not guesses
    expect((await sendCode(a, n, code)).json()).toMatchObject({ confirmed: 1 });
  });
});

describe('verifying a number by voice call', () => {
  it('the call rings until a developer answers with 1; the poll then answers result 1', async () => {
    const a = await customer(t);
    const n = freshPhone();
    expect((await sendCall(a, n)).json()).toMatchObject({ status: 200, confirmed: 0 });
    expect((await checkCall(a, n)).json()).toMatchObject({ status: 200, result: 0 });
    const answer = (id: number, key: string, headers: Record<string, string> = { 'x-sandbox-key': t.sandboxKey }) =>
      new Agent(t.app, '10.99.0.2').get('/api/auth/customer').then((r) => {
        const csrf = r.cookies.find((c) => c.name === 'csrf')?.value ?? '';
        return t.app.inject({
          method: 'POST',
          url: `/api/sandbox/phones/calls/${id}/answer`,
          payload: { key },
          headers: { ...headers, cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
        });
      });
    const [call] = await phoneOutbox(t, n);
    expect(call).toMatchObject({ kind: 'call', status: 'ringing' });
    expect(call?.text).toMatch(/\d \d \d \d \d/);
    expect((await answer(call?.id ?? 0, '1', {})).statusCode).toBe(401); // the sandbox needs its key
    expect((await answer(call?.id ?? 0, '2')).json()).toEqual({ status: 200, confirmed: false });
    expect((await checkCall(a, n)).json()).toMatchObject({ result: 0 });

    await sendCall(a, n);
    const [second] = await phoneOutbox(t, n);
    expect((await answer(second?.id ?? 0, '1')).json()).toEqual({ status: 200, confirmed: true });
    expect((await checkCall(a, n)).json()).toMatchObject({ status: 200, result: 1, confirmed: 1 });
    expect((await phonesOf(a)).map((p) => p.value)).toEqual([n]);
  });

  it('the code the call reads out can be typed instead', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendCall(a, n);
    expect((await sendCode(a, n, await lastCode(t, n))).json()).toMatchObject({ confirmed: 1 });
  });
});

describe("one account's phones are its own", () => {
  it('another account cannot see, verify, activate or deactivate them', async () => {
    const owner = await customer(t);
    const other = await customer(t);
    const n = freshPhone();
    await sendSms(owner, n);
    const code = await lastCode(t, n);
    expect((await sendCode(other, n, code)).json()).toMatchObject({ errorType: 19 });
    expect((await sendCode(owner, n, code)).json()).toMatchObject({ confirmed: 1 });
    expect(await phonesOf(other)).toEqual([]);
    const ownerId = (await owner.get('/api/auth/customer')).json().CustID;
    for (const newState of [1, 0]) {
      const res = await other.post('/api/publish/update-phone-activation', { CustID: ownerId, phone: n, newState });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: he.phoneNotFound });
    }
    expect((await phonesOf(owner))[0]).toMatchObject({ deactivatedInPublish: 0 });
    // The owner deactivates and activates it.
    const off = await owner.post('/api/publish/update-phone-activation', { CustID: 1, phone: n, newState: 1 });
    expect(off.json()).toEqual({ status: 200, deactivatedInPublish: 1 });
    expect((await phonesOf(owner))[0]).toMatchObject({ deactivatedInPublish: 1, selected: 0 });
    await owner.post('/api/publish/update-phone-activation', { phone: n, newState: '0' });
    expect((await phonesOf(owner))[0]).toMatchObject({ deactivatedInPublish: 0, selected: 1 });
  });

  it('every phone call needs a logged-in customer (422) and the CSRF header', async () => {
    const guest = new Agent(t.app, freshIp());
    for (const url of ['valid-phone', 'valid-phone-code', 'send_IVR_confirmation', 'valid-phone-check']) {
      const res = await guest.post(`/api/publish/${url}`, { Phone1: freshPhone(), Code: '12345' });
      expect(res.statusCode, url).toBe(422);
    }
    expect((await guest.get('/api/publish/phones')).statusCode).toBe(422);
    const a = await customer(t);
    const n = freshPhone();
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/publish/valid-phone',
      payload: { Phone1: n },
      headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(await phoneOutbox(t, n)).toHaveLength(0);
  });

  it('the SMS outbox and the failure switch need the sandbox key', async () => {
    expect((await t.app.inject({ url: '/api/sandbox/phones/outbox' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/sandbox/phones/outbox', headers: { 'x-sandbox-key': 'wrong-key-123456789' } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/sandbox/phones/settings' })).statusCode).toBe(401);
  });
});

describe('demo accounts', () => {
  it('come with a verified mobile number: no SMS needed', async () => {
    await seedDemoAccounts(t.db);
    await seedDemoAccounts(t.db); // again, as at every start: still one number
    for (const demo of DEMO_ACCOUNTS) {
      const a = new Agent(t.app, freshIp());
      expect((await a.post('/api/auth/login', { username: demo.email, password: demo.password })).statusCode).toBe(200);
      expect((await phonesOf(a)).map((p) => [p.value, p.main])).toEqual([[demo.phone, 1]]);
      expect((await sendSms(a, demo.phone)).json()).toMatchObject({ status: 200, confirmed: 1 });
      expect(await phoneOutbox(t, demo.phone)).toHaveLength(0);
    }
  });
});

describe('limits live in the database', () => {
  it('a restarted server (a new app over the same database) still knows the cool-down and the counters', async () => {
    const a = await customer(t);
    const n = freshPhone();
    expect((await sendSms(a, n)).statusCode).toBe(200);
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/platform/config.ts');
    const restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
      db: t.db,
      clock: t.clock,
    });
    try {
      const again = new Agent(restarted, a.ip);
      for (const [k, v] of a.cookies) again.cookies.set(k, v);
      expect((await again.post('/api/publish/valid-phone', { Phone1: n })).json()).toMatchObject({ errorType: 5 });
    } finally {
      await restarted.close();
    }
  });
});
