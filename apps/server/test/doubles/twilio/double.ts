/**
 * A local Twilio for the tests: Prism (Stoplight's mock and validation proxy) built from Twilio's own OpenAPI
 * definition of its REST API 2010-04-01 (twilio_api_v2010.json beside this file, from twilio/twilio-oai, MIT), in
 * front of a small stateful double. Every request our adapter sends passes Prism first: a request Twilio's
 * definition refuses (a missing required parameter, a wrong type, a wrong path, no credentials) is answered
 * 422/401/404 and never reaches the double, so the adapter's call fails the test. Prism checks the double's
 * answers against the same definition (they are the definition's own examples with our values in them).
 *
 * The double keeps what Twilio would: the messages and calls created, the numbers available and bought. And it
 * does what Twilio does next, on the test's word: a message's status callback, the key pressed in a call (to the
 * call's <Gather> action), a call to a bought number (to its voice URL), each signed as Twilio signs them
 * (X-Twilio-Signature, with the library's own signing function) or, for the attack tests, forged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import twilio from 'twilio';
import { stablePort } from '../../support/stable-port.ts';

const specFile = path.join(import.meta.dirname, 'twilio_api_v2010.json');
const prismBin = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/prism');

export const TWILIO_TEST_ACCOUNT = {
  accountSid: `AC${'a1'.repeat(16)}`,
  authToken: 'test-auth-token-of-the-twilio-double',
};

/** The product's settings for Twilio pointed at a started double. */
export const twilioSettingsFor = (double: TwilioDouble): Record<string, string> => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT.accountSid,
  TWILIO_AUTH_TOKEN: TWILIO_TEST_ACCOUNT.authToken,
  TWILIO_SMS_FROM: 'Yad2',
  TWILIO_CALL_FROM: '+97233755555',
  TWILIO_API_BASE: double.base,
});

type Resource = Record<string, unknown>;
interface Spec {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}
let spec: Spec | undefined;
/** The first example of an answer in Twilio's definition: the double's answers are Twilio's own shapes. */
function example(pathTemplate: string, method: string, status: string): Resource {
  spec ??= JSON.parse(fs.readFileSync(specFile, 'utf8')) as Spec;
  const content = spec.paths[pathTemplate]?.[method]?.responses[status]?.content?.['application/json'] as
    | { examples: Record<string, { value: Resource }> }
    | undefined;
  const first = content && Object.values(content.examples)[0];
  if (!first) throw new Error(`no example for ${method} ${pathTemplate} ${status}`);
  return structuredClone(first.value);
}

export interface DoubleMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback?: string;
}
export interface DoubleCall {
  sid: string;
  to: string;
  from: string;
  twiml: string;
}
export interface DoubleNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl?: string;
}

export class TwilioDouble {
  readonly messages: DoubleMessage[] = [];
  readonly calls: DoubleCall[] = [];
  readonly owned: DoubleNumber[] = [];
  /** Israeli 07x numbers Twilio offers (E.164); a bought one leaves the list. */
  available = ['+972733000101', '+972733000102', '+972733000103'];
  /** What Twilio's API answers for now: 'ok', or 'down' (503 to everything) to test the circuit breaker. */
  mode: 'ok' | 'down' = 'ok';
  /** Every request that reached the double (after Prism): method and path. */
  readonly seen: string[] = [];
  private server?: http.Server;
  private prism?: ChildProcess;
  private counter = 0;
  /** Prism's address, the base our adapter is pointed at (TWILIO_API_BASE). */
  base = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const port = await stablePort();
    this.prism = spawn(prismBin, ['proxy', specFile, upstream, '--errors', '-p', String(port), '-h', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    this.prism.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    this.prism.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    const deadline = Date.now() + 60_000;
    while (!/Prism is listening/.test(log)) {
      if (Date.now() > deadline || this.prism.exitCode !== null) throw new Error(`Prism did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    this.base = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.prism?.kill('SIGTERM');
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The newest message to a number (E.164). */
  lastMessageTo(to: string): DoubleMessage | undefined {
    return this.messages.filter((m) => m.to === to).at(-1);
  }

  lastCallTo(to: string): DoubleCall | undefined {
    return this.calls.filter((c) => c.to === to).at(-1);
  }

  /** Twilio reports a message's status to its callback, signed (or forged with another token). */
  async reportStatus(message: DoubleMessage, status: string, opts: { token?: string } = {}): Promise<Response> {
    if (!message.statusCallback) throw new Error('the message has no status callback');
    return this.signedPost(
      message.statusCallback,
      { MessageSid: message.sid, MessageStatus: status, AccountSid: TWILIO_TEST_ACCOUNT.accountSid, To: message.to },
      opts.token,
    );
  }

  /** The callee presses a key in a call: Twilio posts it to the <Gather> action of the call's TwiML. */
  async press(call: DoubleCall, digits: string, opts: { token?: string } = {}): Promise<Response> {
    const action = /<Gather [^>]*action="([^"]+)"/.exec(call.twiml)?.[1];
    if (!action) throw new Error(`no <Gather action> in ${call.twiml}`);
    return this.signedPost(
      action.replaceAll('&amp;', '&'),
      { CallSid: call.sid, Digits: digits, AccountSid: TWILIO_TEST_ACCOUNT.accountSid, To: call.to, From: call.from },
      opts.token,
    );
  }

  /** Someone calls a bought number: Twilio asks its voice URL what to do. */
  async ring(number: DoubleNumber, from: string): Promise<Response> {
    if (!number.voiceUrl) throw new Error('the number has no voice URL');
    return this.signedPost(number.voiceUrl, {
      CallSid: this.sid('CA'),
      To: number.phoneNumber,
      From: from,
      AccountSid: TWILIO_TEST_ACCOUNT.accountSid,
    });
  }

  /** A POST as Twilio sends it: form-encoded, X-Twilio-Signature over the URL and the parameters. */
  async signedPost(url: string, params: Record<string, string>, token = TWILIO_TEST_ACCOUNT.authToken) {
    const signature = twilio.getExpectedTwilioSignature(token, url, params);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
  }

  private sid(prefix: string): string {
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(32, '0')}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const url = new URL(req.url ?? '/', 'http://double');
    this.seen.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT.accountSid}:${TWILIO_TEST_ACCOUNT.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return send(401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    if (this.mode === 'down') return send(503, { code: 20500, message: 'Service unavailable', status: 503 });
    const account = `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT.accountSid}`;
    const route = `${req.method} ${url.pathname.replace(account, '/A')}`;
    const at = '/2010-04-01/Accounts/{AccountSid}';

    if (route === 'POST /A/Messages.json') {
      const message: DoubleMessage = {
        sid: this.sid('SM'),
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback') ?? undefined,
      };
      this.messages.push(message);
      const answer = example(`${at}/Messages.json`, 'post', '201');
      return send(201, {
        ...answer,
        account_sid: TWILIO_TEST_ACCOUNT.accountSid,
        sid: message.sid,
        to: message.to,
        from: message.from,
        body: message.body,
        status: 'queued',
        messaging_service_sid: null,
        uri: `${account}/Messages/${message.sid}.json`,
      });
    }
    if (route === 'POST /A/Calls.json') {
      const call: DoubleCall = {
        sid: this.sid('CA'),
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        twiml: form.get('Twiml') ?? '',
      };
      this.calls.push(call);
      const answer = example(`${at}/Calls.json`, 'post', '201');
      return send(201, {
        ...answer,
        account_sid: TWILIO_TEST_ACCOUNT.accountSid,
        sid: call.sid,
        to: call.to,
        to_formatted: call.to,
        from: call.from,
        from_formatted: call.from,
        status: 'queued',
        uri: `${account}/Calls/${call.sid}.json`,
      });
    }
    if (route === 'GET /A/AvailablePhoneNumbers/IL/National.json') {
      const answer = example(`${at}/AvailablePhoneNumbers/{CountryCode}/National.json`, 'get', '200');
      const [template] = answer.available_phone_numbers as Resource[];
      return send(200, {
        ...pageOf(answer),
        available_phone_numbers: this.available.map((n) => ({
          ...template,
          phone_number: n,
          friendly_name: n,
          iso_country: 'IL',
          capabilities: { mms: false, sms: false, voice: true },
        })),
        uri: `${TWILIO_ORIGIN}${account}/AvailablePhoneNumbers/IL/National.json`,
      });
    }
    if (route === 'POST /A/IncomingPhoneNumbers.json') {
      const phoneNumber = form.get('PhoneNumber') ?? '';
      if (!this.available.includes(phoneNumber)) {
        return send(400, { code: 21422, message: 'PhoneNumber is not available', status: 400 });
      }
      this.available = this.available.filter((n) => n !== phoneNumber);
      const number: DoubleNumber = { sid: this.sid('PN'), phoneNumber, voiceUrl: form.get('VoiceUrl') ?? undefined };
      this.owned.push(number);
      return send(201, this.numberResource(number, account));
    }
    if (route === 'GET /A/IncomingPhoneNumbers.json') {
      const wanted = url.searchParams.get('PhoneNumber');
      const answer = example(`${at}/IncomingPhoneNumbers.json`, 'get', '200');
      return send(200, {
        ...pageOf(answer),
        incoming_phone_numbers: this.owned
          .filter((n) => !wanted || n.phoneNumber === wanted)
          .map((n) => this.numberResource(n, account)),
        uri: `${TWILIO_ORIGIN}${account}/IncomingPhoneNumbers.json`,
      });
    }
    const removal = /^DELETE \/A\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(route);
    if (removal) {
      const index = this.owned.findIndex((n) => n.sid === removal[1]);
      if (index < 0) return send(404, { code: 20404, message: 'Not found', status: 404 });
      this.owned.splice(index, 1);
      return send(204);
    }
    return send(404, { code: 20404, message: `The double does not know ${route}`, status: 404 });
  }

  private numberResource(n: DoubleNumber, account: string): Resource {
    const answer = example('/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json', 'post', '201');
    return {
      ...answer,
      account_sid: TWILIO_TEST_ACCOUNT.accountSid,
      sid: n.sid,
      phone_number: n.phoneNumber,
      friendly_name: 'virtual number',
      voice_url: n.voiceUrl ?? null,
      uri: `${account}/IncomingPhoneNumbers/${n.sid}.json`,
    };
  }
}

const TWILIO_ORIGIN = 'https://api.twilio.com';

/**
 * A list answer's paging links as absolute URLs: the definition declares them `format: uri`, which its own examples
 * (paths from the root) do not meet, and Prism holds the double to the definition.
 */
function pageOf(answer: Resource): Resource {
  const out = { ...answer };
  for (const key of ['uri', 'first_page_uri', 'next_page_uri', 'previous_page_uri']) {
    const value = out[key];
    if (typeof value === 'string' && value.startsWith('/')) out[key] = `${TWILIO_ORIGIN}${value}`;
  }
  return out;
}
