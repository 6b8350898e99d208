/**
 * The owner's preview (/item/{id}/preview): the ad's page and its board card made from values not live yet (the
 * wizard's draft of the ad reserved for its photos, a live ad's edit waiting for order-edited), by the page's and the
 * board's own templates; the owner's only, never kept or indexed, never the phone number; each group of fields links
 * back to its step of the wizard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdStatus } from '../src/ads/ads-repository.ts';
import { insertPhoto } from './support/board-ads.ts';
import { customer, freshPhone, lastCode, sendCode, sendSms } from './support/phones.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

let t: TestApp;
let owner: Agent;
let phone: string;

const dashed = (n: string) => `${n.slice(0, 3)}-${n.slice(3)}`;
const contact = () => ({ contactName: 'נועה ישראלי', validPhone1: dashed(phone), virtual_num: '0' });
const { cat: _cat, subcat: _subcat, ...carValues } = validCarAd();

/** Every way the owner's number could be written in the page. */
const phoneForms = () => [phone, dashed(phone), `${phone.slice(0, 3)} ${phone.slice(3)}`, `+972${phone.slice(1)}`];

/** The wizard so far, as the browser keeps it: the draft (numbers as typed) and the ad reserved for its photos. */
async function draftWithPhoto(values: Record<string, string>): Promise<{ id: number; photo: string }> {
  const saved = await owner.post('/api/publish/draft', {
    cat: '1',
    subcat: '1',
    values: { ...carValues, ...contact(), ...values },
    lastValidStep: 4,
  });
  expect(saved.statusCode).toBe(200);
  const reserved = await owner.post('/api/publish/reserve-order', {
    cat: '1',
    subcat: '1',
    idempotencyKey: `preview-${Math.random().toString(36).slice(2, 12)}`,
  });
  const id = (reserved.json() as { OrderID: number }).OrderID;
  expect(id).toBeGreaterThan(0);
  return { id, photo: await insertPhoto(t.db, id, 1, 1) };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t);
  phone = freshPhone('052');
  expect((await sendSms(owner, phone)).statusCode).toBe(200);
  const confirmed = await sendCode(owner, phone, await lastCode(t, phone), { mainPhone: 1 });
  expect(confirmed.json()).toMatchObject({ status: 200 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /item/{id}/preview of a wizard not saved yet', () => {
  it('shows the owner the draft values with their units, the photo and the board card; no phone; never kept or indexed', async () => {
    const { id, photo } = await draftWithPhoto({
      km: '61,500',
      price: '92,000',
      description: 'שורה ראשונה\nשורה שנייה',
    });
    const res = await owner.get(`/item/${id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('תצוגה מקדימה: כך יראו קונים את המודעה');
    expect(html).toMatch(/<h1[^>]*>טויוטה קורולה[^<]*<\/h1>/);
    // The draft's numbers as buyers read them: grouped, with the step's unit.
    expect(html).toContain('<dd>61,500 ק&quot;מ</dd>');
    expect(html).toContain('<p class="ad-page__price">92,000 ₪</p>');
    expect(html).toContain('שורה ראשונה\nשורה שנייה');
    expect(html).toContain(`src="/media/${photo}.jpg"`);
    // The board's card, by the board's template and its card rules.
    const card = /<ol class="cards">(.+?)<\/ol>/s.exec(html)?.[1] ?? '';
    expect(card).toContain('<li class="card rank-plain">');
    expect(card).toMatch(/<h3><a href="#main">טויוטה קורולה[^<]*<\/a><\/h3>/);
    expect(card).toContain('92,000');
    expect(card).toContain(`/media/${photo}_t.jpg`);
    const style = /<link rel="stylesheet" href="(\/board\/cards\.css\?v=[^"]+)">/.exec(html)?.[1];
    const css = await new Agent(t.app, '10.91.0.1').get(String(style));
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('.cards .card article');
    // The contact name, never the number.
    expect(html).toContain('נועה ישראלי');
    for (const form of phoneForms()) expect(html).not.toContain(form);
    // Each group back to its step of the wizard, and the way back to the step the owner left.
    const steps = [...html.matchAll(/class="ad-page__edit-link" href="([^"]+)"/g)].map((m) =>
      m[1]?.replace(/&amp;/g, '&'),
    );
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const href of steps) expect(href).toMatch(/^\/publish\?cat=1&subcat=1&step=\d+$/);
    expect(new Set(steps).size).toBeGreaterThan(1);
    expect(html).toMatch(
      /<a class="btn btn--primary" href="\/publish\?cat=1&amp;subcat=1&amp;step=\d+" data-preview-back>חזרה לעריכה<\/a>/,
    );
  });

  it('follows the draft: a value changed in the wizard is the one shown next time', async () => {
    const { id } = await draftWithPhoto({ price: '92,000' });
    expect((await owner.get(`/item/${id}/preview`)).body).toContain('92,000 ₪');
    await owner.post('/api/publish/draft', {
      cat: '1',
      subcat: '1',
      values: { ...carValues, ...contact(), price: '88,500' },
      lastValidStep: 4,
    });
    const again = (await owner.get(`/item/${id}/preview`)).body;
    expect(again).toContain('88,500 ₪');
    expect(again).not.toContain('92,000');
  });

  it('is 404 to another customer, to a visitor, for a malformed or unknown number; the public page stays 404', async () => {
    const { id } = await draftWithPhoto({});
    const other = new Agent(t.app, '10.91.0.2');
    await register(other);
    for (const agent of [other, new Agent(t.app, '10.91.0.3')]) {
      const res = await agent.get(`/item/${id}/preview`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain('המודעה לא נמצאה');
      expect(res.body).not.toContain('טויוטה');
      expect(res.body).not.toContain('נועה ישראלי');
    }
    for (const bad of ['0', 'abc', '99999999999'])
      expect((await owner.get(`/item/${bad}/preview`)).statusCode).toBe(404);
    expect((await owner.get(`/item/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /item/{id}/preview of an edit of a live ad', () => {
  it("shows the owner the edit's values before they go live, while buyers still see the live ones", async () => {
    const saved = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...contact() });
    const id = (saved.json() as { orderID: number }).orderID;
    await setAdStatus(t.db, id, 'active');
    await t.db.query("UPDATE ads SET ad_type = 'Free', published_at = $2, ends_at = $3 WHERE id = $1", [
      id,
      t.clock.now(),
      new Date(t.clock.now().getTime() + 20 * 86_400_000),
    ]);
    const edit = await owner.post(`/api/publish/save-ad/${id}`, {
      ...validCarAd(),
      ...contact(),
      price: '79,000',
      description: 'מחיר חדש אחרי טיפול',
    });
    expect(edit.statusCode).toBe(200);

    const live = await new Agent(t.app, '10.91.0.4').get(`/item/${id}`);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('85,000 ₪');
    expect(live.body).not.toContain('79,000');
    expect(live.body).not.toContain('מחיר חדש אחרי טיפול');

    const res = await owner.get(`/item/${id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="ad-page__price">79,000 ₪</p>');
    expect(res.body).toContain('מחיר חדש אחרי טיפול');
    expect(res.body).not.toContain('85,000');
    expect(res.body).toContain('<li class="card rank-plain">');
    for (const form of phoneForms()) expect(res.body).not.toContain(form);
    // Back to the edit, each group to its step there.
    expect(res.body).toContain(`href="/edit/${id}" data-preview-back`);
    expect(res.body).toMatch(new RegExp(`class="ad-page__edit-link" href="/edit/${id}#step-[\\w-]+"`));
    expect((await new Agent(t.app, '10.91.0.5').get(`/item/${id}/preview`)).statusCode).toBe(404);
  });
});
