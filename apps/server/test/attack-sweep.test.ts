/**
 * The attack sweep: one table of every route of the built app (support/attack-table.ts), and
 * over every state-changing one: CSRF from another site (no token; the token with a foreign Origin, with
 * Sec-Fetch-Site: cross-site, with a foreign Referer), another account's ids, mass assignment and prototype
 * pollution; over every GET: nothing in the database changes. A new route missing from the table fails the suite.
 * One app, one owner with an ad, a photo, a verified phone and a payment; one intruder.
 */
import { AUTO_BUMP_HASH } from '@app/contract/orders';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { OPEN_SESSION_REUSE_MS } from '../src/payments/service.ts';
import { callOf, type Entry, type Fixture, ROUTES, send, VIP } from './support/attack-table.ts';
import { registerWithPhone } from './support/contact.ts';
import { customer } from './support/phones.ts';
import { scenePhoto, uploadPhoto } from './support/photo-upload.ts';
import { custId, storedAd } from './support/plan-extras.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

/** Every route every Fastify instance of the process registers, with the instance (the app is told apart below). */
interface SeenRoute {
  method: string | string[];
  url: string;
  config?: { changesState?: boolean };
}
const registered = vi.hoisted(() => [] as { server: object; route: SeenRoute }[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const wrapped = ((opts: unknown) => {
    const server = real.default(opts as never);
    server.addHook('onRoute', (route) => {
      registered.push({
        server,
        route: { method: route.method, url: route.url, config: route.config as SeenRoute['config'] },
      });
    });
    return server;
  }) as unknown as typeof real.default;
  return { ...real, default: wrapped };
});

const EVIL = 'https://evil.example';
let t: TestApp;
let owner: Agent;
let intruder: Agent;
let f: Fixture;

beforeAll(async () => {
  // Payment-start limits low enough to flood in a few seconds (the defaults are 60 and 200 an hour).
  // No job runs by itself (JOB_TICK_MS 0): a lead's mail or an ad event delivered in the background would be counted
  // as a change of whichever call the sweep was making.
  t = await createTestApp(
    { PAYMENT_START_HOURLY_LIMIT: '40', PAYMENT_START_IP_HOURLY_LIMIT: '60', JOB_TICK_MS: '0' },
    { listenPayments: true },
  );
  owner = new Agent(t.app, '10.77.0.1');
  const { phone, contact } = await registerWithPhone(t, owner);
  const saved = await owner.post('/api/publish/save-ad', {
    ...(await import('./support/vehicle-ad.ts')).validCarAd(),
    ...contact,
  });
  const orderId = saved.json().orderID as number;
  expect(orderId, saved.body).toBeGreaterThan(0);
  const photo = await scenePhoto(1, 640, 480);
  for (const slot of [1, 2]) {
    const up = await uploadPhoto(t, owner, orderId, slot, slot === 1 ? photo : await scenePhoto(2, 640, 480));
    expect(up.statusCode, up.body).toBe(200);
  }
  const draft = await owner.post('/api/publish/save-ad', {
    ...(await import('./support/vehicle-ad.ts')).validCarAd(),
    ...contact,
  });
  const draftId = draft.json().orderID as number;
  const [img] = await t.db.query<{ image_key: string }>('SELECT image_key FROM ad_images ORDER BY slot LIMIT 1');
  const started = await owner.post('/api/publish/finish-page', {
    OrderID: orderId,
    RecordID: orderId,
    CatID: 1,
    SubCatID: 1,
    pt_hash: VIP,
    idempotencyKey: 'sweep-fixture-payment',
  });
  expect(started.statusCode, started.body).toBe(200);
  const [payment] = await t.db.query<{ public_id: string }>('SELECT public_id FROM payments');
  f = {
    orderId,
    draftId,
    now: t.clock.now().getTime(),
    contact,
    phone,
    mediaName: String(img?.image_key ?? ''),
    sandboxKey: t.sandboxKey,
    paymentPublicId: payment?.public_id ?? '',
    photo,
  };
  intruder = await customer(t, '10.77.0.2');
}, 60_000);
afterAll(async () => t?.close());

/** One md5 per table of the app's schema: what "nothing changed" is checked against. */
async function digest(): Promise<Record<string, string>> {
  const tables = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const sql = tables
    .map(
      ({ table_name: n }) =>
        `SELECT '${n}' AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${n}" x`,
    )
    .join(' UNION ALL ');
  const rows = await t.db.query<{ n: string; h: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.n, r.h]));
}

function changed(a: Record<string, string>, b: Record<string, string>, ignore: string[] = []): string[] {
  return Object.keys(b).filter((k) => a[k] !== b[k] && !ignore.includes(k));
}

/** The URL-valued fields of an answer (any depth): [route, key, value]. */
function givenUrls(route: string, body: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string' && /url|redirect|iframe|next|continue|return/i.test(key)) out.push([route, key, v]);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, Array.isArray(v) ? key : k);
  };
  try {
    walk(JSON.parse(body), '');
  } catch {
    // not JSON: no URLs to check
  }
  return out;
}

/** A path on our own origin, also once decoded: '/x', never '//host', '/\\host' or a scheme. */
const ownPath = (v: string) => /^\/(?![/\\])[^\s]*$/.test(v) && /^\/(?![/\\])/.test(decodeURIComponent(v));

let throwaways = 0;
/** A fresh client (no session) for the calls that log in, register or log out. */
const throwaway = () => {
  throwaways += 1;
  return new Agent(t.app, `10.78.${Math.floor(throwaways / 250)}.${(throwaways % 250) + 1}`);
};
const entries = () => Object.entries(ROUTES);
const writes = () => entries().filter((e): e is [string, Extract<Entry, { kind: 'write' }>] => e[1].kind === 'write');

describe('the inventory', () => {
  it('every route of the app is in the table, classed by whether it changes state; no stale entries', () => {
    const app = registered.filter((r) => r.server === t.app).map((r) => r.route);
    expect(app.length).toBeGreaterThan(50);
    const keys = new Set<string>();
    for (const route of app) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue; // Fastify's HEAD twin of a GET: the GET's handler and config
        const key = `${method} ${route.url}`;
        keys.add(key);
        const entry = ROUTES[key];
        expect(entry, `${key} is not in the attack table (support/attack-table.ts)`).toBeDefined();
        if (method !== 'GET' || route.config?.changesState) {
          expect(entry?.kind, `${key} changes state: a 'write' entry`).toBe('write');
        }
      }
    }
    expect(entries().filter(([k, e]) => !keys.has(k) && !e.onlyIn)).toEqual([]);
  });
});

describe('top-level GET navigation changes nothing', () => {
  it('every safe GET, called logged in with the token, leaves every table as it was', async () => {
    const before = await digest();
    for (const [key, entry] of entries()) {
      if (entry.kind !== 'safe') continue;
      const res = await send(t.app, owner, callOf(key, entry, f));
      if (process.env.SWEEP_DEBUG) console.log('get', key, res.statusCode, res.body.slice(0, 100));
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(changed(before, await digest()), key).toEqual([]);
    }
  });
});

describe("another account's resources", () => {
  it("the reads of the owner's ad, photos, video and packages by id answer the intruder 404 while the ad is a draft", async () => {
    const found: string[] = [];
    for (const key of [
      'GET /api/publish/fields/:adId',
      'GET /api/publish/get-finish-page',
      'GET /api/publish/:id/order-types',
      'GET /api/publish/:OrderID/images',
      'GET /api/publish/:OrderID/video',
      'GET /api/adds/:id',
      'GET /gateway/packages/personal/:adId',
      'GET /api/publish/images/content',
    ]) {
      const entry = ROUTES[key] as Entry;
      const res = await send(t.app, intruder, callOf(key, entry, f));
      if (res.statusCode !== 404) found.push(`${key}: ${res.statusCode}`);
    }
    expect(found).toEqual([]);
  });

  it('every route that takes an id of the owner answers the intruder 404 and changes nothing', async () => {
    const owned = writes().filter(([, e]) => e.owned);
    expect(owned.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const [key, entry] of owned) {
      const before = await digest();
      const res = await send(t.app, intruder, entry.call(f));
      if (res.statusCode !== 404) found.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      const touched = changed(before, await digest(), ['rate_counters']);
      if (touched.length) found.push(`${key} changed ${touched.join(', ')}`);
    }
    // The control: the owner's same call is not a 404, so the intruder's 404 is the ownership check's.
    for (const [key, entry] of owned) {
      const res = await send(t.app, owner, entry.call(f));
      if (res.statusCode === 404) found.push(`${key}: 404 for the owner too (${res.body.slice(0, 120)})`);
    }
    expect(found).toEqual([]);
  });
});

describe('CSRF on every state-changing call', () => {
  const attacks: [string, { csrf?: boolean; headers?: Record<string, string> }][] = [
    ['no token (a form or a navigation from another site)', { csrf: false }],
    ['the token with a foreign Origin', { headers: { origin: EVIL } }],
    ['the token, no Origin, Sec-Fetch-Site: cross-site', { headers: { 'sec-fetch-site': 'cross-site' } }],
    ['the token, no Origin, a foreign Referer', { headers: { referer: `${EVIL}/page` } }],
  ];

  it('each attack is refused with the CSRF message and changes nothing', async () => {
    const passed: string[] = [];
    for (const [key, entry] of writes()) {
      const before = await digest();
      if (entry.signed) {
        const res = await send(t.app, owner, entry.call(f), { csrf: false, headers: { origin: EVIL } });
        if (res.statusCode < 400) passed.push(`${key} unsigned: ${res.statusCode}`);
      } else {
        for (const [what, opts] of attacks) {
          const res = await send(t.app, owner, entry.call(f), opts);
          if (res.statusCode !== 403 || res.json().message !== he.csrf)
            passed.push(`${key} ${what}: ${res.statusCode}`);
        }
      }
      const touched = changed(before, await digest());
      if (touched.length) passed.push(`${key} changed ${touched.join(', ')}`);
    }
    expect(passed).toEqual([]);
  });

  it('the HEAD twin Fastify adds to each state-changing GET is refused without the token too', async () => {
    const passed: string[] = [];
    for (const [key, entry] of writes()) {
      const call = entry.call(f);
      if (call.method !== 'GET') continue;
      const before = await digest();
      const res = await send(t.app, owner, { ...call, method: 'HEAD' }, { csrf: false });
      if (res.statusCode !== 403) passed.push(`HEAD ${key}: ${res.statusCode}`);
      const touched = changed(before, await digest());
      if (touched.length) passed.push(`HEAD ${key} changed ${touched.join(', ')}`);
    }
    expect(passed).toEqual([]);
  });

  it('our own Origin, same-origin fetch metadata and our own Referer pass the guard (the refusals are the guard’s)', async () => {
    const own = 'http://localhost:80';
    const urls: [string, string, string][] = [];
    for (const [key, entry] of writes()) {
      if (entry.signed) continue;
      const res = await send(t.app, entry.switchesSession ? throwaway() : owner, entry.call(f), {
        headers: { origin: own, 'sec-fetch-site': 'same-origin', referer: `${own}/publish` },
      });
      if (process.env.SWEEP_DEBUG) console.log('control', key, res.statusCode, res.body.slice(0, 160));
      expect(res.json()?.message, key).not.toBe(he.csrf);
      urls.push(...givenUrls(key, res.body));
    }
    // Every URL the server gave (redirect, payment frame, video upload): a path of ours, the payment or video host.
    const payHost = new URL(t.paymentUrl ?? 'http://none').port;
    const videoOrigin = (await owner.get('/api/site-config')).json().videoOrigin as string;
    const bad = urls.filter(
      ([, , v]) =>
        !(
          ownPath(v) ||
          v.startsWith(`${videoOrigin}/`) ||
          (/^http:\/\/localhost:\d+\//.test(v) && new URL(v).port === payHost)
        ),
    );
    expect(urls.length).toBeGreaterThan(5);
    expect(bad).toEqual([]);
  });
});

const MARK = 'sweep-injected';
/** The keys a forged body adds: owner, paid status, track, plan, price paid, in the spellings of this API. */
const extras = (intruderId: number) => ({
  owner: intruderId,
  userId: intruderId,
  customerId: intruderId,
  customer_id: intruderId,
  CustID: intruderId,
  paid: true,
  isPaid: 1,
  status: 'paid',
  paymentStatus: 'paid',
  track: MARK,
  adType: MARK,
  ad_type: MARK,
  plan: MARK,
  pricePaid: 1,
  price_paid: 1,
  amount: 1,
  amountAgorot: 1,
});
const PROTO = '"__proto__":{"polluted":"sweep"},"constructor":{"prototype":{"polluted":"sweep"}}';

describe('mass assignment and prototype pollution in every write', () => {
  it('extra owner/paid/status/track/plan/price keys and __proto__ payloads are ignored or refused', async () => {
    const intruderId = (await intruder.get('/api/auth/customer')).json().CustID as number;
    const ownedBy = async (id: number) => {
      const tables = await t.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name = 'customer_id'`,
      );
      const sql = tables.map(({ table_name: n }) => `SELECT count(*)::int AS n FROM "${n}" WHERE customer_id = $1`);
      const rows = await t.db.query<{ n: number }>(sql.join(' UNION ALL '), [id]);
      return rows.reduce((a, r) => a + Number(r.n), 0);
    };
    const marked = async () => {
      const tables = await t.db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      const sql = tables.map(({ table_name: n }) => `SELECT '${n}' AS n FROM "${n}" x WHERE x::text LIKE '%${MARK}%'`);
      return (await t.db.query<{ n: string }>(sql.join(' UNION ALL '))).map((r) => r.n);
    };
    const intruderRows = await ownedBy(intruderId);
    const found: string[] = [];
    for (const [key, entry] of writes()) {
      if (entry.signed) continue;
      const as = entry.switchesSession ? throwaway() : owner;
      const call = entry.call(f);
      const more = extras(intruderId);
      let res: Awaited<ReturnType<typeof send>>;
      if (call.parts) {
        // Three forged fields (a multipart body has a small field budget), and a __proto__ field.
        const forged = ['customerId', 'status', 'track'].map((name) => ({
          name,
          value: String(more[name as keyof typeof more]),
        }));
        res = await send(t.app, as, { ...call, parts: [...call.parts, ...forged] });
        await send(t.app, as, { ...call, parts: [{ name: '__proto__', value: 'x' }, ...call.parts] });
      } else if (call.method === 'POST') {
        res = await send(t.app, as, { ...call, body: { ...call.body, ...more } });
        // The same keys nested where a body nests values (draft's `values`), and the prototype payloads (raw JSON:
        // an object literal cannot carry a __proto__ key).
        if (call.body && 'values' in call.body) {
          await send(t.app, as, {
            ...call,
            body: { ...call.body, values: { ...(call.body.values as object), ...more } },
          });
        }
        const raw = `{${PROTO},${JSON.stringify(call.body ?? {}).slice(1)}`.replace(/,}$/, '}');
        const proto = await send(t.app, as, call, { rawJson: raw });
        if (proto.statusCode >= 500) found.push(`${key} __proto__: ${proto.statusCode}`);
      } else {
        const q = new URLSearchParams(Object.entries(more).map(([k, v]): [string, string] => [k, String(v)]));
        q.append('__proto__[polluted]', 'sweep');
        q.append('constructor[prototype][polluted]', 'sweep');
        q.append('__proto__', 'sweep');
        res = await send(t.app, as, { ...call, url: `${call.url}${call.url.includes('?') ? '&' : '?'}${q}` });
      }
      if (process.env.SWEEP_DEBUG) console.log('mass', key, res.statusCode, res.body.slice(0, 160));
      const specified = entry.refusesWith500 && res.statusCode === 500 && /"errors?":/.test(res.body);
      if (res.statusCode >= 500 && !specified) found.push(`${key}: ${res.statusCode}`);
      if (({} as Record<string, unknown>).polluted !== undefined) found.push(`${key}: Object.prototype polluted`);
      const where = await marked();
      if (where.length) found.push(`${key}: stored the forged keys in ${where.join(', ')}`);
    }
    if ((await ownedBy(intruderId)) !== intruderRows) found.push('rows were given to the intruder');
    const paid = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE status = 'paid' OR amount_agorot <= 100",
    );
    if (Number(paid[0]?.n) !== 0) found.push('a payment was marked paid or priced from the body');
    const [ad] = await t.db.query<{ customer_id: string }>('SELECT customer_id FROM ads WHERE id = $1', [f.orderId]);
    if (Number(ad?.customer_id) === intruderId) found.push("the owner's ad moved to the intruder");
    expect(found).toEqual([]);
  });
});

const EVIL_PATHS = [
  '//evil.example',
  '/\\evil.example',
  'https:evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '%2F%2Fevil.example',
  '\t//evil.example',
  '/%5Cevil.example',
  '/%2F/evil.example',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  ' //evil.example',
];

describe('return URLs', () => {
  it('a forged successUrl/failUrl of a payment start never reaches the provider session; a path of ours does', async () => {
    const sessionNext = async (successUrl: string, failUrl: string) => {
      // Past the reuse window of an open session (payments/service.ts), so each start opens its own.
      t.clock.advance(OPEN_SESSION_REUSE_MS + 60_000);
      const res = await send(t.app, owner, {
        method: 'POST',
        url: `/gateway/packages/subscribe/auto-bump-ad/start-payment/${f.orderId}`,
        body: {
          packageHash: AUTO_BUMP_HASH,
          channel: 'creditCard',
          idempotencyKey: `sweep-next-${Math.random().toString(36).slice(2, 12)}`,
          successUrl,
          failUrl,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const session = /\/pay\/([\w-]+)/.exec(res.json().data.iframe)?.[1];
      const [row] = await t.db.query<{ success_url: string; failure_url: string }>(
        'SELECT success_url, failure_url FROM sandbox_payment_sessions WHERE id = $1',
        [session],
      );
      return [row?.success_url, row?.failure_url].map((u) => new URL(u ?? '').searchParams.get('next'));
    };
    expect(await sessionNext('/my-ads', '/publish')).toEqual(['/my-ads', '/publish']);
    const found: string[] = [];
    for (const evil of EVIL_PATHS) {
      const next = await sessionNext(evil, evil);
      if (next.some((n) => n !== null)) found.push(`${JSON.stringify(evil)} -> ${next}`);
    }
    expect(found).toEqual([]);
  });

  it('the payment return URLs never send the frame to a forged next: the finish page instead', async () => {
    const found: string[] = [];
    for (const kind of ['success', 'failure', 'failureUpgrade']) {
      const plain = await owner.get(`/api/payments/${kind}?pid=${f.paymentPublicId}`);
      const fallback = plain.headers.location;
      expect(fallback).toMatch(/^\/finishPayment\?/);
      const own = await owner.get(
        `/api/payments/${kind}?pid=${f.paymentPublicId}&next=${encodeURIComponent('/my-ads')}`,
      );
      expect(own.headers.location, 'a path of ours is followed').toBe('/my-ads');
      for (const next of EVIL_PATHS) {
        for (const sent of [encodeURIComponent(next), next.replace(/ /g, '%20').replace(/\t/g, '%09')]) {
          const res = await owner.get(`/api/payments/${kind}?pid=${f.paymentPublicId}&next=${sent}`);
          if (res.headers.location !== fallback) found.push(`${kind} next=${sent} -> ${res.headers.location}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('payment-session flooding', () => {
  it('starts beyond the hourly limit of a customer, then of an address, are refused (429) and open no session', async () => {
    const flooder = async (ip: string) => {
      const agent = await customer(t, ip);
      const ad = await storedAd(t, await custId(agent), (await import('./support/vehicle-ad.ts')).validCarAd());
      let n = 0;
      const start = async () => {
        n += 1;
        return send(t.app, agent, {
          method: 'POST',
          url: '/api/publish/finish-page',
          body: {
            OrderID: ad,
            RecordID: ad,
            CatID: 1,
            SubCatID: 1,
            pt_hash: VIP,
            idempotencyKey: `flood-${ip.replaceAll('.', '_')}-${n}`,
          },
        });
      };
      return { start, ad };
    };
    const sessions = async () =>
      Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0]?.n);
    const a = await flooder('10.79.0.1');
    for (let i = 0; i < 40; i++) {
      const res = await a.start();
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await sessions();
    const refused = await a.start();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.general).toMatch(/רבים מדי/);
    // Another account on the same address has its own customer count, until the address's 60 are spent (A's
    // refused start counted too: 41 + 19).
    const b = await flooder('10.79.0.1');
    for (let i = 0; i < 19; i++) expect((await b.start()).statusCode).toBe(200);
    expect((await b.start()).statusCode).toBe(429);
    // Another address is not limited by them.
    const c = await flooder('10.79.0.2');
    expect((await c.start()).statusCode).toBe(200);
    expect(await sessions()).toBe(before + 2);
  });
});
