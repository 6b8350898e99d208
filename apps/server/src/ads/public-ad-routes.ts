import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { formatPhone, normalisePhone } from '@app/contract/phones';
import { RefusalSchema } from '@app/contract/schemas/common';
import { PublicAdParamsSchema, PublicAdResponseSchema } from '@app/contract/schemas/publish';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { findVirtualPhone } from '../phones/phone-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { refusal } from '../platform/http/call-contract.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { findActiveAd, findOwnAd } from './ads-repository.ts';
import { adNumber } from './own-ad.ts';
import { adPagePath, publicAdView } from './public-ad.ts';

/**
 * GET /api/adds/{id}: the live ad for the car sign (after-save-area.md §7). Public for an active ad; its owner also
 * gets their own ad in any other state but reserved or deleted (a sign printed before the ad is live). Anyone
 * else's draft, blocked, deleted or unknown ad is 404. Always the live values (an edit waits for order-edited).
 * `AdUrl` is the ad's own page on the site's public origin (never the request's Host).
 */
export function addsRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; origins: Pick<PublicOrigins, 'siteUrl'> },
): void {
  const schema = {
    summary: 'המודעה החיה לשלט הרכב',
    params: PublicAdParamsSchema,
    response: { 200: PublicAdResponseSchema, 404: RefusalSchema },
  };
  // An address that names no ad is that ad not found, as any other unknown ad.
  const config = { invalidInput: () => refusal(404, he.adNotFound) };
  app.get<{ Params: { id: string } }>('/api/adds/:id', { schema, config }, async (req, reply) => {
    const id = adNumber(req.params.id);
    const active = id ? await findActiveAd(deps.db, id) : null;
    const customer = active || !id ? null : await req.customer();
    const own = customer && id ? await findOwnAd(deps.db, customer.id, id) : null;
    const ad = active ?? (own && own.status !== 'reserved' ? own : null);
    if (!ad) return reply.code(404).send({ status: 404, message: he.adNotFound });
    // It changes the moment an edit goes live: no shared cache keeps the old one.
    const phone = normalisePhone(String(ad.values[CONTACT_FIELDS.phone1] ?? ''));
    const virtual = phone ? await findVirtualPhone(deps.db, ad.customerId, phone) : null;
    const view = publicAdView(
      ad,
      deps.clock.now(),
      virtual ? formatPhone(virtual.virtualPhone) : null,
      deps.origins.siteUrl(adPagePath(ad.orderId)),
    );
    return reply.header('cache-control', 'no-store').send(view);
  });
}
