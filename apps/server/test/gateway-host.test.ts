/**
 * The gateway on another host (GATEWAY_URL an absolute URL): the site's pages call this server's /gateway/* routes
 * from the site's origin, so those answer that origin with CORS and credentials, and nothing else changes; the
 * site's CSP lets its pages call the gateway's origin; a GATEWAY_URL that is neither a path nor an http(s) URL stops
 * the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { cspDirectives } from '../src/platform/http/security-headers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SITE = 'https://www.example.co.il';
const GATEWAY = 'https://gateway.example.co.il/gateway';
const PLATE = '/gateway/car-data-gov?licensePlate=12345678';

describe('GATEWAY_URL', () => {
  it('is a path or an http(s) URL; a trailing slash is dropped', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).GATEWAY_URL).toBe('/gateway');
    expect(loadConfig({ NODE_ENV: 'test', GATEWAY_URL: `${GATEWAY}/` }).GATEWAY_URL).toBe(GATEWAY);
    for (const bad of [
      'gateway',
      'javascript:alert(1)',
      `${GATEWAY}?x=1`,
      'https://gw.example.co.il/a b',
      '//gw.example',
      '//gw',
    ])
      expect(() => loadConfig({ NODE_ENV: 'test', GATEWAY_URL: bad }), bad).toThrow(/GATEWAY_URL/);
  });

  it("adds another host's origin, and only it, to what the pages may call", () => {
    const own = cspDirectives({ CSP_EXTRA_ORIGINS: [], GATEWAY_URL: '/gateway' });
    expect(own.connectSrc).toEqual(["'self'"]);
    const elsewhere = cspDirectives({ CSP_EXTRA_ORIGINS: [], GATEWAY_URL: GATEWAY });
    expect(elsewhere.connectSrc).toEqual(["'self'", 'https://gateway.example.co.il']);
  });
});

describe('a gateway host answers the site with CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_URL: GATEWAY, PUBLIC_ORIGIN: SITE, JOB_TICK_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("a preflight from the site's origin is allowed, with credentials and the CSRF header", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/gateway/packages/personal/pay/50000001',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrf-token',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SITE);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-csrf-token');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
  });

  it("a call from the site's origin is answered to it; another origin's gets no CORS header", async () => {
    const fromSite = await t.app.inject({ url: PLATE, headers: { origin: SITE } });
    expect(fromSite.headers['access-control-allow-origin']).toBe(SITE);
    expect(fromSite.headers['access-control-allow-credentials']).toBe('true');
    const fromElsewhere = await t.app.inject({ url: PLATE, headers: { origin: 'https://evil.example' } });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(fromElsewhere.statusCode).toBe(fromSite.statusCode);
  });

  it('the API is not opened to other origins: no CORS header, and a preflight there is not found', async () => {
    const call = await t.app.inject({ url: '/api/publish/fields?cat=1&subcat=1', headers: { origin: SITE } });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/publish/save-ad',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.json().message).toMatch(/[א-ת]/);
  });
});

describe('our own gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOB_TICK_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers no CORS at all', async () => {
    const res = await t.app.inject({ url: PLATE, headers: { origin: SITE } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: PLATE,
      headers: { origin: SITE, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
  });
});
