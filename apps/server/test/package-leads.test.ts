/**
 * The buy-package contact form on the server (after-save-area.md §3 "Contact form (buy package)", §5, §7):
 * finish-publish's contact-form variant (OrderID, RecordID, pt_hash, CatID, SubCatID, contactus_*) and our
 * POST /api/packages/lead for the /packages page. Bad fields get 'שדה {label} אינו תקני' and nothing is stored;
 * a valid form stores one open 'contact me' lead per customer, package and ad; the ad is the owner's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from './support/phones.ts';
import { count, custId, storedAd } from './support/plan-extras.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Agent;
let other: Agent;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t);
  other = await customer(t);
  ownerId = await custId(owner);
});
afterAll(async () => {
  await t.close();
});

const B4S = { cat: '3', subcat: '2', SalesCatID: '37', title: 'מכולת בשכונה' };
const GOOD = {
  contactus_fullName: 'רונית לוי',
  contactus_phone: '050-1234567',
  contactus_email: 'ronit@example.co.il',
};
const leadsOf = (sql: string, params: unknown[]) => count(t, `SELECT count(*) AS n FROM package_leads ${sql}`, params);
const finish = (agent: Agent, orderId: number, extra: Record<string, unknown>) =>
  agent.post('/api/publish/finish-publish', {
    OrderID: orderId,
    RecordID: orderId,
    CatID: 3,
    SubCatID: 2,
    pt_hash: 'b4s-vip-5',
    ...extra,
  });

describe("finish-publish's contact-form variant", () => {
  it("answers each bad field with 'שדה {label} אינו תקני' and stores nothing; the ad stays a draft", async () => {
    const ad = await storedAd(t, ownerId, B4S);
    const res = await finish(owner, ad, { contactus_fullName: ' ', contactus_phone: '12345', contactus_email: 'a@b' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      errors: {
        contactus_fullName: 'שדה שם מלא אינו תקני',
        contactus_phone: 'שדה טלפון אינו תקני',
        contactus_email: 'שדה דוא"ל אינו תקני',
      },
    });
    const one = await finish(owner, ad, { ...GOOD, contactus_email: 'ronit@' });
    expect(one.json().errors).toEqual({ contactus_email: 'שדה דוא"ל אינו תקני' });
    expect(await leadsOf('WHERE ad_id = $1', [ad])).toBe(0);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [ad]);
    expect(row?.status).toBe('draft');
  });

  it('refuses a package that is not on sale for the ad’s category, and a track hash', async () => {
    const ad = await storedAd(t, ownerId, B4S);
    for (const pt_hash of ['car-vip-30', 'c3-b4s-vip', 'nope', '']) {
      const res = await finish(owner, ad, { ...GOOD, pt_hash });
      expect(res.json().errors).toEqual({ pt_hash: expect.stringMatching(/[א-ת]/) });
    }
    expect(await leadsOf('WHERE ad_id = $1', [ad])).toBe(0);
  });

  it('a valid form stores one lead and redirects to the finish page; a repeat updates it', async () => {
    const ad = await storedAd(t, ownerId, B4S);
    const res = await finish(owner, ad, GOOD);
    expect(res.json()).toEqual({ status: 200, redirect: `/finishArea?action=packageLead&OrderID=${ad}` });
    const again = await finish(owner, ad, { ...GOOD, contactus_phone: '03-1234567' });
    expect(again.json().redirect).toBe(`/finishArea?action=packageLead&OrderID=${ad}`);
    const rows = await t.db.query<Record<string, unknown>>(
      'SELECT customer_id, ad_id, package_hash, full_name, phone, email, status FROM package_leads WHERE ad_id = $1',
      [ad],
    );
    expect(rows).toEqual([
      {
        customer_id: expect.anything(),
        ad_id: expect.anything(),
        package_hash: 'b4s-vip-5',
        full_name: 'רונית לוי',
        phone: '03-1234567',
        email: 'ronit@example.co.il',
        status: 'requested',
      },
    ]);
    expect(Number(rows[0]?.customer_id)).toBe(ownerId);
    // The ad is not published by a lead.
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [ad]);
    expect(row?.status).toBe('draft');
  });

  it("another account's ad is 404 and nothing is stored; a guest is refused; CSRF is needed", async () => {
    const ad = await storedAd(t, ownerId, B4S);
    expect((await finish(other, ad, GOOD)).statusCode).toBe(404);
    expect((await finish(new Agent(t.app), ad, GOOD)).statusCode).toBe(422);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/publish/finish-publish',
      payload: { OrderID: ad, pt_hash: 'b4s-vip-5', ...GOOD },
    });
    expect(noCsrf.statusCode).toBeGreaterThanOrEqual(400);
    expect(await leadsOf('WHERE ad_id = $1', [ad])).toBe(0);
  });
});

describe('POST /api/packages/lead (the /packages page, no ad)', () => {
  it('validates like the variant, stores one open lead per package, and needs a login', async () => {
    const buyer = await customer(t);
    const buyerId = await custId(buyer);
    const bad = await buyer.post('/api/packages/lead', { pt_hash: 'car-vip-30', contactus_phone: '0501234567' });
    expect(bad.json()).toEqual({
      status: 200,
      errors: { contactus_fullName: 'שדה שם מלא אינו תקני', contactus_email: 'שדה דוא"ל אינו תקני' },
    });
    expect((await buyer.post('/api/packages/lead', { ...GOOD, pt_hash: 'upgrade-premium' })).json().errors).toEqual({
      pt_hash: expect.any(String),
    });
    expect(await leadsOf('WHERE customer_id = $1', [buyerId])).toBe(0);

    expect((await buyer.post('/api/packages/lead', { ...GOOD, pt_hash: 'car-vip-30' })).json()).toEqual({
      status: 200,
      sent: true,
    });
    await buyer.post('/api/packages/lead', { ...GOOD, pt_hash: 'car-vip-30' });
    await buyer.post('/api/packages/lead', { ...GOOD, pt_hash: 're-vip-20' });
    expect(await leadsOf('WHERE customer_id = $1 AND ad_id IS NULL', [buyerId])).toBe(2);

    const guest = await new Agent(t.app).post('/api/packages/lead', { ...GOOD, pt_hash: 'car-vip-30' });
    expect(guest.statusCode).toBe(422);
  });
});
