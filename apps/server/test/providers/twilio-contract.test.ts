/**
 * The Twilio adapter against Twilio's published definition: every request goes through Prism, built from Twilio's
 * OpenAPI file, to a stateful double (doubles/twilio/double.ts). A request the definition refuses fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhoneSendError } from '../../src/phones/provider.ts';
import { loadTwilio, TwilioPhoneProvider } from '../../src/phones/twilio/provider.ts';
import { OutsideService } from '../../src/platform/outside-call.ts';
import { TWILIO_TEST_ACCOUNT, TwilioDouble } from '../doubles/twilio/double.ts';

let double: TwilioDouble;
let provider: TwilioPhoneProvider;
const site = 'https://www.example.co.il';

const settings = () => ({
  ...TWILIO_TEST_ACCOUNT,
  smsFrom: 'Yad2',
  callFrom: '+97233755555',
  apiBase: double.base,
  timeoutMs: 10_000,
});

beforeAll(async () => {
  double = await new TwilioDouble().start();
  provider = new TwilioPhoneProvider(await loadTwilio(), settings(), { site: () => site });
}, 90_000);
afterAll(async () => {
  await double?.stop();
});

describe('the Twilio adapter, request by request against Twilio’s definition', () => {
  it('sends the code by SMS from the sender, to the number in international form, with a status callback', async () => {
    expect(await provider.sendSms('0541234567', 'קוד האימות שלך הוא 12345', 77)).toBe('delivered');
    const message = double.lastMessageTo('+972541234567');
    expect(message).toMatchObject({ from: 'Yad2', body: 'קוד האימות שלך הוא 12345' });
    expect(message?.statusCallback).toBe(`${site}/api/phones/twilio/sms-status?v=77`);
  });

  it('places the verification call that says the code in Hebrew and gathers one key to its answer URL', async () => {
    await provider.call('021234567', 'קוד האימות שלך הוא 1 2 3 4 5. כדי לאשר את המספר יש להקיש 1.', 78);
    const call = double.lastCallTo('+97221234567');
    expect(call?.from).toBe('+97233755555');
    expect(call?.twiml).toContain('<Say language="he-IL">קוד האימות שלך הוא 1 2 3 4 5.');
    expect(call?.twiml).toContain(
      `<Gather numDigits="1" timeout="10" action="${site}/api/phones/twilio/answer?v=78" method="POST">`,
    );
  });

  it('buys a 07x number whose calls ask our forward URL, calls through it, and gives it back', async () => {
    const virtual = await provider.allocateVirtualNumber('0541234567');
    expect(virtual).toMatch(/^07\d{8}$/);
    const owned = double.owned.find((n) => n.phoneNumber === `+972${virtual.slice(1)}`);
    expect(owned?.voiceUrl).toBe(`${site}/api/phones/twilio/forward`);

    await provider.testCall('0541234567', virtual, 'שיחת בדיקה');
    expect(double.lastCallTo('+972541234567')?.from).toBe(`+972${virtual.slice(1)}`);

    await provider.releaseVirtualNumber(virtual);
    expect(double.owned.some((n) => n.phoneNumber === `+972${virtual.slice(1)}`)).toBe(false);
  });

  it('is refused by the definition when a request breaks it, before it reaches the double', async () => {
    const before = double.seen.length;
    const auth = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT.accountSid}:${TWILIO_TEST_ACCOUNT.authToken}`).toString('base64')}`;
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${double.base}/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT.accountSid}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    // A message with no recipient.
    expect((await post('/Messages.json', { From: 'Yad2', Body: 'x' })).status).toBe(422);
    // A call whose status events are not a list.
    const wrongType = await post('/Calls.json', {
      To: '+972541234567',
      From: '+97233755555',
      Twiml: '<Response/>',
      StatusCallbackEvent: 'x',
    });
    expect(wrongType.status).toBe(422);
    // A path Twilio does not have.
    expect((await post('/Message.json', { To: '+972541234567', From: 'Yad2', Body: 'x' })).status).toBe(404);
    expect(double.seen.length).toBe(before);
  });

  it('turns Twilio’s refusal and Twilio being down into a PhoneSendError, and stops calling a dead Twilio', async () => {
    const breaker = new OutsideService('twilio', { timeoutMs: 5_000, breakAfter: 2, halfOpenAfterMs: 60_000 });
    const fragile = new TwilioPhoneProvider(await loadTwilio(), settings(), { site: () => site }, breaker);
    // A number that is no Israeli number never leaves.
    await expect(fragile.sendSms('12345', 'x')).rejects.toBeInstanceOf(PhoneSendError);
    double.mode = 'down';
    try {
      await expect(fragile.sendSms('0541234567', 'x')).rejects.toBeInstanceOf(PhoneSendError);
      await expect(fragile.sendSms('0541234567', 'x')).rejects.toBeInstanceOf(PhoneSendError);
      expect(breaker.open).toBe(true);
      const seen = double.seen.length;
      await expect(fragile.sendSms('0541234567', 'x')).rejects.toThrow('breaker-open');
      expect(double.seen.length).toBe(seen);
    } finally {
      double.mode = 'ok';
    }
  });
});
