import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaService } from '../src/accounts/captcha-service.ts';
import { PasswordResetService } from '../src/accounts/password-reset-service.ts';
import { RateLimiter } from '../src/platform/rate-limiter.ts';
import {
  Agent,
  createTestApp,
  GOOD_PASSWORD,
  newEmail,
  readOutbox,
  register,
  type TestApp,
} from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function lastCode(email: string): Promise<string> {
  const [mail] = await readOutbox(t, email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  expect(mail.subject).toBe('קוד לשחזור הסיסמה');
  const code = /(\d{5})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

describe('forgot password through the e-mail sandbox', () => {
  it('sends a 5-digit code, verifies it, sets the new password and signs out everywhere', async () => {
    const owner = new Agent(t.app, '10.2.0.1');
    const { email } = await register(owner);
    const reset = new Agent(t.app, '10.2.0.1');
    const sent = await reset.post('/api/auth/forgetPass', { EmailForgetPass: email });
    expect(sent.json()).toMatchObject({ error: 0, captcha: 0 });
    const code = await lastCode(email);
    expect(code).toMatch(/^\d{5}$/);

    const ok = (await reset.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: code })).json();
    expect(ok).toMatchObject({ error: 0, attempts: 0 });
    expect(ok.custID).toBeGreaterThan(0);

    const mismatch = await reset.post('/api/auth/createNewPass', {
      userName: email,
      newPass: 'NewPass1',
      renewPass: 'NewPass2',
      custID: ok.custID,
      resetToken: ok.resetToken,
    });
    expect(mismatch.json()).toEqual({ error: 1, message: 'הסיסמאות אינן זהות' });

    const done = await reset.post('/api/auth/createNewPass', {
      userName: email,
      newPass: 'NewPass1',
      renewPass: 'NewPass1',
      custID: ok.custID,
      resetToken: ok.resetToken,
    });
    expect(done.json()).toEqual({ error: 0, message: 'הסיסמה עודכנה בהצלחה' });

    // The owner's old session is gone, the old password fails, the new one works; the token is single-use.
    expect((await owner.get('/api/auth/customer')).json().CustID).toBe(0);
    expect((await reset.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(401);
    expect((await reset.post('/api/auth/login', { username: email, password: 'NewPass1' })).statusCode).toBe(200);
    const again = await reset.post('/api/auth/createNewPass', {
      userName: email,
      newPass: 'Other123',
      renewPass: 'Other123',
      custID: ok.custID,
      resetToken: ok.resetToken,
    });
    expect(again.json().error).toBe(1);
  });

  it('five wrong codes void the code: even the right one is refused afterwards', async () => {
    const agent = new Agent(t.app, '10.2.0.2');
    const { email } = await register(agent);
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    const code = await lastCode(email);
    for (let i = 1; i <= 4; i++) {
      const res = (
        await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: otherCode(code) })
      ).json();
      expect(res).toEqual({ error: 1, attempts: i, message: `הקוד שהוזן שגוי. נותרו ${5 - i} ניסיונות` });
    }
    const fifth = (
      await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: otherCode(code) })
    ).json();
    expect(fifth).toEqual({ error: 1, attempts: 5, message: 'הוזן קוד שגוי 5 פעמים. יש לבקש קוד חדש' });
    const late = (await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: code })).json();
    expect(late.error).toBe(1);
    expect(late.resetToken).toBeUndefined();

    // A new request sends a new code that works.
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    const fresh = await lastCode(email);
    const ok = (await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: fresh })).json();
    expect(ok.error).toBe(0);
  });

  it('counts guesses sent at once against the code: twenty together void it, and the right one is refused after', async () => {
    // The service itself, called twenty times at once: every call reads the code before any of them writes.
    const sent: string[] = [];
    const resets = new PasswordResetService(
      t.db,
      t.clock,
      new RateLimiter(t.db, t.clock),
      new CaptchaService(t.db, t.clock),
      { send: async (m) => void sent.push(m.text) },
      { siteUrl: (path) => `https://www.example.co.il${path}` },
    );
    const { email } = await register(new Agent(t.app, '10.2.0.6'));
    await resets.forgetPass({ EmailForgetPass: email }, '10.2.0.6');
    const code = /(\d{5})/.exec(sent[0] ?? '')?.[1] ?? '';
    const ask = (confirmCodePass: string) =>
      resets.confirmCode({ EmailForgetPass: email, confirmCodePass }, '10.2.0.6');
    const burst = await Promise.all(Array.from({ length: 20 }, () => ask(otherCode(code))));
    expect(burst.map((r) => r.error)).toEqual(Array(20).fill(1));
    const [row] = await t.db.query<{ attempts: number; consumed: boolean }>(
      `SELECT r.attempts, r.consumed FROM password_resets r JOIN customers c ON c.id = r.customer_id
       WHERE lower(c.email) = lower($1)`,
      [email],
    );
    expect(row).toEqual({ attempts: 5, consumed: true });
    const late = await ask(code);
    expect(late.error).toBe(1);
    expect(late.resetToken).toBeUndefined();
  });

  it('limits wrong codes per account over new codes: a new code buys no new guesses past ten a day', async () => {
    const agent = new Agent(t.app, '10.2.0.7');
    const { email } = await register(agent);
    const wrongFive = async () => {
      const code = await lastCode(email);
      for (let i = 0; i < 5; i++) {
        await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: otherCode(code) });
      }
    };
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    await wrongFive();
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    await wrongFive();
    // A third code, the right one typed at once: refused unchecked, in Hebrew, and the form goes back to a new code.
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    const code = await lastCode(email);
    const refused = (
      await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: code })
    ).json();
    expect(refused).toEqual({
      error: 1,
      attempts: 5,
      message: 'הוזנו יותר מדי קודים שגויים לחשבון הזה. אפשר לבקש קוד חדש מחר',
    });
    // From another address too: the count is the account's.
    const elsewhere = new Agent(t.app, '10.2.0.8');
    expect(
      (await elsewhere.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: code })).json().error,
    ).toBe(1);
    // A day later the code of a new request works.
    t.clock.advance(24 * 60 * 60_000 + 1000);
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    const next = await lastCode(email);
    const ok = (await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: next })).json();
    expect(ok.error).toBe(0);
  });

  it('limits wrong codes per address over accounts, and a refused code stays good for its owner', async () => {
    const ip = '10.2.0.9';
    const agent = new Agent(t.app, ip);
    // Six accounts, five wrong codes each from one address (each account under its own limit): thirty, the
    // address's limit for an hour.
    const accounts: string[] = [];
    for (let i = 0; i < 6; i++) accounts.push((await register(new Agent(t.app, '10.2.1.1'))).email);
    for (const email of accounts) await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    for (const email of accounts) {
      const code = await lastCode(email);
      for (let i = 0; i < 5; i++) {
        await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: otherCode(code) });
      }
    }
    // Thirty wrong codes from the address: the next is refused unchecked, whatever the account.
    const seventh = (await register(new Agent(t.app, '10.2.1.1'))).email;
    await new Agent(t.app, '10.2.1.2').post('/api/auth/forgetPass', { EmailForgetPass: seventh });
    const code = await lastCode(seventh);
    const refused = (
      await agent.post('/api/auth/confirmCode', { EmailForgetPass: seventh, confirmCodePass: code })
    ).json();
    expect(refused).toEqual({
      error: 1,
      attempts: 5,
      message: 'הוזנו יותר מדי קודים שגויים מהרשת הזו. נסו שוב בעוד שעה',
    });
    // The same code from another address works: the code was not spent by the refusal.
    const ok = (
      await new Agent(t.app, '10.2.1.3').post('/api/auth/confirmCode', {
        EmailForgetPass: seventh,
        confirmCodePass: code,
      })
    ).json();
    expect(ok.error).toBe(0);
  });

  it('a code expires after 15 minutes', async () => {
    const agent = new Agent(t.app, '10.2.0.3');
    const { email } = await register(agent);
    await agent.post('/api/auth/forgetPass', { EmailForgetPass: email });
    const code = await lastCode(email);
    t.clock.advance(16 * 60_000);
    const res = (await agent.post('/api/auth/confirmCode', { EmailForgetPass: email, confirmCodePass: code })).json();
    expect(res.error).toBe(1);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const agent = new Agent(t.app, '10.2.0.4');
    const email = newEmail('nobody');
    const res = (await agent.post('/api/auth/forgetPass', { EmailForgetPass: email })).json();
    expect(res).toMatchObject({ error: 0, captcha: 0 });
    expect(await readOutbox(t, email)).toEqual([]);
  });

  it('asks for the captcha (captcha 1, error 1) after 3 requests for one address in 15 minutes', async () => {
    const agent = new Agent(t.app, '10.2.0.5');
    const { email } = await register(agent);
    for (let i = 0; i < 3; i++) {
      expect((await agent.post('/api/auth/forgetPass', { EmailForgetPass: email })).json().error).toBe(0);
    }
    const limited = (await agent.post('/api/auth/forgetPass', { EmailForgetPass: email })).json();
    expect(limited).toMatchObject({ error: 1, captcha: 1 });
    expect(limited.captchaUrl).toBe(`/api/auth/captcha/${limited.captchaId}`);
    const [row] = await t.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
      limited.captchaId,
    ]);
    const passed = (
      await agent.post('/api/auth/forgetPass', {
        EmailForgetPass: email,
        captchaId: limited.captchaId,
        captchaAnswer: row?.answer,
      })
    ).json();
    expect(passed).toMatchObject({ error: 0 });
  });

  it('refuses a malformed address with a Hebrew message', async () => {
    const res = (await new Agent(t.app).post('/api/auth/forgetPass', { EmailForgetPass: 'abc' })).json();
    expect(res).toEqual({ error: 1, captcha: 0, message: 'יש להזין כתובת דואר אלקטרוני תקינה' });
  });
});
