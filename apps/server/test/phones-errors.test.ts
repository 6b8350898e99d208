import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import {
  checkCall,
  customer,
  expectPhoneError,
  freshIp,
  freshPhone,
  lastCode,
  phoneOutbox,
  sendCall,
  sendCode,
  sendSms,
  setSmsFailure,
  wrongCode,
} from './support/phones.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

/** Every phone error type 1-19 (after-save-area.md §8), each produced by the situation it names. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const E = he.phoneErrors;

describe('phone error types through real situations', () => {
  it('1: a sixth SMS for one customer in a day', async () => {
    const a = await customer(t);
    for (let i = 0; i < 5; i++) expect((await sendSms(a, freshPhone())).statusCode).toBe(200);
    const sixth = freshPhone();
    expectPhoneError(await sendSms(a, sixth), 1, E[1]);
    expect(await phoneOutbox(t, sixth)).toHaveLength(0);
  });

  it('2: a sixth code to one number in a day, whoever asks', async () => {
    const n = freshPhone();
    const a = await customer(t);
    for (let i = 0; i < 5; i++) expect((await sendSms(a, n, { forceSend: 1 })).statusCode).toBe(200);
    const b = await customer(t);
    expectPhoneError(await sendSms(b, n), 2, E[2]);
    expect(await phoneOutbox(t, n)).toHaveLength(5);
  });

  it('3: a sixteenth wrong code of one customer in an hour, over several numbers', async () => {
    const a = await customer(t);
    const numbers = [freshPhone(), freshPhone(), freshPhone(), freshPhone()];
    for (const n of numbers) expect((await sendSms(a, n)).statusCode).toBe(200);
    for (const n of numbers.slice(0, 3)) {
      const bad = wrongCode(await lastCode(t, n));
      for (let i = 0; i < 5; i++) expect((await sendCode(a, n, bad)).json().errors).toBeDefined();
    }
    const n4 = numbers[3] as string;
    expectPhoneError(await sendCode(a, n4, await lastCode(t, n4)), 3, E[3]);
  });

  it('4: a code or a call for a number the customer has confirmed already', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const code = await lastCode(t, n);
    expect((await sendCode(a, n, code)).json()).toMatchObject({ status: 200, confirmed: 1 });
    expectPhoneError(await sendCode(a, n, code), 4, E[4]); // the used code again
    expectPhoneError(await sendCall(a, n), 4, E[4]);
  });

  it('5: a second SMS within the cool-down without forceSend', async () => {
    const a = await customer(t);
    const n = freshPhone();
    expect((await sendSms(a, n)).statusCode).toBe(200);
    expectPhoneError(await sendSms(a, n), 5, E[5]);
    expect(await phoneOutbox(t, n)).toHaveLength(1);
    expect((await sendSms(a, n, { forceSend: 1 })).statusCode).toBe(200);
    expect(await phoneOutbox(t, n)).toHaveLength(2);
  });

  it('6: the provider refuses to send (nothing is counted against the customer)', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await setSmsFailure(t, 'fail');
    try {
      expectPhoneError(await sendSms(a, n), 6, E[6]);
      expect(await phoneOutbox(t, n)).toHaveLength(0);
    } finally {
      await setSmsFailure(t, 'none');
    }
    // The failed attempt started no cool-down.
    expect((await sendSms(a, n)).statusCode).toBe(200);
  });

  it('7: the provider accepted the SMS but has not delivered it; the code still works when it arrives', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await setSmsFailure(t, 'late');
    try {
      expectPhoneError(await sendSms(a, n), 7, E[7]);
    } finally {
      await setSmsFailure(t, 'none');
    }
    const [queued] = await phoneOutbox(t, n);
    expect(queued?.status).toBe('queued');
    expect((await sendCode(a, n, await lastCode(t, n))).json()).toMatchObject({ confirmed: 1 });
  });

  it('9: an eleventh SMS from one address in an hour, over several accounts', async () => {
    const ip = freshIp();
    const a = await customer(t, ip);
    const b = await customer(t, ip);
    const c = await customer(t, ip);
    for (let i = 0; i < 5; i++) expect((await sendSms(a, freshPhone())).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await sendSms(b, freshPhone())).statusCode).toBe(200);
    expectPhoneError(await sendSms(c, freshPhone()), 9, E[9]);
  });

  it('10: a thirty-first code guess from one address in an hour', async () => {
    const ip = freshIp();
    const guess = async (who: Awaited<ReturnType<typeof customer>>, count: number) => {
      for (let k = 0; k < count; k += 5) {
        const n = freshPhone();
        await sendSms(who, n);
        const bad = wrongCode(await lastCode(t, n));
        for (let i = 0; i < 5; i++) expect((await sendCode(who, n, bad)).json().errors).toBeDefined();
      }
    };
    await guess(await customer(t, ip), 15);
    await guess(await customer(t, ip), 15);
    const c = await customer(t, ip);
    const n = freshPhone();
    await sendSms(c, n);
    expectPhoneError(await sendCode(c, n, await lastCode(t, n)), 10, E[10]);
  });

  it('11: a blocked number (the seeded test number), by SMS or call', async () => {
    const a = await customer(t);
    expectPhoneError(await sendSms(a, '050-9999999'), 11, E[11]);
    expectPhoneError(await sendCall(a, '0509999999'), 11, E[11]);
    expect(await phoneOutbox(t, '0509999999')).toHaveLength(0);
  });

  it('12: a sixth guess at one code is refused, even when it is the right code', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const code = await lastCode(t, n);
    for (let left = 4; left >= 0; left--) {
      expect((await sendCode(a, n, wrongCode(code))).json()).toEqual({
        status: 500,
        errors: [he.phoneCodeWrong(left)],
      });
    }
    expectPhoneError(await sendCode(a, n, code), 12, E[12]);
  });

  it('14: an eleventh call from one address in an hour', async () => {
    const ip = freshIp();
    for (let k = 0; k < 2; k++) {
      const a = await customer(t, ip);
      const [n1, n2] = [freshPhone(), freshPhone()];
      for (const n of [n1, n1, n1, n2, n2]) expect((await sendCall(a, n)).statusCode).toBe(200);
    }
    expectPhoneError(await sendCall(await customer(t, ip), freshPhone()), 14, E[14]);
  });

  it('15: a fourth call to one number in an hour', async () => {
    const a = await customer(t);
    const n = freshPhone();
    for (let i = 0; i < 3; i++) expect((await sendCall(a, n)).statusCode).toBe(200);
    expectPhoneError(await sendCall(a, n), 15, E[15]);
    expect((await phoneOutbox(t, n)).filter((m) => m.kind === 'call')).toHaveLength(3);
  });

  it('16: a sixth call of one customer in an hour, over several numbers', async () => {
    const a = await customer(t);
    const [n1, n2] = [freshPhone(), freshPhone()];
    for (const n of [n1, n1, n1, n2, n2]) expect((await sendCall(a, n)).statusCode).toBe(200);
    expectPhoneError(await sendCall(a, freshPhone()), 16, E[16]);
  });

  it('17: an eleventh wrong code for one number in an hour, over several codes', async () => {
    const a = await customer(t);
    const n = freshPhone();
    for (let round = 0; round < 2; round++) {
      await sendSms(a, n, { forceSend: 1 });
      const bad = wrongCode(await lastCode(t, n));
      for (let i = 0; i < 5; i++) expect((await sendCode(a, n, bad)).json().errors).toBeDefined();
    }
    await sendSms(a, n, { forceSend: 1 });
    expectPhoneError(await sendCode(a, n, await lastCode(t, n)), 17, E[17]);
  });

  it('18: a code entered 11 minutes after it was sent; a call polled after its code expired', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const code = await lastCode(t, n);
    t.clock.advance(11 * 60_000);
    expectPhoneError(await sendCode(a, n, code), 18, E[18]);
    const m = freshPhone();
    expect((await sendCall(a, m)).statusCode).toBe(200);
    t.clock.advance(11 * 60_000);
    expectPhoneError(await checkCall(a, m), 18, E[18]);
  });

  it('19: a code for a number this customer never asked a code for (another session got it)', async () => {
    const owner = await customer(t);
    const other = await customer(t);
    const n = freshPhone();
    await sendSms(owner, n);
    const code = await lastCode(t, n);
    expectPhoneError(await sendCode(other, n, code), 19, E[19]);
    expectPhoneError(await checkCall(other, n), 19, E[19]);
    // The owner's code is untouched.
    expect((await sendCode(owner, n, code)).json()).toMatchObject({ confirmed: 1 });
  });
});

describe('the texts of the error types', () => {
  it('are 19 distinct Hebrew sentences, one per type of the contract', async () => {
    const { PHONE_ERROR } = await import('@app/contract/phones');
    const texts = Object.values(PHONE_ERROR).map((type) => E[type]);
    expect(texts).toHaveLength(19);
    expect(new Set(texts).size).toBe(19);
    for (const text of texts) expect(text).toMatch(/^[\u0590-\u05FF][\u0590-\u05FF\s,.()\-0-9SM"']+$/);
  });
});

describe('switches and the pumping brakes', () => {
  it('8: confirmation inactive (PHONE_VERIFICATION=off) answers every phone call with type 8', async () => {
    const off = await createTestApp({ PHONE_VERIFICATION: 'off' });
    try {
      const a = await customer(off);
      const n = freshPhone();
      for (const res of [
        await sendSms(a, n),
        await sendCode(a, n, '12345'),
        await sendCall(a, n),
        await checkCall(a, n),
      ]) {
        expectPhoneError(res, 8, E[8]);
      }
      expect(await phoneOutbox(off, n)).toHaveLength(0);
    } finally {
      await off.close();
    }
  });

  it('13: voice calls inactive (IVR_VERIFICATION=off); 12: per-prefix hourly limit and the daily budget', async () => {
    const s = await createTestApp({ IVR_VERIFICATION: 'off', SMS_DAILY_BUDGET: '2', SMS_PREFIX_HOURLY_LIMIT: '1' });
    try {
      const a = await customer(s);
      expectPhoneError(await sendCall(a, freshPhone()), 13, E[13]);
      expect((await sendSms(a, freshPhone('050'))).statusCode).toBe(200);
      const samePrefix = freshPhone('050');
      expectPhoneError(await sendSms(a, samePrefix), 12, E[12]);
      expect((await sendSms(a, freshPhone('052'))).statusCode).toBe(200);
      expectPhoneError(await sendSms(a, freshPhone('053')), 12, E[12]); // the day's budget (2) is spent
      expect(await phoneOutbox(s, samePrefix)).toHaveLength(0);
    } finally {
      await s.close();
    }
  });
});

describe('the phone calls as declared', () => {
  it('a number or a code that is not text is refused by its rule, in the spec’s answer, and sends nothing', async () => {
    const a = await customer(t);
    for (const body of [{ Phone1: 541234567 }, { Phone1: ['0541234567'] }, [1]]) {
      const res = await a.post('/api/publish/valid-phone', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(500);
      expect(res.json()).toEqual({ status: 500, errors: ['המספר אינו תקין'] });
    }
    const code = await a.post('/api/publish/valid-phone-code', { Phone1: freshPhone(), Code: 12345 });
    expect(code.json()).toEqual({ status: 500, errors: ['קוד אימות אינו תקין'] });
    const number = freshPhone();
    const flag = await a.post('/api/publish/valid-phone', { Phone1: number, forceSend: { on: 1 } });
    expect(flag.json()).toEqual({ status: 400, message: he.badRequest });
    expect(await phoneOutbox(t, number)).toEqual([]);
    const state = await a.post('/api/publish/update-phone-activation', { phone: freshPhone(), newState: 'yes' });
    expect(state.json()).toEqual({ status: 400, message: he.badRequest });
  });

  it('a guest is refused before the request is read', async () => {
    const res = await new Agent(t.app).post('/api/publish/valid-phone', { Phone1: { $ne: '' } });
    expect(res.statusCode).toBe(422);
  });
});
