/**
 * The analysts' console calls: the phone guards' spend (an Israeli day per hour and per prefix, the daily budget's
 * counter, the pumping alarm from 80% of a guard's limit) and the live ads per category selection. Only an analyst
 * or an admin reads them.
 */
import type { LiveAdsResponse, PhoneSpendResponse } from '@app/contract/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, freshPhone, sendCall, sendSms, setSmsFailure } from './support/phones.ts';
import { staffAgent } from './support/staff.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const SPEND = '/api/operator/analytics/phone-spend';
const LIVE = '/api/operator/analytics/live-ads';

let t: TestApp;
beforeAll(async () => {
  // The clock starts at 10:00 UTC, 12:00 in Israel: a budget of 5 and 3 SMS per prefix an hour.
  t = await createTestApp({ SMS_DAILY_BUDGET: '5', SMS_PREFIX_HOURLY_LIMIT: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/operator/analytics/phone-spend', () => {
  it('counts the day per hour and prefix, keeps failed sends apart, and raises the pumping alarm', async () => {
    const analyst = await staffAgent(t, 'analyst');
    const empty = (await analyst.get(SPEND)).json() as PhoneSpendResponse;
    expect(empty).toMatchObject({ day: '2026-11-22', totals: { sms: 0, calls: 0, failed: 0 }, alarms: [] });
    expect(empty.budget).toEqual({ used: 0, limit: 5, resetsAt: null });

    const a = await customer(t);
    for (let i = 0; i < 3; i++) expect((await sendSms(a, freshPhone('050'))).statusCode).toBe(200);
    await setSmsFailure(t, 'fail');
    expect((await sendSms(a, freshPhone('052'))).statusCode).toBe(500); // nothing sent, nothing spent
    await setSmsFailure(t, 'none');
    expect((await sendCall(a, freshPhone('054'))).statusCode).toBe(200); // a code read out by a call

    const res = await analyst.get(SPEND);
    expect(res.statusCode).toBe(200);
    const spend = res.json() as PhoneSpendResponse;
    expect(spend.totals).toEqual({ sms: 3, calls: 1, failed: 1 });
    expect(spend.byHour).toHaveLength(24);
    expect(spend.byHour[12]).toEqual({ hour: 12, sms: 3, calls: 1 });
    expect(spend.byHour.filter((h) => h.sms + h.calls > 0)).toHaveLength(1);
    expect(spend.byPrefix).toEqual([
      { prefix: '050', sms: 3, calls: 0, currentHour: 3 },
      { prefix: '054', sms: 0, calls: 1, currentHour: 0 },
    ]);
    expect(spend.budget).toMatchObject({ used: 4, limit: 5 });
    // 050 is at its hourly limit (sending there has stopped); the day's budget is at 80%.
    expect(spend.alarms).toEqual([
      { kind: 'prefix', level: 'critical', prefix: '050', count: 3, limit: 3 },
      { kind: 'budget', level: 'warning', count: 4, limit: 5 },
    ]);

    // Two hours later the prefix's hour has passed: its alarm is gone, the budget's stays.
    t.clock.advance(2 * 3_600_000);
    const later = await staffAgent(t, 'analyst');
    const after = (await later.get(SPEND)).json() as PhoneSpendResponse;
    expect(after.alarms).toEqual([{ kind: 'budget', level: 'warning', count: 4, limit: 5 }]);
    expect(after.byPrefix[0]).toEqual({ prefix: '050', sms: 3, calls: 0, currentHour: 0 });
    // Another day has nothing of these; a day that is not a date is refused in Hebrew.
    const before = (await later.get(`${SPEND}?day=2026-11-21`)).json() as PhoneSpendResponse;
    expect(before.totals).toEqual({ sms: 0, calls: 0, failed: 0 });
    const bad = await later.get(`${SPEND}?day=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: 'התאריך אינו תקין' });
  });

  it('answers no customer, guest or other role', async () => {
    const guest = new Agent(t.app, '10.8.1.1');
    const signedIn = new Agent(t.app, '10.8.1.2');
    await register(signedIn);
    const support = await staffAgent(t, 'support');
    for (const url of [SPEND, LIVE, '/api/operator/analytics/funnel']) {
      expect((await guest.get(url)).statusCode).toBe(401);
      expect((await signedIn.get(url)).statusCode).toBe(401);
      expect((await support.get(url)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/operator/analytics/live-ads', () => {
  it('counts the ads live now per category selection, with their Hebrew titles', async () => {
    const owner = new Agent(t.app, '10.8.1.3');
    await register(owner);
    const [me] = await t.db.query<{ id: string }>('SELECT id FROM customers ORDER BY id DESC LIMIT 1');
    const now = t.clock.now().getTime();
    const soon = new Date(now + 86_400_000);
    const past = new Date(now - 86_400_000);
    await t.db.query(
      `INSERT INTO ads (customer_id, cat, subcat, status, ends_at) VALUES
         ($1, 1, 1, 'active', $2), ($1, 1, 1, 'active', $2), ($1, 5, NULL, 'active', $2),
         ($1, 1, 1, 'active', $3), ($1, 1, 1, 'pending', $2), ($1, 2, 1, 'draft', NULL)`,
      [me?.id, soon, past],
    );
    const admin = await staffAgent(t, 'admin');
    const res = await admin.get(LIVE);
    expect(res.statusCode).toBe(200);
    const live = res.json() as LiveAdsResponse & { status: number };
    expect(live.total).toBe(3);
    expect(live.categories).toEqual([
      { cat: 1, subcat: 1, title: 'רכב · פרטי', live: 2 },
      { cat: 5, subcat: null, title: 'בעלי חיים', live: 1 },
    ]);
  });
});
