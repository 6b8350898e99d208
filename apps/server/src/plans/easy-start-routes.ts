/**
 * POST /api/my-ads/{OrderID}/easy-start/cancel (ours): the advertiser cancels EasyStart's free week before its
 * charge. The owner only (another account's ad: 404; one without a running trial: 409; nothing changes);
 * CSRF-checked as every POST. Answers the ad's trial as /my-ads shows it.
 */
import type { EasyStartTrial } from '@app/contract/planExtras';
import { RefusalSchema } from '@app/contract/schemas/common';
import { EasyStartCancelParamsSchema, EasyStartCancelResponseSchema } from '@app/contract/schemas/planExtras';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findOwnSavedAd } from '../ads/own-ad.ts';
import { heEasyStart } from '../i18n/easy-start.ts';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { OWN_AD_CONFIG, OWN_AD_REFUSALS } from '../platform/http/call-contract.ts';
import { cancelTrial, type Trial } from './easy-start-service.ts';

/** A trial as the advertiser sees it (GET /api/my-ads, the cancel call's answer). */
const trialView = (trial: Trial): EasyStartTrial => ({
  status: trial.status,
  chargeAt: trial.chargeAt.toISOString(),
  amountAgorot: trial.amountAgorot,
  days: trial.days,
  cardLast4: trial.card.last4,
  attempts: trial.attempts,
});

export function easyStartRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/my-ads/:id/easy-start/cancel',
    {
      schema: {
        summary: 'ביטול שבוע הניסיון החינמי',
        description:
          'ביטול שבוע הניסיון החינמי של מודעה של הלקוח לפני החיוב; מודעה בלי שבוע ניסיון פעיל: 409 ודבר אינו משתנה.',
        params: EasyStartCancelParamsSchema,
        response: { 200: EasyStartCancelResponseSchema, 409: RefusalSchema, ...OWN_AD_REFUSALS },
      },
      preValidation: app.customerOnly,
      config: OWN_AD_CONFIG,
    },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
      // Another account's ad (or none): not found, whatever its trial.
      const own = await findOwnSavedAd(deps.db, customer.id, req.params.id);
      if (!own) return reply.code(404).send({ status: 404, message: he.adNotFound });
      const trial = await cancelTrial(deps.db, { adId: own.orderId, customerId: customer.id }, deps.clock.now());
      if (!trial) return reply.code(409).send({ status: 409, message: heEasyStart.notRunning });
      return { status: 200 as const, easyStart: trialView(trial) };
    },
  );
}
