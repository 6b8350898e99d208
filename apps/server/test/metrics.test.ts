/**
 * GET /metrics: off without METRICS_TOKEN, closed without its bearer token, and with it Prometheus's text with the
 * requests by route template, Node's own series, and the site's numbers read from the database (SMS sent today
 * against the budget, payments today, the job queue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, freshPhone, sendSms } from './support/phones.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const TOKEN = 'a-metrics-token-of-the-test-0123456789';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN, SMS_DAILY_BUDGET: '500' }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series line (`name{labels} value`) of the scrape, or undefined. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the metrics endpoint', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('refuses a scrape without the token or with another one', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(t, TOKEN)).statusCode).toBe(401);
  });

  it('counts requests by route template, and reads the SMS spend, payments and jobs from the database', async () => {
    const a = await customer(t);
    await sendSms(a, freshPhone());
    await a.get('/api/adds/123456');
    await a.get('/api/adds/654321');
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    // One series for both ads: the route's template labels it, not the URL.
    expect(seriesValue(text, 'http_requests_total{method="GET",route="/api/adds/:id",status_code="404"}')).toBe(2);
    // The ad numbers never label a series (a bare digit run could be in any measured value, so look for the path).
    expect(text).not.toContain('/api/adds/123456');
    expect(text).not.toContain('/api/adds/654321');
    expect(
      seriesValue(text, 'http_requests_total{method="POST",route="/api/publish/valid-phone",status_code="200"}'),
    ).toBe(1);
    expect(seriesValue(text, 'phone_sends_today{channel="sms"}')).toBe(1);
    expect(seriesValue(text, 'sms_daily_budget{part="limit"}')).toBe(500);
    expect(seriesValue(text, 'sms_daily_budget{part="used"}')).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads today’s payments by state and the job queue', async () => {
    await customer(t);
    const now = t.clock.now();
    const [{ id } = { id: 0 }] = await t.db.query<{ id: number }>('SELECT id FROM customers ORDER BY id DESC LIMIT 1');
    const payment = (key: string, state: string) =>
      t.db.query(
        `INSERT INTO payments (customer_id, purpose, ad_type, amount_agorot, channel, status, idempotency_key, provider,
                               public_id, created_at, paid_at, failed_at, refund_status, refunded_at, refunded_agorot)
         VALUES ($1, 'package', 'package', 5000, 'creditCard', $2, $3, 'sandbox', 'pay_metrics_' || $3, $4,
                 CASE WHEN $2 = 'paid' THEN $4::timestamptz END, CASE WHEN $2 = 'failed' THEN $4::timestamptz END,
                 CASE WHEN $5 THEN 'refunded' END, CASE WHEN $5 THEN $4::timestamptz END, CASE WHEN $5 THEN 5000 END)`,
        [id, state === 'refunded' ? 'paid' : state, key, now, state === 'refunded'],
      );
    await payment('m1', 'created');
    await payment('m2', 'paid');
    await payment('m3', 'failed');
    await payment('m4', 'refunded');
    await t.db.query(
      `INSERT INTO scheduled_jobs (kind, run_at, created_at) VALUES ('metrics.test', $1, $1), ('metrics.test', $2, $1)`,
      [new Date(now.getTime() - 5 * 60_000), new Date(now.getTime() + 60 * 60_000)],
    );
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(seriesValue(text, 'payments_today{provider="sandbox",state="started"}')).toBe(4);
    expect(seriesValue(text, 'payments_today{provider="sandbox",state="paid"}')).toBe(2);
    expect(seriesValue(text, 'payments_today{provider="sandbox",state="failed"}')).toBe(1);
    expect(seriesValue(text, 'payments_today{provider="sandbox",state="refunded"}')).toBe(1);
    expect(seriesValue(text, 'jobs{kind="metrics.test",status="pending"}')).toBe(2);
    expect(seriesValue(text, 'jobs_overdue{kind="metrics.test"}')).toBe(1);
  });
});
