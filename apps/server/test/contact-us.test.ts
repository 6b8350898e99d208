/**
 * The contact-us calls (after-save-area.md §3, §5, §7): the form as data with the subject prefilled
 * by submailto, the per-field errorMessage on a bad field (nothing stored, nothing mailed), a good message stored
 * and delivered to the support outbox (read with the sandbox key only), the customer id appended when logged in,
 * CSRF and the per-address limit.
 */
import type { ContactUsFetchResponse } from '@app/contract/contactUs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_US_PER_HOUR } from '../src/contact-us/form.ts';
import { Agent, createTestApp, readOutbox, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SAVE = '/api/contact-us/save';
const SUPPORT = 'support@example.co.il';
const good = (over: Record<string, unknown> = {}) => ({
  subject: 'publish-question',
  description: 'איך מעלים תמונה נוספת למודעה?',
  email: 'dana@example.co.il',
  phone: '050-1234567',
  ...over,
});
const stored = () =>
  t.db.query<{
    subject: string;
    description: string;
    phone: string;
    customer_id: string | null;
    mailed_at: Date | null;
  }>('SELECT subject, description, phone, customer_id, mailed_at FROM contact_us_messages ORDER BY id');

describe('GET /api/contact-us/fetch', () => {
  it('sends the form as data: title, fields with validations and errorMessage, sendResult', async () => {
    const res = await new Agent(t.app).get('/api/contact-us/fetch');
    expect(res.statusCode).toBe(200);
    const form = res.json() as ContactUsFetchResponse;
    expect(form.title).toBe('צרו קשר');
    expect(form.form.fields.map((f) => f.name)).toEqual(['subject', 'description', 'email', 'phone', 'submailto']);
    const phone = form.form.fields.find((f) => f.name === 'phone');
    expect(phone).toMatchObject({ validations: ['required', 'phone'], errorMessage: 'שדה טלפון אינו תקני' });
    expect(form.form.fields.find((f) => f.name === 'subject')?.value).toBe('');
    expect(Object.keys(form.sendResult)).toEqual(['succeed', 'failed']);
  });

  it('prefills the subject by submailto 1-4, and ignores any other flag', async () => {
    const subjectOf = async (q: string) =>
      ((await new Agent(t.app).get(`/api/contact-us/fetch${q}`)).json() as ContactUsFetchResponse).form.fields.find(
        (f) => f.name === 'subject',
      )?.value;
    expect(await subjectOf('?submailto=1')).toBe('real-estate-package');
    expect(await subjectOf('?submailto=2')).toBe('second-hand-package');
    expect(await subjectOf('?submailto=3')).toBe('car-package');
    expect(await subjectOf('?submailto=4')).toBe('special-vehicles-package');
    expect(await subjectOf('?submailto=5')).toBe('');
    expect(await subjectOf('?submailto=abc')).toBe('');
  });
});

describe('POST /api/contact-us/save', () => {
  it('refuses an invalid phone with its errorMessage: nothing is stored and nothing is mailed', async () => {
    const before = (await readOutbox(t, SUPPORT)).length;
    for (const phone of ['12345', '050-12345678', '04-12345', 'abc', '', 42]) {
      const res = await new Agent(t.app, '10.7.0.1').post(SAVE, good({ phone }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { phone: 'שדה טלפון אינו תקני' } });
    }
    const res = await new Agent(t.app, '10.7.0.1').post(SAVE, {
      subject: 'not-a-subject',
      description: ' ',
      email: 'dana@',
      phone: '0501234567',
      submailto: '9',
    });
    expect(res.json()).toEqual({
      success: false,
      message: 'יש לתקן את השדות המסומנים',
      errors: {
        subject: 'שדה נושא הפנייה אינו תקני',
        description: 'שדה תוכן הפנייה אינו תקני',
        email: 'שדה דוא"ל אינו תקני',
        submailto: 'שדה נושא הפנייה אינו תקני',
      },
    });
    expect(await stored()).toEqual([]);
    expect((await readOutbox(t, SUPPORT)).length).toBe(before);
  });

  it('stores a valid message and delivers it to the support outbox, readable only with the sandbox key', async () => {
    const res = await new Agent(t.app, '10.7.0.2').post(SAVE, good({ submailto: '3', subject: 'car-package' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'car-package', phone: '050-1234567', customer_id: null });
    expect(rows[0]?.mailed_at).not.toBeNull();

    const mails = await readOutbox(t, SUPPORT);
    expect(mails[0]?.subject).toMatch(/^פנייה חדשה מצור קשר \(\d+\): חבילת פרסום לרכב$/);
    expect(mails[0]?.text).toContain('איך מעלים תמונה נוספת למודעה?');
    expect(mails[0]?.text).toContain('050-1234567');
    expect(mails[0]?.text).toContain('גולש שאינו מחובר');
    const noKey = await t.app.inject({ method: 'GET', url: `/api/sandbox/outbox?to=${SUPPORT}` });
    expect(noKey.statusCode).toBe(401);
  });

  it("appends the logged-in customer's id (the session's, never the body's) to the description", async () => {
    await t.db.query('DELETE FROM contact_us_messages');
    const agent = new Agent(t.app, '10.7.0.3');
    const { email } = await register(agent);
    const [me] = await t.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [email]);
    const res = await agent.post(SAVE, good({ customerId: 1, CustID: 1 }));
    expect(res.statusCode).toBe(200);
    const [row] = await stored();
    expect(Number(row?.customer_id)).toBe(Number(me?.id));
    expect(row?.description).toBe(`איך מעלים תמונה נוספת למודעה?\n\nמספר לקוח: ${Number(me?.id)}`);
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const res = await t.app.inject({ method: 'POST', url: SAVE, payload: good() });
    expect(res.statusCode).toBe(403);
  });

  it('one address that writes too often is stopped for an hour', async () => {
    const agent = new Agent(t.app, '10.7.0.9');
    for (let i = 0; i < CONTACT_US_PER_HOUR; i++) expect((await agent.post(SAVE, good())).statusCode).toBe(200);
    const res = await agent.post(SAVE, good());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false });
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await agent.post(SAVE, good())).statusCode).toBe(200);
  });
});
