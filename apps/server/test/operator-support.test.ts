/**
 * Support in the operator console: find a customer by e-mail, phone or ad number; block the account with a reason
 * (its sessions end, it cannot log in and is told so in Hebrew), lift the block; each change in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { enableTotp, insertStaff, type StaffRole } from '../src/operator/staff-repository.ts';
import { StaffService } from '../src/operator/staff-service.ts';
import { saveConfirmedPhone } from '../src/phones/phone-repository.ts';
import { Agent, createTestApp, GOOD_PASSWORD, newEmail, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function staffAgent(role: StaffRole): Promise<Agent> {
  const email = newEmail(`support-${role}`);
  const staff = await insertStaff(
    t.db,
    { email, name: 'תמיכה', role, passwordHash: await hashPassword(GOOD_PASSWORD) },
    t.clock.now(),
  );
  await enableTotp(t.db, staff.id, SECRET);
  const agent = new Agent(t.app);
  await agent.post('/api/operator/login', { email, password: GOOD_PASSWORD });
  const res = await agent.post('/api/operator/login/code', { code: StaffService.codeAt(SECRET, t.clock.now()) });
  expect(res.statusCode).toBe(200);
  t.clock.advance(31_000);
  return agent;
}

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
