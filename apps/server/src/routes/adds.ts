import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { formatPhone, normalisePhone } from '@app/contract/phones';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { he } from '../i18n/messages.ts';
import { findVirtualPhone } from '../phones/phone-repository.ts';
import { findActiveAd } from '../repositories/ads.ts';
import { publicAdView } from '../services/public-ad.ts';
import { adNumber } from './publish-fields.ts';

/**
 * GET /api/adds/{id}: the live ad for the car sign (after-save-area.md §7). Public: an active ad only (a draft, a
 * blocked, a deleted or an unknown ad is 404), its live values (an edit waits for order-edited).
 */
export function addsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.get<{ Params: { id: string } }>('/api/adds/:id', async (req, reply) => {
    const id = adNumber(req.params.id);
    const ad = id ? await findActiveAd(deps.db, id) : null;
    if (!ad) return reply.code(404).send({ status: 404, message: he.adNotFound });
    // It changes the moment an edit goes live: no shared cache keeps the old one.
    const phone = normalisePhone(String(ad.values[CONTACT_FIELDS.phone1] ?? ''));
    const virtual = phone ? await findVirtualPhone(deps.db, ad.customerId, phone) : null;
    const view = publicAdView(ad, deps.clock.now(), virtual ? formatPhone(virtual.virtualPhone) : null);
    return reply.header('cache-control', 'no-store').send(view);
  });
}
