/**
 * GET /metrics: Prometheus's text format, for the site's monitoring (not for staff or users). It is on only with
 * METRICS_TOKEN, and answers only `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time); without
 * the token it is 404, with a wrong one 401. Beside the process's own series (platform/metrics.ts), the site's
 * numbers read from the database at each scrape:
 * - today's (Israeli day) SMS and verification calls against the daily budget, as the analysts' screen shows them;
 * - today's payments started, paid, failed and refunded, by provider;
 * - the job runner's queue (open and failed jobs by kind, and the overdue ones).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { israelDayOf, israelDayRange } from '../platform/israel-day.ts';
import type { Metrics } from '../platform/metrics.ts';
import { jobQueue, paymentCountsBetween } from './console-repository.ts';
import { phoneSpend } from './phone-spend.ts';

export function metricsRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    metrics: Metrics;
    token: string | undefined;
    limits: { SMS_DAILY_BUDGET: number; SMS_PREFIX_HOURLY_LIMIT: number };
  },
): void {
  const { db, clock, metrics, token } = deps;
  if (!token) return;
  const today = () => {
    const now = clock.now();
    return { now, day: israelDayOf(now) };
  };

  const todaysSpend = () => {
    const { now, day } = today();
    return phoneSpend(db, {
      day,
      now,
      dailyBudget: deps.limits.SMS_DAILY_BUDGET,
      prefixHourly: deps.limits.SMS_PREFIX_HOURLY_LIMIT,
    });
  };

  metrics.gauge('phone_sends_today', 'SMS and verification calls sent today (Israel time)', ['channel'], async () => {
    const spend = await todaysSpend();
    return [
      { labels: { channel: 'sms' }, value: spend?.totals.sms ?? 0 },
      { labels: { channel: 'voice' }, value: spend?.totals.calls ?? 0 },
      { labels: { channel: 'failed' }, value: spend?.totals.failed ?? 0 },
    ];
  });
  metrics.gauge('sms_daily_budget', "The site's daily SMS budget: its limit and what is used", ['part'], async () => {
    const spend = await todaysSpend();
    return [
      { labels: { part: 'limit' }, value: deps.limits.SMS_DAILY_BUDGET },
      { labels: { part: 'used' }, value: spend?.budget.used ?? 0 },
    ];
  });
  metrics.gauge(
    'payments_today',
    'Payments today (Israel time) by provider and state',
    ['provider', 'state'],
    async () => {
      const range = israelDayRange(today().day);
      if (!range) return [];
      const rows = await paymentCountsBetween(db, range.start, range.end);
      return rows.flatMap((r) =>
        (['started', 'paid', 'failed', 'refunded'] as const).map((state) => ({
          labels: { provider: r.provider, state },
          value: r[state],
        })),
      );
    },
  );
  metrics.gauge('jobs', 'Scheduled jobs open or failed, by kind and status', ['kind', 'status'], async () =>
    (await jobQueue(db, clock.now())).map((r) => ({ labels: { kind: r.kind, status: r.status }, value: r.count })),
  );
  metrics.gauge('jobs_overdue', 'Pending jobs more than a minute past their time, by kind', ['kind'], async () => {
    const overdue = new Map<string, number>();
    for (const r of await jobQueue(db, clock.now())) overdue.set(r.kind, (overdue.get(r.kind) ?? 0) + r.overdue);
    return [...overdue].map(([kind, value]) => ({ labels: { kind }, value }));
  });

  const expected = crypto.createHash('sha256').update(`Bearer ${token}`).digest();
  app.get(
    '/metrics',
    {
      // Internal (the monitoring's, not an integrator's): declared, and hidden from the OpenAPI document.
      schema: {
        hide: true,
        headers: z.object({ authorization: z.string().optional() }),
        response: { 200: z.string(), 401: z.object({ status: z.literal(401) }) },
      },
    },
    async (req, reply) => {
      const given = crypto
        .createHash('sha256')
        .update(req.headers.authorization ?? '')
        .digest();
      if (!crypto.timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 401 });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
}
