/**
 * The operator console's login: a password, then a code from an authenticator app (or a recovery code), enrolment
 * on the first login, the first admin's one-time setup link, roles on every call, a short idle timeout, staff and
 * customer sessions kept apart, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { createFirstAdmin } from '../src/operator/first-admin-service.ts';
import { enableTotp, insertStaff, type StaffRole } from '../src/operator/staff-repository.ts';
import { STAFF_IDLE_MS, StaffService } from '../src/operator/staff-service.ts';
import { Agent, createTestApp, GOOD_PASSWORD, newEmail, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
/** Every console call the app registers (method and path), for the table of calls and roles below. */
const operatorCalls = new Set<string>();
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        if (!route.url.startsWith('/api/operator/')) return;
        for (const method of [route.method].flat()) if (method !== 'HEAD') operatorCalls.add(`${method} ${route.url}`);
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const code = (offsetMs = 0) => StaffService.codeAt(SECRET, new Date(t.clock.now().getTime() + offsetMs));

/** A staff member with a password and a confirmed authenticator. */
async function staffMember(role: StaffRole, email = newEmail(`op-${role}`)) {
  const staff = await insertStaff(
    t.db,
    { email, name: 'בודק', role, passwordHash: await hashPassword(GOOD_PASSWORD) },
    t.clock.now(),
  );
  await enableTotp(t.db, staff.id, SECRET);
  return { ...staff, email };
}

/** Logs a staff member in through both steps; the agent then holds the staff session. */
async function loggedIn(role: StaffRole, ip?: string) {
  const s = await staffMember(role);
  const agent = new Agent(t.app, ip);
  const first = await agent.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
  expect(first.json()).toMatchObject({ status: 200, next: 'code' });
  const second = await agent.post('/api/operator/login/code', { code: code() });
  expect(second.statusCode).toBe(200);
  t.clock.advance(31_000); // the next login's code is of a new time step
  return { agent, staff: s };
}

describe('staff login: a password, then a code', () => {
  it('asks for a code after the password, and the code opens the console', async () => {
    const s = await staffMember('moderator');
    const agent = new Agent(t.app);
    const first = await agent.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 200, next: 'code' });
    const cookie = first.cookies.find((c) => c.name === 'op_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/operator' });
    // The password alone opens nothing.
    expect((await agent.get('/api/operator/me')).statusCode).toBe(401);
    const wrong = await agent.post('/api/operator/login/code', { code: '000000' === code() ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/הקוד שגוי/);
    const right = await agent.post('/api/operator/login/code', { code: code() });
    expect(right.json()).toMatchObject({ status: 200, staff: { email: s.email, role: 'moderator' } });
    expect((await agent.get('/api/operator/me')).json()).toMatchObject({ staff: { email: s.email } });
  });

  it('never takes the same code twice, even for a second login in the same half minute', async () => {
    const s = await staffMember('support');
    const a = new Agent(t.app);
    await a.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
    const used = code();
    expect((await a.post('/api/operator/login/code', { code: used })).statusCode).toBe(200);
    const b = new Agent(t.app);
    await b.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
    expect((await b.post('/api/operator/login/code', { code: used })).statusCode).toBe(401);
    t.clock.advance(31_000);
  });

  it('refuses a wrong password and an unknown e-mail alike, in Hebrew, and writes the failure to the audit log', async () => {
    const s = await staffMember('finance');
    const agent = new Agent(t.app, '10.9.0.1');
    const wrong = await agent.post('/api/operator/login', { email: s.email, password: 'Wrong1234' });
    const unknown = await agent.post('/api/operator/login', { email: 'nobody@example.co.il', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual(unknown.json().errors);
    expect(wrong.json().errors[0].msg).toBe('הדוא"ל או הסיסמה שגויים');
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_audit WHERE staff_id = $1 AND action = 'login.failed' AND ip = '10.9.0.1'",
      [s.id],
    );
    expect(row?.n).toBe(1);
  });

  it('asks for the captcha after five wrong passwords for one account from one address', async () => {
    const s = await staffMember('analyst');
    const agent = new Agent(t.app, '10.9.0.2');
    for (let i = 0; i < 5; i++) {
      expect((await agent.post('/api/operator/login', { email: s.email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    const sixth = await agent.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().captcha?.captchaId).toBeTruthy();
  });

  it('a recovery code works once instead of the app’s code', async () => {
    const email = newEmail('op-enrol');
    await insertStaff(
      t.db,
      { email, name: 'חדש', role: 'support', passwordHash: await hashPassword(GOOD_PASSWORD) },
      t.clock.now(),
    );
    const agent = new Agent(t.app);
    expect((await agent.post('/api/operator/login', { email, password: GOOD_PASSWORD })).json().next).toBe('enrol');
    const started = (await agent.post('/api/operator/enrolment/start')).json();
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const enrolCode = StaffService.codeAt(started.secret, t.clock.now());
    const confirmed = (await agent.post('/api/operator/enrolment/confirm', { code: enrolCode })).json();
    expect(confirmed.recoveryCodes).toHaveLength(10);
    await agent.post('/api/operator/logout');
    expect((await agent.get('/api/operator/me')).statusCode).toBe(401);

    const [recovery] = confirmed.recoveryCodes as string[];
    const again = new Agent(t.app);
    expect((await again.post('/api/operator/login', { email, password: GOOD_PASSWORD })).json().next).toBe('code');
    expect((await again.post('/api/operator/login/code', { recoveryCode: recovery?.toLowerCase() })).statusCode).toBe(
      200,
    );
    const third = new Agent(t.app);
    await third.post('/api/operator/login', { email, password: GOOD_PASSWORD });
    expect((await third.post('/api/operator/login/code', { recoveryCode: recovery })).statusCode).toBe(401);
  });

  it('enrolment is refused once the authenticator is confirmed, and the code step before it', async () => {
    const s = await staffMember('support');
    const agent = new Agent(t.app);
    await agent.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
    expect((await agent.post('/api/operator/enrolment/start')).statusCode).toBe(400);
    // No second step at all: nothing to confirm.
    const stranger = new Agent(t.app);
    expect((await stranger.post('/api/operator/login/code', { code: code() })).statusCode).toBe(401);
    expect((await stranger.post('/api/operator/enrolment/start')).statusCode).toBe(401);
  });
});

describe('staff sessions', () => {
  it('end after fifteen idle minutes, and a call in between keeps them', async () => {
    const { agent } = await loggedIn('moderator');
    t.clock.advance(STAFF_IDLE_MS - 60_000);
    expect((await agent.get('/api/operator/me')).statusCode).toBe(200);
    t.clock.advance(STAFF_IDLE_MS - 60_000);
    expect((await agent.get('/api/operator/me')).statusCode).toBe(200);
    t.clock.advance(STAFF_IDLE_MS + 1000);
    expect((await agent.get('/api/operator/me')).statusCode).toBe(401);
  });

  it('a customer’s session opens no staff call, and a staff session no customer’s', async () => {
    const customer = new Agent(t.app);
    await register(customer);
    expect((await customer.get('/api/operator/me')).statusCode).toBe(401);
    const { agent } = await loggedIn('admin');
    const me = (await agent.get('/api/auth/customer')).json();
    expect(me.CustID).toBe(0);
  });

  it('a disabled account’s session stops working at once', async () => {
    const { agent, staff } = await loggedIn('support');
    await t.db.query('UPDATE staff SET disabled_at = now() WHERE id = $1', [staff.id]);
    expect((await agent.get('/api/operator/me')).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('the audit log is the admin’s: other roles get 403 in Hebrew, a guest 401', async () => {
    for (const role of ['moderator', 'support', 'finance', 'analyst'] as const) {
      const { agent } = await loggedIn(role);
      const res = await agent.get('/api/operator/audit');
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe('אין לחשבון שלך הרשאה לפעולה הזו');
    }
    expect((await new Agent(t.app).get('/api/operator/audit')).statusCode).toBe(401);
    const { agent, staff } = await loggedIn('admin');
    const log = (await agent.get('/api/operator/audit')).json();
    expect(log.entries[0]).toMatchObject({ action: 'login', staffId: staff.id, staffEmail: staff.email });
    expect((await agent.get('/api/operator/audit?before=abc')).statusCode).toBe(400);
  });

  it('is append-only in the database: an update, a delete or a truncate of it fails and changes nothing', async () => {
    await loggedIn('admin');
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit'))[0]?.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const sql of [
      "UPDATE staff_audit SET action = 'nothing'",
      'DELETE FROM staff_audit',
      'TRUNCATE staff_audit',
    ]) {
      await expect(t.db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect(await count()).toBe(before);
    const [changed] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_audit WHERE action = 'nothing'",
    );
    expect(changed?.n).toBe(0);
  });
});

describe('staff accounts (admin)', () => {
  it('an admin invites a member with a role; the link sets the password once and leads to enrolment', async () => {
    const { agent } = await loggedIn('admin');
    const email = newEmail('invited');
    const bad = await agent.post('/api/operator/staff', { email: 'not-an-email', name: '', role: 'king' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['email', 'name', 'role']);
    const res = await agent.post('/api/operator/staff', { email, name: 'דנה', role: 'finance' });
    expect(res.statusCode).toBe(200);
    const link = new URL(res.json().setupLink);
    expect(link.pathname).toBe('/operator/setup');
    expect((await agent.post('/api/operator/staff', { email, name: 'דנה', role: 'finance' })).statusCode).toBe(409);
    const list = (await agent.get('/api/operator/staff')).json().staff;
    expect(list).toContainEqual(expect.objectContaining({ email, role: 'finance', enrolled: false }));
    const invited = new Agent(t.app);
    const set = await invited.post('/api/operator/setup', {
      token: link.searchParams.get('token'),
      password: GOOD_PASSWORD,
    });
    expect(set.json()).toEqual({ status: 200, next: 'enrol' });
    const log = (await agent.get('/api/operator/audit?targetType=staff')).json().entries;
    expect(log[0]).toMatchObject({ action: 'staff.invited', detail: { email, role: 'finance' } });
  });

  it('only an admin lists or invites staff', async () => {
    const { agent } = await loggedIn('support');
    expect((await agent.get('/api/operator/staff')).statusCode).toBe(403);
    const res = await agent.post('/api/operator/staff', { email: newEmail('x'), name: 'x', role: 'admin' });
    expect(res.statusCode).toBe(403);
  });
});

/**
 * Every console call with the roles it serves (an admin serves in every role): a call of staff that do not hold the
 * role is 403, of a guest or a customer 401. Calls before the session (login, setup, the second step) are open to anyone and check their own step.
 */
const CALLS: Record<string, readonly StaffRole[] | 'before-session'> = {
  'POST /api/operator/login': 'before-session',
  'POST /api/operator/setup': 'before-session',
  'POST /api/operator/login/code': 'before-session',
  'POST /api/operator/enrolment/start': 'before-session',
  'POST /api/operator/enrolment/confirm': 'before-session',
  'POST /api/operator/logout': 'before-session',
  'GET /api/operator/me': ['admin', 'moderator', 'support', 'finance', 'analyst'],
  'GET /api/operator/audit': ['admin'],
  'GET /api/operator/staff': ['admin'],
  'POST /api/operator/staff': ['admin'],
  'GET /api/operator/customers': ['support'],
  'GET /api/operator/customers/:id': ['support'],
  'POST /api/operator/customers/:id/block': ['support'],
  'POST /api/operator/customers/:id/unblock': ['support'],
  'GET /api/operator/customers/:id/activity': ['support'],
  'POST /api/operator/customers/:id/reset-limits': ['support'],
  'POST /api/operator/customers/:id/resend-code': ['support'],
  'GET /api/operator/contact-us': ['support'],
  'POST /api/operator/contact-us/:id/answer': ['support'],
  'GET /api/operator/leads': ['support'],
  'GET /api/operator/leads.csv': ['support'],
  'POST /api/operator/leads/:id/handled': ['support'],
  'GET /api/operator/moderation/queue': ['moderator'],
  'GET /api/operator/moderation/reviews/:id': ['moderator'],
  'POST /api/operator/moderation/reviews/:id/approve': ['moderator'],
  'POST /api/operator/moderation/reviews/:id/reject': ['moderator'],
  'POST /api/operator/moderation/bulk': ['moderator'],
  'POST /api/operator/moderation/reviews/:id/close': ['moderator'],
  'GET /api/operator/moderation/rules': ['moderator'],
  'POST /api/operator/moderation/rules': ['admin'],
  'GET /api/operator/payments': ['finance'],
  'GET /api/operator/payments/totals': ['finance'],
  'GET /api/operator/payments/:id': ['finance'],
  'POST /api/operator/payments/:id/refund': ['finance'],
  'GET /api/operator/webhooks': ['admin'],
  'POST /api/operator/webhooks': ['admin'],
  'POST /api/operator/webhooks/:id/pause': ['admin'],
  'POST /api/operator/webhooks/:id/resume': ['admin'],
  'POST /api/operator/webhooks/:id/delete': ['admin'],
  'GET /api/operator/analytics/funnel': ['analyst'],
  'GET /api/operator/analytics/phone-spend': ['analyst'],
  'GET /api/operator/analytics/live-ads': ['analyst'],
};

describe('the table of calls and roles', () => {
  it('names every console call the app has', () => {
    expect([...operatorCalls].sort()).toEqual(Object.keys(CALLS).sort());
  });

  it('refuses each role the calls that are not its own, and a guest or a customer every session call', async () => {
    const customer = new Agent(t.app);
    await register(customer);
    // One after the other: each login's code is of the clock's time step, which loggedIn moves on.
    const agents: Record<string, Agent> = {};
    for (const role of ['admin', 'moderator', 'support', 'finance', 'analyst'] as const) {
      agents[role] = (await loggedIn(role)).agent;
    }
    for (const [call, roles] of Object.entries(CALLS)) {
      if (roles === 'before-session') continue;
      const [method, route] = call.split(' ') as [string, string];
      const path = route.replace(':id', '1');
      const send = (agent: Agent) => (method === 'GET' ? agent.get(path) : agent.post(path, {}));
      expect((await send(new Agent(t.app))).statusCode, `${call} guest`).toBe(401);
      expect((await send(customer)).statusCode, `${call} customer`).toBe(401);
      for (const [role, agent] of Object.entries(agents)) {
        const status = (await send(agent)).statusCode;
        // An admin passes every role check.
        if (role === 'admin' || roles.includes(role as StaffRole)) expect(status, `${call} ${role}`).not.toBe(403);
        else expect(status, `${call} ${role}`).toBe(403);
      }
    }
  });
});

describe('the first admin', () => {
  it('gets a one-time setup link while no staff exist; it sets the password and leads to enrolment, once', async () => {
    const fresh = await createTestApp();
    try {
      const email = newEmail('first-admin');
      const token = await createFirstAdmin(fresh.db, email, fresh.clock.now());
      expect(token).toBeTruthy();
      expect(await createFirstAdmin(fresh.db, newEmail('second'), fresh.clock.now())).toBeNull();
      const agent = new Agent(fresh.app);
      const weak = await agent.post('/api/operator/setup', { token, password: 'short' });
      expect(weak.statusCode).toBe(400);
      const set = await agent.post('/api/operator/setup', { token, password: GOOD_PASSWORD });
      expect(set.json()).toEqual({ status: 200, next: 'enrol' });
      const reused = await new Agent(fresh.app).post('/api/operator/setup', { token, password: GOOD_PASSWORD });
      expect(reused.statusCode).toBe(401);
      const started = (await agent.post('/api/operator/enrolment/start')).json();
      const confirmed = await agent.post('/api/operator/enrolment/confirm', {
        code: StaffService.codeAt(started.secret, fresh.clock.now()),
      });
      expect(confirmed.json()).toMatchObject({ staff: { email, role: 'admin' } });
      expect((await agent.get('/api/operator/audit')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('a setup link expires after a day', async () => {
    const fresh = await createTestApp();
    try {
      const token = await createFirstAdmin(fresh.db, newEmail('late-admin'), fresh.clock.now());
      fresh.clock.advance(24 * 60 * 60 * 1000 + 1000);
      const res = await new Agent(fresh.app).post('/api/operator/setup', { token, password: GOOD_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].msg).toMatch(/הקישור אינו תקף/);
    } finally {
      await fresh.close();
    }
  });
});

describe('the console login as declared', () => {
  it('a field that is not text is read as missing, and an invitation that is no form names every field', async () => {
    const agent = new Agent(t.app);
    const login = await agent.post('/api/operator/login', { email: ['a@b.co.il'], password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ status: 400, errors: [{ fieldName: 'email', msg: 'שדה חובה' }] });
    const setup = await agent.post('/api/operator/setup', { token: 'x', password: 12345678 });
    expect(setup.json()).toEqual({
      status: 400,
      errors: [{ fieldName: 'password', msg: 'הסיסמה צריכה לכלול לפחות 6 תווים, אותיות באנגלית ולפחות ספרה אחת' }],
    });
    const { agent: admin } = await loggedIn('admin');
    const invite = await admin.post('/api/operator/staff', [1, 2]);
    expect(invite.statusCode).toBe(400);
    expect(invite.json().errors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['email', 'name', 'role']);
    const someRole = await admin.post('/api/operator/staff', { email: newEmail('x'), name: 'דנה', role: 'king' });
    expect(someRole.json().errors).toEqual([{ fieldName: 'role', msg: 'יש לבחור תפקיד' }]);
  });

  it('a code step that ended is refused before its code is read', async () => {
    const res = await new Agent(t.app).post('/api/operator/login/code', { code: { $gt: '' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, ended: true });
  });
});
