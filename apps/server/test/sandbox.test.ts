import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { sandboxKeyMatches } from '../src/platform/http/sandbox-guard.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';
import { startedDataDir } from './support/started-data-dir.ts';
import { Agent, createTestApp, GOOD_PASSWORD, register, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const outboxUrl = (to: string) => `/api/sandbox/outbox?to=${encodeURIComponent(to)}`;

/**
 * The five-step account takeover (reset, read the code in the outbox, confirm, new password, log in), by someone
 * who can only reach the outbox with the given headers.
 */
async function takeOver(attacker: Agent, victim: string, outboxHeaders: Record<string, string>) {
  const sent = await attacker.post('/api/auth/forgetPass', { EmailForgetPass: victim });
  expect(sent.json()).toMatchObject({ error: 0 });
  const outbox = await attacker.get(outboxUrl(victim), outboxHeaders);
  const text: string = outbox.statusCode === 200 ? (outbox.json().emails[0]?.text ?? '') : '';
  const code = /(\d{5})/.exec(text)?.[1] ?? '00000';
  const confirmed = (
    await attacker.post('/api/auth/confirmCode', { EmailForgetPass: victim, confirmCodePass: code })
  ).json();
  await attacker.post('/api/auth/createNewPass', {
    userName: victim,
    newPass: 'Taken0ver1',
    renewPass: 'Taken0ver1',
    custID: confirmed.custID ?? 0,
    resetToken: confirmed.resetToken ?? '',
  });
  const login = await attacker.post('/api/auth/login', { username: victim, password: 'Taken0ver1' });
  return { outbox, login };
}

describe('sandbox surfaces need the sandbox key', () => {
  it('the five-step takeover fails without the key: the outbox answers 401 and shows nothing', async () => {
    const victim = new Agent(t.app, '10.7.0.1');
    const { email } = await register(victim);
    const variants: Record<string, string>[] = [{}, { 'x-sandbox-key': 'not-the-key-at-all' }, { 'x-sandbox-key': '' }];
    for (const headers of variants) {
      const attacker = new Agent(t.app, '10.7.0.2');
      const { outbox, login } = await takeOver(attacker, email, headers);
      expect(outbox.statusCode).toBe(401);
      expect(outbox.json()).toEqual({
        status: 401,
        message: 'סביבת הבדיקות פתוחה רק עם מפתח סביבת הבדיקות שמודפס ביומן ההפעלה של השרת',
      });
      expect(outbox.body).not.toContain(email);
      expect(login.statusCode).toBe(401);
    }
    // The victim's password still works.
    const again = await new Agent(t.app, '10.7.0.3').post('/api/auth/login', {
      username: email,
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
  });

  it('the developer with the key reads the code (the same five steps then succeed)', async () => {
    const owner = new Agent(t.app, '10.7.0.4');
    const { email } = await register(owner);
    const { outbox, login } = await takeOver(new Agent(t.app, '10.7.0.5'), email, { 'x-sandbox-key': t.sandboxKey });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().emails[0].to).toBe(email);
    expect(login.statusCode).toBe(200);
  });

  it('a ?key= in the API URL is not enough: the API takes the key only from the x-sandbox-key header', async () => {
    const res = await new Agent(t.app).get(`/api/sandbox/outbox?key=${encodeURIComponent(t.sandboxKey)}`);
    expect(res.statusCode).toBe(401);
  });

  it('compares keys in constant time over their hashes, any length', () => {
    expect(sandboxKeyMatches('k'.repeat(32), 'k'.repeat(32))).toBe(true);
    expect(sandboxKeyMatches('k'.repeat(32), 'k'.repeat(31))).toBe(false);
    expect(sandboxKeyMatches('k'.repeat(32), undefined)).toBe(false);
    expect(sandboxKeyMatches('k'.repeat(32), ['k'.repeat(32)])).toBe(false);
  });

  it('with a real mail provider every sandbox surface is absent (404), even with the key', async () => {
    const real = await createTestApp({
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SANDBOX_KEY: 'a-developer-key-1234567890',
    });
    try {
      for (const url of [outboxUrl('a@example.co.il'), '/sandbox/outbox', '/sandbox/outbox?key=x']) {
        const res = await real.app.inject({ url, headers: { 'x-sandbox-key': 'a-developer-key-1234567890' } });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await real.close();
    }
  });

  it('a real mail provider cannot be configured without its server address', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_PROVIDER: 'smtp' })).toThrow(
      /SMTP_URL: MAIL_PROVIDER=smtp needs SMTP_URL/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).SANDBOX_KEY).not.toBe(loadConfig({ NODE_ENV: 'test' }).SANDBOX_KEY);
  });
});

describe('the sandbox key of a running server', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken from SANDBOX_KEY, printed with the outbox link, and opens the outbox', async () => {
    const key = 'developer-sandbox-key-0123456789';
    dataDir = await startedDataDir('yad-sandbox-');
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', SANDBOX_KEY: key });
    expect(server.output()).toMatch(
      /E-mail sandbox outbox: http:\/\/localhost:\d+\/sandbox\/outbox\?key=developer-sandbox-key-0123456789/,
    );
    expect(server.sandboxKey()).toBe(key);
    expect((await fetch(`${server.url}/api/sandbox/outbox`)).status).toBe(401);
    const ok = await fetch(`${server.url}/api/sandbox/outbox`, { headers: { 'x-sandbox-key': key } });
    expect(ok.status).toBe(200);
  }, 180_000); // the first file to ask makes the started data directory (20 s at load 10)
});
