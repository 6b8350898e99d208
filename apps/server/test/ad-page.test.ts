/**
 * The ad's public page (/item/{id}) and its calls: who sees which ad in which state, what the HTML says with scripts
 * off (title, price, fields by step, photos, meta and structured data, never the phone), the phone's reveal (the
 * virtual number, counted, limited per visitor and per address, the weekend rule), and the buyers' reports, which
 * become a case in the moderation queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireAd } from '../src/ads/ad-expiry-jobs.ts';
import { shownFieldGroups } from '../src/ads/ad-fields.ts';
import { findAd } from '../src/ads/ads-repository.ts';
import { REPORTS_PER_HOUR, REVEALS_PER_HOUR } from '../src/listing/ad-page-limits.ts';
import { insertVirtualPhone } from '../src/phones/phone-repository.ts';
import { insertBoardAd, insertCustomer, insertPhoto, type StoredValues } from './support/board-ads.ts';
import { staffAgent } from './support/staff.ts';
import { Agent, createTestApp, PHONE_BROWSER, register, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DAY = 86_400_000;
const REAL_PHONE = '052-7654321';
const VIRTUAL_PHONE = '072-3334455';
const OWNER_EMAIL_PART = '@example.co.il';

let t: TestApp;
let ownerId: number;
let owner: Agent;
let ip = 0;
/** A visitor of its own browser and address. */
const visitor = () => new Agent(t.app, `10.77.${Math.floor(++ip / 250)}.${ip % 250}`, PHONE_BROWSER);

/** The ad's reveals in its numbers, once the batch in memory is written. */
async function revealsOf(id: number): Promise<number> {
  await t.app.numbers.flush();
  const [row] = await t.db.query<{ n: number }>(
    'SELECT COALESCE(sum(reveals), 0)::int AS n FROM ad_daily_numbers WHERE ad_id = $1',
    [id],
  );
  return Number(row?.n ?? 0);
}

function carValues(extra: StoredValues = {}): StoredValues {
  const { cat: _c, subcat: _s, ...values } = validCarAd();
  return {
    ...values,
    km: '45000',
    price: '85000',
    description: 'קורולה היברידית שמורה\nטיפולים במוסך מורשה',
    contactName: 'נועה ישראלי',
    validPhone1: REAL_PHONE,
    virtual_num: '1',
    weekendCalls: '0',
    ...extra,
  };
}

async function car(opts: { status?: string; adType?: string; endsIn?: number; extra?: StoredValues } = {}) {
  const now = t.clock.now();
  return insertBoardAd(t.db, {
    customerId: ownerId,
    cat: 1,
    subcat: 1,
    values: carValues(opts.extra),
    status: opts.status ?? 'active',
    adType: opts.adType ?? 'Free',
    publishedAt: new Date(now.getTime() - DAY),
    endsAt: new Date(now.getTime() + (opts.endsIn ?? 20 * DAY)),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app, '10.76.0.1');
  const { email } = await register(owner);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM customers WHERE email = $1', [email]);
  ownerId = Number(row?.id);
  await t.db.query('INSERT INTO customer_phones (customer_id, phone, verified_at, is_main) VALUES ($1, $2, $3, true)', [
    ownerId,
    '0527654321',
    t.clock.now(),
  ]);
  await insertVirtualPhone(
    t.db,
    { customerId: ownerId, phone: '0527654321', virtualPhone: '0723334455' },
    t.clock.now(),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /item/{id}: the page with scripts off', () => {
  it('has the title, price, place, dates, number, mark, fields by step, description, photos and meta; never the phone', async () => {
    const id = await car({ adType: 'VIP' });
    const keys = [
      await insertPhoto(t.db, id, 2, 1),
      await insertPhoto(t.db, id, 1, 2),
      await insertPhoto(t.db, id, 3, 3),
    ];
    const res = await visitor().get(`/item/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toMatch(/<h1[^>]*>טויוטה קורולה[^<]*<\/h1>/);
    expect(html).toMatch(/<title>טויוטה קורולה[^<]*\| לוח המודעות<\/title>/);
    expect(html).toContain('85,000 ₪');
    expect(html).toContain(`<dd>${id}</dd>`);
    expect(html).toContain('class="ad-page__mark ad-page__mark--top">VIP<');
    // The fields by the wizard's steps, as text (the make's name, the kilometres grouped).
    expect(html).toMatch(/<h3>[^<]+<\/h3><dl>/);
    expect(html).toContain('45,000');
    // The description with its line break kept (shown with white-space: pre-line).
    expect(html).toContain('קורולה היברידית שמורה\nטיפולים במוסך מורשה');
    // The photos: main first, eager; the rest lazy; srcset of both renditions; alt texts.
    const imgs = [...html.matchAll(/<img [^>]+>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).toContain(`/media/${keys[0]}.jpg`);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="lazy"');
    expect(imgs[2]).toContain('loading="lazy"');
    expect(imgs[0]).toContain(`srcset="/media/${keys[0]}_t.jpg 240w, /media/${keys[0]}.jpg 1120w"`);
    expect(imgs[1]).toMatch(/alt="טויוטה קורולה[^"]*תמונה 2 מתוך 3"/);
    expect(html).toContain('1</span> / 3');
    // Meta: description, canonical, Open Graph with the main photo's large rendition as an absolute URL.
    const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+/item/${id}$`));
    expect(html).toMatch(/<meta name="description" content="85,000 ₪[^"]*">/);
    expect(html).toMatch(/<meta property="og:title" content="טויוטה קורולה/);
    expect(html).toContain(
      `<meta property="og:image" content="${new URL(canonical ?? '').origin}/media/${keys[0]}.jpg">`,
    );
    // JSON-LD: a Car with its make, model, year and kilometres, and an offer in shekels.
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      brand: { name: 'טויוטה' },
      model: 'קורולה',
      vehicleModelDate: validCarAd().year,
      mileageFromOdometer: { value: 45000, unitCode: 'KMT' },
      offers: { '@type': 'Offer', price: 85000, priceCurrency: 'ILS' },
    });
    // The contact: the name as entered, the reveal's button; no number at all, nor any private data.
    expect(html).toContain('נועה ישראלי');
    expect(html).toContain('הצגת מספר טלפון');
    for (const secret of [REAL_PHONE, '0527654321', VIRTUAL_PHONE, '0723334455', '7654321', '3334455'])
      expect(html).not.toContain(secret);
    expect(html).not.toContain(OWNER_EMAIL_PART);
    expect(html).not.toContain(`"customerId"`);
    // The live page is the same for everyone: cacheable, checked each time.
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await visitor().get(`/item/${id}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('without a price says so; a plain track has no mark; an edit waiting for order-edited is not shown', async () => {
    const id = await car({ extra: { price: '' } });
    await t.db.query('UPDATE ads SET pending_values = $2::jsonb WHERE id = $1', [
      id,
      JSON.stringify(carValues({ description: 'טקסט טיוטה שלא פורסם' })),
    ]);
    const html = (await visitor().get(`/item/${id}`)).body;
    expect(html).toContain('מחיר לא צוין');
    expect(html).not.toContain('ad-page__mark');
    expect(html).not.toContain('טקסט טיוטה שלא פורסם');
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld.offers.price).toBeUndefined();
  });

  it("never shows the car's licence number; the moderator's preview of the same ad does", async () => {
    const id = await car({ extra: { registrationPlate: '12-345-67' } });
    const html = (await visitor().get(`/item/${id}`)).body;
    expect(html).toContain('45,000');
    expect(html).not.toContain('מספר רישוי');
    expect(html).not.toContain('12-345-67');
    const ad = await findAd(t.db, id);
    if (!ad) throw new Error('no ad');
    const staffFields = shownFieldGroups(ad).flatMap((g) => g.fields);
    expect(staffFields).toContainEqual(expect.objectContaining({ label: 'מספר רישוי', text: '12-345-67' }));
    const publicFields = shownFieldGroups(ad, { publicOnly: true }).flatMap((g) => g.fields);
    expect(publicFields.map((f) => f.key)).not.toContain('registrationPlate');
  });

  it("the page reads only: its GET writes nothing (its view waits in memory for the numbers' batch)", async () => {
    const id = await car();
    const before = await t.db.query('SELECT updated_at, field_values FROM ads WHERE id = $1', [id]);
    await visitor().get(`/item/${id}`);
    expect(await t.db.query('SELECT * FROM ad_daily_numbers WHERE ad_id = $1', [id])).toEqual([]);
    expect(await t.db.query('SELECT updated_at, field_values FROM ads WHERE id = $1', [id])).toEqual(before);
  });
});

describe('GET /item/{id}: states', () => {
  it('unknown, malformed, deleted, reserved and another customer’s blocked ad: a Hebrew 404 page', async () => {
    const deleted = await car({ status: 'deleted' });
    const blocked = await car({ status: 'blocked' });
    for (const path of [
      '/item/99999999',
      '/item/abc',
      '/item/0',
      '/item/-5',
      '/item/1e5',
      '/item/99999999999999999999',
      `/item/${deleted}`,
      `/item/${blocked}`,
    ]) {
      const res = await visitor().get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body, path).toContain('המודעה לא נמצאה');
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('an ended ad (expired, or past its end): 410 "המודעה הסתיימה" with a link to its board', async () => {
    const expired = await car({ status: 'expired' });
    const pastEnd = await car({ endsIn: -1000 });
    for (const id of [expired, pastEnd]) {
      const res = await visitor().get(`/item/${id}`);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('המודעה הסתיימה');
      expect(res.body).toContain('href="/board/1/1"');
    }
  });

  it.each([
    ['draft', 'בחירת המסלול והתשלום', '/publish?'],
    ['pending', 'ממתינה לבדיקת הצוות', '/my-ads'],
    ['blocked', 'ממתינה לבדיקת הצוות', '/my-ads'],
    ['rejected', 'נדחתה בבדיקת הצוות', '/edit/'],
    ['out_of_slots', 'אין מקום פנוי בחבילת', '/packages'],
  ])('held as %s: 404 to others; the owner sees it with why and what to do', async (status, why, link) => {
    const id = await car({ status });
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(404);
    const other = visitor();
    await register(other);
    expect((await other.get(`/item/${id}`)).statusCode).toBe(404);
    const mine = await owner.get(`/item/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('role="status"');
    expect(mine.body).toContain(why);
    expect(mine.body).toContain(`href="${link}`);
    expect(mine.body).toContain('<meta name="robots" content="noindex">');
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('an ad that stops being live is gone at once', async () => {
    const id = await car();
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(200);
    await t.db.query(`UPDATE ads SET status = 'deleted' WHERE id = $1`, [id]);
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(404);
  });
});

describe('real estate and goods: the structured data by family', () => {
  it('a product in second hand is a Product with an offer', async () => {
    const { sampleAds } = await import('./support/board-ads.ts');
    const goods = sampleAds().find((a) => a.cat === 3);
    const home = sampleAds().find((a) => a.family === 'real estate');
    if (!goods || !home) throw new Error('no sample ads');
    const customerId = await insertCustomer(t.db);
    const at = t.clock.now();
    const base = { customerId, publishedAt: at, endsAt: new Date(at.getTime() + DAY) };
    const goodsId = await insertBoardAd(t.db, { ...base, ...goods });
    const homeId = await insertBoardAd(t.db, { ...base, ...home });
    const ldOf = async (id: number) =>
      JSON.parse(
        /<script type="application\/ld\+json">([^<]+)<\/script>/.exec((await visitor().get(`/item/${id}`)).body)?.[1] ??
          '{}',
      );
    expect(await ldOf(goodsId)).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'ILS' } });
    expect(await ldOf(homeId)).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'ILS',
      itemOffered: { address: { '@type': 'PostalAddress', addressLocality: expect.any(String) } },
    });
  });
});

describe('POST /api/ads/{id}/phone', () => {
  it('answers the virtual number (never the real one) and counts each reveal', async () => {
    const id = await car();
    const res = await visitor().post(`/api/ads/${id}/phone`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, phone: VIRTUAL_PHONE, callsNow: true, note: null });
    expect(res.body).not.toContain('7654321');
    await visitor().post(`/api/ads/${id}/phone`);
    expect(await revealsOf(id)).toBe(2);
  });

  it('an ad without the virtual number: the number as entered', async () => {
    const id = await car({ extra: { virtual_num: '0' } });
    expect((await visitor().post(`/api/ads/${id}/phone`)).json().phone).toBe(REAL_PHONE);
  });

  it('an ad not live: 404, nothing counted; a malformed number: 404', async () => {
    const id = await car({ status: 'pending' });
    const res = await visitor().post(`/api/ads/${id}/phone`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/[א-ת]/);
    expect(await revealsOf(id)).toBe(0);
    expect((await visitor().post('/api/ads/abc/phone')).statusCode).toBe(404);
  });

  it('50 parallel reveals of one visitor: exactly the visitor limit pass, the rest 429 in Hebrew', async () => {
    const id = await car();
    const one = visitor();
    await one.get('/api/auth/customer');
    const answers = await Promise.all(Array.from({ length: 50 }, () => one.post(`/api/ads/${id}/phone`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REVEALS_PER_HOUR.visitor);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - REVEALS_PER_HOUR.visitor);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toMatch(/[א-ת]/);
    expect(await revealsOf(id)).toBe(REVEALS_PER_HOUR.visitor);
  });

  it('50 parallel reveals of many browsers from one address: exactly the address limit pass', async () => {
    const id = await car();
    const agents = Array.from({ length: 50 }, () => new Agent(t.app, '10.78.0.9', PHONE_BROWSER));
    for (const a of agents) await a.get('/api/auth/customer');
    const codes = (await Promise.all(agents.map((a) => a.post(`/api/ads/${id}/phone`)))).map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REVEALS_PER_HOUR.address);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - REVEALS_PER_HOUR.address);
  });
});

describe('POST /api/ads/{id}/report', () => {
  it('each report goes to the ad’s case in the queue, counted by reason; the ad stays live', async () => {
    const id = await car();
    expect((await visitor().post(`/api/ads/${id}/report`, { reason: 'fraud' })).json()).toMatchObject({ status: 200 });
    await visitor().post(`/api/ads/${id}/report`, { reason: 'fraud' });
    const third = await visitor().post(`/api/ads/${id}/report`, { reason: 'other', text: 'מבקש מקדמה בהעברה' });
    expect(third.statusCode).toBe(200);
    const moderator = await staffAgent(t, 'moderator');
    const queue = await moderator.get('/api/operator/moderation/queue');
    const item = queue.json().items.find((i: { review: { adId: number } }) => i.review.adId === id);
    expect(item.review).toMatchObject({ heldAs: 'active', stage: 'report' });
    expect(item.review.reasons).toEqual([
      { kind: 'reported', reason: 'fraud', count: 2, texts: [] },
      { kind: 'reported', reason: 'other', count: 1, texts: ['מבקש מקדמה בהעברה'] },
    ]);
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(200);
    // Groundless: approving keeps it live. A later report opens a new case.
    const approve = await moderator.post(`/api/operator/moderation/reviews/${item.review.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(200);
    await visitor().post(`/api/ads/${id}/report`, { reason: 'sold' });
    const next = (await moderator.get('/api/operator/moderation/queue')).json();
    const again = next.items.find((i: { review: { adId: number } }) => i.review.adId === id);
    expect(again.review.id).not.toBe(item.review.id);
    // Rejecting takes it off the board at once.
    const reject = await moderator.post(`/api/operator/moderation/reviews/${again.review.id}/reject`, {
      template: 'other',
      text: 'המוצר נמכר',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(404);
  });

  it('a reported ad that ends before anyone decides: the case cannot be decided, and the moderator closes it', async () => {
    const id = await car({ endsIn: DAY });
    expect((await visitor().post(`/api/ads/${id}/report`, { reason: 'sold' })).statusCode).toBe(200);
    let moderator = await staffAgent(t, 'moderator');
    const caseOf = async () =>
      (await moderator.get('/api/operator/moderation/queue'))
        .json()
        .items.find((i: { review: { adId: number } }) => i.review.adId === id);
    const open = await caseOf();
    expect(open.review).toMatchObject({ heldAs: 'active', stage: 'report', decision: null });
    const path = `/api/operator/moderation/reviews/${open.review.id}`;
    // While the ad is live the case is decided, not closed.
    const early = await moderator.post(`${path}/close`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('המודעה עדיין ממתינה להחלטה: יש לאשר או לדחות אותה');

    t.clock.advance(DAY + 60_000);
    await t.db.transaction((tx) => expireAd(tx, id, t.clock.now()));
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(410);
    // A staff session lasts hours: the next day's moderator signs in anew.
    moderator = await staffAgent(t, 'moderator');
    for (const decision of [
      moderator.post(`${path}/approve`),
      moderator.post(`${path}/reject`, { template: 'other', text: 'נמכר' }),
    ]) {
      const res = await decision;
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('המודעה כבר לא בלוח');
    }
    const closed = await moderator.post(`${path}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 200, orderId: id, adStatus: 'expired' });
    expect(await caseOf()).toBeUndefined();
    const detail = (await moderator.get(path)).json();
    expect(detail.review).toMatchObject({ decision: 'closed' });
    expect(detail.ad.status).toBe('expired');
    expect(detail.audit.map((a: { action: string }) => a.action)).toContain('ad.case_closed');
    // Closed once: a second close is told so; nothing of the ad changed and its owner got no mail.
    expect((await moderator.post(`${path}/close`)).statusCode).toBe(409);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]);
    expect(row?.status).toBe('expired');
  });

  it('one visitor counts once per case; "other" needs a text; an unknown reason is refused; not live: 404', async () => {
    const id = await car();
    const one = visitor();
    await one.post(`/api/ads/${id}/report`, { reason: 'offensive' });
    await one.post(`/api/ads/${id}/report`, { reason: 'offensive' });
    const [row] = await t.db.query<{ reasons: unknown }>(
      'SELECT reasons FROM ad_reviews WHERE ad_id = $1 AND decided_at IS NULL',
      [id],
    );
    const reasons = typeof row?.reasons === 'string' ? JSON.parse(row.reasons) : row?.reasons;
    expect(reasons).toEqual([{ kind: 'reported', reason: 'offensive', count: 1, texts: [] }]);
    const noText = await visitor().post(`/api/ads/${id}/report`, { reason: 'other', text: '  ' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().message).toContain('אחר');
    expect((await visitor().post(`/api/ads/${id}/report`, { reason: 'spam' })).statusCode).toBe(400);
    const held = await car({ status: 'pending' });
    expect((await visitor().post(`/api/ads/${held}/report`, { reason: 'fraud' })).statusCode).toBe(404);
  });

  it('limited per visitor: past the limit 429 in Hebrew, under 50 parallel too', async () => {
    const one = visitor();
    await one.get('/api/auth/customer');
    const ids = await Promise.all(Array.from({ length: 50 }, () => car()));
    const answers = await Promise.all(ids.map((id) => one.post(`/api/ads/${id}/report`, { reason: 'sold' })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REPORTS_PER_HOUR.visitor);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toMatch(/[א-ת]/);
  });
});

describe('a reported ad and its owner', () => {
  const editBody = (values: Record<string, string>) => ({
    ...validCarAd(),
    contactName: 'נועה ישראלי',
    validPhone1: REAL_PHONE,
    virtual_num: '1',
    ...values,
  });
  const openCase = async (id: number) => {
    const [row] = await t.db.query<{ held_as: string; stage: string; reasons: unknown }>(
      'SELECT held_as, stage, reasons FROM ad_reviews WHERE ad_id = $1 AND decided_at IS NULL',
      [id],
    );
    const reasons = typeof row?.reasons === 'string' ? JSON.parse(row.reasons) : row?.reasons;
    return row ? { heldAs: row.held_as, stage: row.stage, reasons } : null;
  };
  const status = async (id: number) =>
    (await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]))[0]?.status;

  it('an edit held for its words takes over the reported case, keeping the reports beside the words', async () => {
    const id = await car();
    await visitor().post(`/api/ads/${id}/report`, { reason: 'offensive' });
    expect((await owner.post(`/api/publish/save-ad/${id}`, editBody({ description: 'מוכר גם אקדח' }))).statusCode).toBe(
      200,
    );
    expect((await owner.post(`/api/publish/${id}/order-edited`)).json()).toMatchObject({ hasWordBlockedOrderID: id });
    expect(await status(id)).toBe('blocked');
    const held = await openCase(id);
    expect(held).toMatchObject({ heldAs: 'blocked', stage: 'edit' });
    expect(held?.reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'words' }),
        { kind: 'reported', reason: 'offensive', count: 1, texts: [] },
      ]),
    );
  });

  it('refused for its reports, its edit goes back to the queue as a live ad’s edit, and approval puts it live', async () => {
    const id = await car();
    await visitor().post(`/api/ads/${id}/report`, { reason: 'fraud' });
    const moderator = await staffAgent(t, 'moderator');
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM ad_reviews WHERE ad_id = $1', [id]);
    const reject = await moderator.post(`/api/operator/moderation/reviews/${row?.id}/reject`, {
      template: 'other',
      text: 'נראה כמו הונאה',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await status(id)).toBe('rejected');
    expect((await owner.post(`/api/publish/save-ad/${id}`, editBody({ price: '84,000' }))).statusCode).toBe(200);
    expect(await status(id)).toBe('pending');
    const again = await openCase(id);
    expect(again).toMatchObject({ heldAs: 'pending', stage: 'edit', reasons: [{ kind: 'resubmitted' }] });
    const [next] = await t.db.query<{ id: number }>(
      'SELECT id FROM ad_reviews WHERE ad_id = $1 AND decided_at IS NULL',
      [id],
    );
    const approve = await moderator.post(`/api/operator/moderation/reviews/${next?.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await status(id)).toBe('active');
    expect((await visitor().get(`/item/${id}`)).statusCode).toBe(200);
    // Other systems were told it left the board and came back, with its new price (ads/ad-events-service.ts).
    const events = await t.db.query<{ type: string; view: { priceShekels: number } }>(
      'SELECT type, view FROM ad_events WHERE ad_id = $1 ORDER BY seq',
      [id],
    );
    expect(events.map((e) => e.type)).toEqual(['ad.hidden', 'ad.published']);
    expect(events[1]?.view.priceShekels).toBe(84000);
  });
});

describe('GET /item/{id}/video', () => {
  it("a live ad's video, whole or by range; none for an ad that is not live", async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const id = await car();
    const key = `video-${id}`;
    const bytes = Buffer.from('0123456789abcdefghij');
    await fs.writeFile(path.join(t.app.videoHost.directory, key), bytes);
    await t.db.query(`INSERT INTO ad_videos (ad_id, video_key, mime, bytes) VALUES ($1, $2, 'video/mp4', $3)`, [
      id,
      key,
      bytes.length,
    ]);
    expect((await visitor().get(`/item/${id}`)).body).toContain(
      `<video controls preload="none" src="/item/${id}/video">`,
    );
    const whole = await visitor().get(`/item/${id}/video`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload).toEqual(bytes);
    const part = await visitor().get(`/item/${id}/video`, { range: 'bytes=5-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${bytes.length}`);
    expect(part.body).toBe('56789');
    expect((await visitor().get(`/item/${id}/video`, { range: 'bytes=99-' })).statusCode).toBe(416);
    await t.db.query(`UPDATE ads SET status = 'pending' WHERE id = $1`, [id]);
    expect((await visitor().get(`/item/${id}/video`)).statusCode).toBe(404);
  });
});

describe('the weekend rule', () => {
  it('an ad without weekend calls reveals no number from Friday 14:00 to Saturday 23:59, with why', async () => {
    const id = await car();
    // The test clock starts on Sunday 22 November 2026, 12:00 Israel time: Friday 27th, 15:00 Israel time.
    t.clock.advance(5 * DAY + 3 * 3_600_000);
    const res = await visitor().post(`/api/ads/${id}/phone`);
    expect(res.json()).toMatchObject({ phone: null, callsNow: false });
    expect(res.json().note).toContain('שישי');
    const weekendOk = await car({ extra: { weekendCalls: '1' } });
    expect((await visitor().post(`/api/ads/${weekendOk}/phone`)).json().phone).toBe(VIRTUAL_PHONE);
  });
});
