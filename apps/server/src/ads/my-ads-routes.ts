/**
 * "My ads" (ours; declared: packages/contract/src/schemas/myAds.ts):
 * - GET /api/my-ads: a page of the logged-in customer's ads, found by words or the ad's number, filtered by status,
 *   category, track or ending within 7 days, newest, ending soonest or most viewed first, the next page by its
 *   cursor (a cursor not of this query: 400);
 * - POST /api/my-ads/bulk: bump or renew where the ad's track allows it (packages/catalog data/tracks.json
 *   `ownerActions`), hide, show again or delete several of the customer's ads, each answered on its own.
 * A guest gets 422 (the web app opens the login form).
 */
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  MyAdsBulkRequestSchema,
  MyAdsBulkResponseSchema,
  MyAdsQuerySchema,
  MyAdsResponseSchema,
} from '@app/contract/schemas/myAds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { bulkMyAds, MyAdsQueryError, myAds } from './my-ads-service.ts';

export function myAdsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/my-ads',
    {
      schema: {
        summary: 'המודעות שלי',
        description:
          'עמוד של מודעות הלקוח: חיפוש במילים או במספר מודעה, סינון לפי סטטוס, קטגוריה, מסלול ומודעות שמסתיימות בתוך 7 ימים, מיון ודפדוף בסמן.',
        querystring: MyAdsQuerySchema,
        response: { 200: MyAdsResponseSchema, 400: RefusalSchema, 422: RefusalSchema },
      },
      preValidation: app.customerOnly,
    },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
      reply.header('cache-control', 'no-store');
      try {
        return { status: 200 as const, ...(await myAds(db, customer.id, clock.now(), req.query)) };
      } catch (error) {
        if (error instanceof MyAdsQueryError) return reply.code(400).send({ status: 400, message: error.message });
        throw error;
      }
    },
  );

  routes.post(
    '/api/my-ads/bulk',
    {
      schema: {
        summary: 'פעולה על כמה מודעות שלי',
        description:
          'הקפצה או חידוש כשמסלול המודעה מאפשר זאת, הסתרה, החזרה לאתר או מחיקה של כמה ממודעות הלקוח. כל מודעה נענית בנפרד: בוצע, או נדחה עם הסיבה ובלי שינוי.',
        body: MyAdsBulkRequestSchema,
        response: { 200: MyAdsBulkResponseSchema, 422: RefusalSchema },
      },
      preValidation: app.customerOnly,
    },
    async (req) => {
      const customer = await req.guardedCustomer();
      return { status: 200 as const, results: await bulkMyAds(db, customer.id, clock.now(), req.body) };
    },
  );
}
