/**
 * The staff login's second step under attack: wrong codes are limited per password step, per account and per
 * address, the counts are never reset by a right password, the account's sign-in is locked after too many (the
 * staff member is told by e-mail, the audit log and the staff list show it), and parallel tries never check more
 * codes than the limits let through. The app's codes, recovery codes and enrolment's confirmation count alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { enableTotp, insertStaff, type StaffRole } from '../src/operator/staff-repository.ts';
import {
  CODE_ACCOUNT_LIMIT,
  CODE_ADDRESS_LIMIT,
  CODE_STEP_LIMIT,
  SIGN_IN_LOCK_MS,
  StaffService,
} from '../src/operator/staff-service.ts';
import { Agent, createTestApp, GOOD_PASSWORD, newEmail, readOutbox, type TestApp } from './support/test-app.ts';

let t: TestApp;
/** Every member's password hash (Argon2id is slow on purpose: hashed once for the file). */
let passwordHash: string;
beforeAll(async () => {
  [t, passwordHash] = await Promise.all([createTestApp(), hashPassword(GOOD_PASSWORD)]);
});
afterAll(async () => {
  await t.close();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const code = () => StaffService.codeAt(SECRET, t.clock.now());
/** A six-digit code the app does not show now, nor half a minute before or after. */
const wrongCode = () => {
  const valid = [-30_000, 0, 30_000].map((d) => StaffService.codeAt(SECRET, new Date(t.clock.now().getTime() + d)));
  return ['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c)) as string;
};
const HEBREW = /^[\u0590-\u05FF0-9\s.,:"'׳־-]+$/;

async function staffMember(role: StaffRole = 'support', enrolled = true) {
  const email = newEmail(`codes-${role}`);
  const staff = await insertStaff(t.db, { email, name: 'רונית', role, passwordHash }, t.clock.now());
  if (enrolled) await enableTotp(t.db, staff.id, SECRET);
  return { ...staff, email };
}

/** A browser at `ip` past the password step of `email`. */
async function passwordStep(email: string, ip: string): Promise<Agent> {
  const agent = new Agent(t.app, ip);
  const res = await agent.post('/api/operator/login', { email, password: GOOD_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return agent;
}

const tryCode = (agent: Agent, body: Record<string, string>) => agent.post('/api/operator/login/code', body);

async function admin(ip: string): Promise<Agent> {
  const s = await staffMember('admin');
  const agent = await passwordStep(s.email, ip);
  expect((await tryCode(agent, { code: code() })).statusCode).toBe(200);
  t.clock.advance(31_000);
  return agent;
}

const auditOf = async (staffId: number, action: string) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit WHERE staff_id = $1 AND action = $2', [
      staffId,
      action,
    ])
  )[0]?.n;

describe('wrong codes at the staff login', () => {
  it('end a password step after five, lock the account after ten over its logins, and a right password buys no more', async () => {
    const s = await staffMember();
    const ip = '10.31.0.1';
    // One login: four wrong codes are told as wrong, the fifth ends the step in Hebrew.
    const first = await passwordStep(s.email, ip);
    for (let i = 1; i < CODE_STEP_LIMIT; i++) {
      const res = await tryCode(first, { code: wrongCode() });
      expect(res.statusCode, `try ${i}`).toBe(401);
      expect(res.json().message).toMatch(/הקוד שגוי/);
    }
    const fifth = await tryCode(first, { code: wrongCode() });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 429, ended: true });
    expect(fifth.json().message).toBe('הוקלדו 5 קודים שגויים. יש להיכנס שוב עם הדוא"ל והסיסמה');
    // The step is over: not even the right code opens it.
    expect((await tryCode(first, { code: code() })).json()).toMatchObject({ status: 401, ended: true });

    // The right password again: a new step, but the account's count goes on from five (a second step, opened
    // now, waits beside it).
    const second = await passwordStep(s.email, ip);
    const waiting = await passwordStep(s.email, '10.31.0.2');
    for (let i = CODE_STEP_LIMIT + 1; i < CODE_ACCOUNT_LIMIT; i++) {
      expect((await tryCode(second, { recoveryCode: 'AAAAA-BBBBB' })).statusCode, `try ${i}`).toBe(401);
    }
    const tenth = await tryCode(second, { code: wrongCode() });
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().ended).toBe(true);
    const lockedMessage = tenth.json().message as string;
    // Locked for an hour: 10:00 UTC is 12:00 in Israel in November, so the lock ends at 13:00 and a few seconds.
    expect(lockedMessage).toMatch(/^הכניסה לחשבון נעולה עד 13:0\d בגלל קודי אימות שגויים רבים/);
    expect(lockedMessage).toMatch(HEBREW);

    // While it is locked the right code is refused unchecked, in the step opened before the lock too…
    const refused = await tryCode(waiting, { code: code() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ended: true, message: lockedMessage });
    expect((await waiting.get('/api/operator/me')).statusCode).toBe(401);
    // …and the right password says it is locked, and opens no step.
    const again = new Agent(t.app, ip);
    const locked = await again.post('/api/operator/login', { email: s.email, password: GOOD_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 429, message: lockedMessage });
    expect((await tryCode(again, { code: code() })).json()).toMatchObject({ status: 401, ended: true });
    // A wrong password still answers as a wrong password: the lock is told only to who knows the password.
    const guess = await new Agent(t.app, '10.31.0.3').post('/api/operator/login', {
      email: s.email,
      password: 'Wrong1234',
    });
    expect(guess.statusCode).toBe(401);
    expect(guess.json().errors[0].msg).toBe('הדוא"ל או הסיסמה שגויים');

    // The staff member is told by e-mail, once.
    const mails = await readOutbox(t, s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('הכניסה לחשבון שלכם במסוף התפעול ננעלה');
    expect(mails[0]?.text).toMatch(/^שלום רונית,/);
    expect(mails[0]?.text).toMatch(/הוקלדו 10 קודי אימות שגויים/);
    expect(mails[0]?.text).toMatch(/נעולה עד 13:0\d/);

    // The admin sees it in the audit log (about the account) and on the staff list.
    const boss = await admin('10.31.0.9');
    const log = (await boss.get(`/api/operator/audit?targetType=staff&targetId=${s.id}`)).json().entries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'login.locked',
      staffId: s.id,
      staffEmail: s.email,
      ip,
      detail: { wrongCodes: CODE_ACCOUNT_LIMIT, until: expect.any(String) },
    });
    const until = new Date(log[0].detail.until).getTime();
    expect(until - t.clock.now().getTime()).toBeGreaterThan(SIGN_IN_LOCK_MS - 60_000);
    expect(await auditOf(s.id, 'login.wrong-code')).toBe(CODE_ACCOUNT_LIMIT);
    expect(await auditOf(s.id, 'login.while-locked')).toBe(1);
    const listed = (by: Agent) =>
      by.get('/api/operator/staff').then((r) => r.json().staff.find((m: { id: number }) => m.id === s.id));
    expect(await listed(boss)).toMatchObject({ signInLockedUntil: log[0].detail.until });

    // An hour later the lock is over: the password and the right code sign in, and the list says so.
    t.clock.advance(SIGN_IN_LOCK_MS);
    const back = await passwordStep(s.email, ip);
    expect((await tryCode(back, { code: code() })).statusCode).toBe(200);
    t.clock.advance(31_000);
    expect((await back.get('/api/operator/me')).statusCode).toBe(200);
    expect(await listed(await admin('10.31.0.9'))).toMatchObject({ signInLockedUntil: null });
  });

  it('count recovery codes and enrolment’s confirmation as code guesses', async () => {
    const ip = '10.32.0.1';
    const enrolling = await staffMember('finance', false);
    const agent = new Agent(t.app, ip);
    expect(
      (await agent.post('/api/operator/login', { email: enrolling.email, password: GOOD_PASSWORD })).json(),
    ).toEqual({ status: 200, next: 'enrol' });
    const started = (await agent.post('/api/operator/enrolment/start')).json();
    const enrolCode = StaffService.codeAt(started.secret, t.clock.now());
    const wrongEnrol = enrolCode === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < CODE_STEP_LIMIT; i++) {
      answers.push((await agent.post('/api/operator/enrolment/confirm', { code: wrongEnrol })).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    expect((await agent.post('/api/operator/enrolment/confirm', { code: enrolCode })).statusCode).toBe(401);

    const s = await staffMember('moderator');
    const step = await passwordStep(s.email, ip);
    const recovery = [];
    for (let i = 0; i < CODE_STEP_LIMIT; i++) {
      recovery.push((await tryCode(step, { recoveryCode: `AAAA${i}-BBBBB` })).statusCode);
    }
    expect(recovery).toEqual([401, 401, 401, 401, 429]);
    expect(await auditOf(s.id, 'login.wrong-code')).toBe(CODE_STEP_LIMIT);
  });

  it('never check more codes than the limits let through, however many are sent at once', async () => {
    const s = await staffMember();
    const ip = '10.33.0.1';
    // One step, twenty codes at once: five are checked.
    const step = await passwordStep(s.email, ip);
    const burst = await Promise.all(Array.from({ length: 20 }, () => tryCode(step, { code: wrongCode() })));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(await auditOf(s.id, 'login.wrong-code')).toBe(CODE_STEP_LIMIT);
    // Four steps of the same account, five codes each at once: ten are checked over the account, and it is locked.
    const steps = await Promise.all([1, 2, 3, 4].map((n) => passwordStep(s.email, `10.33.1.${n}`)));
    const all = await Promise.all(
      steps.flatMap((a) => Array.from({ length: CODE_STEP_LIMIT }, () => tryCode(a, { code: wrongCode() }))),
    );
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(await auditOf(s.id, 'login.wrong-code')).toBe(CODE_ACCOUNT_LIMIT);
    expect(await auditOf(s.id, 'login.locked')).toBe(1);
    expect(await readOutbox(t, s.email)).toHaveLength(1);
    t.clock.advance(SIGN_IN_LOCK_MS + 31_000);
  });

  it('refuse an address’s codes after twenty wrong ones an hour over all accounts, without locking any account', async () => {
    const ip = '10.34.0.1';
    const perAccount = CODE_STEP_LIMIT - 1;
    const members = await Promise.all(
      Array.from({ length: CODE_ADDRESS_LIMIT / perAccount }, () => staffMember('analyst')),
    );
    for (const m of members) {
      const step = await passwordStep(m.email, ip);
      for (let i = 0; i < perAccount; i++) expect((await tryCode(step, { code: wrongCode() })).statusCode).toBe(401);
    }
    // The address is past its limit: even the right code of a new member is refused, in Hebrew.
    const next = await staffMember('analyst');
    const refused = await tryCode(await passwordStep(next.email, ip), { code: code() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ended: true,
      message: 'הוקלדו יותר מדי קודים שגויים מהרשת הזו. נסו שוב בעוד שעה',
    });
    // From elsewhere the same member signs in, and no account was locked.
    expect((await tryCode(await passwordStep(next.email, '10.34.0.2'), { code: code() })).statusCode).toBe(200);
    t.clock.advance(31_000);
    const [row] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff WHERE id = ANY($1::bigint[]) AND sign_in_locked_until IS NOT NULL',
      [[...members, next].map((m) => m.id)],
    );
    expect(row?.n).toBe(0);
    // An hour later the address may try again.
    t.clock.advance(60 * 60 * 1000);
    const later = await staffMember('analyst');
    expect((await tryCode(await passwordStep(later.email, ip), { code: code() })).statusCode).toBe(200);
    t.clock.advance(31_000);
  });
});
