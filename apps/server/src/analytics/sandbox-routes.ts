import type { FastifyInstance } from 'fastify';
import { heContactUs } from '../i18n/contact-us.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { buildFunnel, readFunnelRange } from './funnel-service.ts';

/**
 * GET /api/sandbox/analytics/funnel?from=YYYY-MM-DD&to=YYYY-MM-DD: the operator's funnel per
 * category selection. Registered through registerSandboxes: only with the sandbox key (401 otherwise), and not
 * at all next to a real mail provider. 400 in Hebrew for a bad or too long period.
 */
export function sandboxAnalyticsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  app.get<{ Querystring: { from?: string; to?: string } }>('/api/sandbox/analytics/funnel', async (req, reply) => {
    const range = readFunnelRange(req.query, clock.now());
    if (!range) return reply.code(400).send({ status: 400, message: heContactUs.funnelRange });
    return buildFunnel(db, range);
  });
}
