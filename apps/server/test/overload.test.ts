import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { loadConfig } from '../src/platform/config.ts';
import { heapThresholdBytes, refusesFor, registerOverload } from '../src/platform/http/overload.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// An overloaded process answers 503 + Retry-After at once instead of letting requests time out.
describe('overload (platform/http/overload.ts)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const busy = (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      /* the event loop is blocked, as under a CPU-heavy burst */
    }
  };

  it('a heap above OVERLOAD_MAX_HEAP_USED_MB: 503 with Retry-After and the Hebrew body; health still answers', async () => {
    t = await createTestApp({ OVERLOAD_MAX_HEAP_USED_MB: '1', RETRY_AFTER_S: '7' }, { overloadSampleMs: 20 });
    await tick(60); // a sample was taken
    const res = await t.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({ status: 503, message: he.serviceUnavailable });
    // A state-changing call is refused the same way, before any route work (no CSRF check, nothing written).
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a', password: 'b' },
    });
    expect(post.statusCode).toBe(503);
    expect(post.json()).toEqual({ status: 503, message: he.serviceUnavailable });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('an event loop blocked past OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 503 until it recovers', async () => {
    t = await createTestApp({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '30' }, { overloadSampleMs: 100 });
    const app = t.app;
    await tick(250);
    let res = await app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.statusCode).toBe(200);
    // Node's delay histogram measures from its previous tick, and the sampler's reset forgets that tick: a block
    // that starts within one 10 ms resolution after a sample is not recorded at all (seen in CI about one run in
    // ten). A sustained overload blocks again and again; so does this test, 30 ms apart, up to five times, asking
    // after each block until it answers 503, for at most half a second.
    for (let block = 0; block < 5 && res.statusCode !== 503; block++) {
      busy(600);
      res = await app.inject({ method: 'GET', url: '/api/site-config' });
      for (let i = 0; i < 25 && res.statusCode !== 503; i++) {
        await tick(20);
        res = await app.inject({ method: 'GET', url: '/api/site-config' });
      }
      if (res.statusCode !== 503) await tick(30);
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.json()).toEqual({ status: 503, message: he.serviceUnavailable });
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/site-config' })).statusCode, { timeout: 3000 })
      .toBe(200);
  });

  it("an overloaded process still serves the web app's files and pages: only the API's work is refused", async () => {
    const app = Fastify();
    await registerOverload(
      app,
      { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 1000, OVERLOAD_MAX_HEAP_USED_MB: 1, RETRY_AFTER_S: 5 },
      { sampleIntervalMs: 20 },
    );
    app.get('/assets/index-1.js', (_req, reply) => reply.type('text/javascript').send('export {};'));
    app.get('/publish', (_req, reply) => reply.type('text/html').send('<!doctype html>'));
    app.get('/api/site-config', () => ({ ok: true }));
    app.get('/gateway/car', () => ({ ok: true }));
    try {
      await app.ready();
      // Once a sample is taken (the heap is over 1 MB): a busy machine may run the sampler's timer late.
      await expect.poll(async () => (await app.inject({ url: '/api/site-config' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/gateway/car' })).statusCode).toBe(503);
      const script = await app.inject({ url: '/assets/index-1.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe('export {};');
      expect((await app.inject({ url: '/publish?cat=2' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('an interval the delay histogram took no sample in (reported as an infinite delay) refuses nothing', () => {
    expect(refusesFor('/api/site-config', '/api/site-config', 'eventLoopDelay', Number.POSITIVE_INFINITY)).toBe(false);
    expect(refusesFor('/api/site-config', '/api/site-config', 'eventLoopDelay', 1500)).toBe(true);
    expect(refusesFor('/api/site-config', '/api/site-config', 'heapUsedBytes', 2e9)).toBe(true);
    expect(refusesFor('/api/health', '/api/health', 'eventLoopDelay', 1500)).toBe(false);
    expect(refusesFor('/assets/a.js', undefined, 'eventLoopDelay', 1500)).toBe(false);
  });

  it('defaults: 1 s of event-loop delay and 90% of the heap limit; 0 turns a check off', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(heapThresholdBytes(config)).toBeGreaterThan(100 * 1024 * 1024);
    expect(heapThresholdBytes(loadConfig({ NODE_ENV: 'test', OVERLOAD_MAX_HEAP_USED_MB: '0' }))).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(/OVERLOAD/);
  });
});
