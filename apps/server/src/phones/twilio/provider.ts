/**
 * SMS and voice calls through Twilio (its REST API 2010-04-01, through Twilio's own Node library): the codes by SMS,
 * the verification call that speaks the code in Hebrew and waits for 1, the test call through a virtual number, and
 * the virtual numbers themselves (Israeli numbers bought on the account, each forwarding its calls to a customer's
 * number). Twilio's answers come back to routes.ts beside this file, each checked by Twilio's request signature.
 *
 * Every call to Twilio goes through OutsideService (a deadline and a circuit breaker; only reads are retried): a
 * message or a call is never created twice by a retry. A refusal or an outage is a PhoneSendError, so the code
 * is void and the customer's limits are given back (PhoneService.sendCode), and the user reads "sending failed".
 */
import { internationalPhone, normalisePhone } from '@app/contract/phones';
import type Twilio from 'twilio';
import type { RequestOptions } from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import { OutsideService, OutsideServiceDown } from '../../platform/outside-call.ts';
import { type PhoneProvider, PhoneSendError } from '../provider.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The SMS sender: an alphanumeric sender ID or a Twilio number (+972…). */
  smsFrom: string;
  /** The number calls come from (+972…). */
  callFrom: string;
  /** Twilio's REST origin (https://api.twilio.com), or a staging endpoint or test double. */
  apiBase: string;
  timeoutMs: number;
}

/** Where Twilio sends its answers: our public origin, never a request's Host. */
export interface TwilioCallbacks {
  site: () => string;
}

export const TWILIO_PATHS = {
  smsStatus: '/api/phones/twilio/sms-status',
  answer: '/api/phones/twilio/answer',
  forward: '/api/phones/twilio/forward',
} as const;

const TWILIO_ORIGIN = 'https://api.twilio.com';

/** Twilio's Node library, loaded only when Twilio is the provider (it takes more than half a second to load). */
export type TwilioSdk = typeof Twilio;
export const loadTwilio = async (): Promise<TwilioSdk> => (await import('twilio')).default;

/** The library's HTTP client, its requests sent to the configured base (a staging endpoint, a test double). */
function baseUrlClient(sdk: TwilioSdk, base: string, timeoutMs: number) {
  return new (class extends sdk.RequestClient {
    override request<TData>(opts: RequestOptions<TData>): Promise<Response<TData>> {
      const uri = base === TWILIO_ORIGIN ? opts.uri : opts.uri.replace(/^https:\/\/api\.twilio\.com/, base);
      return super.request<TData>({ ...opts, uri, timeout: timeoutMs });
    }
  })({ timeout: timeoutMs, keepAlive: true });
}

const say = { language: 'he-IL' } as const;

/** The spoken Hebrew of the verification call's end (ours; the spec has no text for it). */
export const TWILIO_VOICE_TEXTS = {
  noKey: 'לא התקבלה הקשה. אפשר לבקש שיחה נוספת מהאתר. להתראות.',
  confirmed: 'תודה, המספר אומת. להתראות.',
  notConfirmed: 'המספר לא אומת. להתראות.',
  noForward: 'המספר אינו פעיל. להתראות.',
} as const;

export class TwilioPhoneProvider implements PhoneProvider {
  private readonly client: Twilio.Twilio;
  readonly service: OutsideService;

  constructor(
    private readonly sdk: TwilioSdk,
    private readonly settings: TwilioSettings,
    private readonly callbacks: TwilioCallbacks,
    service?: OutsideService,
  ) {
    this.client = sdk(settings.accountSid, settings.authToken, {
      httpClient: baseUrlClient(sdk, settings.apiBase.replace(/\/$/, ''), settings.timeoutMs),
    });
    this.service = service ?? new OutsideService('twilio', { timeoutMs: settings.timeoutMs });
  }

  /** The SMS, with a status callback that names its verification (Twilio signs the whole URL). */
  async sendSms(to: string, text: string, verificationId?: number): Promise<'delivered' | 'queued'> {
    const status = new URL(TWILIO_PATHS.smsStatus, this.callbacks.site());
    if (verificationId !== undefined) status.searchParams.set('v', String(verificationId));
    const message = await this.send('message', () =>
      this.client.messages.create({
        to: international(to),
        from: this.settings.smsFrom,
        body: text,
        statusCallback: status.toString(),
      }),
    );
    if (message.status === 'failed' || message.status === 'undelivered') {
      throw new PhoneSendError(`twilio: message ${message.status} (${message.errorCode ?? 'no code'})`);
    }
    // Twilio has accepted it ('queued', 'accepted', 'sending', 'sent'); a late failure comes to the status callback.
    return 'delivered';
  }

  async call(to: string, spokenText: string, verificationId: number): Promise<void> {
    const answer = new URL(TWILIO_PATHS.answer, this.callbacks.site());
    answer.searchParams.set('v', String(verificationId));
    const response = new this.sdk.twiml.VoiceResponse();
    const gather = response.gather({ numDigits: 1, timeout: 10, action: answer.toString(), method: 'POST' });
    // The code twice: a listener who missed it the first time hears it again before pressing.
    gather.say(say, spokenText);
    gather.pause({ length: 1 });
    gather.say(say, spokenText);
    response.say(say, TWILIO_VOICE_TEXTS.noKey);
    await this.send('call', () =>
      this.client.calls.create({ to: international(to), from: this.settings.callFrom, twiml: response.toString() }),
    );
  }

  async testCall(to: string, virtualNumber: string, text: string): Promise<void> {
    const response = new this.sdk.twiml.VoiceResponse();
    response.say(say, text);
    await this.send('test call', () =>
      this.client.calls.create({
        to: international(to),
        from: international(virtualNumber),
        twiml: response.toString(),
      }),
    );
  }

  /**
   * An Israeli number with voice from Twilio's national range (07x), bought on the account; its calls ask
   * routes.ts's forward answer where to ring (the virtual_phones row the service records for it).
   */
  async allocateVirtualNumber(_forwardTo: string): Promise<string> {
    const offered = await this.send(
      'find a number',
      () => this.client.availablePhoneNumbers('IL').national.list({ voiceEnabled: true, limit: 20 }),
      { idempotent: true },
    );
    // A virtual number is a 07x one (the spec's and the database's rule).
    const available = offered.find((n) => /^07\d{8}$/.test(normalisePhone(n.phoneNumber) ?? ''));
    if (!available) throw new PhoneSendError('twilio: no Israeli 07x number available');
    const bought = await this.send('buy a number', () =>
      this.client.incomingPhoneNumbers.create({
        phoneNumber: available.phoneNumber,
        voiceUrl: new URL(TWILIO_PATHS.forward, this.callbacks.site()).toString(),
        voiceMethod: 'POST',
        friendlyName: 'virtual number',
      }),
    );
    const got = normalisePhone(bought.phoneNumber) ?? '';
    return /^07\d{8}$/.test(got) ? got : fail(`twilio: the number bought is not a 07x one`);
  }

  async releaseVirtualNumber(virtualPhone: string): Promise<void> {
    const owned = await this.send(
      'find an owned number',
      () => this.client.incomingPhoneNumbers.list({ phoneNumber: international(virtualPhone), limit: 20 }),
      { idempotent: true },
    );
    for (const number of owned) {
      // Removing a number that is gone already answers 404: the same end, so the removal may be tried again.
      await this.send('release a number', () => this.client.incomingPhoneNumbers(number.sid).remove(), {
        idempotent: true,
      });
    }
  }

  /** One call to Twilio; every failure that is not a bug of ours is a PhoneSendError. */
  private async send<T>(operation: string, run: () => Promise<T>, opts = { idempotent: false }): Promise<T> {
    try {
      return await this.service.call(operation, () => run(), opts);
    } catch (err) {
      if (err instanceof OutsideServiceDown) throw new PhoneSendError(`twilio: ${operation}: ${err.reason}`);
      const status = (err as { status?: unknown }).status;
      const code = (err as { code?: unknown }).code;
      if (typeof status === 'number') throw new PhoneSendError(`twilio: ${operation} refused (${status}, ${code})`);
      throw err;
    }
  }
}

function fail(message: string): never {
  throw new PhoneSendError(message);
}

function international(national: string): string {
  const e164 = internationalPhone(national);
  if (!e164) throw new PhoneSendError('not a valid Israeli number');
  return e164;
}
