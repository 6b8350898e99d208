import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, GOOD_PASSWORD, newEmail, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('register, login, customer info and logout', () => {
  it('registers, is logged in at once, and customer info shows the names', async () => {
    const agent = new Agent(t.app);
    const { res, email } = await register(agent);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 200,
      message: 'login success',
      CustFirstName: 'נועה',
      CustLastName: 'ישראלי',
    });
    expect(body.CustID).toBeGreaterThan(0);
    const me = (await agent.get('/api/auth/customer')).json();
    expect(me).toMatchObject({ status: 200, CustID: body.CustID, trade: {}, debugMode: false });
    // The password is stored as an Argon2id hash, never as given.
    const [row] = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE email = $1', [
      email,
    ]);
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('sets an HttpOnly, SameSite session cookie and a new session id at every login', async () => {
    const agent = new Agent(t.app);
    const { email } = await register(agent);
    const first = agent.cookies.get('sid');
    const res = await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.value).not.toBe(first);
    // The session id that was replaced at login no longer works.
    const stale = await t.app.inject({ url: '/api/auth/customer', cookies: { sid: first ?? '' } });
    expect(stale.json().CustID).toBe(0);
  });

  it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const email = newEmail();
      await register(new Agent(proxied.app), email);
      const login = (proto: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: email, password: GOOD_PASSWORD },
          headers: { 'x-csrf-token': 'abc', cookie: 'csrf=abc', 'x-forwarded-proto': proto },
        });
      expect((await login('https')).cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      expect((await login('http')).cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });

  it('logout invalidates the session on the server', async () => {
    const agent = new Agent(t.app);
    await register(agent);
    const sid = agent.cookies.get('sid') ?? '';
    expect((await agent.get('/api/auth/customer')).json().CustID).toBeGreaterThan(0);
    const out = await agent.post('/api/auth/logout');
    expect(out.json()).toEqual({ status: 200, CustID: 0 });
    expect(agent.cookies.has('sid')).toBe(false);
    const reuse = await t.app.inject({ url: '/api/auth/customer', cookies: { sid } });
    expect(reuse.json().CustID).toBe(0);
  });

  it('a wrong password answers a non-200 status with the message under the password field', async () => {
    const agent = new Agent(t.app);
    const { email } = await register(agent);
    await agent.post('/api/auth/logout');
    const res = await agent.post('/api/auth/login', { username: email, password: 'Wrong999' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'login fail',
      CustID: 0,
      errors: [{ fieldName: 'password', msg: 'כתובת הדואר האלקטרוני או הסיסמה שגויים' }],
    });
    // An unknown account gets exactly the same answer.
    const unknown = await agent.post('/api/auth/login', { username: newEmail(), password: 'Wrong999' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors).toEqual(res.json().errors);
  });

  it.each([
    [{ username: '', password: 'x' }, 'username'],
    [{ username: 'a@b.co.il', password: '' }, 'password'],
  ])('empty login fields give שדה חובה (%o)', async (payload, fieldName) => {
    const res = await new Agent(t.app).post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ msg: 'שדה חובה', fieldName });
  });

  it.each([
    [
      { password: 'abcdef', passwordAgain: 'abcdef' },
      'password',
      'הסיסמה צריכה לכלול לפחות 6 תווים, אותיות באנגלית ולפחות ספרה אחת',
    ],
    [
      { password: '12345678', passwordAgain: '12345678' },
      'password',
      'הסיסמה צריכה לכלול לפחות 6 תווים, אותיות באנגלית ולפחות ספרה אחת',
    ],
    [
      { password: 'ab1', passwordAgain: 'ab1' },
      'password',
      'הסיסמה צריכה לכלול לפחות 6 תווים, אותיות באנגלית ולפחות ספרה אחת',
    ],
    [{ password: 'Secret123', passwordAgain: 'Secret124' }, 'passwordAgain', 'הסיסמאות אינן זהות'],
    [
      { username: 'not-an-email', password: 'Secret123', passwordAgain: 'Secret123' },
      'username',
      'יש להזין כתובת דואר אלקטרוני תקינה',
    ],
    [{ firstname: '', password: 'Secret123', passwordAgain: 'Secret123' }, 'firstname', 'שדה חובה'],
  ])('registration refuses bad input with a Hebrew message and creates nothing (%o)', async (override, field, msg) => {
    const email = newEmail();
    const payload = { username: email, firstname: 'א', lastname: 'ב', ...override };
    const res = await new Agent(t.app).post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ msg, fieldName: field });
    const rows = await t.db.query('SELECT 1 FROM customers WHERE lower(email) = lower($1)', [payload.username]);
    expect(rows).toHaveLength(0);
  });

  it('an e-mail can register once, whatever its letter case', async () => {
    const email = newEmail();
    expect((await register(new Agent(t.app), email)).res.statusCode).toBe(200);
    const again = await register(new Agent(t.app), email.toUpperCase());
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().errors[0].fieldName).toBe('username');
  });
});

describe('the account calls as declared', () => {
  it('a field that is not text is read as empty: the form names it, as it names an empty field', async () => {
    const login = await new Agent(t.app).post('/api/auth/login', { username: { $ne: '' }, password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      message: 'login fail',
      CustID: 0,
      errors: [{ msg: 'שדה חובה', fieldName: 'username' }],
    });
    const email = newEmail();
    const payload = {
      username: email,
      firstname: 'א',
      lastname: ['ב'],
      password: 'Secret123',
      passwordAgain: 'Secret123',
    };
    const registered = await new Agent(t.app).post('/api/auth/register', payload);
    expect(registered.statusCode).toBe(400);
    expect(registered.json().errors).toEqual([{ msg: 'שדה חובה', fieldName: 'lastname' }]);
    expect(await t.db.query('SELECT 1 FROM customers WHERE email = $1', [email])).toHaveLength(0);
    // A recovery step answers its own shape; a refused captcha field is a bad request in that shape.
    const forgot = await new Agent(t.app).post('/api/auth/forgetPass', { EmailForgetPass: true });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ error: 1, captcha: 0, message: 'שדה חובה' });
    const badCaptcha = await new Agent(t.app).post('/api/auth/forgetPass', { EmailForgetPass: email, captchaId: {} });
    expect(badCaptcha.statusCode).toBe(400);
    expect(badCaptcha.json()).toEqual({ error: 1, captcha: 0, message: 'הבקשה אינה תקינה' });
  });

  it('the captcha of an id that is none, or unknown, is not found in Hebrew', async () => {
    for (const id of ['no-such-captcha', 'a.b', 'x'.repeat(65)]) {
      const res = await new Agent(t.app).get(`/api/auth/captcha/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'הקוד שבתמונה פג תוקף' });
    }
  });

  it('the customer answer names the customer and nothing more (no e-mail, no password hash)', async () => {
    const agent = new Agent(t.app);
    const { email } = await register(agent);
    const me = await agent.get('/api/auth/customer');
    expect(Object.keys(me.json()).sort()).toEqual([
      'CustFirstName',
      'CustID',
      'CustLastName',
      'debugMode',
      'status',
      'trade',
    ]);
    expect(me.body).not.toContain(email);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without the double-submit token, and changes nothing', async () => {
    const email = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: email, password: 'Secret123', passwordAgain: 'Secret123', firstname: 'א', lastname: 'ב' },
      cookies: { csrf: 'token-a' },
      headers: { 'x-csrf-token': 'token-b' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/אבטחה/);
    expect(await t.db.query('SELECT 1 FROM customers WHERE email = $1', [email])).toHaveLength(0);
  });
});
