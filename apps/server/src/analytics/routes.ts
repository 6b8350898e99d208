import { ANALYTICS_LIMITS } from '@app/contract/analytics';
import { AnalyticsBatchRequestSchema, AnalyticsBatchResponseSchema } from '@app/contract/schemas/analytics';
import { RefusalSchema } from '@app/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { insertAnalyticsEvents } from './events-repository.ts';
import { ANALYTICS_BATCHES_PER_WINDOW, checkedEvents } from './events-service.ts';

const WINDOW_MS = 10 * 60 * 1000;

/** A refused batch: an event's name the server does not know is told apart from the rest (caps, props). */
const batchRefused: InvalidInputAnswer = (_part, issues) => {
  const first = issues[0]?.path ?? [];
  const badName = first[0] === 'events' && first[2] === 'name' && first.length === 3;
  return refusal(400, badName ? he.analyticsEventName : he.analyticsBatch);
};

/**
 * POST /api/analytics/events (our addition): a small batch of the browser's image and video
 * events, from visitors and customers. CSRF as on every POST, the token also accepted in the body for
 * navigator.sendBeacon (platform/http/csrf.ts, csrfTokenInBody); 16 KB body cap (413), the batch checked by its
 * schema (packages/contract/src/schemas/analytics.ts: 400 in Hebrew, the unknown name told apart), 120 batches per
 * address per 10 minutes (429). The customer id is the session's, never the body's.
 */
export function analyticsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const { db, clock, limiter } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/analytics/events',
    {
      schema: {
        summary: 'אירועי התמונות, הווידאו והאשף של הדפדפן',
        body: AnalyticsBatchRequestSchema,
        response: { 200: AnalyticsBatchResponseSchema, 429: RefusalSchema },
      },
      bodyLimit: ANALYTICS_LIMITS.bodyBytes,
      config: { csrfTokenInBody: true, invalidInput: batchRefused },
    },
    async (req, reply) => {
      const { count } = await limiter.hit(`analytics:ip:${req.ip}`, WINDOW_MS);
      if (count > ANALYTICS_BATCHES_PER_WINDOW)
        return reply.code(429).send({ status: 429, message: he.analyticsTooMany });
      const events = checkedEvents(req.body.events, clock.now());
      const customer = await req.customer();
      await insertAnalyticsEvents(db, events, customer?.id ?? null);
      return { status: 'ok' as const, stored: events.length };
    },
  );
}
