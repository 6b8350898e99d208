import { EDIT_LOGIN_AREA, LOGIN_AREA } from '@app/catalog/categories/contact';
import { trackOfType } from '@app/catalog/tracks';
import type { FieldsAdData, Selectors } from '@app/contract/publish';
import {
  FieldsAdParamsSchema,
  FieldsQuerySchema,
  FieldsResponseSchema,
  NoCatalogueSchema,
} from '@app/contract/schemas/publish';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adTitleOf } from '../ads/ad-title.ts';
import { type Ad, findOwnAd } from '../ads/ads-repository.ts';
import { draftKey } from '../ads/drafts-repository.ts';
import { adNumber } from '../ads/own-ad.ts';
import { readSelectors } from '../catalogue/selectors.ts';
import type { CatalogService } from '../catalogue/service.ts';
import { he } from '../i18n/messages.ts';
import { virtualNumberData } from '../phones/virtual-number-service.ts';
import { trackSelectorsOf } from '../plans/plans.ts';
import { type CachedAnswer, chooseCoding, notModifiedTag } from '../platform/cached-answer.ts';
import type { Db } from '../platform/db/db.ts';
import { OWN_AD_CONFIG, OWN_AD_REFUSALS } from '../platform/http/call-contract.ts';
import { contactPrefill } from './contact-step-service.ts';

/**
 * The answer everyone gets for a selection (platform/cached-answer.ts): its bytes made once, in the coding the
 * browser takes, with its ETag; a browser that names one of the answer's ETags in If-None-Match gets 304 with that
 * ETag and no body. The browser
 * keeps the answer but asks again each time (`private, no-cache`): the business-for-sale and vehicle trader guards
 * may answer a logged-in customer differently at the same URL (publish-guard.ts runs before this).
 */
function sendShared(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer | null): void {
  if (answer === null) {
    reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
    return;
  }
  const coding = chooseCoding(req.headers['accept-encoding'], answer);
  reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  // A client that takes brotli only, before the brotli body is made: compressed for it alone, without an ETag.
  if (coding === null) {
    reply.header('content-type', JSON_TYPE).send(answer.json);
    return;
  }
  const etag = (coding === 'identity' ? answer.etags.identity : answer.etags[coding]) as string;
  const held = notModifiedTag(req.headers['if-none-match'], answer, etag);
  if (held !== null) {
    // Without the API headers (the route is `revalidated`: platform/http/security-headers.ts).
    reply.header('etag', held).code(304).send();
    return;
  }
  reply.header('etag', etag);
  reply.header('content-type', JSON_TYPE);
  if (coding === 'identity') {
    reply.send(answer.json);
    return;
  }
  reply.header('content-encoding', coding).send(coding === 'br' ? answer.br : answer.gzip);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The query as the route reads it: text, or a list when a key is repeated. */
type Query = Record<string, string | string[] | undefined>;

/** GET /api/publish/fields (served from memory) and /fields/{adId} (edit mode, the owner's ad only). */
export function publishFieldsRoutes(app: FastifyInstance, deps: { db: Db; catalogs: CatalogService }): void {
  const { db, catalogs } = deps;

  // The answer is mostly prepared bytes (a string or a Buffer), which the serialiser never reads: its schema only
  // serialises the contact area's answer with the customer's details, made per request. The handlers send those
  // bytes themselves, so they are typed as before (the schemas still check the request).
  const fieldsSchema = {
    summary: 'שלבי הטופס ושדותיו לקטגוריה',
    description:
      'התשובה שכולם מקבלים נשמרת בזיכרון ונשלחת עם תג גרסה; דפדפן ששולח את התג שלה מקבל 304 בלי גוף. עם מספר מודעה שמורה של הלקוח התשובה נושאת את מספרה, ועם אזור מבוקש רק אותו אזור.',
    querystring: FieldsQuerySchema,
    response: { 200: FieldsResponseSchema, 404: NoCatalogueSchema },
  };
  const fields = { schema: fieldsSchema, config: { revalidated: true } };
  app.get<{ Querystring: Query }>('/api/publish/fields', fields, (req, reply) => {
    const query = req.query;
    const selectors = readSelectors(query);
    // After the first save the wizard's query carries its ad (OrderID): the answer names it in adData.
    const orderId = adNumber(query.OrderID);
    if (orderId || query.area) return personalAnswer(req, reply, query, selectors, orderId);
    sendShared(req, reply, catalogs.fieldsAnswer(selectors));
  });

  /**
   * The answers made per request and never kept: the wizard's own saved ad (its number in adData) and a single
   * area (the contact area comes with the customer's details). Sent with `no-store`, the default of every /api
   * answer; another customer's ad number gets the answer everyone gets.
   */
  async function personalAnswer(
    req: FastifyRequest,
    reply: FastifyReply,
    query: Query,
    selectors: Selectors,
    orderId: number,
  ): Promise<FastifyReply | undefined> {
    const area = query.area as string | undefined;
    if (orderId && !area) {
      const customer = await req.customer();
      const ad = customer ? await findOwnAd(db, customer.id, orderId) : null;
      if (ad && ad.status !== 'reserved' && draftKey(ad.selectors) === draftKey(selectors)) {
        const body = catalogs.savedAdBody(selectors, adDataOf(ad));
        if (body === null) return reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
        return reply.type('application/json; charset=utf-8').send(body);
      }
      // Not the caller's ad, or not of this selection: the answer everyone gets.
      sendShared(req, reply, catalogs.fieldsAnswer(selectors));
      return reply;
    }
    if (!area) return undefined;
    const body = catalogs.areaBody(selectors, area);
    if (body === null) return reply.code(404).send({ status: 404, message: he.noCatalog, fields: [] });
    // The contact area comes with the customer's details: the account's and their latest ad's.
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

  const editSchema = {
    summary: 'שלבי העריכה של מודעה של הלקוח, עם ערכיה השמורים',
    params: FieldsAdParamsSchema,
    response: { 200: FieldsResponseSchema, ...OWN_AD_REFUSALS },
  };
  const edit = { schema: editSchema, config: OWN_AD_CONFIG, preValidation: app.customerOnly };
  app.get<{ Params: { adId: string } }>('/api/publish/fields/:adId', edit, async (req, reply) => {
    const ad = await app.requireOwnAd(req, reply, req.params.adId);
    if (!ad) return reply;
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

/**
 * The fields response's adData of a saved ad: its one number; its track's order type once the plan finished it
 * (1 free, 2 bold, 3 VIP…; null before); its virtual number choice.
 */
const adDataOf = (ad: Ad): FieldsAdData => ({
  OrderID2: ad.orderId,
  OrderTypeID: ad.adType ? (trackOfType(trackSelectorsOf(ad), ad.adType)?.orderType ?? null) : null,
  data: virtualNumberData(ad.values),
});
