/**
 * The advertiser's numbers for the owner (declared: packages/contract/src/schemas/adNumbers.ts); reads only:
 * - GET /api/my-ads/numbers: each of the customer's ads with its totals, all time and the last 30 days;
 * - GET /api/my-ads/{id}/numbers: one of the customer's ads, its totals and its last 30 days (another's: 404).
 * A guest is answered 422. The counting itself is the pages' (listing/, board/), through `AdNumbersCounter`.
 */
import {
  AdNumbersParamsSchema,
  AdNumbersResponseSchema,
  MyAdsNumbersResponseSchema,
} from '@app/contract/schemas/adNumbers';
import { RefusalSchema } from '@app/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { ownAdCall } from '../platform/http/call-contract.ts';
import { adNumbersByDay, myAdsNumbers } from './ad-numbers-service.ts';

export function numbersRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/my-ads/numbers',
    {
      schema: {
        summary: 'המספרים של המודעות שלי',
        description:
          'לכל מודעה של הלקוח: צפיות, הצגות טלפון, שיתופים, דיווחים והופעות בלוח, בסך הכול וב-30 הימים האחרונים.',
        response: { 200: MyAdsNumbersResponseSchema, 422: RefusalSchema },
      },
      preValidation: app.customerOnly,
    },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
      reply.header('cache-control', 'no-store');
      return { status: 200 as const, ads: await myAdsNumbers(db, customer.id, clock.now()) };
    },
  );

  routes.get(
    '/api/my-ads/:id/numbers',
    ownAdCall(
      app,
      {
        summary: 'המספרים של מודעה שלי לפי יום',
        description: 'מודעה של הלקוח בלבד: הסכומים וכל אחד מ-30 הימים האחרונים (מודעה של מישהו אחר: 404).',
      },
      AdNumbersParamsSchema,
      AdNumbersResponseSchema,
    ),
    async (req, reply) => {
      const ad = await app.requireOwnAd(req, reply, req.params.id);
      if (!ad) return reply;
      reply.header('cache-control', 'no-store');
      return { status: 200 as const, OrderID: ad.orderId, ...(await adNumbersByDay(db, ad.orderId, clock.now())) };
    },
  );
}
