/**
 * The bad-input sweep, shared by `npm run fuzz` (apps/server/bench/fuzz.ts, 10,000 inputs per
 * target) and the API test (test/fuzz-sweep.test.ts, a few per target): fast-check sends random requests to every
 * step's check-step of every catalogue and to every route of the built app (inventoried with Fastify's onRoute
 * hook, so a new route is fuzzed without being listed here), with odd Unicode (NUL, lone surrogates, bidi
 * overrides, zero-width characters), very long strings, wrong JSON types, deep nesting, `__proto__` keys,
 * duplicate query parameters, malformed JSON and multipart bodies and odd Content-Types, as a guest and with a
 * real session.
 *
 * Properties of every answer:
 * - no 5xx, except the spec's 500s: check-step's with errFields (publish-wizard.md §7) and the phone calls' with
 *   error or errors (after-save-area.md §7);
 * - an answer within FUZZ_TIMEOUT_MS (no hang);
 * - every 4xx carries Hebrew text in its body (HEAD answers have no body: their status alone is checked);
 * - Object.prototype is not polluted afterwards.
 */
import { CATALOGS } from '@app/catalog/categories/registry';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@app/contract/auth';
import type { CategoryCatalog } from '@app/form-engine/model';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { findSessionCustomer } from '../../src/accounts/customers-repository.ts';
import { createSession } from '../../src/accounts/sessions-repository.ts';
import { insertCustomerPackage } from '../../src/plans/customer-packages-repository.ts';
import { SANDBOX_KEY_HEADER } from '../../src/platform/http/sandbox-guard.ts';
import { Agent, createTestApp, register, type TestApp } from './test-app.ts';

// ---------------------------------------------------------------- odd input

/** Characters that break naive code: NUL, lone surrogates, bidi controls, zero-width, combining, quotes, escapes. */
export const ODD_CHARS = [
  '\u0000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u202E',
  '\u202D',
  '\u202A',
  '\u2066',
  '\u2067',
  '\u2069',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\uFEFF',
  '\u00A0',
  '\u2028',
  '\u0301',
  '\uFFFD',
  '\uFFFF',
  '😀',
  '👩‍👩‍👧',
  'א',
  'ש',
  '٣',
  '\n',
  '\r',
  '\t',
  '\u001B',
  '"',
  "'",
  '`',
  '<',
  '>',
  '&',
  '%',
  '\\',
  '/',
  '.',
  '{',
  '}',
  '[',
  ']',
  '=',
  '?',
  '#',
  '+',
  ';',
  ',',
  ' ',
  '$',
  '*',
] as const;

const WORDS = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '99999999999999999999999',
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '../../etc/passwd',
  '..%2f..%2f',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '//evil.example',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  'ספה',
  '31/02/2027',
  '01/01/2030',
  'a@b.co.il',
  '050-1234567',
  '‮evil‬',
  '\u200B\u200B',
] as const;

/** A very long string, built once (the 1 MB body limit and the field lengths are what meet it). */
const LONG = [
  'a'.repeat(10_000),
  'א'.repeat(100_000),
  '\u202E'.repeat(5_000),
  '\u0000'.repeat(1_000),
  `${'\uD800'.repeat(2_000)}x`,
  '9'.repeat(5_000),
];

const oddChar = fc.constantFrom(...ODD_CHARS);
/** A string: random (any code point), odd characters mixed with ASCII, a word that breaks parsers, or very long. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }) },
  { weight: 4, arbitrary: fc.string({ maxLength: 20, unit: fc.oneof(oddChar, fc.constantFrom('a', '1', 'ב')) }) },
  { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.integer({ min: -1_000, max: 3_000_000 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
);

/** Keys of objects and query strings: odd strings, prototype keys, bracket syntax, and the names fields use. */
export function oddKey(names: readonly string[] = []): fc.Arbitrary<string> {
  const known = ['cat', 'subcat', 'id', 'OrderID', 'orderID', 'username', 'password', 'phone', 'email', ...names];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'a[]', 'a[b]', 'a.b', '') },
    { weight: 2, arbitrary: oddString.filter((s) => s.length < 200) },
    { weight: 1, arbitrary: fc.constantFrom(...known).map((k) => `${k}[]`) },
  );
}

/** A JSON value of any type, odd strings inside, `__proto__` keys, a few levels deep. */
export function oddJson(names: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = oddKey(names);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      oddString,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  }));
  return value;
}

/** Deeply nested JSON texts (arrays and objects), which recursive code overflows on. */
const DEEP_JSON = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  `{"values":${'['.repeat(5_000)}"x"${']'.repeat(5_000)}}`,
  `{"cat":"1",${'"x":{'.repeat(3_000)}"y":1${'}'.repeat(3_000)}}`,
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  '{"a":1}}',
  'nul',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"fuzzPolluted":"yes"}}',
  '{"constructor":{"prototype":{"fuzzPolluted":"yes"}}}',
  '{"a":1,"a":2}',
  '1e999',
  '"just a string"',
  'null',
  '[]',
  '0',
  'true',
  '\uFEFF{}',
  '{"a":NaN}',
  '',
];

/** Percent-encodes any JS string, a lone surrogate as its WTF-8 bytes (what a broken client would send). */
export function encodeAny(s: string): string {
  const cached = LONG_ENCODED.get(s);
  if (cached !== undefined) return cached;
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** The very long strings' encodings, made once (char by char they cost more than the request). */
const LONG_ENCODED = new Map<string, string>();
for (const s of LONG) LONG_ENCODED.set(s, encodeAny(s));

/** A query-string or path part: well encoded, raw (odd bytes as they are), or a broken percent escape. */
const urlPart = (s: string, mode: number): string => {
  if (mode === 0) return encodeAny(s);
  if (mode === 1) return s.replace(/[#?&/\s]/g, encodeURIComponent).replace(/[\uD800-\uDFFF]/g, '%ED%A0%80');
  return `${encodeAny(s)}%${mode === 2 ? 'zz' : 'E0%A4'}`;
};

export const queryPairs = (names: readonly string[] = []) =>
  fc.array(fc.tuple(oddKey(names), fc.oneof(oddString, fc.constantFrom(...names, '1'))), { maxLength: 8 });

function queryString(pairs: readonly (readonly [string, string])[], mode: number): string {
  return pairs.map(([k, v]) => `${urlPart(k, mode)}=${urlPart(v, mode)}`).join('&');
}

// ---------------------------------------------------------------- bodies

interface Body {
  contentType: string | undefined;
  payload: string | Buffer | undefined;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json;charset=utf-16',
  'application/vnd.api+json',
];
const ODD_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=x',
  'image/jpeg',
  'application/json, text/plain',
  'json',
  ';;;',
  '\u202Eapplication/json',
  '',
];

function multipart(fields: readonly (readonly [string, string])[], file: Uint8Array | null, broken: number): Body {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a\u202Egpj.exe"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from('\r\n'),
    );
  }
  if (broken !== 1) parts.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(parts);
  const type =
    broken === 2
      ? 'multipart/form-data'
      : broken === 3
        ? 'multipart/form-data; boundary=other'
        : `multipart/form-data; boundary=${boundary}`;
  return { contentType: type, payload: broken === 4 ? payload.subarray(0, Math.floor(payload.length / 2)) : payload };
}

export function bodyArb(names: readonly string[] = []): fc.Arbitrary<Body> {
  const fieldPair = fc.tuple(
    oddKey(names).map((k) => k.replace(/["\r\n]/g, '')),
    oddString.map((v) => v.slice(0, 2_000)),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.dictionary(oddKey(names), oddJson(names), { maxKeys: 8 }), fc.constantFrom(...JSON_TYPES))
        .map(([v, contentType]) => ({ contentType, payload: JSON.stringify(v) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(oddJson(names), fc.constantFrom(...JSON_TYPES))
        .map(([v, contentType]) => ({ contentType, payload: JSON.stringify(v) ?? 'null' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON, ...DEEP_JSON)
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.array(fieldPair, { maxLength: 6 }),
          fc.option(fc.uint8Array({ maxLength: 64 })),
          fc.integer({ min: 0, max: 4 }),
        )
        .map(([fields, file, broken]) => multipart(fields, file, broken)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...ODD_TYPES, undefined), oddString, queryPairs(names))
        .map(([contentType, s, pairs]) => ({
          contentType,
          payload: contentType === 'application/x-www-form-urlencoded' ? queryString(pairs, 0) : s,
        })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: undefined }) },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` }),
    },
  );
}

// ---------------------------------------------------------------- the app under test

export interface Route {
  method: string;
  url: string;
}

export interface FuzzApp {
  t: TestApp;
  /** Every route of the built app (HEAD ones folded into their GET), as the onRoute hook saw them. */
  routes: Route[];
  customerId: number;
  /** The OrderID of an ad of the customer's (reserved), one of the ids the `:param`s are given. */
  ownOrderId: string;
  /** Cookie and CSRF headers of a logged-in browser (a fresh session when the fuzz ended the last one). */
  sessionHeaders(): Promise<Record<string, string>>;
  /** Told after a call that may have ended the session (an auth call). */
  sessionMayHaveEnded(): void;
}

const CSRF = 'fuzz-csrf-token-0123456789';

export async function createFuzzApp(logStream?: { write(line: string): void }): Promise<FuzzApp> {
  const seen: Route[] = [];
  const t = await createTestApp(
    {},
    {
      ...(logStream ? { logStream } : {}),
      onRoute: (r) => {
        for (const method of [r.method].flat()) seen.push({ method, url: r.url });
      },
    },
  );
  const agent = new Agent(t.app, '10.9.9.9');
  const { res } = await register(agent);
  const customerId = Number(res.json().CustID);
  if (!customerId) throw new Error(`fuzz: registration answered ${res.statusCode} ${res.body}`);
  // A trader of every kind, so trader-only steps and routes are reached rather than refused.
  await t.db.query(`UPDATE customers SET trade = '{"1":{"1":1},"2":{"1":1},"3":{"2":1}}'::jsonb WHERE id = $1`, [
    customerId,
  ]);
  // With a package of car ads: a car trader without one is sent to the partner cars site instead of the steps.
  await insertCustomerPackage(t.db, {
    customerId,
    cat: 1,
    adType: 'Bold',
    hash: 'car-bold-10',
    adsTotal: 10,
    boughtAt: t.clock.now(),
  });
  let token = await createSession(t.db, customerId, t.clock.now());
  // An ad of the customer's own (reserved for photos), so the `:OrderID` routes are reached past their owner check.
  const reserved = await agent.post('/api/publish/reserve-order', {
    cat: '1',
    subcat: '1',
    idempotencyKey: 'fuzz-own-ad',
  });
  const ownOrderId = String(reserved.json().OrderID ?? '');
  if (!ownOrderId) throw new Error(`fuzz: reserve-order answered ${reserved.statusCode} ${reserved.body}`);
  // Only the auth calls end sessions (logout, login, a new password): after one, the session is checked again.
  let mayHaveEnded = false;
  const routes = seen.filter((r) => r.method !== 'HEAD' || !seen.some((g) => g.method === 'GET' && g.url === r.url));
  return {
    t,
    routes,
    customerId,
    ownOrderId,
    sessionMayHaveEnded() {
      mayHaveEnded = true;
    },
    async sessionHeaders() {
      if (mayHaveEnded && !(await findSessionCustomer(t.db, token, t.clock.now()))) {
        token = await createSession(t.db, customerId, t.clock.now());
      }
      mayHaveEnded = false;
      return { cookie: `${CSRF_COOKIE}=${CSRF}; ${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF };
    },
  };
}

// ---------------------------------------------------------------- properties and statistics

export interface Stats {
  target: string;
  runs: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  slowestMs: number;
}

export interface Options {
  runs: number;
  timeoutMs: number;
  seed?: number | undefined;
}

const HEBREW = /[\u0590-\u05FF]/;

/**
 * The 500s the spec gives, and the field their body must have: check-step's field errors (publish-wizard.md §7:
 * "500 with errFields marks errors") and the phone calls' failures (after-save-area.md §7: "500: error or
 * errors"; "Virtual phone 500: error or joined errors").
 */
const PHONE_500 = /"errors?":/;
const SPECIFIED_500: Record<string, RegExp> = {
  '/api/publish/check-step': /"errFields":/,
  '/api/publish/valid-phone': PHONE_500,
  '/api/publish/valid-phone-code': PHONE_500,
  '/api/publish/send_IVR_confirmation': PHONE_500,
  '/api/publish/valid-phone-check': PHONE_500,
  '/api/publish/add-virtual': PHONE_500,
};
const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Why an answer breaks a property, or null. */
export function violation(method: string, url: string, res: LightMyRequestResponse): string | null {
  const path = url.split('?')[0] ?? url;
  if (res.statusCode >= 500) {
    const specified = res.statusCode === 500 ? SPECIFIED_500[path] : undefined;
    if (!specified) return `answered ${res.statusCode}`;
    // A specified 500: its fields and Hebrew text (HEAD carries no body).
    if (method !== 'HEAD' && !(specified.test(res.body) && HEBREW.test(res.body))) {
      return `a 500 of ${path} without its specified fields or Hebrew text`;
    }
  }
  if (res.statusCode >= 400 && res.statusCode < 500 && method !== 'HEAD' && !HEBREW.test(res.body)) {
    return `refused ${res.statusCode} without a Hebrew message: ${res.body.slice(0, 200)}`;
  }
  const proto = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  if (proto !== PROTO_KEYS || ({} as Record<string, unknown>).fuzzPolluted !== undefined) {
    return `Object.prototype polluted: ${proto}`;
  }
  return null;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer | undefined;
}

async function send(app: FuzzApp, req: Sent, stats: Stats, timeoutMs: number): Promise<void> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const res = await Promise.race([
    app.t.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      remoteAddress: '10.1.2.3',
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    }),
    timeout,
  ]);
  clearTimeout(timer);
  if (req.url.startsWith('/api/auth/')) app.sessionMayHaveEnded();
  const ms = performance.now() - started;
  stats.runs += 1;
  stats.slowestMs = Math.max(stats.slowestMs, ms);
  if (res === 'timeout') throw new Error(`no answer within ${timeoutMs} ms (a hang)`);
  const band = Math.floor(res.statusCode / 100);
  if (band === 2) stats.s2xx += 1;
  else if (band === 3) stats.s3xx += 1;
  else if (band === 4) stats.s4xx += 1;
  else stats.s5xx += 1;
  const why = violation(req.method, req.url, res);
  if (why) throw new Error(`${why}\n  body: ${res.body.slice(0, 300)}`);
}

/** One hand-written request (a shrunk counterexample kept as a regression): the violation it shows, or null. */
export async function probe(
  app: FuzzApp,
  req: { method: string; url: string; contentType?: string; payload?: string | Buffer; auth?: Auth },
  timeoutMs = 5_000,
): Promise<string | null> {
  const stats: Stats = { target: req.url, runs: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, slowestMs: 0 };
  const headers = await headersFor(app, req.auth ?? 'session', req.contentType);
  try {
    await send(app, { method: req.method, url: req.url, headers, payload: req.payload }, stats, timeoutMs);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Describes a request briefly (long strings cut) for a counterexample. */
function describeRequest(req: Sent): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const payload = req.payload === undefined ? '' : `\n  body: ${cut(JSON.stringify(String(req.payload)))}`;
  return `${req.method} ${cut(req.url)}\n  content-type: ${req.headers['content-type'] ?? '(none)'}${payload}`;
}

export type Auth = 'session' | 'guest' | 'bare' | 'sandbox';

async function headersFor(app: FuzzApp, auth: Auth, contentType: string | undefined) {
  const headers: Record<string, string> =
    auth === 'bare'
      ? {}
      : auth === 'guest'
        ? { cookie: `${CSRF_COOKIE}=${CSRF}`, [CSRF_HEADER]: CSRF }
        : await app.sessionHeaders();
  if (auth === 'sandbox') headers[SANDBOX_KEY_HEADER] = app.t.sandboxKey;
  if (contentType !== undefined) headers['content-type'] = contentType;
  return headers;
}

/** Runs a property and returns its statistics; a failure is thrown with the shrunk counterexample. */
async function runProperty<T>(
  target: string,
  arb: fc.Arbitrary<T>,
  toRequest: (value: T) => Promise<Sent>,
  app: FuzzApp,
  options: Options,
): Promise<Stats> {
  const stats: Stats = { target, runs: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, slowestMs: 0 };
  const details = await fc.check(
    fc.asyncProperty(arb, async (value) => {
      const req = await toRequest(value);
      try {
        await send(app, req, stats, options.timeoutMs);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n  request: ${describeRequest(req)}`);
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: false, markInterruptAsFailure: true },
  );
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const report = (fc.defaultReportMessage(details) ?? '')
      .split('\n')
      .filter((l) => !l.startsWith('Hint:'))
      .join('\n');
    const err = new Error(`${target}: ${report.trim()}\n${cause}`);
    (err as Error & { stats: Stats }).stats = stats;
    throw err;
  }
  return stats;
}

/** Fills a route's `:param`s and `*` with odd values. */
function fillPath(url: string, values: readonly string[], mode: number): string {
  let i = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => {
    const v = values[i++] ?? '1';
    return urlPart(v, mode).replace(/%2F/gi, mode === 1 ? '/' : '%2F') || '%20';
  });
}

/** The names a route's handlers read: its path parameters and every catalogue field id (a broad dictionary). */
const FIELD_NAMES = [...new Set(CATALOGS.flatMap((c) => c.steps.flatMap((s) => s.fields.map((f) => f.id))))];

export function endpointTarget(route: Route): string {
  return `${route.method === 'HEAD' ? 'HEAD' : route.method} ${route.url}`;
}

/** Random requests to one route. */
export function fuzzEndpoint(app: FuzzApp, route: Route, options: Options): Promise<Stats> {
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const params = route.url.match(/:[A-Za-z_]+|\*/g) ?? [];
  const pathValue = fc.oneof(
    oddString.filter((s) => s.length < 500),
    fc.integer({ min: -5, max: 10 }).map(String),
    fc.constantFrom('1', '2', '999999999'),
    fc.constant(app.ownOrderId),
  );
  const arb = fc.record({
    path: fc.array(pathValue, { minLength: params.length, maxLength: params.length }),
    query: queryPairs(FIELD_NAMES.slice(0, 40)),
    dupe: fc.boolean(),
    mode: fc.constantFrom(0, 0, 0, 1, 2, 3),
    auth: fc.constantFrom<Auth>('session', 'session', 'session', 'guest', 'bare', 'sandbox'),
    body: hasBody
      ? bodyArb(FIELD_NAMES.slice(0, 40))
      : fc.constant<Body>({ contentType: undefined, payload: undefined }),
    head: fc.boolean(),
  });
  return runProperty(
    endpointTarget(route),
    arb,
    async (v) => {
      const pairs = v.dupe && v.query[0] ? [...v.query, v.query[0], [v.query[0][0], 'second'] as const] : v.query;
      const qs = queryString(pairs, v.mode);
      const method = route.method === 'GET' && v.head ? 'HEAD' : route.method;
      const url = `${fillPath(route.url, v.path, v.mode)}${qs ? `?${qs}` : ''}`;
      return { method, url, headers: await headersFor(app, v.auth, v.body.contentType), payload: v.body.payload };
    },
    app,
    options,
  );
}

/** The selectors that choose a catalogue, each of its listed values possible. */
function selectorArb(catalog: CategoryCatalog): fc.Arbitrary<Record<string, string>> {
  const pick = (list: readonly number[] | undefined) =>
    list?.length ? fc.constantFrom(...list.map(String)) : fc.constant(undefined);
  return fc
    .tuple(pick(catalog.subcats), pick(catalog.SalesCatIDs), pick(catalog.SalesSubCatIDs), pick(catalog.petTypes))
    .map(([subcat, SalesCatID, SalesSubCatID, petType]) => {
      const out: Record<string, string> = { cat: String(catalog.cat) };
      if (subcat !== undefined) out.subcat = subcat;
      if (SalesCatID !== undefined) out.SalesCatID = SalesCatID;
      if (SalesSubCatID !== undefined) out.SalesSubCatID = SalesSubCatID;
      if (petType !== undefined) out.petType = petType;
      return out;
    });
}

export interface StepTarget {
  catalog: CategoryCatalog;
  stepIndex: number;
}

export function stepTargets(): StepTarget[] {
  return CATALOGS.flatMap((catalog) => catalog.steps.map((_, stepIndex) => ({ catalog, stepIndex })));
}

export function stepTarget({ catalog, stepIndex }: StepTarget): string {
  return `check-step ${catalog.id} ${catalog.steps[stepIndex]?.area}`;
}

/** Random values to one step's check-step: the fields of that step and the ones before, odd values, odd keys. */
export function fuzzStep(app: FuzzApp, target: StepTarget, options: Options): Promise<Stats> {
  const { catalog, stepIndex } = target;
  const area = catalog.steps[stepIndex]?.area ?? '';
  const names = [...new Set(catalog.steps.slice(0, stepIndex + 1).flatMap((s) => s.fields.map((f) => f.id)))];
  const value = fc.oneof(oddString, fc.array(oddString, { minLength: 2, maxLength: 3 }));
  const fieldKey = names.length ? fc.constantFrom(...names) : fc.constant('extra');
  const arb = fc.record({
    selectors: selectorArb(catalog),
    fields: fc.array(
      fc.tuple(fc.oneof({ weight: 5, arbitrary: fieldKey }, { weight: 1, arbitrary: oddKey() }), value, fc.boolean()),
      {
        maxLength: Math.max(4, names.length + 2),
      },
    ),
    mode: fc.constantFrom(0, 0, 0, 0, 1, 2),
    extraArea: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: oddString }),
  });
  return runProperty(
    stepTarget(target),
    arb,
    async (v) => {
      const pairs: [string, string][] = [];
      for (const [key, val, brackets] of v.fields) {
        for (const one of [val].flat()) pairs.push([Array.isArray(val) && brackets ? `${key}[]` : key, one]);
      }
      for (const [k, s] of Object.entries(v.selectors)) pairs.push([k, s]);
      pairs.push(['check_area', area]);
      if (v.extraArea !== null) pairs.push(['check_area', v.extraArea]);
      return {
        method: 'GET',
        url: `/api/publish/check-step?${queryString(pairs, v.mode)}`,
        headers: await app.sessionHeaders(),
      };
    },
    app,
    options,
  );
}

/** The statistics as a table. */
export function table(rows: readonly Stats[]): string {
  const head = ['target', 'runs', '2xx', '3xx', '4xx', '5xx', 'slowest ms'];
  const cells = rows.map((r) => [
    r.target,
    String(r.runs),
    String(r.s2xx),
    String(r.s3xx),
    String(r.s4xx),
    String(r.s5xx),
    r.slowestMs.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) =>
    `| ${c.map((x, i) => (i === 0 ? x.padEnd(widths[i] ?? 0) : x.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n');
}
