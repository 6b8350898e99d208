import { afterEach, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { loadConfig } from '../src/platform/config.ts';
import { heapThresholdBytes } from '../src/platform/http/overload.ts';
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

  it('defaults: 1 s of event-loop delay and 90% of the heap limit; 0 turns a check off', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(heapThresholdBytes(config)).toBeGreaterThan(100 * 1024 * 1024);
    expect(heapThresholdBytes(loadConfig({ NODE_ENV: 'test', OVERLOAD_MAX_HEAP_USED_MB: '0' }))).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(/OVERLOAD/);
  });
});
