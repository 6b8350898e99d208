import { ANALYTICS_LIMITS, type AnalyticsBatchResponse } from '@app/contract/analytics';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { insertAnalyticsEvents } from './events-repository.ts';
import { readAnalyticsBatch } from './events-service.ts';

/** Batches per address per window: a person's page sends one every few seconds at most; a script is stopped. */
export const ANALYTICS_BATCHES_PER_WINDOW = 120;
const WINDOW_MS = 10 * 60 * 1000;

/**
 * POST /api/analytics/events (our addition): a small batch of the browser's image and video
 * events, from visitors and customers. CSRF as on every POST, the token also accepted in the body for
 * navigator.sendBeacon (platform/http/csrf.ts, csrfTokenInBody); 16 KB body cap (413), the batch checked by
 * readAnalyticsBatch (400 in Hebrew), 120 batches per address per 10 minutes (429). The customer id is the
 * session's, never the body's.
 */
export function analyticsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const { db, clock, limiter } = deps;
  app.post(
    '/api/analytics/events',
    { bodyLimit: ANALYTICS_LIMITS.bodyBytes, config: { csrfTokenInBody: true } },
    async (req, reply) => {
      const checked = readAnalyticsBatch(req.body, clock.now());
      if (!checked.ok) return reply.code(400).send({ status: 400, message: checked.message });
      const { count } = await limiter.hit(`analytics:ip:${req.ip}`, WINDOW_MS);
      if (count > ANALYTICS_BATCHES_PER_WINDOW)
        return reply.code(429).send({ status: 429, message: he.analyticsTooMany });
      const customer = await req.customer();
      await insertAnalyticsEvents(db, checked.events, customer?.id ?? null);
      return { status: 'ok', stored: checked.events.length } satisfies AnalyticsBatchResponse;
    },
  );
}
