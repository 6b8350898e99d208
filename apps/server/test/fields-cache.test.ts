/**
 * GET /api/publish/fields?<selection>: the catalogue part of the wizard, the same for everyone, made once per
 * catalogue version and selection (JSON, gzip, brotli), sent with an ETag and `private, no-cache`, and answered 304
 * when the browser names that ETag. Nothing personal is in it: the wizard's own saved ad (OrderID) and the contact
 * area are answered apart, per request, with `no-store`.
 */

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATALOGS } from '@app/catalog/categories/registry';
import type { CategoryCatalog } from '@app/form-engine/model';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogService } from '../src/catalogue/service.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { registerWithPhone } from './support/contact.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { q, validCarAd } from './support/vehicle-ad.ts';

const CARS = '/api/publish/fields?cat=1&subcat=1';
const BROWSER = 'gzip, deflate, br, zstd';

let t: TestApp;
let catalogs: CatalogService;
beforeAll(async () => {
  catalogs = new CatalogService();
  t = await createTestApp({}, { catalogs });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: 'csrf=fields-cache-test', ...headers } });
/** The JSON of an answer, whatever its coding. */
const jsonOf = (res: LightMyRequestResponse): string => {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (coding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};
const etagOf = (res: LightMyRequestResponse) => String(res.headers.etag);

describe('the answer everyone gets', () => {
  it('is the same JSON in each coding, each with its own strong ETag, cached privately and revalidated', async () => {
    const plain = await get(CARS);
    const gzip = await get(CARS, { 'accept-encoding': 'gzip' });
    await catalogs.compressed();
    const br = await get(CARS, { 'accept-encoding': BROWSER });
    expect([plain.statusCode, gzip.statusCode, br.statusCode]).toEqual([200, 200, 200]);
    expect([
      plain.headers['content-encoding'],
      gzip.headers['content-encoding'],
      br.headers['content-encoding'],
    ]).toEqual([undefined, 'gzip', 'br']);
    expect(jsonOf(gzip)).toBe(plain.body);
    expect(jsonOf(br)).toBe(plain.body);
    expect(JSON.parse(plain.body)).toMatchObject({ catalogId: 'vehicles-cars', cat: 1, subcat: 1 });
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    for (const res of [plain, gzip, br]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      // A strong validator (no W/), one per coding: each coding's bytes differ.
      expect(etagOf(res)).toMatch(/^"[\w-]+"$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(new Set([plain, gzip, br].map(etagOf)).size).toBe(3);
  });

  it('is 304 without a body for the ETag the browser holds, whichever coding it was sent in', async () => {
    await catalogs.compressed();
    for (const encoding of ['gzip', BROWSER, '']) {
      const first = await get(CARS, { 'accept-encoding': encoding });
      const again = await get(CARS, { 'accept-encoding': encoding, 'if-none-match': etagOf(first) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['content-encoding']).toBeUndefined();
      // Only what updates the stored answer: its security headers came with the 200 the browser holds.
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'])
        expect(again.headers[name], name).toBeUndefined();
      expect(again.headers.vary).toBe('accept-encoding');
    }
    // A tag of a gzip answer, asked again by a browser that now takes brotli: what it holds is still current,
    // and the 304 names what it holds (its cache updates the stored answer of that tag).
    const gzip = await get(CARS, { 'accept-encoding': 'gzip' });
    const held = await get(CARS, { 'accept-encoding': BROWSER, 'if-none-match': etagOf(gzip) });
    expect(held.statusCode).toBe(304);
    expect(held.headers.etag).toBe(gzip.headers.etag);
    expect(
      (await get(CARS, { 'accept-encoding': BROWSER, 'if-none-match': `"x", W/${etagOf(gzip)}` })).statusCode,
    ).toBe(304);
  });

  it("has the API headers on every other answer of the route: a selection without a catalogue, an ad's answer", async () => {
    const none = await get('/api/publish/fields?cat=999', { 'if-none-match': '"x"' });
    expect(none.statusCode).toBe(404);
    const area = await get(`${CARS}&area=personal_publish_login`, { 'accept-encoding': BROWSER });
    for (const res of [none, area]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('is sent in full for a tag of another answer', async () => {
    const cars = await get(CARS, { 'accept-encoding': 'gzip' });
    const trucks = await get('/api/publish/fields?cat=1&subcat=9', { 'accept-encoding': 'gzip' });
    expect(etagOf(trucks)).not.toBe(etagOf(cars));
    const res = await get('/api/publish/fields?cat=1&subcat=9', {
      'accept-encoding': 'gzip',
      'if-none-match': etagOf(cars),
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(jsonOf(res)).catalogId).toBe('vehicles-trucks');
    expect((await get(CARS, { 'if-none-match': '"not-ours"' })).statusCode).toBe(200);
  });

  it('is made once per catalogue and sub-category: more asks and selectors that decide nothing add no answer', async () => {
    const service = new CatalogService();
    const first = service.fieldsAnswer({ cat: '1', subcat: '1' });
    expect(service.fieldsAnswer({ cat: '1', subcat: '1' })).toBe(first);
    expect(service.fieldsAnswer({ cat: '1', subcat: '1', istrader: '1' })).toBe(first);
    expect(service.cachedAnswers.entries).toBe(1);
    expect(service.fieldsAnswer({ cat: '1', subcat: '2' })).not.toBe(first);
    expect(service.fieldsAnswer({ cat: '999' })).toBeNull();
    expect(service.cachedAnswers.entries).toBe(2);
  });

  it('is keyed on the catalogue version: a changed catalogue has new tags, and an old tag gets the new answer', async () => {
    const changed: CategoryCatalog[] = CATALOGS.map((catalog) =>
      catalog.id === 'vehicles-cars'
        ? { ...catalog, steps: catalog.steps.map((step, i) => (i === 1 ? { ...step, title: `${step.title} ` } : step)) }
        : catalog,
    );
    const next = new CatalogService(changed);
    expect(next.version).not.toBe(catalogs.version);
    expect(new CatalogService().version).toBe(catalogs.version);
    const before = await get(CARS, { 'accept-encoding': 'gzip' });
    const other = await createTestApp({}, { catalogs: next });
    try {
      const after = await other.app.inject({
        method: 'GET',
        url: CARS,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etagOf(before) },
      });
      expect(after.statusCode).toBe(200);
      expect(etagOf(after)).not.toBe(etagOf(before));
      expect(JSON.parse(jsonOf(after)).fields[1].title).toMatch(/ $/);
    } finally {
      await other.close();
    }
  });

  it('a 404 for a selection no catalogue serves is not cached and has no ETag', async () => {
    const res = await get('/api/publish/fields?cat=999&subcat=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('shared by every customer, personal to none', () => {
  it('two customers and a guest get the same bytes; neither customer’s ad or details are in them', async () => {
    const first = new Agent(t.app, '10.7.0.1');
    const second = new Agent(t.app, '10.7.0.2');
    const guest = new Agent(t.app, '10.7.0.3');
    const a = await registerWithPhone(t, first);
    const b = await registerWithPhone(t, second);
    const saved = (await first.post('/api/publish/save-ad', { ...validCarAd(), ...a.contact })).json();
    expect(saved.orderID).toBeGreaterThan(0);

    await catalogs.compressed();
    const answers = await Promise.all(
      [first, second, guest].map((agent) => agent.get(CARS, { 'accept-encoding': BROWSER })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const [bytes] = answers.map((res) => res.rawPayload.toString('base64'));
    for (const res of answers) {
      expect(res.rawPayload.toString('base64')).toBe(bytes);
      expect(res.headers.etag).toBe(answers[0]?.headers.etag);
    }
    const text = jsonOf(answers[0] as LightMyRequestResponse);
    for (const secret of [String(saved.orderID), a.email, b.email, a.phone, b.phone, a.phone.replace('-', '')])
      expect(text).not.toContain(secret);
    expect(JSON.parse(text).adData).toEqual({ OrderID2: null, OrderTypeID: null });

    // The wizard's own saved ad: its number, made for its owner alone, never kept by the browser.
    const own = await first.get(`${CARS}&OrderID=${saved.orderID}`, { 'accept-encoding': BROWSER });
    expect(JSON.parse(jsonOf(own)).adData.OrderID2).toBe(saved.orderID);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers.etag).toBeUndefined();
    // With the shared ETag the owner still gets the answer naming the ad, not a 304.
    const ownAgain = await first.get(`${CARS}&OrderID=${saved.orderID}`, {
      'accept-encoding': BROWSER,
      'if-none-match': etagOf(answers[0] as LightMyRequestResponse),
    });
    expect(ownAgain.statusCode).toBe(200);
    expect(JSON.parse(jsonOf(ownAgain)).adData.OrderID2).toBe(saved.orderID);
    // Another customer naming that ad gets the answer everyone gets, byte for byte.
    const theirs = await second.get(`${CARS}&OrderID=${saved.orderID}`, { 'accept-encoding': BROWSER });
    expect(theirs.rawPayload.toString('base64')).toBe(bytes);
  });

  it('a customer the business-for-sale guard refuses is refused even with the ETag a guest was given', async () => {
    const business = CATEGORY_ADS.find((ad) => ad.catalogId === 'business-for-sale');
    if (!business) throw new Error('no business-for-sale ad');
    const url = `/api/publish/fields?${q(business.selectors)}`;
    const guest = await get(url, { 'accept-encoding': 'gzip' });
    expect(JSON.parse(jsonOf(guest)).catalogId).toBe('business-for-sale');
    const customer = new Agent(t.app, '10.7.0.4');
    await registerWithPhone(t, customer);
    const refused = await customer.get(url, { 'if-none-match': etagOf(guest) });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ fields: [], redirectForce: '/finishArea?cat=3&subcat=2' });
  });
});
