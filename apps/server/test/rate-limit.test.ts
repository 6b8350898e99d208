import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, GOOD_PASSWORD, newEmail, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

async function captchaAnswer(id: string): Promise<string> {
  const [row] = await t.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [id]);
  if (!row) throw new Error('captcha not stored');
  return row.answer;
}

async function failLogins(agent: Agent, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await agent.post('/api/auth/login', { username: email, password: `Wrong${i}xx` });
    expect(res.statusCode).toBe(401);
  }
}

describe('login attempt limits', () => {
  it('after 5 wrong passwords in 15 minutes the account needs the captcha or a wait, never a permanent lock', async () => {
    const agent = new Agent(t.app, '10.1.0.1');
    const { email } = await register(agent);
    await agent.post('/api/auth/logout');
    await failLogins(agent, email, 5);

    // Even the right password is refused now without the captcha, with a clear Hebrew message.
    const blocked = await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const body = blocked.json();
    expect(body.errors[0].fieldName).toBe('captcha');
    expect(body.errors[0].msg).toMatch(/יש להקליד את הקוד שבתמונה, או לנסות שוב בעוד 15 דקות/);
    expect(body).toMatchObject({ captcha: 1, captchaUrl: `/api/auth/captcha/${body.captchaId}` });
    const image = await agent.get(body.captchaUrl);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(image.body).toContain('<svg');

    // A wrong captcha answer is refused and issues a new captcha.
    const wrong = await agent.post('/api/auth/login', {
      username: email,
      password: GOOD_PASSWORD,
      captchaId: body.captchaId,
      captchaAnswer: 'zzzzz',
    });
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json().errors[0].msg).toBe('הקוד שבתמונה שגוי, נסו שוב');

    // The right captcha with the right password lets the owner in at once; the answer is single-use.
    const next = wrong.json();
    const answer = await captchaAnswer(next.captchaId);
    const ok = await agent.post('/api/auth/login', {
      username: email,
      password: GOOD_PASSWORD,
      captchaId: next.captchaId,
      captchaAnswer: answer.toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('login success');
  });

  it('the limit lifts by itself when the 15-minute window passes', async () => {
    const agent = new Agent(t.app, '10.1.0.2');
    const { email } = await register(agent);
    await failLogins(agent, email, 5);
    expect((await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(429);
    t.clock.advance(14 * MINUTE);
    expect((await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(429);
    t.clock.advance(2 * MINUTE);
    expect((await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('four failures do not limit, and a success clears the account counter', async () => {
    const agent = new Agent(t.app, '10.1.0.3');
    const { email } = await register(agent);
    await failLogins(agent, email, 4);
    expect((await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    await failLogins(agent, email, 4);
    expect((await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('many accounts tried from one IP are limited the same way, other IPs are not', async () => {
    const attacker = new Agent(t.app, '10.66.0.1');
    for (let i = 0; i < 20; i++) {
      const res = await attacker.post('/api/auth/login', { username: newEmail('victim'), password: 'Guess123' });
      expect(res.statusCode).toBe(401);
    }
    const owner = new Agent(t.app, '10.1.0.4');
    const { email } = await register(owner);
    const fromAttacker = await attacker.post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.json().captcha).toBe(1);
    const fromOwner = await owner.post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(fromOwner.statusCode).toBe(200);
  });

  it('counters live in the database', async () => {
    const agent = new Agent(t.app, '10.1.0.5');
    const email = newEmail();
    await failLogins(agent, email, 2);
    const rows = await t.db.query<{ count: number }>('SELECT count FROM rate_counters WHERE key = $1', [
      `login:acct:${email}`,
    ]);
    expect(rows[0]?.count).toBe(2);
  });
});
