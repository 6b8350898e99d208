/**
 * Every absolute URL the server makes comes from the configured public origins (PUBLIC_ORIGIN,
 * VIDEO_PUBLIC_ORIGIN, PAYMENT_PUBLIC_ORIGIN; their listening-address defaults outside production), never from a
 * request's Host or X-Forwarded-Host, with TRUST_PROXY off or on: the hosted payment page's URL, its
 * frame-ancestors and its success redirect, the mobile page's QR code, the video upload URL and the parent it may be
 * framed by, the app's CSP frame-src, the password reset e-mail's link and the car sign's QR. Production without
 * the public origins refuses to start.
 *
 * A local run (here the tests' defaults; `npm start` is the production build with LOCAL_ORIGINS) is opened at more
 * than one address: over real connections, a browser at 127.0.0.1 gets every origin at 127.0.0.1 (the payment
 * page, its return URLs and frame-ancestors, the video page, the CSP), and a Host that is not the address the
 * connection came in by gets the defaults. A deployment answers its configured origins whatever the Host says.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { verifyVideoToken } from '../src/video/token.ts';
import { contactOf, registerWithPhone } from './support/contact.ts';
import { sandboxOf, submitCard } from './support/payment-sandbox.ts';
import { startExpectingFailure } from './support/server-process.ts';
import { Agent, createTestApp, readOutbox, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const VIDEO_SECRET = 'video-token-secret-of-the-origins-test-0123456789';
const BOARD = 'https://board.site.example';
const CONFIGURED = {
  PUBLIC_ORIGIN: 'https://www.site.example',
  VIDEO_PUBLIC_ORIGIN: 'https://video.site.example',
  PAYMENT_PUBLIC_ORIGIN: 'https://pay.site.example',
};
const EVIL = 'evil.example';

interface Expected {
  site: string;
  video: string;
  payment: string;
}

const SETUPS: { name: string; env: Record<string, string>; expected: (t: TestApp) => Expected }[] = [
  {
    name: 'configured origins, TRUST_PROXY off',
    env: { ...CONFIGURED, TRUST_PROXY: 'false' },
    expected: () => ({
      site: CONFIGURED.PUBLIC_ORIGIN,
      video: CONFIGURED.VIDEO_PUBLIC_ORIGIN,
      payment: CONFIGURED.PAYMENT_PUBLIC_ORIGIN,
    }),
  },
  {
    name: 'configured origins, TRUST_PROXY on',
    env: { ...CONFIGURED, TRUST_PROXY: 'true' },
    expected: () => ({
      site: CONFIGURED.PUBLIC_ORIGIN,
      video: CONFIGURED.VIDEO_PUBLIC_ORIGIN,
      payment: CONFIGURED.PAYMENT_PUBLIC_ORIGIN,
    }),
  },
  {
    // Tests and development: the listening address (the app's PORT 3000 and PORT + 1 when not listening).
    name: 'default origins, TRUST_PROXY on',
    env: { TRUST_PROXY: 'true' },
    expected: (t) => ({
      site: 'http://localhost:3000',
      video: 'http://localhost:3001',
      payment: `http://localhost:${new URL(t.paymentUrl ?? '').port}`,
    }),
  },
];

const FORGED: { name: string; headers: Record<string, string> }[] = [
  { name: 'Host', headers: { host: EVIL } },
  {
    name: 'Host and X-Forwarded-Host',
    headers: { host: `${EVIL}:8443`, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' },
  },
  { name: 'X-Forwarded-Host', headers: { 'x-forwarded-host': `${EVIL}:443`, 'x-forwarded-proto': 'https' } },
];

const directive = (csp: unknown, name: string): string => {
  const found = String(csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));
  return found ? found.slice(name.length + 1) : '';
};

describe.each(SETUPS)('$name', (setup) => {
  let t: TestApp;
  let owner: Agent;
  let email: string;
  let E: Expected;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { ...setup.env, OLD_SITE_URL: BOARD, VIDEO_TOKEN_SECRET: VIDEO_SECRET },
      { listenPayments: true },
    );
    owner = new Agent(t.app, '10.41.0.1');
    email = (await registerWithPhone(t, owner)).email;
    E = setup.expected(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const newDraft = async (): Promise<number> => {
    const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
    expect(res.json().orderID, res.body).toBeGreaterThan(0);
    return res.json().orderID;
  };
  const startBody = (orderId: number) => ({
    OrderID: orderId,
    RecordID: orderId,
    CatID: 1,
    SubCatID: 1,
    pt_hash: 'c1-vip',
    idempotencyKey: `origins-key-${Date.now().toString(36)}-${++keys}`,
  });
  const session = async (hostedUrl: string) => {
    const [row] = await t.db.query<{ success_url: string; failure_url: string; approval_token: string }>(
      'SELECT success_url, failure_url, approval_token FROM sandbox_payment_sessions WHERE id = $1',
      [new URL(hostedUrl).pathname.split('/')[2]],
    );
    if (!row) throw new Error(`no session for ${hostedUrl}`);
    return row;
  };

  it.each(FORGED)('forged $name: the payment page URL, its frame-ancestors and its success redirect', async (f) => {
    const res = await owner.post('/api/publish/finish-page', startBody(await newDraft()), f.headers);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().merchantPaymentUrl;
    expect(url.startsWith(`${E.payment}/pay/ps_`), url).toBe(true);
    const row = await session(url);
    expect(row.success_url.startsWith(`${E.site}/api/payments/success?`), row.success_url).toBe(true);
    expect(row.failure_url.startsWith(`${E.site}/api/payments/failure?`), row.failure_url).toBe(true);

    const page = await sandboxOf(t.app).app.inject({ method: 'GET', url: new URL(url).pathname, headers: f.headers });
    expect(page.statusCode).toBe(200);
    expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe(E.site);
    expect(directive(page.headers['content-security-policy'], 'form-action')).toBe(`'self' ${E.site}`);

    const paid = await submitCard(t, url);
    expect(paid.statusCode).toBe(303);
    expect(String(paid.headers.location).startsWith(`${E.site}/api/payments/success?pid=pay_`)).toBe(true);
    for (const text of [url, row.success_url, page.headers['content-security-policy'], paid.headers.location])
      expect(String(text)).not.toContain(EVIL);
  });

  it.each(FORGED)('forged $name: the mobile-payment page and the QR code of its approval link', async (f) => {
    const res = await owner.post('/api/publish/bit-payment', startBody(await newDraft()), f.headers);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().sale_url;
    expect(url.startsWith(`${E.payment}/pay/ps_`), url).toBe(true);
    const page = await sandboxOf(t.app).app.inject({ method: 'GET', url: new URL(url).pathname, headers: f.headers });
    const img = /<img class="qr" src="data:image\/svg\+xml;base64,([^"]+)"/.exec(page.body)?.[1];
    const row = await session(url);
    // The QR code is exactly the one of the approval link on the payment host's public origin.
    const approve = `${E.payment}/approve/${new URL(url).pathname.split('/')[2]}?t=${row.approval_token}`;
    const expected = await QRCode.toString(approve, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    expect(Buffer.from(img ?? '', 'base64').toString()).toBe(expected);
    expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe(E.site);
  });

  it.each(FORGED)(
    'forged $name: the video upload URL, the parent it may be framed by, the CSP frame-src',
    async (f) => {
      const orderId = await newDraft();
      const res = await owner.post(`/api/publish/${orderId}/video/token`, {}, f.headers);
      expect(res.statusCode, res.body).toBe(200);
      const { uploadUrl, videoOrigin, token } = res.json();
      expect(videoOrigin).toBe(E.video);
      expect(uploadUrl.startsWith(`${E.video}/video/upload?token=`), uploadUrl).toBe(true);
      const check = verifyVideoToken(VIDEO_SECRET, token, t.clock.now().getTime());
      expect(check.ok && check.payload.parentOrigin).toBe(E.site);

      const page = await t.app.videoHost.app.inject({
        method: 'GET',
        url: `/video/upload?token=${encodeURIComponent(token)}`,
        headers: f.headers,
      });
      expect(page.statusCode).toBe(200);
      expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe(E.site);

      const config = await owner.get('/api/site-config', f.headers);
      expect(config.json().videoOrigin).toBe(E.video);
      // The page that frames the upload: its CSP frame-src.
      const publish = await owner.get('/publish', f.headers);
      const frames = directive(publish.headers['content-security-policy'], 'frame-src').split(' ');
      expect(frames).toEqual(expect.arrayContaining([E.video, E.payment]));
      expect(frames.join(' ')).not.toContain(EVIL);
    },
  );

  it.each(FORGED)('forged $name: the password reset e-mail links to the site', async (f) => {
    const sent = await new Agent(t.app, '10.41.0.9').post(
      '/api/auth/forgetPass',
      { EmailForgetPass: email },
      f.headers,
    );
    expect(sent.json()).toMatchObject({ error: 0 });
    const [mail] = await readOutbox(t, email);
    expect(mail?.text).toContain(`${E.site}/login`);
    expect(mail?.text).not.toContain(EVIL);
  });

  it.each(FORGED)("forged $name: the car sign QR code leads to the ad's own page on the site", async (f) => {
    const orderId = await newDraft();
    const done = await owner.post('/api/publish/finish-publish', {
      CatID: 1,
      SubCatID: 1,
      OrderID: orderId,
      RecordID: orderId,
      pt_hash: 'c1-free',
    });
    expect(done.json().redirect, done.body).toBeTruthy();
    const ad = await owner.get(`/api/adds/${orderId}`, f.headers);
    expect(ad.json().AdUrl).toBe(`${E.site}/item/${orderId}`);
    expect(ad.json().AdUrl).not.toContain(BOARD);
  });
});

describe('production needs the public origins', () => {
  it('the configuration names each missing origin; development, tests and LOCAL_ORIGINS default them', () => {
    const production = () => loadConfig({ NODE_ENV: 'production' });
    expect(production).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(production).toThrow(/VIDEO_PUBLIC_ORIGIN: required in production/);
    expect(production).toThrow(/PAYMENT_PUBLIC_ORIGIN: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...CONFIGURED, VIDEO_PUBLIC_ORIGIN: '' })).toThrow(
      /^Invalid configuration:\n {2}VIDEO_PUBLIC_ORIGIN: required in production[^\n]*$/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...CONFIGURED }).PUBLIC_ORIGIN).toBe(CONFIGURED.PUBLIC_ORIGIN);
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_ORIGINS: 'true' }).PUBLIC_ORIGIN).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_ORIGIN).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://www.site.example/path' })).toThrow(
      /PUBLIC_ORIGIN: an origin/,
    );
  });

  it('a production start without them stops before opening anything, with a readable message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'origins-'));
    try {
      const refused = await startExpectingFailure({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(refused.code).toBe(2);
      expect(refused.output).toMatch(/PUBLIC_ORIGIN: required in production/);
      expect(refused.output).toMatch(/VIDEO_PUBLIC_ORIGIN: required in production/);
      expect(refused.output).toMatch(/PAYMENT_PUBLIC_ORIGIN: required in production/);
      // The message, not a stack trace; and nothing was opened (no database, no lock).
      expect(refused.output).not.toMatch(/\n\s+at /);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** One request over a real connection to 127.0.0.1, with the Host header a browser at `host` sends. */
function overTheWire(
  port: number,
  host: string,
  request: { method?: string; path: string; cookies?: Map<string, string>; body?: unknown },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const csrf = request.cookies?.get('csrf');
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          host,
          ...(request.cookies ? { cookie: [...request.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(csrf && body !== undefined ? { 'x-csrf-token': csrf } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a local run opened at another address than localhost, over real connections', () => {
  let t: TestApp;
  let owner: Agent;
  let app: number;
  let video: number;
  let payment: number;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp({ VIDEO_TOKEN_SECRET: VIDEO_SECRET }, { listenPayments: true, listenVideo: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    app = (t.app.server.address() as { port: number }).port;
    video = Number(new URL(t.videoUrl ?? '').port);
    payment = Number(new URL(t.paymentUrl ?? '').port);
    owner = new Agent(t.app, '10.41.1.1');
    await registerWithPhone(t, owner);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const startCard = async (host: string, orderId: number) => {
    const res = await overTheWire(app, host, {
      method: 'POST',
      path: '/api/publish/finish-page',
      cookies: owner.cookies,
      body: {
        OrderID: orderId,
        RecordID: orderId,
        CatID: 1,
        SubCatID: 1,
        pt_hash: 'c1-vip',
        idempotencyKey: `local-origins-${Date.now().toString(36)}-${++keys}`,
      },
    });
    expect(res.status, res.text).toBe(200);
    return JSON.parse(res.text).merchantPaymentUrl as string;
  };
  const draft = async () => {
    const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
    expect(res.json().orderID, res.body).toBeGreaterThan(0);
    return res.json().orderID as number;
  };
  const successUrlOf = async (hostedUrl: string) => {
    const [row] = await t.db.query<{ success_url: string }>(
      'SELECT success_url FROM sandbox_payment_sessions WHERE id = $1',
      [new URL(hostedUrl).pathname.split('/')[2]],
    );
    return row?.success_url ?? '';
  };

  it('at 127.0.0.1: the payment page, its return URL and frame-ancestors, the video page and the CSP are there', async () => {
    const at = '127.0.0.1';
    const hostedUrl = await startCard(`${at}:${app}`, await draft());
    expect(hostedUrl.startsWith(`http://${at}:${payment}/pay/ps_`), hostedUrl).toBe(true);
    expect((await successUrlOf(hostedUrl)).startsWith(`http://${at}:${app}/api/payments/success?`)).toBe(true);
    const page = await overTheWire(payment, `${at}:${payment}`, { path: new URL(hostedUrl).pathname });
    expect(page.status).toBe(200);
    expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe(`http://${at}:${app}`);

    const orderId = await draft();
    const token = await overTheWire(app, `${at}:${app}`, {
      method: 'POST',
      path: `/api/publish/${orderId}/video/token`,
      cookies: owner.cookies,
      body: {},
    });
    const { uploadUrl, videoOrigin, token: signed } = JSON.parse(token.text);
    expect(videoOrigin).toBe(`http://${at}:${video}`);
    expect(uploadUrl.startsWith(`http://${at}:${video}/video/upload?token=`)).toBe(true);
    const check = verifyVideoToken(VIDEO_SECRET, signed, t.clock.now().getTime());
    expect(check.ok && check.payload.parentOrigin).toBe(`http://${at}:${app}`);
    const config = await overTheWire(app, `${at}:${app}`, { path: '/api/site-config' });
    expect(JSON.parse(config.text).videoOrigin).toBe(`http://${at}:${video}`);
    const publish = await overTheWire(app, `${at}:${app}`, { path: '/publish' });
    expect(directive(publish.headers['content-security-policy'], 'frame-src').split(' ')).toEqual(
      expect.arrayContaining([`http://${at}:${video}`, `http://${at}:${payment}`]),
    );
  });

  it('a Host that is not the address the connection came in by gets the defaults', async () => {
    for (const host of [`${EVIL}:${app}`, `10.0.0.9:${app}`, `127.0.0.1:${app + 1}`]) {
      const hostedUrl = await startCard(host, await draft());
      expect(hostedUrl.startsWith(`http://localhost:${payment}/pay/ps_`), hostedUrl).toBe(true);
      expect((await successUrlOf(hostedUrl)).startsWith(`http://localhost:${app}/api/payments/success?`)).toBe(true);
      const publish = await overTheWire(app, host, { path: '/publish' });
      const frames = directive(publish.headers['content-security-policy'], 'frame-src');
      expect(frames).toBe(`'self' http://localhost:${video} http://localhost:${payment}`);
    }
  });

  it('an open payment session is taken up again only from the address it was opened for', async () => {
    const orderId = await draft();
    const fromLocalhost = await startCard(`localhost:${app}`, orderId);
    expect(fromLocalhost.startsWith(`http://localhost:${payment}/pay/`)).toBe(true);
    // The same ad and track from 127.0.0.1 (another tab, a phone): a session whose frame comes back there.
    const from127 = await startCard(`127.0.0.1:${app}`, orderId);
    expect(new URL(from127).pathname).not.toBe(new URL(fromLocalhost).pathname);
    expect((await successUrlOf(from127)).startsWith(`http://127.0.0.1:${app}/`)).toBe(true);
    // Again from 127.0.0.1: that one, reused.
    expect(await startCard(`127.0.0.1:${app}`, orderId)).toBe(from127);
  });
});

describe('a deployment, over real connections', () => {
  it('answers its configured origins whatever address and Host a request comes by', async () => {
    const t = await createTestApp(
      { ...CONFIGURED, NODE_ENV: 'production', LOCAL_ORIGINS: 'false', WEB_DIST_DIR: os.tmpdir(), LOG_LEVEL: 'warn' },
      { listenPayments: true },
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const app = (t.app.server.address() as { port: number }).port;
      for (const host of [`127.0.0.1:${app}`, `localhost:${app}`, `${EVIL}:${app}`]) {
        const config = await overTheWire(app, host, { path: '/api/site-config' });
        expect(JSON.parse(config.text).videoOrigin).toBe(CONFIGURED.VIDEO_PUBLIC_ORIGIN);
        const page = await overTheWire(app, host, { path: '/publish' });
        expect(directive(page.headers['content-security-policy'], 'frame-src')).toBe(
          `'self' ${CONFIGURED.VIDEO_PUBLIC_ORIGIN} ${CONFIGURED.PAYMENT_PUBLIC_ORIGIN}`,
        );
      }
      const owner = new Agent(t.app, '10.41.2.1');
      await registerWithPhone(t, owner);
      const saved = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contactOf(owner) });
      const orderId = saved.json().orderID;
      const started = await overTheWire(app, `127.0.0.1:${app}`, {
        method: 'POST',
        path: '/api/publish/finish-page',
        cookies: owner.cookies,
        body: {
          OrderID: orderId,
          RecordID: orderId,
          CatID: 1,
          SubCatID: 1,
          pt_hash: 'c1-vip',
          idempotencyKey: 'deployed-1',
        },
      });
      expect(started.status, started.text).toBe(200);
      expect(JSON.parse(started.text).merchantPaymentUrl.startsWith(`${CONFIGURED.PAYMENT_PUBLIC_ORIGIN}/pay/`)).toBe(
        true,
      );
    } finally {
      await t.close();
    }
  }, 180_000);
});
