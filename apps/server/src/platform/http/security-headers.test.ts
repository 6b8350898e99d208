import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** An app with the security headers, whose video and payment origins a test changes (as a listen does). */
async function appWith(origins: { video: string; payment: string | undefined }) {
  const app = Fastify();
  await registerSecurityHeaders(app, loadConfig({ NODE_ENV: 'test' }), (req) =>
    // As a local run's browser reaches them: here, the address a test names in its request.
    typeof req.headers['x-reached'] === 'string'
      ? { video: `http://${req.headers['x-reached']}:3001`, payment: `http://${req.headers['x-reached']}:3002` }
      : origins.payment
        ? { video: origins.video, payment: origins.payment }
        : { video: origins.video },
  );
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/cached', async (_req, reply) => reply.header('cache-control', 'private, no-cache').send({ ok: true }));
  app.get('/finishPayment', async (_req, reply) => reply.type('text/html').send('<p>done</p>'));
  app.get('/publish', async (_req, reply) => reply.type('text/html').send('<p>page</p>'));
  return app;
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('security headers', () => {
  it('are helmet’s on pages', async () => {
    const app = await appWith({ video: 'http://localhost:3001', payment: 'http://localhost:3002' });
    for (const url of ['/publish', '/my-ads?x=1', '/nothing-here']) {
      const res = await app.inject({ url });
      expect(res.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("'none'");
      expect(directive(res.headers['content-security-policy'], 'script-src')).toBe("'self'");
    }
  });

  it('are the API set on /api answers: not sniffed, framed, run as a document, read cross-site or cached', async () => {
    const app = await appWith({ video: 'http://localhost:3001', payment: 'http://localhost:3002' });
    for (const url of ['/api/thing', '/api/nothing-here', '/api/thing?x=1']) {
      const res = await app.inject({ url });
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      // None of a page's: nothing in an answer loads scripts, frames or fonts.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // A page whose path only starts like the API's is a page.
    expect((await app.inject({ url: '/apix' })).headers['x-dns-prefetch-control']).toBe('off');
  });

  it("are a page's on a page for people under /api (the reference page): its CSP, its scripts from here only", async () => {
    const app = await appWith({ video: 'http://localhost:3001', payment: 'http://localhost:3002' });
    app.get('/api/docs/', { config: { page: true } }, async (_req, reply) =>
      reply.type('text/html').send('<p>docs</p>'),
    );
    const res = await app.inject({ url: '/api/docs/' });
    expect(directive(res.headers['content-security-policy'], 'script-src')).toBe("'self'");
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Any other /api route stays an API answer.
    expect((await app.inject({ url: '/api/thing' })).headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('send HSTS on pages and API answers alike behind a TLS proxy', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }));
    app.get('/api/thing', async () => ({ ok: true }));
    for (const url of ['/api/thing', '/publish']) {
      expect((await app.inject({ url })).headers['strict-transport-security']).toBe(
        'max-age=15552000; includeSubDomains',
      );
    }
  });

  it('frame the video and payment hosts of the origins as they are now (known once they listen)', async () => {
    const origins = { video: 'http://localhost:3001', payment: 'http://localhost:3002' as string | undefined };
    const app = await appWith(origins);
    const frames = async () =>
      directive((await app.inject({ url: '/publish' })).headers['content-security-policy'], 'frame-src');
    expect(await frames()).toBe("'self' http://localhost:3001 http://localhost:3002");
    origins.video = 'http://localhost:41234';
    origins.payment = 'http://localhost:41235';
    expect(await frames()).toBe("'self' http://localhost:41234 http://localhost:41235");
  });

  it('frame the hosts as each page’s browser reaches them, page after page', async () => {
    const app = await appWith({ video: 'http://localhost:3001', payment: 'http://localhost:3002' });
    const frames = async (reached?: string) =>
      directive(
        (await app.inject({ url: '/publish', headers: reached ? { 'x-reached': reached } : {} })).headers[
          'content-security-policy'
        ],
        'frame-src',
      );
    for (let i = 0; i < 2; i += 1) {
      expect(await frames('127.0.0.1')).toBe("'self' http://127.0.0.1:3001 http://127.0.0.1:3002");
      expect(await frames('192.168.1.20')).toBe("'self' http://192.168.1.20:3001 http://192.168.1.20:3002");
      expect(await frames()).toBe("'self' http://localhost:3001 http://localhost:3002");
    }
    const finish = await app.inject({ url: '/finishPayment', headers: { 'x-reached': '127.0.0.1' } });
    expect(directive(finish.headers['content-security-policy'], 'frame-src')).toBe(
      "'self' http://127.0.0.1:3001 http://127.0.0.1:3002",
    );
    expect(directive(finish.headers['content-security-policy'], 'frame-ancestors')).toBe("'self'");
  });

  it('let our own origin frame the payment result page, and only that page', async () => {
    const app = await appWith({ video: 'http://localhost:3001', payment: 'http://localhost:3002' });
    for (const url of ['/finishPayment', '/finishPayment?paymentId=1']) {
      const page = await app.inject({ url });
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(directive(page.headers['content-security-policy'], 'frame-ancestors')).toBe("'self'");
    }
    expect((await app.inject({ url: '/finishPayment/x' })).headers['x-frame-options']).toBe('DENY');
  });

  it('keep API answers out of every cache unless the route says otherwise', async () => {
    const app = await appWith({ video: 'http://localhost:3001', payment: undefined });
    expect((await app.inject({ url: '/api/thing' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/nothing-here' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/cached' })).headers['cache-control']).toBe('private, no-cache');
    expect((await app.inject({ url: '/publish' })).headers['cache-control']).toBeUndefined();
  });
});
