import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, GOOD_PASSWORD, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

/** Every log line of the app, parsed (pino JSON). */
const logLines: { level: number; msg?: string; err?: unknown }[] = [];
let t: TestApp;
let owner: Agent;
/** The owner's contact step (a number the owner verified), and a complete car ad with it. */
let contact: ContactValues;
/** The number the owner verified. */
let ownerPhone: string;
const carAd = () => ({ ...validCarAd(), ...contact });
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
  );
  owner = new Agent(t.app, '10.8.0.1');
  ({ contact, phone: ownerPhone } = await registerWithPhone(t, owner));
});
afterAll(async () => {
  await t.close();
});

const cookieHeader = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A request with the agent's cookies (the session travels) but without the CSRF header: a forged call. */
function forged(
  agent: Agent,
  method: 'GET' | 'POST',
  url: string,
  extra: Record<string, string> = {},
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: agent.ip,
    headers: { cookie: cookieHeader(agent), ...extra },
  });
}

async function priceOf(orderId: number): Promise<string | undefined> {
  const [row] = await t.db.query<{ field_values: Record<string, string> }>(
    'SELECT field_values FROM ads WHERE id = $1',
    [orderId],
  );
  return row?.field_values.price;
}

const countAds = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ads'))[0]?.n);

describe('CSRF on every call that changes state, whatever its method', () => {
  it('GET save-ad/{id} without the token is refused and changes nothing; with it the owner saves', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', carAd())).json();
    expect(await priceOf(orderID)).toBe('85000');
    const url = `/api/publish/save-ad/${orderID}?${q({ ...contact, price: '1,000', km: '1', description: 'הועבר' })}`;
    const attack = await forged(owner, 'GET', url);
    expect(attack.statusCode).toBe(403);
    expect(attack.json()).toEqual({ status: 403, message: he.csrf });
    expect(await priceOf(orderID)).toBe('85000');

    const own = await owner.get(`/api/publish/save-ad/${orderID}?${q({ ...carAd(), price: '80,000', km: '46,000' })}`);
    expect(own.statusCode).toBe(200);
    expect(await priceOf(orderID)).toBe('80000');
  });

  it('GET save-ad (a new ad) without the token creates nothing', async () => {
    const before = await countAds();
    expect((await forged(owner, 'GET', `/api/publish/save-ad?${q(carAd())}`)).statusCode).toBe(403);
    expect(await countAds()).toBe(before);
  });

  it('GET reset-ad without the token keeps the draft', async () => {
    const sel = { cat: '1', subcat: '1' };
    await owner.post('/api/publish/draft', { ...sel, lastValidStep: 1, values: { manufacturer: '1' } });
    expect((await forged(owner, 'GET', `/api/publish/reset-ad?${q(sel)}`)).statusCode).toBe(403);
    expect((await owner.get(`/api/publish/draft?${q(sel)}`)).json().values).toEqual({ manufacturer: '1' });
    expect((await owner.get(`/api/publish/reset-ad?${q(sel)}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/publish/draft?${q(sel)}`)).json().values).toEqual({});
  });

  it('reading GETs need no token', async () => {
    expect((await forged(owner, 'GET', '/api/publish/fields?cat=1&subcat=1')).statusCode).toBe(200);
    expect((await forged(owner, 'GET', '/api/auth/customer')).statusCode).toBe(200);
  });

  it('a state-changing call from another Origin is refused even with the token; our own Origin passes', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', carAd())).json();
    const csrf = owner.cookies.get('csrf') ?? '';
    const post = (origin: string) =>
      forged(
        owner,
        'POST',
        `/api/publish/save-ad/${orderID}`,
        { 'x-csrf-token': csrf, origin, host: 'localhost:3000' },
        { ...carAd(), price: '2,000', km: '46,000' },
      );
    expect((await post('https://evil.example')).statusCode).toBe(403);
    expect((await post('http://localhost:3001')).statusCode).toBe(403);
    expect((await post('null')).statusCode).toBe(403);
    expect(await priceOf(orderID)).toBe('85000');
    expect((await post('http://localhost:3000')).statusCode).toBe(200);
    expect(await priceOf(orderID)).toBe('2000');
  });

  it('without an Origin, a cross-site or same-site Sec-Fetch-Site or a foreign Referer is refused even with the token', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', carAd())).json();
    const csrf = owner.cookies.get('csrf') ?? '';
    const post = (headers: Record<string, string>) =>
      forged(
        owner,
        'POST',
        `/api/publish/save-ad/${orderID}`,
        { 'x-csrf-token': csrf, host: 'localhost:3000', ...headers },
        { ...carAd(), price: '3,000', km: '46,000' },
      );
    const attacks: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
      { referer: 'http://localhost:3001/publish' },
      { referer: 'not a url' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attacks) {
      const res = await post(headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
    }
    expect(await priceOf(orderID)).toBe('85000');
    const own = await post({ 'sec-fetch-site': 'same-origin', referer: 'http://localhost:3000/publish' });
    expect(own.statusCode).toBe(200);
    expect(await priceOf(orderID)).toBe('3000');
  });

  it('behind a trusted proxy the origin is the one the proxy reports', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const agent = new Agent(proxied.app, '10.8.0.9');
      await agent.get('/api/auth/customer');
      const csrf = agent.cookies.get('csrf') ?? '';
      const logout = (origin: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: {
            cookie: `csrf=${csrf}`,
            'x-csrf-token': csrf,
            origin,
            host: '127.0.0.1:3000',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'ads.example.co.il',
          },
        });
      expect((await logout('https://ads.example.co.il')).statusCode).toBe(200);
      expect((await logout('http://127.0.0.1:3000')).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('NUL and lone surrogates are refused at the edge', () => {
  const NUL = '\u0000';
  const LONE = '\ud800';
  type Case = { name: string; send: () => Promise<LightMyRequestResponse> };
  const json = (agent: Agent, url: string, raw: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: raw,
      remoteAddress: agent.ip,
      headers: {
        cookie: cookieHeader(agent),
        'x-csrf-token': agent.cookies.get('csrf') ?? '',
        'content-type': 'application/json',
      },
    });
  let orderId = 0;
  const cases: Case[] = [
    {
      name: 'save-ad, NUL in a value',
      send: () => owner.post('/api/publish/save-ad', { ...carAd(), description: `א${NUL}ב` }),
    },
    {
      name: 'save-ad, lone surrogate escaped in the JSON text',
      send: () =>
        json(owner, '/api/publish/save-ad', JSON.stringify(carAd()).replace('}', ',"description":"\\ud800"}')),
    },
    {
      name: 'save-ad/{id}, NUL in a key',
      send: () => owner.post(`/api/publish/save-ad/${orderId}`, { [`price${NUL}`]: '1' }),
    },
    {
      name: 'GET save-ad, %00 in the query',
      send: () => owner.get(`/api/publish/save-ad?${q(carAd())}&description=a%00b`),
    },
    {
      name: 'draft, lone surrogate deep in the values',
      send: () => json(owner, '/api/publish/draft', '{"cat":"1","subcat":"1","values":{"description":"x\\udfffy"}}'),
    },
    { name: 'draft, %00 in the query', send: () => owner.get('/api/publish/draft?cat=1&subcat=1%00') },
    {
      name: 'login',
      send: () =>
        new Agent(t.app, '10.8.1.1').post('/api/auth/login', {
          username: `a${NUL}@example.co.il`,
          password: GOOD_PASSWORD,
        }),
    },
    {
      name: 'login, lone surrogate',
      send: () => json(owner, '/api/auth/login', '{"username":"\\ud83d@example.co.il","password":"x"}'),
    },
    {
      name: 'forgetPass',
      send: () =>
        new Agent(t.app, '10.8.1.2').post('/api/auth/forgetPass', { EmailForgetPass: `b${NUL}@example.co.il` }),
    },
    {
      name: 'confirmCode',
      send: () =>
        new Agent(t.app, '10.8.1.3').post('/api/auth/confirmCode', {
          EmailForgetPass: 'c@example.co.il',
          confirmCodePass: `1234${NUL}`,
        }),
    },
    {
      name: 'register',
      send: () =>
        new Agent(t.app, '10.8.1.4').post('/api/auth/register', {
          username: `d${LONE}@example.co.il`,
          password: GOOD_PASSWORD,
          passwordAgain: GOOD_PASSWORD,
          firstname: 'נועה',
          lastname: 'ישראלי',
        }),
    },
    {
      name: 'outbox query',
      send: () => t.app.inject({ url: '/api/sandbox/outbox?to=%00', headers: { 'x-sandbox-key': t.sandboxKey } }),
    },
    { name: 'a path parameter', send: () => owner.get('/api/publish/fields/1%00') },
    {
      name: 'an array in a body',
      send: () => owner.post('/api/publish/get-car-submodels', { model: 1, year: 2020, list: ['ok', NUL] }),
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: 400 with the Hebrew message, nothing stored',
    async (_name, c) => {
      if (!orderId) orderId = (await owner.post('/api/publish/save-ad', carAd())).json().orderID;
      const before = await t.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM ads) + (SELECT count(*) FROM wizard_drafts) + (SELECT count(*) FROM customers)
        + (SELECT count(*) FROM outbox_emails) + (SELECT count(*) FROM rate_counters) AS n`,
      );
      const errorsBefore = logLines.filter((l) => l.level >= 50).length;
      const res = await c.send();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: he.unsupportedCharacters });
      expect(he.unsupportedCharacters).toMatch(/[א-ת]/);
      const after = await t.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM ads) + (SELECT count(*) FROM wizard_drafts) + (SELECT count(*) FROM customers)
        + (SELECT count(*) FROM outbox_emails) + (SELECT count(*) FROM rate_counters) AS n`,
      );
      expect(after[0]?.n).toBe(before[0]?.n);
      expect(logLines.filter((l) => l.level >= 50).length).toBe(errorsBefore);
      expect(await priceOf(orderId)).toBe('85000');
    },
  );

  it('well-formed text (a Hebrew text with an emoji pair) passes', async () => {
    const res = await owner.post('/api/publish/save-ad', {
      ...carAd(),
      description: 'רכב שמור מאוד 🚗 במצב מצוין',
    });
    expect(res.statusCode).toBe(200);
  });

  it('a form-encoded body is not accepted at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=a%00b&password=x',
      headers: {
        cookie: cookieHeader(owner),
        'x-csrf-token': owner.cookies.get('csrf') ?? '',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('security headers', () => {
  const csp = (res: LightMyRequestResponse) => String(res.headers['content-security-policy']);

  it('a page: a CSP with scripts and styles from self only, no framing, and the safe defaults', async () => {
    const res = await owner.get('/publish');
    const policy = csp(res);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The app frames exactly its video host (PORT + 1 with the test's default PORT 3000), its payment host
    // (PORT + 2), and itself (the payment frame comes back to /finishPayment).
    expect(policy).toMatch(/(?:^|;)frame-src 'self' http:\/\/localhost:3001 http:\/\/localhost:3002(?:;|$)/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('an API answer: the API set, whose CSP lets it load and run nothing and be framed by nobody', async () => {
    for (const res of [await owner.get('/api/auth/customer'), await t.app.inject({ url: '/api/no-such-call' })]) {
      expect(csp(res)).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the video and payment origins follow VIDEO_PUBLIC_ORIGIN and PAYMENT_PUBLIC_ORIGIN, the only framed ones', async () => {
    const other = await createTestApp({
      VIDEO_PUBLIC_ORIGIN: 'https://video.example.co.il',
      PAYMENT_PUBLIC_ORIGIN: 'https://pay.example.co.il',
    });
    try {
      const res = await other.app.inject({ url: '/publish' });
      expect(csp(res)).toMatch(
        /(?:^|;)frame-src 'self' https:\/\/video\.example\.co\.il https:\/\/pay\.example\.co\.il(?:;|$)/,
      );
      expect(csp(res)).toContain("connect-src 'self';");
      const site = await other.app.inject({ url: '/api/site-config' });
      expect(site.json().videoOrigin).toBe('https://video.example.co.il');
    } finally {
      await other.close();
    }
  });

  it('further origins to frame (the payment sandbox) go into frame-src and connect-src through CSP_EXTRA_ORIGINS', async () => {
    const other = await createTestApp({ CSP_EXTRA_ORIGINS: 'http://localhost:4010, http://localhost:4020' });
    try {
      const policy = csp(await other.app.inject({ url: '/publish' }));
      expect(policy).toContain("connect-src 'self' http://localhost:4010 http://localhost:4020");
      expect(policy).toContain(
        "frame-src 'self' http://localhost:3001 http://localhost:3002 http://localhost:4010 http://localhost:4020;",
      );
    } finally {
      await other.close();
    }
  });

  it('Cache-Control: no-store on answers with personal data', async () => {
    const { orderID } = (await owner.post('/api/publish/save-ad', carAd())).json();
    const answers = {
      customer: await owner.get('/api/auth/customer'),
      edit: await owner.get(`/api/publish/fields/${orderID}`),
      draft: await owner.get('/api/publish/draft?cat=1&subcat=1'),
      login: await new Agent(t.app, '10.8.2.1').post('/api/auth/login', {
        username: 'x@example.co.il',
        password: 'Nope1234',
      }),
      outbox: await t.app.inject({ url: '/api/sandbox/outbox', headers: { 'x-sandbox-key': t.sandboxKey } }),
      outboxRefused: await t.app.inject({ url: '/api/sandbox/outbox' }),
      csrfRefused: await forged(owner, 'GET', '/api/publish/reset-ad?cat=1&subcat=1'),
      notFound: await owner.get('/api/nothing-here'),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });
});

describe('the log', () => {
  it('holds no full phone number, even where a request’s URL carries one', async () => {
    const digits = ownerPhone.replace(/\D/g, '');
    const dashed = `${digits.slice(0, 3)}-${digits.slice(3)}`;
    expect((await owner.get(`/api/publish/add-virtual?phone=${digits}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/publish/add-virtual?phone=${dashed}`)).statusCode).toBe(200);
    const text = logLines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).toContain(`add-virtual?phone=•••${digits.slice(-3)}`);
    expect(text).not.toContain(digits);
    expect(text).not.toContain(digits.slice(3));
  });
});
