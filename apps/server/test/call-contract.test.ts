/**
 * Every call declared once (apps/server/README.md, "Declaring a call"): each route the app registers names its
 * request and answers as schemas, but the routes listed below, which are declared one by one until the list is
 * empty; a request a schema refuses is answered in Hebrew in the product's shape, never with the framework's
 * English or a 500; an answer is its schema (a field it does not name never leaves the server, an answer that does
 * not fit it is the server's own 500).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { heContactUs } from '../src/i18n/contact-us.ts';
import { he } from '../src/i18n/messages.ts';
import { planExtrasHe } from '../src/i18n/plan-extras.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

/**
 * The routes that declare no schema yet, by `METHOD url`. This list only shrinks: a route declared since is a
 * failure until it leaves the list, and a new route must be declared.
 */
const UNDECLARED: readonly string[] = [];

/** Each route as it was added (Fastify may add a route's variants with one options object: the name is kept then). */
const routes: { method: RouteOptions['method']; url: string; route: RouteOptions }[] = [];
let t: TestApp;
let customer: Agent;

/** The answer of this test's own routes. */
const TotalSchema = z.object({ status: z.literal(200), total: z.number().int() });

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => routes.push({ method: route.method, url: route.url, route }) });
  // Two routes of this test's own, declared as any route is: one answers a field its schema does not name, one an
  // answer its schema does not take.
  t.app.get('/api/contract-check/extra-field', { schema: { response: { 200: TotalSchema } } }, async () => ({
    status: 200,
    total: 3,
    customerEmail: 'dana@example.co.il',
  }));
  t.app.get('/api/contract-check/wrong-answer', { schema: { response: { 200: TotalSchema } } }, async () => ({
    status: 200,
    total: 'many',
  }));
  customer = new Agent(t.app, '10.91.0.1');
  await register(customer);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * Each route by `METHOD url` (a GET's HEAD route shares its schema and is not named again). A route is declared when
 * it names its answers: a multipart upload names its path, its content type and its answers, never its body, which
 * the multipart parser reads as it streams in (its limits are the parser's), and which the route reads field by field.
 */
function routeNames(): { name: string; declared: boolean }[] {
  const named = new Map<string, boolean>();
  for (const { method: methods, url, route } of routes) {
    for (const method of [methods].flat()) {
      if (method === 'HEAD' && routes.some((r) => r.url === url && [r.method].flat().includes('GET'))) continue;
      named.set(`${method} ${url}`, route.schema?.response !== undefined);
    }
  }
  return [...named].map(([name, declared]) => ({ name, declared }));
}

describe('every route declares its schemas', () => {
  it('but the listed ones, which are still undeclared (the list is kept true)', async () => {
    await t.app.ready();
    const all = routeNames();
    expect(all.length).toBeGreaterThan(100);
    const undeclared = all.filter((r) => !r.declared).map((r) => r.name);
    const unlisted = undeclared.filter((name) => !UNDECLARED.includes(name));
    expect(unlisted, 'declare these routes (schema: params, querystring, body, response)').toEqual([]);
    const declaredSince = UNDECLARED.filter((name) => !undeclared.includes(name));
    expect(declaredSince, 'declared now or gone: take them out of UNDECLARED').toEqual([]);
  });
});

/** Every text of an answer. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(textsOf) : [];

/** A refusal's texts: Hebrew, and no framework English (no Latin word in what the user reads). */
function expectHebrewRefusal(body: unknown): void {
  const texts = textsOf(body);
  expect(texts.length, JSON.stringify(body)).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text, JSON.stringify(body)).toMatch(/[א-ת]/);
    expect(text, JSON.stringify(body)).not.toMatch(/[A-Za-z]{3,}/);
  }
}

describe('a malformed request to a customer call', () => {
  const malformed: unknown[] = [[], [1, 2], 42, 'text', null, { events: 'x', texts: 7, CatID: { a: 1 }, phone: 42 }];

  it('to the contact-us form: the form refused field by field, in Hebrew', async () => {
    for (const body of malformed) {
      const payload = JSON.stringify(body);
      const res = await customer.post('/api/contact-us/save', payload, { 'content-type': 'application/json' });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: heContactUs.fieldErrors });
      expectHebrewRefusal(res.json());
    }
    // A field of the wrong type is that field's error, beside the other fields' own.
    const res = await customer.post('/api/contact-us/save', {
      subject: 'car-package',
      description: ['שאלה'],
      email: 'dana@example.co.il',
      phone: 42,
    });
    expect(res.json()).toEqual({
      success: false,
      message: heContactUs.fieldErrors,
      errors: { description: 'שדה תוכן הפנייה אינו תקני', phone: 'שדה טלפון אינו תקני' },
    });
  });

  it("to the policy check, the analytics events and the counts: 400 with the call's Hebrew message", async () => {
    for (const body of malformed) {
      const payload = JSON.stringify(body);
      const json = { 'content-type': 'application/json' };
      const policy = await customer.post('/api/publish/policy-check', payload, json);
      expect(policy.statusCode, payload).toBe(400);
      expect(policy.json()).toEqual({ status: 400, message: he.policyBadRequest });
      expectHebrewRefusal(policy.json());
      const events = await customer.post('/api/analytics/events', payload, json);
      expect(events.statusCode, payload).toBe(400);
      expect(events.json()).toEqual({ status: 400, message: he.analyticsBatch });
    }
    const counts = await customer.get('/api/publish/real-estate-count/sale?cityId=5000&cityId=6000&price=many');
    expect(counts.statusCode).toBe(400);
    expect(counts.json()).toEqual({ status: 400, message: he.countsBadQuery });
    const glimpse = await customer.get('/api/publish/glimpse?cat_id=1&type=cars&car_step=area');
    expect(glimpse.json()).toEqual({ status: 400, message: he.countsBadQuery });
  });

  it("to the plan step's side calls, the photo calls and the payment starts: refused in Hebrew, the call's own shape", async () => {
    const json = { 'content-type': 'application/json' };
    const refusals: [string, unknown, number, unknown][] = [
      // A list the call checks: its own message, before the ad is looked up (none of these ads is the customer's).
      ['/api/publish/campaign/save', [], 400, { status: 400, message: planExtrasHe.badList }],
      [
        '/api/publish/campaign/save',
        { orderID: 1, campaigns: { a: 1 } },
        400,
        { status: 400, message: planExtrasHe.badList },
      ],
      [
        '/api/publish/real-estate-lead/1',
        { brokers: [{ id: 1 }] },
        400,
        { status: 400, message: planExtrasHe.badList },
      ],
      ['/api/publish/1/images/order', { order: 'first' }, 400, { status: 400, message: he.imageOrder }],
      ['/api/publish/finish-page', [1, 2], 400, { status: 400, message: he.badRequest }],
      ['/gateway/packages/personal/pay/1', 'text', 400, { status: 400, message: he.badRequest }],
      ['/api/adds/delete-video/1', { OrderID: { id: 1 } }, 400, { status: 400, message: he.badRequest }],
      // A path that names no ad: as another account's ad.
      ['/api/publish/not-an-ad/images/order', { order: [1] }, 404, { status: 404, message: he.adNotFound }],
      ['/gateway/packages/subscribe/auto-bump-ad/start-payment/x', {}, 404, { status: 404, message: he.adNotFound }],
      // A body that is not the form names no settlement: the form's own field error.
      [
        '/api/publish/missing-address',
        [],
        400,
        { success: false, errors: { settlement: he.missingAddressSettlementRequired }, message: he.fieldErrors },
      ],
    ];
    for (const [url, body, status, answer] of refusals) {
      const res = await customer.post(url, JSON.stringify(body), json);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json(), url).toEqual(answer);
      expectHebrewRefusal(res.json());
    }
    // The photo upload is the browser's multipart form: another content type is refused before anything is read.
    const upload = await customer.post('/api/publish/1/images/upload', { picNumber: '1' });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ status: 400, message: he.badRequest });
    // A query the photo content call refuses names no image.
    const content = await customer.get('/api/publish/images/content?src=a&src=b');
    expect(content.statusCode).toBe(404);
    expect(content.json()).toEqual({ status: 404, message: he.adNotFound });
    // A guest is refused for that first, whatever the body.
    const guest = await new Agent(t.app, '10.91.0.3').post('/api/publish/campaign/save', []);
    expect(guest.statusCode).toBe(422);
  });

  it("to the publish wizard's calls: 400 in Hebrew, nothing saved", async () => {
    const calls = [
      '/api/publish/save-ad',
      '/api/publish/draft',
      '/api/publish/finish-publish',
      '/api/publish/reserve-order',
      '/api/publish/get-car-submodels',
    ];
    for (const url of calls) {
      for (const body of [[], [1, 2], 42, 'text', null]) {
        const payload = JSON.stringify(body);
        const res = await customer.post(url, payload, { 'content-type': 'application/json' });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json()).toEqual({ status: 400, message: he.badRequest });
        expectHebrewRefusal(res.json());
      }
    }
    // A declared field of the wrong type is refused the same way.
    const save = await customer.post('/api/publish/save-ad', { cat: { a: 1 }, subcat: '1' });
    expect(save.json()).toEqual({ status: 400, message: he.badRequest });
    const mine = await customer.get('/api/my-ads');
    expect(mine.json()).toMatchObject({ total: 0 });
    // An ad's number that is no number names no ad: the calls' own 404.
    const edit = await customer.post('/api/publish/save-ad/not-an-ad', { cat: '1', subcat: '1' });
    expect(edit.json()).toEqual({ status: 404, message: he.adNotFound });
    const sign = await customer.get('/api/adds/not-an-ad');
    expect(sign.json()).toEqual({ status: 404, message: he.adNotFound });
  });

  it('to an address that names nothing: 404 in Hebrew', async () => {
    const res = await customer.get('/api/publish/real-estate-count/buy?cityId=5000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: he.notFound });
    const ad = await customer.get('/api/publish/get-ads-counters/1/1/not-an-ad');
    expect(ad.json()).toEqual({ status: 404, message: he.adNotFound });
  });

  it('from a guest or someone without the role: refused for that first, before the request is read', async () => {
    const guest = new Agent(t.app, '10.91.0.2');
    const policy = await guest.post('/api/publish/policy-check', { CatID: [] });
    expect(policy.statusCode).toBe(422);
    const bulk = await customer.post('/api/operator/moderation/bulk', { reviewIds: 'all' });
    expect(bulk.statusCode).toBe(401);
  });
});

describe('an answer is its schema', () => {
  it('a field the schema does not name never leaves the server', async () => {
    const res = await t.app.inject({ url: '/api/contract-check/extra-field' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, total: 3 });
    expect(res.body).not.toContain('dana@example.co.il');
  });

  it('an answer its schema does not take is the server’s fault: a Hebrew 500 with the request’s hash', async () => {
    const res = await t.app.inject({ url: '/api/contract-check/wrong-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: he.serverError, hash: expect.any(String) });
  });
});
