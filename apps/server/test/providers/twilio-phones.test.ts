/**
 * Phone verification with SMS_PROVIDER=twilio, end to end: the app (listening, so Twilio's callbacks reach it) sends
 * through Prism and Twilio's definition to the double; the double delivers, reports and presses keys the way Twilio
 * does, with Twilio's signature. A forged callback and a replayed one change nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_TEST_ACCOUNT, TwilioDouble, twilioSettingsFor } from '../doubles/twilio/double.ts';
import { checkCall, customer, freshPhone, sendCall, sendCode, sendSms } from '../support/phones.ts';
import { startExpectingFailure } from '../support/server-process.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const METRICS = 'the-metrics-token-of-the-twilio-test';
let double: TwilioDouble;
let t: TestApp;
beforeAll(async () => {
  double = await new TwilioDouble().start();
  t = await createTestApp({ ...twilioSettingsFor(double), METRICS_TOKEN: METRICS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await double?.stop();
});

const e164 = (national: string) => `+972${national.slice(1)}`;
const codeIn = (text: string) => (/(\d)\s?(\d)\s?(\d)\s?(\d)\s?(\d)/.exec(text) ?? []).slice(1, 6).join('');
const verification = async (phone: string) =>
  (
    await t.db.query<{ consumed_at: Date | null; send_failed: boolean }>(
      'SELECT consumed_at, send_failed FROM phone_verifications WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [phone],
    )
  )[0];

describe('phone verification through Twilio', () => {
  it('confirms a number with the code of the SMS Twilio was asked to send', async () => {
    const a = await customer(t);
    const n = freshPhone();
    expect((await sendSms(a, n)).json()).toMatchObject({ status: 200, confirmed: 0 });
    const sms = double.lastMessageTo(e164(n));
    expect(sms?.from).toBe('Yad2');
    expect((await sendCode(a, n, codeIn(sms?.body ?? ''))).json()).toMatchObject({ status: 200, confirmed: 1 });
    // Each call to Twilio is counted, with its outcome.
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/^outside_calls_total\{service="twilio",operation="message",outcome="ok"\} [1-9]/m);
    expect(metrics.body).toContain('outside_call_duration_seconds_count{service="twilio",operation="message"}');
    // The sandbox's pages do not exist beside a real provider.
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/phones/outbox',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    expect(outbox.statusCode).toBe(404);
  });

  it('voids the code of an SMS Twilio reports undelivered; a forged or replayed report changes nothing', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    const sms = double.lastMessageTo(e164(n));
    if (!sms) throw new Error('no SMS');
    // Signed with another token: refused, the code still open.
    expect((await double.reportStatus(sms, 'undelivered', { token: 'not-the-account-token-at-all' })).status).toBe(403);
    expect(await verification(n)).toMatchObject({ consumed_at: null, send_failed: false });

    expect((await double.reportStatus(sms, 'undelivered')).status).toBe(204);
    expect(await verification(n)).toMatchObject({ send_failed: true });
    expect((await double.reportStatus(sms, 'undelivered')).status).toBe(409);
    // The code was never read: typing it confirms nothing.
    expect((await sendCode(a, n, codeIn(sms.body))).json().confirmed).not.toBe(1);
    // A delivered report only records itself.
    await sendSms(a, n, { forceSend: true });
    const again = double.lastMessageTo(e164(n));
    if (!again || again === sms) throw new Error('no second SMS');
    expect((await double.reportStatus(again, 'delivered')).status).toBe(204);
    expect(await verification(n)).toMatchObject({ consumed_at: null, send_failed: false });
  });

  it('confirms a number when the callee presses 1 in Twilio’s call; a forged or replayed press does not', async () => {
    const a = await customer(t);
    const n = freshPhone();
    const placed = await sendCall(a, n);
    expect(placed.json(), JSON.stringify(placed.json())).toMatchObject({ status: 200, confirmed: 0 });
    const call = double.lastCallTo(e164(n));
    if (!call) throw new Error('no call');
    expect(call.twiml).toContain('<Say language="he-IL">');

    expect((await double.press(call, '1', { token: 'not-the-account-token-at-all' })).status).toBe(403);
    expect((await checkCall(a, n)).json()).toMatchObject({ result: 0 });

    const pressed = await double.press(call, '1');
    expect(pressed.status).toBe(200);
    expect(pressed.headers.get('content-type')).toContain('text/xml');
    expect(await pressed.text()).toContain('המספר אומת');
    expect((await checkCall(a, n)).json()).toMatchObject({ status: 200, result: 1, confirmed: 1 });
    expect((await double.press(call, '1')).status).toBe(409);
  });

  it('forgets the callbacks it has seen 30 days on, at the daily housekeeping', async () => {
    const seen = async () =>
      Number((await t.db.query<{ n: number }>('SELECT count(*) AS n FROM provider_callbacks'))[0]?.n);
    expect(await seen()).toBeGreaterThan(0);
    t.clock.advance(31 * 24 * 60 * 60_000);
    await t.app.jobs.scheduleHousekeeping();
    t.clock.advance(24 * 60 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(await seen()).toBe(0);
  });

  it('buys a virtual number at Twilio whose calls ring the customer’s number', async () => {
    const a = await customer(t);
    const n = freshPhone();
    await sendSms(a, n);
    await sendCode(a, n, codeIn(double.lastMessageTo(e164(n))?.body ?? ''));
    const virtual = (await a.get(`/api/publish/add-virtual?phone=${n}`)).json().virtualPhone as string;
    expect(virtual).toMatch(/^07\d-\d{7}$/);
    const number = double.owned.find((o) => o.phoneNumber === e164(virtual.replace('-', '')));
    if (!number) throw new Error('no number bought');
    const rang = await double.ring(number, '+972521111111');
    expect(await rang.text()).toContain(`<Dial callerId="${number.phoneNumber}">${e164(n)}</Dial>`);
    // Forged: Twilio's voice URL with another signature gets no number.
    const forged = await double.signedPost(
      number.voiceUrl ?? '',
      { CallSid: `CA${'f'.repeat(32)}`, To: number.phoneNumber },
      'forged-token-of-someone-else',
    );
    expect(forged.status).toBe(403);
  });
});

describe('starting the server with real providers', () => {
  it('stops a start that requires real providers while one is a stand-in, or names Twilio without its keys', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'providers-'));
    try {
      const standIn = await startExpectingFailure({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REQUIRE_REAL_PROVIDERS: 'true',
        ...twilioSettingsFor(double),
      });
      expect(standIn.code).toBe(2);
      expect(standIn.output).toContain(
        'REQUIRE_REAL_PROVIDERS: a deployment needs real providers, and these are stand-ins: MAIL_PROVIDER=sandbox, PAYMENT_PROVIDER=sandbox, VEHICLE_REGISTRY=sample',
      );
      const keyless = await startExpectingFailure({ DATA_DIR: dataDir, DATABASE_URL: '', SMS_PROVIDER: 'twilio' });
      expect(keyless.code).toBe(2);
      expect(keyless.output).toContain(
        'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_SMS_FROM, TWILIO_CALL_FROM',
      );
      // Refused before anything was opened, with no secret in the message.
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(standIn.output).not.toContain(TWILIO_TEST_ACCOUNT.authToken);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
