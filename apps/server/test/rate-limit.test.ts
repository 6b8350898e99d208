import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, PAIR_FAILURE_LIMIT } from '../src/accounts/service.ts';
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

  it('a sweep over many accounts from one IP stops at the IP ceiling; other IPs are not limited', async () => {
    const attacker = new Agent(t.app, '10.66.0.1');
    await attacker.get('/api/auth/customer');
    // All at once: the attempts are counted atomically before any password is checked.
    const answers = await Promise.all(
      Array.from({ length: IP_FAILURE_LIMIT + 30 }, () =>
        attacker.post('/api/auth/login', { username: newEmail('victim'), password: 'Guess123' }),
      ),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBe(IP_FAILURE_LIMIT);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(30);

    const owner = new Agent(t.app, '10.1.0.4');
    const { email } = await register(owner);
    const fromAttacker = await attacker.post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.json().captcha).toBe(1);
    const fromOwner = await owner.post('/api/auth/login', { username: email, password: GOOD_PASSWORD });
    expect(fromOwner.statusCode).toBe(200);
  });

  it('100 parallel wrong passwords for one account: only the limit is checked, the rest need the captcha', async () => {
    const agent = new Agent(t.app, '10.1.0.6');
    const { email } = await register(agent);
    await agent.post('/api/auth/logout');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        agent.post('/api/auth/login', { username: email, password: `Wrong${i}xx` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBe(PAIR_FAILURE_LIMIT);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(100 - PAIR_FAILURE_LIMIT);
    // And the right password from there needs the captcha too.
    expect((await agent.post('/api/auth/login', { username: email, password: GOOD_PASSWORD })).statusCode).toBe(429);
  });

  it('failures from many addresses on one account stop at the account limit', async () => {
    const owner = new Agent(t.app, '10.1.0.7');
    const { email } = await register(owner);
    const guessers = Array.from({ length: ACCOUNT_FAILURE_LIMIT + 5 }, (_, i) => new Agent(t.app, `10.77.0.${i + 1}`));
    await Promise.all(guessers.map((g) => g.get('/api/auth/customer')));
    const answers = await Promise.all(
      guessers.map((g) => g.post('/api/auth/login', { username: email, password: 'Guess123' })),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBe(ACCOUNT_FAILURE_LIMIT);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(5);
  });

  it('a busy address (an office): wrong passwords of some do not force the captcha on the correct logins of others', async () => {
    const office = '10.88.0.1';
    const people = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const agent = new Agent(t.app, office);
        const { email } = await register(agent);
        await agent.post('/api/auth/logout');
        return { agent, email };
      }),
    );
    const typo = new Agent(t.app, office);
    // One colleague is locked into the captcha, and 40 failures over other accounts come from the same address
    // (twice the old address-wide limit of 20).
    await Promise.all(
      Array.from({ length: PAIR_FAILURE_LIMIT + 2 }, () =>
        typo.post('/api/auth/login', { username: people[0]?.email, password: 'Typo1234' }),
      ),
    );
    await Promise.all(
      Array.from({ length: 40 }, () =>
        typo.post('/api/auth/login', { username: newEmail('gone'), password: 'Old12345' }),
      ),
    );
    expect(
      (await typo.post('/api/auth/login', { username: people[0]?.email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(429);
    for (const p of people.slice(1)) {
      const res = await p.agent.post('/api/auth/login', { username: p.email, password: GOOD_PASSWORD });
      expect(res.statusCode).toBe(200);
    }
  });

  it('parallel registrations and forgot-password requests from one address stay within their limits', async () => {
    const agent = new Agent(t.app, '10.99.0.1');
    await agent.get('/api/auth/customer');
    const registered = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post('/api/auth/register', {
          username: newEmail('bulk'),
          password: GOOD_PASSWORD,
          passwordAgain: GOOD_PASSWORD,
          firstname: 'נועה',
          lastname: 'ישראלי',
        }),
      ),
    );
    expect(registered.filter((r) => r.statusCode === 200).length).toBe(10);
    expect(registered.filter((r) => r.statusCode === 429).length).toBe(10);

    const asker = new Agent(t.app, '10.99.0.2');
    const email = newEmail('forgetful');
    const sent = await Promise.all(
      Array.from({ length: 12 }, () => asker.post('/api/auth/forgetPass', { EmailForgetPass: email })),
    );
    expect(sent.filter((r) => r.json().error === 0).length).toBe(3);
    expect(sent.filter((r) => r.json().captcha === 1).length).toBe(9);
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

describe('the counters under parallel load (PostgreSQL locks rows, so the order matters)', () => {
  it('parallel reservations and give-backs of the same counters, keys in any order, never deadlock and lose no count', async () => {
    const { RateLimiter } = await import('../src/platform/rate-limiter.ts');
    const limiter = new RateLimiter(t.db, { now: () => new Date() });
    const keys = ['par:a', 'par:b', 'par:c'].map((k) => `${k}:${newEmail()}`);
    const reversed = [...keys].reverse();
    const ops = Array.from({ length: 120 }, (_, i) =>
      i % 3 === 2 ? limiter.giveBack(i % 2 ? keys : reversed) : limiter.hitMany(i % 2 ? keys : reversed, 60 * MINUTE),
    );
    const settled = await Promise.allSettled(ops);
    expect(
      settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const rows = await t.db.query<{ key: string; count: number }>(
      'SELECT key, count FROM rate_counters WHERE key = ANY($1::text[]) ORDER BY key',
      [keys],
    );
    // 80 reservations and 40 give-backs per counter; a give-back never takes a counter below zero.
    for (const row of rows) expect(row.count).toBeGreaterThanOrEqual(40);
    expect(rows).toHaveLength(3);
  });
});
