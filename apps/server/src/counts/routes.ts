/**
 * The count calls (after-save-area.md §7, publish-wizard.md §7):
 * - GET /api/publish/get-ads-counters/{cat}/{subcat}/{RecordID}: the owner's saved ad only (another account's or an
 *   unknown ad: 404), for the spec's selections only (else 404);
 * - GET /api/publish/real-estate-count/{sale|rent}?cityId&hoodId[&homeTypeId][&price]: data.data.count;
 * - GET /api/publish/glimpse?cat_id&subcat_id&type=cars&car_step&car_manufacturer&car_model[&car_year]: total.
 * Counts of live ads are public knowledge (the board shows them), so the last two need no login. Reads only: no
 * CSRF. Bad input is a 400 with a Hebrew message.
 */

import type { RealEstateCountResponse } from '@app/contract/marketCounts';
import { type AdsCountersResponse, type GlimpseResponse, hasAdsCounters } from '@app/contract/marketCounts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findOwnAd } from '../ads/ads-repository.ts';
import { adNumber } from '../ads/own-ad.ts';
import { requireCustomer } from '../catalogue/steps-routes.ts';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { carsGlimpse, realEstateCount, sameAdsCounts } from './live-counts.ts';

const countsHe = {
  badQuery: 'פרטי החיפוש אינם תקינים',
} as const;

/** A code of our lists (digits, up to 9), else null; missing or -1 is `missing`. */
function code(v: unknown): string | null | 'missing' {
  if (v === undefined || v === '' || v === '-1') return 'missing';
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? v : null;
}

export function countRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  const bad = (reply: FastifyReply) => reply.code(400).send({ status: 400, message: countsHe.badQuery });

  app.get<{ Params: { cat: string; subcat: string; recordId: string } }>(
    '/api/publish/get-ads-counters/:cat/:subcat/:recordId',
    async (req, reply) => {
      const customer = await requireCustomer(req, reply);
      if (!customer) return reply;
      const id = adNumber(req.params.recordId);
      const ad = id ? await findOwnAd(db, customer.id, id) : null;
      const notFound = () => reply.code(404).send({ status: 404, message: he.adNotFound });
      if (!ad || ad.status === 'reserved') return notFound();
      // The path's selection must be the ad's, and one that has counters.
      if (String(ad.cat) !== req.params.cat || String(ad.subcat) !== req.params.subcat) return notFound();
      if (!hasAdsCounters(ad.cat, ad.subcat)) return notFound();
      const counters = await sameAdsCounts(db, ad, clock.now());
      if (!counters) return notFound();
      return {
        status: 200,
        counters,
        total: counters.yellow + counters.pink + counters.grey,
      } satisfies AdsCountersResponse;
    },
  );

  app.get<{ Params: { kind: string }; Querystring: Record<string, string | undefined> }>(
    '/api/publish/real-estate-count/:kind',
    async (req, reply) => {
      const subcat = req.params.kind === 'sale' ? 1 : req.params.kind === 'rent' ? 2 : 0;
      if (!subcat) return reply.code(404).send({ status: 404, message: he.notFound });
      const q = req.query;
      const city = code(q.cityId);
      const hood = code(q.hoodId);
      const homeType = code(q.homeTypeId);
      const priceText = typeof q.price === 'string' ? q.price.replace(/[,\s]/g, '') : '';
      const price = priceText === '' ? null : /^\d{1,10}$/.test(priceText) ? Number(priceText) : Number.NaN;
      if (city === null || city === 'missing' || hood === null || homeType === null || Number.isNaN(price)) {
        return bad(reply);
      }
      const count = await realEstateCount(
        db,
        {
          subcat,
          cityId: city,
          hoodId: hood === 'missing' ? null : hood,
          homeTypeId: homeType === 'missing' ? null : homeType,
          price: price && price > 0 ? price : null,
        },
        clock.now(),
      );
      return { status: 200, data: { count } } satisfies RealEstateCountResponse;
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/publish/glimpse', async (req, reply) => {
    const q = req.query;
    const subcat = code(q.subcat_id);
    const manufacturer = code(q.car_manufacturer);
    const model = code(q.car_model);
    const year = code(q.car_year);
    const step = q.car_step;
    if (q.cat_id !== '1' || q.type !== 'cars' || (step !== 'model' && step !== 'area')) return bad(reply);
    if (subcat === null || subcat === 'missing' || year === null) return bad(reply);
    if (manufacturer === null || manufacturer === 'missing' || model === null || model === 'missing') {
      return bad(reply);
    }
    const total = await carsGlimpse(
      db,
      {
        subcat: Number(subcat),
        manufacturer,
        model,
        year: step === 'area' && year !== 'missing' ? year : null,
      },
      clock.now(),
    );
    return { status: 200, total } satisfies GlimpseResponse;
  });
}
