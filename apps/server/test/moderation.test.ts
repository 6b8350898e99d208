/**
 * Moderation in the operator console: ads held for review (a second-hand trader's ad, blocked words, an admin's
 * rules) wait in a queue, oldest first; a moderator approves (the ad goes live, its days start then) or rejects with
 * a reason (the owner is told by e-mail, on /my-ads and on the finish page; an edit sends it back to the queue).
 * Each decision happens once, whoever presses twice; each is in the audit log.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../src/operator/staff-repository.ts';
import { CATEGORY_ADS } from './support/category-ads.ts';
import { type ContactValues, registerWithPhone } from './support/contact.ts';
import { finishBody } from './support/finish-body.ts';
import { scenePhoto, uploadPhoto } from './support/photo-upload.ts';
import { staffAgent as sharedStaffAgent } from './support/staff.ts';
import { Agent, createTestApp, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';

const DAY = 86_400_000;

let t: TestApp;
let trader: Agent;
let traderEmail: string;
let traderContact: ContactValues;
let owner: Agent;
let ownerEmail: string;
let ownerContact: ContactValues;
let moderator: Agent;
let admin: Agent;

const staffAgent = (role: StaffRole) => sharedStaffAgent(t, role);

beforeAll(async () => {
  t = await createTestApp();
  trader = new Agent(t.app, '10.71.0.1');
  const registered = await registerWithPhone(t, trader);
  traderEmail = registered.email;
  traderContact = registered.contact;
  await t.db.query(`UPDATE customers SET trade = '{"3":{"2":1}}'::jsonb WHERE email = $1`, [traderEmail]);
  owner = new Agent(t.app, '10.71.0.2');
  const second = await registerWithPhone(t, owner);
  ownerEmail = second.email;
  ownerContact = second.contact;
  moderator = await staffAgent('moderator');
  admin = await staffAgent('admin');
});
afterAll(async () => {
  await t.close();
});

const status = async (id: number): Promise<string> =>
  (await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]))[0]?.status ?? 'none';

/** A second-hand trader's ad, saved and finished: it waits for review. */
async function traderAd(title = 'מקרר סמסונג 600 ליטר'): Promise<number> {
  const ad = CATEGORY_ADS.find((a) => a.family === 'second-hand, plain business');
  if (!ad) throw new Error('no trader ad');
  const saved = await trader.post('/api/publish/save-ad', { ...ad.values, title, ...traderContact, ...ad.selectors });
  const id = saved.json().orderID as number;
  const finished = await trader.post('/api/publish/finish-publish', finishBody(id, { CatID: 3, SubCatID: 2 }));
  expect(finished.statusCode).toBe(200);
  expect(await status(id)).toBe('pending');
  return id;
}

interface QueueItem {
  review: { id: number; adId: number; reasons: { kind: string }[]; stage: string; heldAs: string };
  title: string;
}
async function queue(): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  let after = '';
  for (;;) {
    const res = await moderator.get(`/api/operator/moderation/queue${after ? `?after=${after}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    items.push(...page.items);
    if (!page.next) return items;
    after = page.next;
  }
}
const caseOf = async (adId: number) => {
  const found = (await queue()).find((i) => i.review.adId === adId);
  if (!found) throw new Error(`ad ${adId} is not in the queue`);
  return found.review;
};

const mails = (to: string) =>
  t.db.query<{ subject: string; body_text: string }>(
    'SELECT subject, body_text FROM outbox_emails WHERE lower(to_address) = lower($1) ORDER BY id',
    [to],
  );

describe('the queue', () => {
  it('holds a second-hand trader ad, oldest first, with why it is there, the ad as buyers see it and its history', async () => {
    const first = await traderAd('מקרר ראשון בתור');
    t.clock.advance(60_000);
    const second = await traderAd('מקרר שני בתור');
    const items = await queue();
    const order = items.map((i) => i.review.adId).filter((id) => id === first || id === second);
    expect(order).toEqual([first, second]);
    const review = await caseOf(first);
    expect(review).toMatchObject({ heldAs: 'pending', stage: 'plan', reasons: [{ kind: 'traderSecondHand' }] });

    const detail = (await moderator.get(`/api/operator/moderation/reviews/${review.id}`)).json();
    expect(detail.preview.title).toContain('מקרר ראשון בתור');
    const labels = detail.preview.fields.map((f: { label: string; text: string }) => `${f.label}: ${f.text}`);
    expect(labels).toContain('מחיר: 2,100 ₪');
    expect(labels).toContain('כולל אחריות: כן');
    expect(labels.some((l: string) => l.startsWith('למסירה ללא תשלום'))).toBe(false);
    expect(detail.history.customer).toMatchObject({ email: traderEmail });
    expect(detail.history.adsByStatus.pending).toBeGreaterThanOrEqual(2);
    expect(detail.ad).toMatchObject({ orderId: first, status: 'pending' });
  });

  it('pages with a cursor; a bad cursor and an unknown case are refused', async () => {
    for (let i = 0; i < 26; i++) await traderAd(`מקרר לעמוד ${i}`);
    const page = (await moderator.get('/api/operator/moderation/queue')).json();
    expect(page.items).toHaveLength(25);
    expect(page.total).toBeGreaterThanOrEqual(26);
    const next = (await moderator.get(`/api/operator/moderation/queue?after=${page.next}`)).json();
    const ids = new Set(page.items.map((i: QueueItem) => i.review.id));
    expect(next.items.some((i: QueueItem) => ids.has(i.review.id))).toBe(false);
    expect((await moderator.get('/api/operator/moderation/queue?after=nonsense')).statusCode).toBe(400);
    expect((await moderator.get('/api/operator/moderation/reviews/999999999')).statusCode).toBe(404);
    expect((await moderator.post('/api/operator/moderation/reviews/999999999/approve')).statusCode).toBe(404);
  });
});

describe('approve', () => {
  it('makes the ad live with its days starting now, tells the owner, once under a double press, in the audit', async () => {
    const id = await traderAd('מקרר לאישור');
    const review = await caseOf(id);
    t.clock.advance(3 * DAY);
    // The console's sessions end after a short idle time: the moderator and the admin log in again.
    moderator = await staffAgent('moderator');
    admin = await staffAgent('admin');
    const at = t.clock.now().getTime();
    const [a, b] = await Promise.all([
      moderator.post(`/api/operator/moderation/reviews/${review.id}/approve`),
      moderator.post(`/api/operator/moderation/reviews/${review.id}/approve`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.query<{ status: string; published_at: Date; ends_at: Date }>(
      'SELECT status, published_at, ends_at FROM ads WHERE id = $1',
      [id],
    );
    expect(row?.status).toBe('active');
    expect(new Date(row?.published_at ?? 0).getTime()).toBe(at);
    expect(new Date(row?.ends_at ?? 0).getTime()).toBeGreaterThan(at + 20 * DAY);
    const mine = (await trader.get('/api/my-ads')).json().ads.find((ad: { OrderID: number }) => ad.OrderID === id);
    expect(mine).toMatchObject({ status: 'active', rejection: null });
    expect((await mails(traderEmail)).map((m) => m.subject)).toContain(`המודעה שלך (מס' ${id}) אושרה ועלתה לאתר`);
    const audit = await t.db.query<{ action: string; detail: { before: string; after: string } }>(
      "SELECT action, detail FROM staff_audit WHERE target_type = 'ad' AND target_id = $1",
      [String(id)],
    );
    expect(audit).toEqual([
      { action: 'ad.approved', detail: expect.objectContaining({ before: 'pending', after: 'active' }) },
    ]);
    expect((await queue()).some((i) => i.review.adId === id)).toBe(false);
  });
});

describe('reject', () => {
  it('needs a reason from the list (and words for "other"); the owner sees it; an edit sends the ad back', async () => {
    const id = await traderAd('מקרר לדחייה');
    const review = await caseOf(id);
    const url = `/api/operator/moderation/reviews/${review.id}/reject`;
    expect((await moderator.post(url, {})).json().errors[0].fieldName).toBe('template');
    expect((await moderator.post(url, { template: 'other', text: ' ' })).json().errors[0].fieldName).toBe('text');
    expect(await status(id)).toBe('pending');
    const rejected = await moderator.post(url, { template: 'photos', text: 'נא לצלם את המקרר עצמו' });
    expect(rejected.json()).toMatchObject({ status: 200, adStatus: 'rejected' });

    const reason = 'התמונות אינן של הפריט המוצע או שנלקחו ממודעה של מפרסם אחר. נא לצלם את המקרר עצמו';
    const mine = (await trader.get('/api/my-ads')).json().ads.find((ad: { OrderID: number }) => ad.OrderID === id);
    expect(mine).toMatchObject({ status: 'rejected', rejection: { reason }, editUrl: `/edit/${id}` });
    const page = (await trader.get(`/api/publish/get-finish-page?OrderID=${id}`)).json();
    expect(page).toMatchObject({ state: 'rejected', reason, rejection: { reason, editUrl: `/edit/${id}` } });
    expect(page.notice).toEqual({
      type: 'error',
      titleMessage: 'הסיבה שהמודעה לא אושרה',
      message: reason,
      postfix: { text: 'עריכה ושליחה מחדש', icon: 'edit', href: `/edit/${id}`, toolTip: expect.any(String) },
    });
    expect(page.timeline).toContainEqual({ step: 'review', done: false, refused: true });
    const mail = (await mails(traderEmail)).find((m) => m.subject === `המודעה שלך (מס' ${id}) לא אושרה לפרסום`);
    expect(mail?.body_text).toContain(reason);
    expect(mail?.body_text).toContain(`/edit/${id}`);

    // The owner edits it: it waits for review again, at the back of the queue, and its finish page says so.
    const ad = CATEGORY_ADS.find((a) => a.family === 'second-hand, plain business');
    const edited = await trader.post(`/api/publish/save-ad/${id}`, {
      ...ad?.values,
      title: 'מקרר לדחייה, עם תמונות חדשות',
      ...traderContact,
      ...ad?.selectors,
    });
    expect(edited.statusCode).toBe(200);
    expect(await status(id)).toBe('pending');
    const back = await caseOf(id);
    expect(back.id).not.toBe(review.id);
    expect(back.reasons).toEqual([{ kind: 'resubmitted' }]);
    const finished = (await trader.post(`/api/publish/${id}/order-edited`)).json();
    expect(finished.redirect).toContain(`OrderID=${id}`);
    expect((await trader.get(`/api/publish/get-finish-page?OrderID=${id}`)).json().state).toBe('pending');
  });
});

describe('blocked words', () => {
  it('hold the first save; approval returns the ad to its plan with those words let through', async () => {
    const saved = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...ownerContact,
      description: 'רכב שמור מאוד, בתא המטען אקדח צעצוע של הילדים',
    });
    const id = saved.json().hasWordBlockedOrderID as number;
    expect(id).toBeGreaterThan(0);
    const review = await caseOf(id);
    expect(review).toMatchObject({ heldAs: 'blocked', stage: 'save', reasons: [{ kind: 'words', words: ['אקדח'] }] });
    const detail = (await moderator.get(`/api/operator/moderation/reviews/${review.id}`)).json();
    expect(detail.wordsNow).toEqual(['אקדח']);
    expect((await moderator.post(`/api/operator/moderation/reviews/${review.id}/approve`)).json().adStatus).toBe(
      'draft',
    );
    const mail = (await mails(ownerEmail)).find((m) => m.subject === `המודעה שלך (מס' ${id}) אושרה`);
    expect(mail?.body_text).toMatch(/לבחור מסלול/);
    // Saved again from its wizard with the same text: not held again.
    const again = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...ownerContact,
      description: 'רכב שמור מאוד, בתא המטען אקדח צעצוע של הילדים',
      OrderID: id,
    });
    expect(again.json()).toMatchObject({ orderID: id });
    expect(await status(id)).toBe('draft');
  });
});

describe('bulk', () => {
  it('decides each case on its own: one decided already is reported, the others go through', async () => {
    const ids = [await traderAd('מקרר בקבוצה 1'), await traderAd('מקרר בקבוצה 2')];
    const cases = [await caseOf(ids[0] ?? 0), await caseOf(ids[1] ?? 0)];
    await moderator.post(`/api/operator/moderation/reviews/${cases[0]?.id}/approve`);
    const res = await moderator.post('/api/operator/moderation/bulk', {
      action: 'reject',
      template: 'duplicate',
      text: '',
      reviewIds: cases.map((c) => c.id),
    });
    expect(res.json().results).toEqual([
      { reviewId: cases[0]?.id, ok: false, message: expect.stringMatching(/כבר החליט/) },
      { reviewId: cases[1]?.id, ok: true, orderId: ids[1], adStatus: 'rejected' },
    ]);
    expect(
      (await moderator.post('/api/operator/moderation/bulk', { action: 'approve', reviewIds: [] })).statusCode,
    ).toBe(400);
  });
});

describe('the rules', () => {
  it('an admin holds a category and new accounts; bad rules change nothing; each change is audited', async () => {
    const before = (await admin.get('/api/operator/moderation/rules')).json();
    expect(before.rules.traderSecondHand).toBe(true);
    const bad = await admin.post('/api/operator/moderation/rules', {
      rules: { ...before.rules, newAccountDays: -1 },
      words: before.words,
    });
    expect(bad.statusCode).toBe(400);
    expect((await admin.get('/api/operator/moderation/rules')).json().rules).toEqual(before.rules);

    const rules = { ...before.rules, categories: [{ cat: 1, subcat: null }] };
    const saved = await admin.post('/api/operator/moderation/rules', { rules, words: [...before.words, 'רכב גנוב'] });
    expect(saved.json()).toMatchObject({ rules, words: expect.arrayContaining(['רכב גנוב']) });
    const car = await owner.post('/api/publish/save-ad', { ...validCarAd(), ...ownerContact });
    const id = car.json().orderID as number;
    await owner.post('/api/publish/finish-publish', finishBody(id, { orderType: 'Free' }));
    expect(await status(id)).toBe('pending');
    expect((await caseOf(id)).reasons).toEqual([{ kind: 'category', cat: 1, subcat: null }]);
    const page = (await owner.get(`/api/publish/get-finish-page?OrderID=${id}`)).json();
    expect(page.reason).toBe('נציג בודק את המודעה לפני שהיא עולה לאתר');

    const words = await owner.post('/api/publish/save-ad', {
      ...validCarAd(),
      ...ownerContact,
      description: 'לא רכב גנוב, כל המסמכים אצלי',
    });
    expect(words.json().hasWordBlockedOrderID).toBeGreaterThan(0);

    await admin.post('/api/operator/moderation/rules', { rules: before.rules, words: before.words });
    const [entry] = await t.db.query<{ detail: { before: unknown; after: unknown } }>(
      "SELECT detail FROM staff_audit WHERE action = 'moderation.rules' ORDER BY id LIMIT 1",
    );
    expect(entry?.detail.after).toMatchObject({ categories: [{ cat: 1, subcat: null }] });
  });
});

describe('a photo of another account', () => {
  it('holds a car whose photo copies a photo of another account’s ad, not one with photos of its own', async () => {
    const { rules, words } = (await admin.get('/api/operator/moderation/rules')).json();
    await admin.post('/api/operator/moderation/rules', { rules: { ...rules, photoFromAnotherAccount: true }, words });
    try {
      const theirs = await traderAd('מקרר עם תמונה');
      const photo = await scenePhoto(4242);
      expect((await uploadPhoto(t, trader, theirs, 1, photo)).statusCode).toBe(200);

      const car = async (bytes: Buffer) => {
        const id = (await owner.post('/api/publish/save-ad', { ...validCarAd(), ...ownerContact })).json().orderID;
        expect((await uploadPhoto(t, owner, id, 1, bytes)).statusCode).toBe(200);
        await owner.post('/api/publish/finish-publish', finishBody(id, { orderType: 'Free' }));
        return id as number;
      };
      // A re-encoded, smaller copy of their photo.
      const copy = await sharp(photo).resize(1200, 900).jpeg({ quality: 70 }).toBuffer();
      const copied = await car(copy);
      expect(await status(copied)).toBe('pending');
      expect((await caseOf(copied)).reasons).toEqual([{ kind: 'photoFromAnotherAccount', photos: 1 }]);
      const own = await car(await scenePhoto(4343));
      expect(await status(own)).toBe('active');
    } finally {
      await admin.post('/api/operator/moderation/rules', { rules, words });
    }
  });
});
