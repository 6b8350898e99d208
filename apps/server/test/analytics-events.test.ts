/**
 * POST /api/analytics/events: allowlisted names, flat capped props, a body cap, a rate limit per
 * address, CSRF by header or (for sendBeacon) by a body token, and the customer id from the session only.
 */
import { CSRF_HEADER } from '@app/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BATCHES_PER_WINDOW } from '../src/analytics/events-service.ts';
import { he } from '../src/i18n/messages.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const URL = '/api/analytics/events';

describe('analytics events', () => {
  let t: TestApp;
  const at = () => t.clock.now().getTime() - 1000;
  const event = (name = 'image_added', props: Record<string, unknown> = { slot: 1, source: 'gallery' }) => ({
    name,
    props,
    at: at(),
  });
  const rows = async () =>
    t.db.query<{
      name: string;
      props: Record<string, unknown>;
      customer_id: string | number | null;
      occurred_at: Date;
    }>('SELECT name, props, customer_id, occurred_at FROM analytics_events ORDER BY id');
  const clear = () => t.db.query('DELETE FROM analytics_events');

  /** A sendBeacon-like request: the cookies, a JSON body, no CSRF header. */
  async function beacon(agent: Agent, body: unknown, headers: Record<string, string> = {}) {
    if (!agent.cookies.has('csrf')) await agent.get('/api/auth/customer');
    return t.app.inject({
      method: 'POST',
      url: URL,
      payload: JSON.stringify(body),
      remoteAddress: agent.ip,
      headers: {
        'content-type': 'application/json',
        cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("stores a customer's batch under the session's customer id, whatever the body says", async () => {
    await clear();
    const idOf = async (email: string) =>
      Number((await t.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [email]))[0]?.id);
    const someoneElse = await idOf((await register(new Agent(t.app, '10.4.0.9'))).email);
    const customer = new Agent(t.app, '10.4.0.1');
    const ownId = await idOf((await register(customer)).email);
    expect(ownId).not.toBe(someoneElse);
    const res = await customer.post(URL, {
      customerId: someoneElse,
      customer_id: someoneElse,
      events: [
        event('image_added'),
        event('video_upload_failed', { code: 'timeout', customerId: someoneElse, bytes: 1024 }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', stored: 2 });
    const stored = await rows();
    expect(stored.map((r) => [r.name, Number(r.customer_id)])).toEqual([
      ['image_added', ownId],
      ['video_upload_failed', ownId],
    ]);
    expect(stored[1]?.props).toEqual({ code: 'timeout', customerId: someoneElse, bytes: 1024 });
  });

  it("stores a visitor's batch without a customer id, even when the body names one", async () => {
    await clear();
    const visitor = new Agent(t.app, '10.4.0.2');
    const res = await visitor.post(URL, { customerId: 1, events: [event('image_removed', { slot: 2 })] });
    expect(res.statusCode).toBe(200);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.customer_id).toBeNull();
    // The browser's time when plausible, the receiving time when not (a year-old or future clock).
    expect(new Date(stored[0]?.occurred_at ?? 0).getTime()).toBe(at());
    await visitor.post(URL, { events: [{ ...event(), at: at() - 365 * 24 * 3600 * 1000 }] });
    expect(new Date((await rows())[1]?.occurred_at ?? 0).getTime()).toBe(t.clock.now().getTime());
  });

  it('refuses an unknown event name with a Hebrew 400 and stores nothing of the batch', async () => {
    await clear();
    const visitor = new Agent(t.app, '10.4.0.3');
    const res = await visitor.post(URL, { events: [event('image_added'), event('page_view')] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(he.analyticsEventName);
    expect(await rows()).toHaveLength(0);
  });

  it('caps events per batch, props per event, keys, values and the body size', async () => {
    await clear();
    const visitor = new Agent(t.app, '10.4.0.4');
    const manyProps = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, i]));
    const bad = [
      { events: [] },
      { events: Array.from({ length: 21 }, () => event()) },
      { events: [event('image_added', manyProps)] },
      { events: [event('image_added', { 'bad key': 1 })] },
      { events: [event('image_added', { note: 'א'.repeat(201) })] },
      { events: [event('image_added', { nested: { a: 1 } })] },
      { events: [event('image_added', { list: [1, 2] })] },
      { events: [event('image_added', { flag: true })] },
      { events: 'image_added' },
    ];
    for (const body of bad) {
      const res = await visitor.post(URL, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(he.analyticsBatch);
    }
    // Exactly at the caps is fine.
    const atCaps = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, 'א'.repeat(200)]));
    expect((await visitor.post(URL, { events: [event('image_added', atCaps)] })).statusCode).toBe(200);
    expect((await visitor.post(URL, { events: Array.from({ length: 20 }, () => event()) })).statusCode).toBe(200);
    const big = await visitor.post(URL, { events: [event()], padding: 'x'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(he.requestTooLarge);
    expect(await rows()).toHaveLength(21);
  });

  it('needs the CSRF token: in the header, or in the body for sendBeacon; never from another origin', async () => {
    await clear();
    const visitor = new Agent(t.app, '10.4.0.5');
    const batch = { events: [event('video_removed')] };
    const none = await beacon(visitor, batch);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(he.csrf);
    expect((await beacon(visitor, { ...batch, csrf: 'not-the-cookie' })).statusCode).toBe(403);
    const wrongHeader = await beacon(visitor, { ...batch, csrf: visitor.cookies.get('csrf') }, { [CSRF_HEADER]: 'x' });
    expect(wrongHeader.statusCode).toBe(403);
    const foreign = await beacon(
      visitor,
      { ...batch, csrf: visitor.cookies.get('csrf') },
      { origin: 'https://evil.example', host: 'localhost:80' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(await rows()).toHaveLength(0);

    const ok = await beacon(visitor, { ...batch, csrf: visitor.cookies.get('csrf') });
    expect(ok.statusCode).toBe(200);
    expect((await rows()).map((r) => r.name)).toEqual(['video_removed']);
    // The body token is only for this route: another POST still needs the header.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/publish/missing-address',
      payload: { settlement: 'חיפה', csrf: visitor.cookies.get('csrf') },
      headers: { cookie: `csrf=${visitor.cookies.get('csrf')}` },
    });
    expect(other.statusCode).toBe(403);
  });

  it('limits batches per address and answers 429 in Hebrew past the limit', async () => {
    await clear();
    const visitor = new Agent(t.app, '10.4.0.6');
    for (let i = 0; i < ANALYTICS_BATCHES_PER_WINDOW; i++) {
      expect((await visitor.post(URL, { events: [event()] })).statusCode).toBe(200);
    }
    const over = await visitor.post(URL, { events: [event()] });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(he.analyticsTooMany);
    expect(await rows()).toHaveLength(ANALYTICS_BATCHES_PER_WINDOW);
    // Another address is not affected; the window ends and the address may send again.
    expect((await new Agent(t.app, '10.4.0.7').post(URL, { events: [event()] })).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await visitor.post(URL, { events: [event()] })).statusCode).toBe(200);
  });
});
