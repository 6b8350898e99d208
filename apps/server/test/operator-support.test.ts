/**
 * Support in the operator console: find a customer by e-mail, phone or ad number; block the account with a reason
 * (its sessions end, it cannot log in and is told so in Hebrew), lift the block; each change in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../src/operator/staff-repository.ts';
import { saveConfirmedPhone } from '../src/phones/phone-repository.ts';
import { freshPhone, lastCode, phoneOutbox, sendSms } from './support/phones.ts';
import { staffAgent as sharedStaffAgent } from './support/staff.ts';
import { Agent, createTestApp, GOOD_PASSWORD, newEmail, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const staffAgent = (role: StaffRole) => sharedStaffAgent(t, role);

describe('support: find a customer', () => {
  it('by the start of the e-mail, by a verified phone in any spelling, and by an ad number', async () => {
    const support = await staffAgent('support');
    const customer = new Agent(t.app);
    const email = newEmail('findme');
    const { res } = await register(customer, email);
    const id = res.json().CustID as number;
    await saveConfirmedPhone(t.db, id, '0547778899', true, t.clock.now());
    const ad = await t.db.query<{ id: string }>(
      "INSERT INTO ads (customer_id, cat, subcat, status) VALUES ($1, 1, 1, 'draft') RETURNING id",
      [id],
    );
    const byEmail = (await support.get(`/api/operator/customers?q=${encodeURIComponent(email.slice(0, 10))}`)).json();
    expect(byEmail.customers.map((c: { id: number }) => c.id)).toContain(id);
    const byPhone = (await support.get(`/api/operator/customers?q=${encodeURIComponent('054-777 8899')}`)).json();
    expect(byPhone.customers).toEqual([expect.objectContaining({ id, email, phones: ['0547778899'], ads: 1 })]);
    const byAd = (await support.get(`/api/operator/customers?q=${ad[0]?.id}`)).json();
    expect(byAd.customers.map((c: { id: number }) => c.id)).toEqual([id]);
    // A % typed is a character, not a pattern.
    expect((await support.get('/api/operator/customers?q=%25')).json().customers).toEqual([]);
    const empty = await support.get('/api/operator/customers?q=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/מספר טלפון/);
    expect((await support.get('/api/operator/customers/999999999')).statusCode).toBe(404);
    expect((await support.get('/api/operator/customers/abc')).statusCode).toBe(404);
  });
});

describe('support: block and unblock', () => {
  it('a blocked customer is logged out at once, cannot log in, is told why, and can again once unblocked', async () => {
    const support = await staffAgent('support');
    const customer = new Agent(t.app);
    const email = newEmail('blockme');
    const { res } = await register(customer, email);
    const id = res.json().CustID as number;
    expect((await customer.get('/api/auth/customer')).json().CustID).toBe(id);

    expect((await support.post(`/api/operator/customers/${id}/block`, { reason: '' })).statusCode).toBe(400);
    const blocked = await support.post(`/api/operator/customers/${id}/block`, { reason: 'פרסום מודעות מטעות' });
    expect(blocked.json().customer).toMatchObject({ id, blockedReason: 'פרסום מודעות מטעות' });
    expect((await support.post(`/api/operator/customers/${id}/block`, { reason: 'שוב' })).statusCode).toBe(409);

    // The session it had is over, and a login with the right password is refused in Hebrew.
    expect((await customer.get('/api/auth/customer')).json().CustID).toBe(0);
    const login = await new Agent(t.app).post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().errors[0].msg).toMatch(/החשבון הזה נחסם/);
    // A wrong password says only that: a block is not revealed to someone guessing.
    const guess = await new Agent(t.app).post('/api/auth/login', { username: email, password: 'Wrong1234' });
    expect(guess.statusCode).toBe(401);

    expect((await support.post(`/api/operator/customers/${id}/unblock`)).json().customer.blockedAt).toBeNull();
    expect((await support.post(`/api/operator/customers/${id}/unblock`)).statusCode).toBe(409);
    const again = await new Agent(t.app).post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(200);

    const [log] = await t.db.query<{ actions: string[] }>(
      "SELECT array_agg(action ORDER BY id) AS actions FROM staff_audit WHERE target_type = 'customer' AND target_id = $1",
      [String(id)],
    );
    expect(log?.actions).toEqual(['customer.blocked', 'customer.unblocked']);
  });

  it('a moderator may not block', async () => {
    const moderator = await staffAgent('moderator');
    const { res } = await register(new Agent(t.app));
    const blocked = await moderator.post(`/api/operator/customers/${res.json().CustID}/block`, { reason: 'x' });
    expect(blocked.statusCode).toBe(403);
  });
});

describe('support: an account’s activity and limits', () => {
  it('shows its ads, payments, phones, codes and sessions; resets its login failures, audited', async () => {
    const support = await staffAgent('support');
    const customer = new Agent(t.app, '10.91.0.7');
    const email = newEmail('lockedout');
    const { res } = await register(customer, email);
    const id = res.json().CustID as number;
    await saveConfirmedPhone(t.db, id, '0541112233', true, t.clock.now());
    await t.db.query("INSERT INTO ads (customer_id, cat, subcat, status) VALUES ($1, 1, 1, 'draft')", [id]);
    // Locked out by their own failed logins.
    for (let i = 0; i < 6; i++)
      await new Agent(t.app, '10.91.0.8').post('/api/auth/login', { username: email, password: 'Wrong1234' });

    const activity = (await support.get(`/api/operator/customers/${id}/activity`)).json();
    expect(activity.ads).toEqual([expect.objectContaining({ cat: 1, status: 'draft' })]);
    expect(activity.phones).toEqual([expect.objectContaining({ phone: '0541112233', main: true })]);
    expect(activity.sessions.length).toBeGreaterThan(0);
    const failures = activity.limits.login.find((l: { key: string }) => l.key === `login:acct:${email.toLowerCase()}`);
    // Past the limit a login asks for the captcha first, and such an attempt is not counted.
    expect(failures.count).toBeGreaterThanOrEqual(5);

    expect((await support.post(`/api/operator/customers/${id}/reset-limits`, { kind: 'all' })).statusCode).toBe(400);
    const reset = (await support.post(`/api/operator/customers/${id}/reset-limits`, { kind: 'login' })).json();
    expect(reset.cleared).toBeGreaterThanOrEqual(1);
    expect(reset.limits.login).toEqual([]);
    const [log] = await t.db.query<{ action: string }>(
      "SELECT action FROM staff_audit WHERE target_type = 'customer' AND target_id = $1 ORDER BY id DESC LIMIT 1",
      [String(id)],
    );
    expect(log?.action).toBe('customer.limits.login');
    expect((await support.get('/api/operator/customers/999999999/activity')).statusCode).toBe(404);
  });
});

describe('support: resend a verification code', () => {
  it('sends a new code only to a number the customer asked to verify, under the limits, audited on the account', async () => {
    const support = await staffAgent('support');
    const customer = new Agent(t.app, '10.91.0.9');
    const { res } = await register(customer);
    const id = res.json().CustID as number;
    const phone = freshPhone('052');
    expect((await sendSms(customer, phone)).statusCode).toBe(200);
    const first = await lastCode(t, phone);
    const resend = (body: unknown) => support.post(`/api/operator/customers/${id}/resend-code`, body);

    // Not a number this customer asked for, not a number at all, another customer: nothing is sent.
    const stranger = freshPhone('053');
    const notAsked = await resend({ phone: stranger });
    expect(notAsked.statusCode).toBe(404);
    expect(notAsked.json().message).toBe('הלקוח לא ביקש קוד אימות למספר הזה');
    expect(await phoneOutbox(t, stranger)).toEqual([]);
    expect((await resend({ phone: 'abc' })).statusCode).toBe(400);
    expect((await support.post('/api/operator/customers/999999999/resend-code', { phone })).statusCode).toBe(404);

    const sent = await resend({ phone: phone.replace(/^(\d{3})/, '$1-') });
    expect(sent.statusCode).toBe(200);
    expect(await phoneOutbox(t, phone)).toHaveLength(2);
    // The new code replaces the first one, which no longer confirms the number.
    const second = await lastCode(t, phone);
    const old = await customer.post('/api/publish/valid-phone-code', { Phone1: phone, Code: first });
    if (first !== second) expect(old.statusCode).toBe(500);
    expect((await customer.post('/api/publish/valid-phone-code', { Phone1: phone, Code: second })).statusCode).toBe(
      200,
    );
    // Confirmed now: no code is needed.
    const confirmed = await resend({ phone });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe('המספר כבר אומת, אין צורך בקוד חדש');

    // The account's page shows what staff did to it: the resend, named by the number's end only.
    const activity = (await support.get(`/api/operator/customers/${id}/activity`)).json();
    expect(activity.audit).toEqual([
      expect.objectContaining({
        action: 'customer.code-resent',
        targetType: 'customer',
        detail: { phoneEnd: phone.slice(-3) },
      }),
    ]);
    expect(JSON.stringify(activity.audit)).not.toContain(phone);
  });

  it('stops at the customer’s daily SMS limit, as the customer’s own resends do', async () => {
    const support = await staffAgent('support');
    const customer = new Agent(t.app, '10.91.0.10');
    const { res } = await register(customer);
    const id = res.json().CustID as number;
    const phone = freshPhone('054');
    expect((await sendSms(customer, phone)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await support.post(`/api/operator/customers/${id}/resend-code`, { phone })).statusCode);
    }
    // Five a day to one number: the first and four resends; the fifth resend is refused in Hebrew.
    expect(statuses).toEqual([200, 200, 200, 200, 409]);
    expect(await phoneOutbox(t, phone)).toHaveLength(5);
  });
});

describe('support: the contact-us inbox', () => {
  it('lists waiting messages; a reply is mailed to the sender once; closing needs no text', async () => {
    const support = await staffAgent('support');
    const visitor = new Agent(t.app, '10.91.0.9');
    const email = newEmail('asks');
    const form = (await visitor.get('/api/contact-us/fetch')).json();
    expect(form).toBeTruthy();
    const insert = async (description: string) =>
      Number(
        (
          await t.db.query<{ id: string }>(
            `INSERT INTO contact_us_messages (subject, description, email, phone, created_at)
             VALUES ('שאלה על מודעה', $1, $2, '0541234567', now()) RETURNING id`,
            [description, email],
          )
        )[0]?.id,
      );
    const first = await insert('איך משנים את המחיר במודעה?');
    const second = await insert('הודעה כפולה');
    const inbox = (await support.get('/api/operator/contact-us')).json();
    expect(inbox.messages.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([first, second]));
    expect(inbox.counts.new).toBeGreaterThanOrEqual(2);

    const url = `/api/operator/contact-us/${first}/answer`;
    expect((await support.post(url, { text: ' ' })).json().errors[0].fieldName).toBe('text');
    const [a, b] = await Promise.all([
      support.post(url, { text: 'נכנסים ל"המודעות שלי" ובוחרים עריכה.' }),
      support.post(url, { text: 'נכנסים ל"המודעות שלי" ובוחרים עריכה.' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const mails = await t.db.query<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM outbox_emails WHERE to_address = $1',
      [email],
    );
    expect(mails).toEqual([
      { subject: 'תשובה לפנייתך: שאלה על מודעה', body_text: expect.stringContaining('ובוחרים עריכה') },
    ]);
    const closed = (await support.post(`/api/operator/contact-us/${second}/answer`, { close: true })).json();
    expect(closed.message).toMatchObject({ status: 'closed', replyText: null });
    const replied = (await support.get('/api/operator/contact-us?status=replied')).json();
    expect(replied.messages.find((m: { id: number }) => m.id === first)).toMatchObject({ status: 'replied' });
    expect((await support.get('/api/operator/contact-us?status=lost')).statusCode).toBe(400);
  });
});

describe('support calls as declared', () => {
  it('a request that is not of the call is refused in Hebrew, in the call’s own shape, and changes nothing', async () => {
    const support = await staffAgent('support');
    const customer = new Agent(t.app);
    const { res } = await register(customer);
    const id = res.json().CustID as number;
    const notFound = await support.get('/api/operator/customers/0x1f/activity');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ status: 404, message: 'הפריט לא נמצא' });
    for (const reason of [['א'], 42, 'א'.repeat(501), '   ']) {
      const block = await support.post(`/api/operator/customers/${id}/block`, { reason });
      expect(block.statusCode, JSON.stringify(reason)).toBe(400);
      expect(block.json().errors).toEqual([{ fieldName: 'reason', msg: 'יש לכתוב את סיבת החסימה (עד 500 תווים)' }]);
    }
    expect((await customer.get('/api/auth/customer')).json().CustID).toBe(id);
    const resend = await support.post(`/api/operator/customers/${id}/resend-code`, { phone: 5_0123_4567 });
    expect(resend.json()).toEqual({ status: 400, message: 'מספר הטלפון אינו תקין' });
    const limits = await support.post(`/api/operator/customers/${id}/reset-limits`, { kind: 'everything' });
    expect(limits.json()).toEqual({ status: 400, message: 'הבקשה אינה תקינה' });
    const inbox = await support.get('/api/operator/contact-us?status=spam');
    expect(inbox.statusCode).toBe(400);
    expect((await support.get('/api/operator/contact-us?before=-1')).statusCode).toBe(400);
  });

  it('a customer’s answer names the account and nothing beyond its schema', async () => {
    const support = await staffAgent('support');
    const { res } = await register(new Agent(t.app));
    const id = res.json().CustID as number;
    const found = (await support.get(`/api/operator/customers/${id}`)).json();
    expect(Object.keys(found.customer).sort()).toEqual(
      ['ads', 'blockedAt', 'blockedReason', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'phones'].sort(),
    );
  });
});
