import type { MyAdsResponse } from '@app/contract/planExtras';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { myAds } from './my-ads-service.ts';

/** GET /api/my-ads (ours): the logged-in customer's ads; a guest gets 422 (the web app opens the login form). */
export function myAdsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.get('/api/my-ads', async (req, reply) => {
    const customer = await req.customer();
    if (!customer) return reply.code(422).send({ status: 422, message: he.loginNeeded, ads: [] });
    return { status: 200, ads: await myAds(deps.db, customer.id, deps.clock.now()) } satisfies MyAdsResponse;
  });
}
