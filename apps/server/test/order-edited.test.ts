/**
 * Editing a published ad: save-ad/{id} of an active ad keeps the edit pending, the
 * edit-login step's finish ({OrderID}/order-edited, GET or POST) makes it live (its ad.changed event, or ad.hidden when
 * its words hold it), GET adds/{id} shows the live ad.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdStatus } from '../src/ads/ads-repository.ts';
import { customer, freshPhone, lastCode, sendCode, sendSms } from './support/phones.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let phone: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t);
  phone = freshPhone('052');
  // The owner's number, confirmed through the SMS sandbox: save-ad accepts only numbers the customer verified.
  expect((await sendSms(owner, phone)).statusCode).toBe(200);
  const confirmed = await sendCode(owner, phone, await lastCode(t, phone), { mainPhone: 1 });
  expect(confirmed.json()).toMatchObject({ status: 200 });
});
afterAll(async () => {
  await t.close();
});

const dashed = (n: string) => `${n.slice(0, 3)}-${n.slice(3)}`;
// The virtual number off: the public view shows the real number (the virtual number's own test is below).
const contact = () => ({ contactName: 'נועה ישראלי', validPhone1: dashed(phone), virtual_num: '0' });

/** A saved car ad of the owner (a draft), made active when asked (nothing in the product publishes yet). */
async function carAd(active: boolean): Promise<number> {
  const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact() });
  const { orderID } = res.json() as { orderID?: number };
  if (!orderID) throw new Error(`save-ad answered ${res.body}`);
  if (active) await setAdStatus(t.db, orderID, 'active');
  return orderID;
}

/** The edit form as the browser sends it: every field of the edit steps (the locked make and model are not). */
const edit = (orderId: number, values: Record<string, string>) =>
  owner.post(`/api/publish/save-ad/${orderId}`, { ...validCarAd(), ...contact(), ...values });

const adEvents = (adId: number) =>
  t.db.query<{ type: string; view: Record<string, unknown> }>(
    'SELECT type, view FROM ad_events WHERE ad_id = $1 ORDER BY seq',
    [adId],
  );

const publicAd = (orderId: number) => t.app.inject({ method: 'GET', url: `/api/adds/${orderId}` });

describe('GET /api/adds/{id}', () => {
  it('shows an active ad to anyone, with the catalogue titles; a draft is 404', async () => {
    const draft = await carAd(false);
    expect((await publicAd(draft)).statusCode).toBe(404);
    await setAdStatus(t.db, draft, 'active');
    const res = await publicAd(draft);
    expect(res.statusCode).toBe(200);
    const car = validCarAd();
    expect(res.json()).toMatchObject({
      OrderID: draft,
      CatID: 1,
      SubCatID: 1,
      Price: '85000',
      Year: car.year,
      Hand: '1',
      KM: '45000',
      Phone1: dashed(phone),
      Model: car.model,
      ModelTitle: 'קורולה',
      SubModelTitle: expect.any(String),
      Token: expect.any(String),
    });
    expect(res.json().SubModelTitle).not.toBe(car.subModel);
    // The owner sees the same public view.
    expect((await owner.get(`/api/adds/${draft}`)).json()).toEqual(res.json());
    expect((await publicAd(99999999)).statusCode).toBe(404);
  });
});

describe('an edit of an active ad', () => {
  it('is pending until order-edited (POST); then it is live, with a new token', async () => {
    const id = await carAd(true);
    const before = (await publicAd(id)).json();
    const saved = await edit(id, { price: '79,000' });
    expect(saved.json()).toMatchObject({ orderID: id });
    // Not live yet: the public sees the old price; the owner's edit form shows the pending one.
    expect((await publicAd(id)).json()).toMatchObject({ Price: '85000', Token: before.Token });
    expect((await owner.get(`/api/publish/fields/${id}`)).json().values).toMatchObject({ price: '79000' });

    // The title's words the board's search reads are written with the values that go live (not left as they were).
    await t.db.query("UPDATE ads SET title_words = 'ישן' WHERE id = $1", [id]);

    const t0 = t.clock.now();
    const finished = await owner.post(`/api/publish/${id}/order-edited`);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({
      status: 200,
      redirect: `/finishArea?action=edited&OrderID=${id}`,
      events: ['postedAdEditedSuccessfully'],
    });
    const after = (await publicAd(id)).json();
    expect(after).toMatchObject({ Price: '79000' });
    expect(after.Token).not.toBe(before.Token);
    const [row] = await t.db.query<{
      pending_values: unknown;
      edited_at: Date | string;
      status: string;
      title_words: string;
    }>('SELECT pending_values, edited_at, status, title_words FROM ads WHERE id = $1', [id]);
    expect(row?.pending_values).toBeNull();
    expect(row?.title_words).toBe('טויוטה קורולה 2021');
    expect(row?.status).toBe('active');
    expect(new Date(row?.edited_at ?? 0).getTime()).toBe(t0.getTime());

    // Other systems hear of it once, with the new price (ads/ad-events-service.ts).
    const changed = await adEvents(id);
    expect(changed.map((e) => e.type)).toEqual(['ad.changed']);
    expect(changed[0]?.view).toMatchObject({ id, priceShekels: 79000 });

    // A repeated finish changes nothing and answers the same.
    expect((await owner.post(`/api/publish/${id}/order-edited`)).json()).toMatchObject({ status: 200 });
    expect((await publicAd(id)).json()).toMatchObject({ Price: '79000' });
    expect(await adEvents(id)).toHaveLength(1);
  });

  it('GET order-edited finishes too (with the CSRF header; without it, 403 and nothing changes)', async () => {
    const id = await carAd(true);
    await edit(id, { km: '50,000' });
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/publish/${id}/order-edited`,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(forged.statusCode).toBe(403);
    expect((await publicAd(id)).json()).toMatchObject({ KM: '45000' });

    const res = await owner.get(`/api/publish/${id}/order-edited`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirect: `/finishArea?action=edited&OrderID=${id}` });
    expect((await publicAd(id)).json()).toMatchObject({ KM: '50000' });
  });

  it('two saves before the finish: the second builds on the first, both go live together', async () => {
    const id = await carAd(true);
    await edit(id, { price: '70,000' });
    await owner.post(`/api/publish/save-ad/${id}`, { ...validCarAd(), price: '70,000', km: '60,000', ...contact() });
    expect((await publicAd(id)).json()).toMatchObject({ Price: '85000', KM: '45000' });
    await owner.post(`/api/publish/${id}/order-edited`);
    expect((await publicAd(id)).json()).toMatchObject({ Price: '70000', KM: '60000' });
  });

  it('blocked words in the new text: the blocked outcome, and the ad leaves the public view', async () => {
    const id = await carAd(true);
    await edit(id, { description: 'מוכר גם אקדח' });
    expect((await publicAd(id)).statusCode).toBe(200);
    const res = (await owner.post(`/api/publish/${id}/order-edited`)).json();
    expect(res).toMatchObject({
      status: 200,
      hasWordBlocked: { orderID: id, CatID: 1, SubCatID: 1 },
      hasWordBlockedOrderID: id,
      redirect: `/finishArea?OrderID=${id}&cat=1&subcat=1`,
    });
    expect(res.events).toBeUndefined();
    expect((await publicAd(id)).statusCode).toBe(404);
    // Off the board for review: other systems are told it is hidden.
    expect((await adEvents(id)).map((e) => e.type)).toEqual(['ad.hidden']);
  });

  it('another account: 404 on save-ad/{id} and on order-edited; the pending edit and the live ad are unchanged', async () => {
    const id = await carAd(true);
    await edit(id, { price: '75,000' });
    const stranger = await customer(t);
    expect((await stranger.post(`/api/publish/save-ad/${id}`, { price: '1', km: '1' })).statusCode).toBe(404);
    expect((await stranger.post(`/api/publish/${id}/order-edited`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/publish/${id}/order-edited`)).statusCode).toBe(404);
    expect((await publicAd(id)).json()).toMatchObject({ Price: '85000' });
    expect((await owner.get(`/api/publish/fields/${id}`)).json().values).toMatchObject({ price: '75000' });
    // The owner's finish still publishes the owner's edit.
    await owner.post(`/api/publish/${id}/order-edited`);
    expect((await publicAd(id)).json()).toMatchObject({ Price: '75000' });
  });

  it('an unknown, a reserved ad and a logged-out caller get no finish', async () => {
    expect((await owner.post('/api/publish/99999999/order-edited')).statusCode).toBe(404);
    expect((await owner.post('/api/publish/abc/order-edited')).statusCode).toBe(404);
    const reserved = await owner.post('/api/publish/reserve-order', {
      cat: '1',
      subcat: '1',
      idempotencyKey: 'reserve-edit-test',
    });
    const reservedId = (reserved.json() as { OrderID?: number }).OrderID;
    expect(reservedId).toBeGreaterThan(0);
    expect((await owner.post(`/api/publish/${reservedId}/order-edited`)).statusCode).toBe(404);
    const id = await carAd(true);
    // A visitor (with a CSRF token, no session) is asked to log in, as save-ad asks.
    const visitor = new Agent(t.app, '10.77.0.1');
    expect((await visitor.post(`/api/publish/${id}/order-edited`)).statusCode).toBe(422);
  });
});

describe('an edit of a draft (never published)', () => {
  it('is written at once; order-edited answers 200 with nothing to publish', async () => {
    const id = await carAd(false);
    await edit(id, { price: '81,000' });
    const [row] = await t.db.query<{ field_values: Record<string, string>; pending_values: unknown }>(
      'SELECT field_values, pending_values FROM ads WHERE id = $1',
      [id],
    );
    expect(row?.field_values.price).toBe('81000');
    expect(row?.pending_values).toBeNull();
    const res = await owner.post(`/api/publish/${id}/order-edited`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200 });
    expect((await publicAd(id)).statusCode).toBe(404);
  });
});

describe('weekend calls in the public view', () => {
  it('an ad without weekend calls takes no calls from Friday 14:00 to Saturday 23:59 (Israel time)', async () => {
    const quiet = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact(), weekendCalls: '0' });
    const always = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact(), weekendCalls: '1' });
    const ids = [quiet.json().orderID as number, always.json().orderID as number];
    for (const id of ids) await setAdStatus(t.db, id, 'active');
    const callsNow = async (id: number) => (await publicAd(id)).json().callsNow;
    const start = t.clock.now().getTime();
    const at = async (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
    try {
      await at('2026-11-26T12:00:00Z'); // Thursday 14:00
      expect([await callsNow(ids[0] as number), await callsNow(ids[1] as number)]).toEqual([true, true]);
      await at('2026-11-27T12:00:00Z'); // Friday 14:00
      expect([await callsNow(ids[0] as number), await callsNow(ids[1] as number)]).toEqual([false, true]);
      // No number is shown while the ad takes no calls.
      expect((await publicAd(ids[0] as number)).json().Phone1).toBeNull();
      expect((await publicAd(ids[1] as number)).json().Phone1).toBe(dashed(phone));
      await at('2026-11-28T21:59:00Z'); // Saturday 23:59
      expect(await callsNow(ids[0] as number)).toBe(false);
      await at('2026-11-28T22:00:00Z'); // Sunday 00:00
      expect(await callsNow(ids[0] as number)).toBe(true);
    } finally {
      t.clock.advance(start - t.clock.now().getTime());
    }
  });
});

describe('the virtual number in the public view', () => {
  it('an ad with the virtual number on shows the virtual number, never the real one', async () => {
    const res = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact(), virtual_num: '1' });
    const id = res.json().orderID as number;
    await setAdStatus(t.db, id, 'active');
    // The save allocated the phone's virtual number (a 07x number); add-virtual answers the same one.
    expect((await publicAd(id)).json().Phone1).toMatch(/^07\d-\d{7}$/);
    const virtual = await owner.get(`/api/publish/add-virtual?phone=${phone}`);
    expect(virtual.statusCode).toBe(200);
    const shown = (await publicAd(id)).json().Phone1;
    expect(shown).toBe(virtual.json().virtualPhone);
    expect(shown).not.toBe(dashed(phone));
  });
});
