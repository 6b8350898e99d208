/**
 * The count calls (after-save-area.md §7, publish-wizard.md §7):
 * - GET /api/publish/get-ads-counters/{cat}/{subcat}/{RecordID}: the owner's saved ad only (another account's or an
 *   unknown ad: 404), for the spec's selections only (else 404);
 * - GET /api/publish/real-estate-count/{sale|rent}?cityId&hoodId[&homeTypeId][&price]: data.data.count;
 * - GET /api/publish/glimpse?cat_id&subcat_id&type=cars&car_step&car_manufacturer&car_model[&car_year]: total.
 * Counts of live ads are public knowledge (the board shows them), so the last two need no login. Reads only: no
 * CSRF. Their requests and answers are the contract's schemas (packages/contract/src/schemas/counts.ts); a query
 * they do not match is a 400 with a Hebrew message.
 */

import { hasAdsCounters } from '@app/contract/marketCounts';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AdsCountersParamsSchema,
  AdsCountersResponseSchema,
  GlimpseQuerySchema,
  GlimpseResponseSchema,
  RealEstateCountParamsSchema,
  RealEstateCountQuerySchema,
  RealEstateCountResponseSchema,
} from '@app/contract/schemas/counts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { ownAdCall, refuseWith } from '../platform/http/call-contract.ts';
import { carsGlimpse, realEstateCount, sameAdsCounts } from './live-counts-repository.ts';

/** A code that may be left out: empty or -1 is the same as not sent. */
const given = (code: string | undefined): string | null =>
  code === undefined || code === '' || code === '-1' ? null : code;

export function countRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/publish/get-ads-counters/:cat/:subcat/:recordId',
    ownAdCall(
      app,
      { summary: 'מונה המודעות הדומות למודעה שנשמרה' },
      AdsCountersParamsSchema,
      AdsCountersResponseSchema,
    ),
    async (req, reply) => {
      const ad = await app.requireOwnAd(req, reply, req.params.recordId);
      if (!ad) return reply;
      const notFound = () => reply.code(404).send({ status: 404, message: he.adNotFound });
      // The path's selection must be the ad's, and one that has counters.
      if (String(ad.cat) !== req.params.cat || String(ad.subcat) !== req.params.subcat) return notFound();
      if (!hasAdsCounters(ad.cat, ad.subcat)) return notFound();
      const counters = await sameAdsCounts(db, ad, clock.now());
      if (!counters) return notFound();
      return { status: 200 as const, counters, total: counters.yellow + counters.pink + counters.grey };
    },
  );

  routes.get(
    '/api/publish/real-estate-count/:kind',
    {
      schema: {
        summary: 'מספר מודעות הנדל"ן החיות בעיר, בשכונה, בסוג הנכס ובטווח המחיר',
        params: RealEstateCountParamsSchema,
        querystring: RealEstateCountQuerySchema,
        response: { 200: RealEstateCountResponseSchema, 404: RefusalSchema },
      },
      config: { invalidInput: refuseWith(he.countsBadQuery) },
    },
    async (req) => {
      const q = req.query;
      const priceText = q.price?.replace(/[,\s]/g, '') ?? '';
      const price = priceText === '' ? 0 : Number(priceText);
      const count = await realEstateCount(
        db,
        {
          subcat: req.params.kind === 'sale' ? 1 : 2,
          cityId: q.cityId,
          hoodId: given(q.hoodId),
          homeTypeId: given(q.homeTypeId),
          price: price > 0 ? price : null,
        },
        clock.now(),
      );
      return { status: 200 as const, data: { count } };
    },
  );

  routes.get(
    '/api/publish/glimpse',
    {
      schema: {
        summary: 'מספר מודעות הרכב החיות של הדגם (ושל השנה)',
        querystring: GlimpseQuerySchema,
        response: { 200: GlimpseResponseSchema },
      },
      config: { invalidInput: refuseWith(he.countsBadQuery) },
    },
    async (req) => {
      const q = req.query;
      const year = given(q.car_year);
      const total = await carsGlimpse(
        db,
        {
          subcat: Number(q.subcat_id),
          manufacturer: q.car_manufacturer,
          model: q.car_model,
          year: q.car_step === 'area' ? year : null,
        },
        clock.now(),
      );
      return { status: 200 as const, total };
    },
  );
}
