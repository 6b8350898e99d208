import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { he } from '../i18n/messages.ts';
import { findOwnAd } from '../repositories/ads.ts';
import type { CatalogService } from '../services/catalog-service.ts';
import { readSelectors } from '../services/selectors.ts';

/** GET /api/publish/fields (served from memory) and /fields/{adId} (edit mode, the owner's ad only). */
export function publishFieldsRoutes(app: FastifyInstance, deps: { db: Db; catalogs: CatalogService }): void {
  const { db, catalogs } = deps;

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/publish/fields', async (req, reply) => {
    const selectors = readSelectors(req.query);
    const area = req.query.area;
    if (area) {
      const body = catalogs.areaBody(selectors, area);
      if (body === null) return reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
      return reply.type('application/json; charset=utf-8').send(body);
    }
    const body = catalogs.fieldsBody(selectors);
    if (body === null) return reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Built and compressed once per selection: the answer is a buffer copy.
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? ''))
      return reply.header('content-encoding', 'gzip').send(body.gzip);
    return reply.send(body.json);
  });

  app.get<{ Params: { adId: string } }>('/api/publish/fields/:adId', async (req, reply) => {
    const customer = await req.customer();
    if (!customer) return reply.code(422).send({ status: 422, message: he.loginNeeded });
    const id = /^\d{1,15}$/.test(req.params.adId) ? Number(req.params.adId) : 0;
    const ad = id ? await findOwnAd(db, customer.id, id) : null;
    if (!ad) return reply.code(404).send({ status: 404, message: he.adNotFound });
    const catalog = catalogs.catalog(ad.selectors);
    if (!catalog) return reply.code(404).send({ status: 404, message: he.adNotFound });
    return reply
      .type('application/json; charset=utf-8')
      .send(catalogs.editBody(catalog, ad.selectors, { ...ad.values, OrderID: ad.orderId, RecordID: ad.recordId }));
  });
}
