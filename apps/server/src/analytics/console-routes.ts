/**
 * The analysts' calls (roles analyst and admin): the publishing funnel, the phone guards' spend with the pumping
 * alarm, and the live ads. Read-only; every answer is computed from the database at the time of the call.
 */
import type { LiveAdsResponse } from '@app/contract/analytics';
import type { FastifyInstance } from 'fastify';
import { heAnalytics } from '../i18n/analytics.ts';
import { requireStaff } from '../operator/guard.ts';
import type { StaffService } from '../operator/staff-service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { israelDayOf } from '../platform/israel-day.ts';
import { liveAdRows } from './console-repository.ts';
import { buildFunnel, readFunnelRange, selectionTitle } from './funnel-service.ts';
import { phoneSpend } from './phone-spend.ts';

const ANALYST = ['analyst'] as const;

export function analyticsConsoleRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    staff: StaffService;
    limits: { SMS_DAILY_BUDGET: number; SMS_PREFIX_HOURLY_LIMIT: number };
  },
): void {
  const { db, clock, staff, limits } = deps;
  const query = (req: { query: unknown }) => (req.query ?? {}) as Record<string, string | undefined>;

  app.get('/api/operator/analytics/funnel', async (req, reply) => {
    if (!(await requireStaff(staff, req, reply, ANALYST))) return reply;
    const range = readFunnelRange(query(req), clock.now());
    if (!range) return reply.code(400).send({ status: 400, message: heAnalytics.funnelRange });
    return { status: 200, ...(await buildFunnel(db, range)) };
  });

  app.get('/api/operator/analytics/phone-spend', async (req, reply) => {
    if (!(await requireStaff(staff, req, reply, ANALYST))) return reply;
    const now = clock.now();
    const spend = await phoneSpend(db, {
      day: query(req).day ?? israelDayOf(now),
      now,
      dailyBudget: limits.SMS_DAILY_BUDGET,
      prefixHourly: limits.SMS_PREFIX_HOURLY_LIMIT,
    });
    if (!spend) return reply.code(400).send({ status: 400, message: heAnalytics.badDay });
    return { status: 200, ...spend };
  });

  app.get('/api/operator/analytics/live-ads', async (req, reply) => {
    if (!(await requireStaff(staff, req, reply, ANALYST))) return reply;
    const rows = await liveAdRows(db, clock.now());
    const answer: LiveAdsResponse = {
      total: rows.reduce((sum, r) => sum + r.live, 0),
      categories: rows.map((r) => ({ ...r, title: selectionTitle(r.cat, r.subcat) })),
    };
    return { status: 200, ...answer };
  });
}
