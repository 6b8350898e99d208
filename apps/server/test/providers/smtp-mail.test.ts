/**
 * E-mail with MAIL_PROVIDER=smtp against a real SMTP server started here (smtp-server), read back with mailparser:
 * the Hebrew arrives intact (UTF-8, a plain-text part and a right-to-left HTML part), links use the configured
 * public origin, and a server that is down is tried again by the job runner without losing or doubling a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailbox } from '../support/smtp-mailbox.ts';
import { Agent, createTestApp, register, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'https://www.site.example';
const smtp = new SmtpMailbox();
let t: TestApp;
let ticking: TestApp | undefined;

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@site.example',
    PUBLIC_ORIGIN: ORIGIN,
    // The test runs the jobs itself, step by step (the tick's own run is the last test).
    JOB_TICK_MS: '0',
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), ticking?.close()]);
  await smtp.stop();
});

const queueOf = async (to: string) =>
  t.db.query<{ status: string; attempts: number }>(
    'SELECT status, attempts FROM mail_queue WHERE to_address = $1 ORDER BY id',
    [to],
  );
const forgot = async (email: string) => {
  const res = await new Agent(t.app, '10.7.0.1').post('/api/auth/forgetPass', { EmailForgetPass: email });
  expect(res.json()).toMatchObject({ error: 0 });
};
const to = (email: string) => smtp.to(email);

describe('e-mail over SMTP', () => {
  it('delivers the Hebrew intact, as plain text and right-to-left HTML, with links to the public origin', async () => {
    const { email } = await register(new Agent(t.app, '10.7.0.2'));
    await forgot(email);
    // Queued by the request, delivered by the job runner.
    expect(await queueOf(email)).toMatchObject([{ status: 'pending' }]);
    await t.app.jobs.runDueJobs();
    const [mail, ...more] = to(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('קוד לשחזור הסיסמה');
    expect(mail?.text).toMatch(/\d{5}/);
    expect(mail?.text).toContain(`${ORIGIN}/login`);
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.html).toContain(`<a href="${ORIGIN}/login">`);
    expect(mail?.headers.get('content-language')).toBe('he');
    expect(mail?.messageId).toMatch(/@site\.example>$/);
    expect(await queueOf(email)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('keeps a message while the server is down and delivers it once when it is back', async () => {
    const { email } = await register(new Agent(t.app, '10.7.0.3'));
    await smtp.stop();
    try {
      await forgot(email);
      await t.app.jobs.runDueJobs();
      expect(await queueOf(email)).toMatchObject([{ status: 'pending', attempts: 1 }]);
      // Not due again yet: nothing is tried.
      await t.app.jobs.runDueJobs();
      expect(await queueOf(email)).toMatchObject([{ attempts: 1 }]);
    } finally {
      await smtp.start();
    }
    t.clock.advance(2 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(to(email)).toHaveLength(1);
    expect(await queueOf(email)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    // Later runs send nothing more.
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(to(email)).toHaveLength(1);
  });

  it('gives up at once on an address the server refuses for good (550)', async () => {
    const { email } = await register(new Agent(t.app, '10.7.0.4'), `nobody@${Date.now()}.site.example`);
    await forgot(email);
    await t.app.jobs.runDueJobs();
    expect(await queueOf(email)).toMatchObject([{ status: 'failed', attempts: 1 }]);
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(await queueOf(email)).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(to(email)).toHaveLength(0);
  });

  it('forgets sent and abandoned messages 30 days on, at the daily housekeeping; a pending one stays', async () => {
    const count = async (statuses: string[]) =>
      Number(
        (
          await t.db.query<{ n: number }>('SELECT count(*) AS n FROM mail_queue WHERE status = ANY($1::text[])', [
            statuses,
          ])
        )[0]?.n,
      );
    expect(await count(['sent', 'failed'])).toBeGreaterThan(0);
    await t.db.query(
      `INSERT INTO mail_queue (to_address, subject, body_text, message_id, created_at) VALUES ('x@site.example', 's', 't', '<kept@site.example>', $1)`,
      [t.clock.now()],
    );
    t.clock.advance(31 * 24 * 60 * 60_000);
    await t.app.jobs.scheduleHousekeeping();
    t.clock.advance(24 * 60 * 60_000);
    await t.app.jobs.runDueJobs();
    expect(await count(['sent', 'failed'])).toBe(0);
    expect(await count(['pending'])).toBe(1);
  });

  it('is delivered at once by a process that ticks, not at its next tick', async () => {
    ticking = await createTestApp({
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@site.example',
      PUBLIC_ORIGIN: ORIGIN,
      JOB_TICK_MS: '600000',
    });
    await ticking.app.ready();
    const agent = new Agent(ticking.app, '10.7.0.5');
    const { email } = await register(agent);
    expect((await agent.post('/api/auth/forgetPass', { EmailForgetPass: email })).json()).toMatchObject({ error: 0 });
    await expect.poll(() => to(email).length, { timeout: 5_000 }).toBe(1);
  });
});
