import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
