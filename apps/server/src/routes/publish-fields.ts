import { EDIT_LOGIN_AREA, LOGIN_AREA } from '@app/catalog/categories/contact';
import { trackOfType } from '@app/catalog/tracks';
import type { FieldsAdData } from '@app/contract/publish';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { he } from '../i18n/messages.ts';
import { type Ad, findOwnAd } from '../repositories/ads.ts';
import { draftKey } from '../repositories/drafts.ts';
import { adTitleOf } from '../services/ad-title.ts';
import type { CatalogService } from '../services/catalog-service.ts';
import { contactPrefill } from '../services/contact.ts';
import { trackSelectorsOf } from '../services/plans.ts';
import { readSelectors } from '../services/selectors.ts';
import { virtualNumberData } from '../services/virtual-number.ts';

/** GET /api/publish/fields (served from memory) and /fields/{adId} (edit mode, the owner's ad only). */
export function publishFieldsRoutes(app: FastifyInstance, deps: { db: Db; catalogs: CatalogService }): void {
  const { db, catalogs } = deps;

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/publish/fields', async (req, reply) => {
    const selectors = readSelectors(req.query);
    // After the first save the wizard's query carries its ad (OrderID): the answer names it in adData.
    const orderId = adNumber(req.query.OrderID);
    if (orderId && !req.query.area) {
      const customer = await req.customer();
      const ad = customer ? await findOwnAd(db, customer.id, orderId) : null;
      if (ad && ad.status !== 'reserved' && draftKey(ad.selectors) === draftKey(selectors)) {
        const body = catalogs.savedAdBody(selectors, adDataOf(ad));
        if (body === null) return reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
        return reply.type('application/json; charset=utf-8').send(body);
      }
    }
    const area = req.query.area;
    if (area) {
      const body = catalogs.areaBody(selectors, area);
      if (body === null) return reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
      // The contact area comes with the customer's details (issue 9 §1): the account's and their latest ad's.
      if (area === LOGIN_AREA || area === EDIT_LOGIN_AREA) {
        const customer = await req.customer();
        reply.header('cache-control', 'no-store');
        if (customer) {
          const values = await contactPrefill(db, customer);
          return reply.type('application/json; charset=utf-8').send({ ...JSON.parse(body), values });
        }
      }
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
    const id = adNumber(req.params.adId);
    const ad = id ? await findOwnAd(db, customer.id, id) : null;
    if (!ad || ad.status === 'reserved') return reply.code(404).send({ status: 404, message: he.adNotFound });
    const catalog = catalogs.catalog(ad.selectors);
    if (!catalog) return reply.code(404).send({ status: 404, message: he.adNotFound });
    // An edit saved but not finished yet is what the owner goes on editing.
    const values = ad.pendingValues ?? ad.values;
    return reply
      .type('application/json; charset=utf-8')
      .send(
        catalogs.editBody(
          catalog,
          ad.selectors,
          { ...values, OrderID: ad.orderId, RecordID: ad.orderId },
          adDataOf(ad),
          adTitleOf(ad.orderId, ad.selectors, values),
        ),
      );
  });
}

/** An ad number from the URL: a whole positive number, else 0. */
export function adNumber(text: unknown): number {
  return typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : 0;
}

/**
 * The fields response's adData of a saved ad: its one number; its track's order type once the plan finished it
 * (1 free, 2 bold, 3 VIP…; null before); its virtual number choice.
 */
const adDataOf = (ad: Ad): FieldsAdData => ({
  OrderID2: ad.orderId,
  OrderTypeID: ad.adType ? (trackOfType(trackSelectorsOf(ad), ad.adType)?.orderType ?? null) : null,
  data: virtualNumberData(ad.values),
});
