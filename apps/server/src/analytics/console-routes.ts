/**
 * The analysts' calls (roles analyst and admin): the publishing funnel, the phone guards' spend with the pumping
 * alarm, and the live ads. Read-only; every answer is computed from the database at the time of the call.
 */
import {
  FunnelQuerySchema,
  FunnelResponseSchema,
  LiveAdsResponseSchema,
  PhoneSpendQuerySchema,
  PhoneSpendResponseSchema,
} from '@app/contract/schemas/analytics';
import { RefusalSchema, withStatus200 } from '@app/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heAnalytics } from '../i18n/analytics.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { refuseWith } from '../platform/http/call-contract.ts';
import { israelDayOf } from '../platform/israel-day.ts';
import { liveAdRows } from './console-repository.ts';
import { buildFunnel, readFunnelRange, selectionTitle } from './funnel-service.ts';
import { phoneSpend } from './phone-spend.ts';

const ANALYST = ['analyst'] as const;
/** Every refusal of a console call: not logged in, another role, a bad query. */
const refusals = { 400: RefusalSchema, 401: RefusalSchema, 403: RefusalSchema } as const;

export function analyticsConsoleRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    limits: { SMS_DAILY_BUDGET: number; SMS_PREFIX_HOURLY_LIMIT: number };
  },
): void {
  const { db, clock, limits } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const analyst = app.staffOnly(ANALYST);

  routes.get(
    '/api/operator/analytics/funnel',
    {
      schema: {
        summary: 'משפך האשף לפי קטגוריה ושלב',
        querystring: FunnelQuerySchema,
        response: { 200: withStatus200(FunnelResponseSchema.shape), ...refusals },
      },
      preValidation: analyst,
      config: { invalidInput: refuseWith(heAnalytics.funnelRange) },
    },
    async (req, reply) => {
      const range = readFunnelRange(req.query, clock.now());
      if (!range) return reply.code(400).send({ status: 400, message: heAnalytics.funnelRange });
      return { status: 200 as const, ...(await buildFunnel(db, range)) };
    },
  );

  routes.get(
    '/api/operator/analytics/phone-spend',
    {
      schema: {
        summary: 'הוצאת ההודעות והשיחות של יום, והתראת השאיבה',
        querystring: PhoneSpendQuerySchema,
        response: { 200: withStatus200(PhoneSpendResponseSchema.shape), ...refusals },
      },
      preValidation: analyst,
      config: { invalidInput: refuseWith(heAnalytics.badDay) },
    },
    async (req, reply) => {
      const now = clock.now();
      const spend = await phoneSpend(db, {
        day: req.query.day ?? israelDayOf(now),
        now,
        dailyBudget: limits.SMS_DAILY_BUDGET,
        prefixHourly: limits.SMS_PREFIX_HOURLY_LIMIT,
      });
      if (!spend) return reply.code(400).send({ status: 400, message: heAnalytics.badDay });
      return { status: 200 as const, ...spend };
    },
  );

  routes.get(
    '/api/operator/analytics/live-ads',
    {
      schema: {
        summary: 'המודעות החיות לפי קטגוריה',
        response: { 200: withStatus200(LiveAdsResponseSchema.shape), ...refusals },
      },
      preValidation: analyst,
    },
    async () => {
      const rows = await liveAdRows(db, clock.now());
      return {
        status: 200 as const,
        total: rows.reduce((sum, r) => sum + r.live, 0),
        categories: rows.map((r) => ({ ...r, title: selectionTitle(r.cat, r.subcat) })),
      };
    },
  );
}
