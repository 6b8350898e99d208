/**
 * The plan step's server side (after-save-area.md §2, §4 "Choose-type flow", "Publish button", §7):
 *  - GET  /api/publish/{OrderID}/order-types  the plan step of a saved ad again (ours: after a reload);
 *  - POST /api/publish/finish-publish          a free track, or an ad of the customer's package (pt_hash pkg-{id}),
 *                                              finishes the ad (goLive), or a 'next ad' reload; its contact-form
 *                                              variant stores a 'contact me' lead for a package;
 *  - GET  /api/publish/get-finish-page         where the ad stands (the finish page, /finishPaymentArea).
 * Every call is the owner's: another account's ad, an unknown or a reserved one is 404 and changes nothing.
 */
import { CAT } from '@app/catalog/categories/ids';
import { adPackageFits, findAdPackage, ownedPackageId } from '@app/catalog/packages';
import { FREE_AD_TYPES, findTrack, isBusinessForSaleSelection, trackOfType, tracksFor } from '@app/catalog/tracks';
import type { FinishPublishRequest, FinishPublishResponse } from '@app/contract/orders';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AdIdParamsSchema,
  ChooseOrderTypeSchema,
  FinishPageQuerySchema,
  FinishPageStateSchema,
  FinishPublishRequestSchema,
  FinishPublishResponseSchema,
} from '@app/contract/schemas/publish';
import type { FastifyInstance } from 'fastify';
import { blockedFinishPath, continuePublishPath, finishPath } from '../ads/ad-paths.ts';
import { type Ad, ownAdIds } from '../ads/ads-repository.ts';
import { FINISHED_STATUSES, type GoLiveReason, type GoLiveResult, goLive } from '../ads/go-live-service.ts';
import { findOwnSavedAd } from '../ads/own-ad.ts';
import { insertAnalyticsEvents } from '../analytics/events-repository.ts';
import { he } from '../i18n/messages.ts';
import { plansHe } from '../i18n/plans.ts';
import { reviewGate } from '../moderation/review-gate.ts';
import { hasPaidTrack } from '../payments/repository.ts';
import type { PaymentService } from '../payments/service.ts';
import { lockCustomerPackage, packagesOfCustomer, usePackageAd } from '../plans/customer-packages-repository.ts';
import { isContactFormVariant, requestPackageLead } from '../plans/package-lead-service.ts';
import { chooseOrderTypeFor, trackSelectorsOf } from '../plans/plans.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import { OWN_AD_CONFIG, OWN_AD_REFUSALS } from '../platform/http/call-contract.ts';
import { finishPageState } from './finish-page-service.ts';

const NOT_FOUND = { code: 404, body: { status: 404, message: he.adNotFound } };
const MAX_ORDER_IDS = 50;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** The page's OrderIDs that are this customer's ads, in their order (a 'next ad' list carries nothing else). */
async function ownOrderIds(db: Queryable, customerId: number, raw: unknown): Promise<number[]> {
  const wanted = (text(raw) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,12}$/.test(s))
    .slice(0, MAX_ORDER_IDS);
  if (wanted.length === 0) return [];
  const own = await ownAdIds(db, customerId, wanted.map(Number));
  return [...new Set(wanted.map(Number))].filter((id) => own.has(id));
}

/**
 * An ad of one of the customer's packages (the plan step's fromPackage mode): the package's row is locked, one of
 * its ads is used when it has one left and its window is open, and the ad goes live with the package's track and
 * days; with none left or past its window the ad is finished as out_of_slots (spec §4), waiting for a new
 * package (plans/package-ads-service.ts publishes it from the next one bought). Another customer's package, one of
 * another category, or a business-for-sale package for another ad (and the reverse) is unknown. One transaction: two ads racing
 * for the last ad of a package get one each of 'active' and 'out_of_slots', never two from one ad.
 */
async function publishFromPackage(db: Db, now: Date, ad: Ad, packageId: number): Promise<GoLiveResult | 'unknown'> {
  return db.transaction(async (tx) => {
    const owned = await lockCustomerPackage(tx, ad.customerId, packageId);
    const row = owned ? findAdPackage(owned.hash) : undefined;
    const businessForSale = isBusinessForSaleSelection(trackSelectorsOf(ad));
    if (!owned || !row || owned.cat !== ad.cat || !adPackageFits(row, { cat: ad.cat, businessForSale }))
      return 'unknown';
    const left = owned.adsTotal - owned.adsUsed;
    const expired = owned.usableUntil.getTime() <= now.getTime();
    const result = await goLive(
      tx,
      now,
      {
        orderId: ad.orderId,
        adType: row.adType,
        days: row.days,
        reason: 'package',
        packageSlots: { left, expired },
      },
      reviewGate,
    );
    if (result.outcome === 'published' && left > 0 && !expired) await usePackageAd(tx, packageId);
    return result;
  });
}

export function publishFinishRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; payments: Pick<PaymentService, 'cancelOpenSessions'> },
): void {
  const { db, clock, payments } = deps;

  const orderTypesSchema = {
    summary: 'שלב המסלולים של מודעה שמורה',
    params: AdIdParamsSchema,
    response: { 200: ChooseOrderTypeSchema, ...OWN_AD_REFUSALS },
  };
  const orderTypes = { schema: orderTypesSchema, config: OWN_AD_CONFIG, preValidation: app.customerOnly };
  app.get<{ Params: { id: string } }>('/api/publish/:id/order-types', orderTypes, async (req, reply) => {
    const customer = await req.guardedCustomer();
    const ad = await findOwnSavedAd(db, customer.id, req.params.id);
    if (!ad) return reply.code(NOT_FOUND.code).send(NOT_FOUND.body);
    const plan = chooseOrderTypeFor(ad, { packages: await packagesOfCustomer(db, customer.id), now: clock.now() });
    if (!plan) return reply.code(404).send({ status: 404, message: plansHe.noPlan });
    return plan;
  });

  const errors = (field: string, message: string) => ({
    code: 200,
    body: { status: 200, errors: { [field]: message } } satisfies FinishPublishResponse,
  });

  /** The contact-form variant (spec §7): a valid form stores the lead, the finish page says the sales team calls. */
  const packageLead = async (customerId: number, ad: Ad, body: FinishPublishRequest) => {
    const outcome = await requestPackageLead(
      db,
      clock.now(),
      { customerId, ad },
      body as unknown as Record<string, unknown>,
    );
    if (!outcome.ok)
      return { code: 200, body: { status: 200, errors: outcome.errors } satisfies FinishPublishResponse };
    const redirect = `/finishArea?action=packageLead&OrderID=${ad.orderId}`;
    return { code: 200, body: { status: 200, redirect } satisfies FinishPublishResponse };
  };

  const finishPublish = async (customerId: number, body: FinishPublishRequest) => {
    const ad = await findOwnSavedAd(db, customerId, body.OrderID);
    if (!ad) return NOT_FOUND;
    if (isContactFormVariant(body)) return packageLead(customerId, ad, body);
    // Blocked words: the ad waits aside; the finish page of blocked words, as the save chain sends it.
    if (ad.status === 'blocked') return { code: 200, body: { status: 200, redirect: blockedFinishPath(ad) } };
    const finished = async (done: Ad) => {
      // The broker-lead flow ended in failure (spec §4, §8: the flow finishes with a failure flag): recorded for
      // the operator, once per finish (a repeated finish records it again only with the flag sent again).
      if (truthy(body.leadFailed))
        await insertAnalyticsEvents(
          db,
          [
            {
              name: 'broker_lead_failed',
              props: { cat: done.cat, ...(done.subcat === null ? {} : { subcat: done.subcat }), orderId: done.orderId },
              occurredAt: clock.now(),
            },
          ],
          customerId,
        );
      const next = done.cat === CAT.secondHand && truthy(body.continuePublishNewAd);
      const redirect = next
        ? continuePublishPath(done, await ownOrderIds(db, customerId, body.OrderIDs))
        : finishPath(done);
      return { code: 200, body: { status: 200, redirect, events: ['adPublished'] } satisfies FinishPublishResponse };
    };
    // A repeated finish (a double click, a retry) answers as the first did.
    if (FINISHED_STATUSES.has(ad.status)) return finished(ad);
    if (ad.status !== 'draft') return errors('orderType', plansHe.adNotDraft);

    const selectors = trackSelectorsOf(ad);
    const tracks = tracksFor(selectors);
    if (tracks.length === 0) return errors('orderType', plansHe.noPlan);
    const hash = text(body.pt_hash);
    const packageId = hash ? ownedPackageId(hash) : null;
    if (packageId !== null) {
      const result = await publishFromPackage(db, clock.now(), ad, packageId);
      if (result === 'unknown') return errors('orderType', plansHe.trackUnknown);
      if (result.outcome === 'published') await payments.cancelOpenSessions(ad.orderId);
      if ((result.outcome === 'published' || result.outcome === 'alreadyFinished') && result.ad)
        return finished(result.ad);
      return errors('orderType', plansHe.adNotDraft);
    }
    const adType = text(body.orderType);
    // Only CatID, SubCatID, OrderID and RecordID (spec §7): the selection's free track.
    const track = hash
      ? findTrack(selectors, hash)
      : adType
        ? trackOfType(selectors, adType)
        : (tracks.find((t) => FREE_AD_TYPES.has(t.adType)) ?? null);
    if (!track) return errors('orderType', plansHe.trackUnknown);
    let reason: GoLiveReason = 'free';
    if (!FREE_AD_TYPES.has(track.adType) || track.amountAgorot > 0) {
      // A paid track goes live from the payment's notification; here only when that payment is already paid.
      if (!(await hasPaidTrack(db, ad, track.adType))) return errors('orderType', plansHe.trackNeedsPayment);
      reason = 'paid';
    }
    const result = await db.transaction((tx) =>
      goLive(
        tx,
        clock.now(),
        {
          orderId: ad.orderId,
          adType: track.adType,
          days: track.days,
          giftedDays: track.giftedDays,
          reason,
        },
        reviewGate,
      ),
    );
    // Finished this way: the ad's open payment sessions are cancelled at the provider before answering (one the
    // customer paid meanwhile is refunded; payments/service.ts).
    if (result.outcome === 'published') await payments.cancelOpenSessions(ad.orderId);
    if ((result.outcome === 'published' || result.outcome === 'alreadyFinished') && result.ad)
      return finished(result.ad);
    if (result.ad?.status === 'blocked') return { code: 200, body: { status: 200, redirect: blockedFinishPath(ad) } };
    return errors('orderType', plansHe.adNotDraft);
  };

  const finishSchema = {
    summary: 'סיום הפרסום: מסלול חינם, מודעה מחבילה או בקשה ליצירת קשר על חבילה',
    body: FinishPublishRequestSchema,
    response: { 200: FinishPublishResponseSchema, 404: RefusalSchema, 422: RefusalSchema },
  };
  const finish = { schema: finishSchema, preValidation: app.customerOnly };
  app.post<{ Body: FinishPublishRequest }>('/api/publish/finish-publish', finish, async (req, reply) => {
    const customer = await req.guardedCustomer();
    const body = req.body && typeof req.body === 'object' ? req.body : ({} as FinishPublishRequest);
    const { code, body: answer } = await finishPublish(customer.id, body);
    if (code === 200 && 'redirect' in answer && answer.redirect)
      req.log.info({ customerId: customer.id, orderId: text(body.OrderID) }, 'finish-publish');
    return reply.code(code).send(answer);
  });

  const finishPageSchema = {
    summary: 'עמוד הסיום: היכן המודעה עומדת',
    querystring: FinishPageQuerySchema,
    response: { 200: FinishPageStateSchema, 404: RefusalSchema, 422: RefusalSchema },
  };
  app.get<{ Querystring: { OrderID?: string; action?: string } }>(
    '/api/publish/get-finish-page',
    { schema: finishPageSchema, preValidation: app.customerOnly },
    async (req, reply) => {
      const customer = await req.guardedCustomer();
      const ad = await findOwnSavedAd(db, customer.id, req.query.OrderID);
      if (!ad) return reply.code(NOT_FOUND.code).send(NOT_FOUND.body);
      return finishPageState(db, ad, { trade: customer.trade, finishPayment: req.query.action === 'finishPayment' });
    },
  );
}
