/**
 * Paying for a plan (after-save-area.md §4 "Payment type popup", §7): the calls that start a payment, each for
 * what the plan step, the upgrade list or the auto-bump offer sells this ad:
 *   POST /api/publish/finish-page  (card)          → { merchantPaymentUrl }   the hosted card page to frame
 *   POST /api/publish/bit-payment  (mobile app)    → { sale_url }             the hosted mobile-payment page
 *   POST {gateway}/packages/personal/pay/{adId}                 → { data: { iframe } }  (purpose 'package')
 *   POST {gateway}/packages/subscribe/auto-bump-ad/start-payment/{OrderID} → { data: { iframe } } ('auto_bump')
 * Every start is the owner's (another account's ad: 404, nothing made), CSRF-checked, and charges the amount of
 * the server's own data (charges.ts), never one from the browser. The provider's notification and the return URLs
 * are payments' (payments/routes.ts).
 */

import { EASY_START_TRIAL_DAYS } from '@app/catalog/tracks';
import type {
  BitPaymentResponse,
  FinishPageResponse,
  GatewayPayRequest,
  GatewayPayResponse,
  PaymentChannel,
  StartPaymentRequest,
} from '@app/contract/orders';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  AutoBumpPayParamsSchema,
  BitPaymentResponseSchema,
  FinishPageResponseSchema,
  GatewayPayRequestSchema,
  GatewayPayResponseSchema,
  PaymentStartConflictSchema,
  PaymentStartErrorsSchema,
  PersonalPayParamsSchema,
  StartPaymentRequestSchema,
} from '@app/contract/schemas/paymentStart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ad } from '../ads/ads-repository.ts';
import { type ReviewGate, wouldBeHeld } from '../ads/go-live-service.ts';
import { adNumber, findOwnSavedAd } from '../ads/own-ad.ts';
import { he } from '../i18n/messages.ts';
import { hePay } from '../i18n/payments.ts';
import { type PaymentService, type StartPayment, safePath } from '../payments/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/db.ts';
import { type InvalidInputAnswer, refusal } from '../platform/http/call-contract.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { AUTO_BUMP_WEEK_MS } from './auto-bump-jobs.ts';
import { AUTO_BUMP_HASH, adPackageFor, autoBumpFor, packageFor, trackFor } from './charges.ts';
import { packagesOfCustomer } from './customer-packages-repository.ts';
import { chooseOrderTypeFor, trackSelectorsOf } from './plans.ts';

const HOUR_MS = 60 * 60_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const idOf = (v: unknown): number => adNumber(typeof v === 'number' ? String(v) : v);

type Failure = { code: number; errors?: Record<string, string>; message?: string };
type Started = Omit<StartPayment, 'customerId' | 'appOrigin'>;

export function planPaymentRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    payments: PaymentService;
    clock: Clock;
    limiter: RateLimiter;
    limits: Pick<Config, 'PAYMENT_START_HOURLY_LIMIT' | 'PAYMENT_START_IP_HOURLY_LIMIT'>;
    /** The site's public origin makes the return URLs (never a Host the request merely claims: the frame goes there). */
    origins: Pick<PublicOrigins, 'of'>;
    /** Whether a moderation rule would hold the ad once paid (moderation's, handed in by the app). */
    review: ReviewGate;
  },
): void {
  const { db, payments, clock, limiter, limits, origins, review } = deps;

  const ownAd = (customerId: number, id: number): Promise<Ad | null> => findOwnSavedAd(db, customerId, id);

  /** Logs in, builds the start from the owner's data, starts; answers the hosted URL or has answered the error. */
  const start = async (
    req: FastifyRequest,
    reply: FastifyReply,
    build: (customerId: number) => Promise<Started | Failure>,
  ): Promise<string | null> => {
    const customer = await app.requireCustomer(req, reply);
    if (!customer) return null;
    const built = await build(customer.id);
    if ('code' in built) {
      await reply
        .code(built.code)
        .send(built.errors ? { errors: built.errors } : { status: built.code, message: built.message });
      return null;
    }
    // Session flooding: every start that would reach the provider counts, per customer and per address.
    const counts = await limiter.hitMany([`pay:start:cust:${customer.id}`, `pay:start:ip:${req.ip}`], HOUR_MS);
    if (
      (counts.get(`pay:start:cust:${customer.id}`)?.count ?? 0) > limits.PAYMENT_START_HOURLY_LIMIT ||
      (counts.get(`pay:start:ip:${req.ip}`)?.count ?? 0) > limits.PAYMENT_START_IP_HOURLY_LIMIT
    ) {
      await reply.code(429).send({ errors: { general: hePay.tooManyStarts } });
      return null;
    }
    // As this browser reaches the site and the payment host (public-origins.ts): the return URLs lead back to the
    // page that frames the hosted page, and the hosted page is on the address the browser uses.
    const reached = origins.of(req.raw);
    const outcome = await payments.start({ ...built, customerId: customer.id, appOrigin: reached.site });
    if (outcome.ok) return reached.reach(outcome.hostedUrl);
    if (outcome.reason === 'key_reused')
      await reply.code(409).send({ errors: { idempotencyKey: hePay.idempotencyKey } });
    else await reply.code(503).send({ errors: { general: hePay.providerUnavailable } });
    return null;
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** A path that names no ad is 404 as another account's ad; a body that is not a form, 400. */
  const refused: InvalidInputAnswer = (part) =>
    part === 'params' ? refusal(404, he.adNotFound) : refusal(400, he.badRequest);
  /** Every start's refusals: a field's message by name, or a refusal's message (422 a guest, 404 not the owner's). */
  const startRefusals = {
    400: PaymentStartErrorsSchema,
    404: RefusalSchema,
    409: PaymentStartConflictSchema,
    422: RefusalSchema,
    429: PaymentStartErrorsSchema,
    503: PaymentStartErrorsSchema,
  };
  type Doc = { summary: string; description: string };
  /** A track's payment start for the customer's draft: its answer, the start's refusals, login first. */
  const trackPayCall = <Ok extends z.ZodType>(doc: Doc, ok: Ok) => ({
    schema: { ...doc, body: StartPaymentRequestSchema, response: { 200: ok, ...startRefusals } },
    preValidation: app.customerOnly,
    config: { invalidInput: refused },
  });
  /** The gateway's payment start for an ad named in the path (CSRF-protected: the gateway's own form posts it). */
  const gatewayPayCall = <Params extends z.ZodType>(doc: Doc, params: Params) => ({
    schema: {
      ...doc,
      params,
      body: GatewayPayRequestSchema,
      response: { 200: GatewayPayResponseSchema, ...startRefusals },
    },
    preValidation: app.customerOnly,
    config: { csrfProtected: true, invalidInput: refused },
  });

  const keyOf = (v: unknown): string | null => (typeof v === 'string' && IDEMPOTENCY_KEY.test(v) ? v : null);

  /** finish-page and bit-payment: the chosen track of the owner's draft. */
  const trackStart =
    (channel: PaymentChannel, body: Partial<StartPaymentRequest>) =>
    async (customerId: number): Promise<Started | Failure> => {
      const ad = await ownAd(customerId, idOf(body.OrderID));
      if (!ad) return { code: 404, message: he.adNotFound };
      const key = keyOf(body.idempotencyKey);
      if (!key) return { code: 400, errors: { idempotencyKey: hePay.idempotencyKey } };
      if (ad.status !== 'draft') return { code: 409, errors: { OrderID: hePay.adNotDraft } };
      const charge = typeof body.pt_hash === 'string' ? trackFor(trackSelectorsOf(ad), body.pt_hash) : null;
      // The spec hides the mobile-payment option for EasyStart (a trial goes through the card).
      if (!charge || (channel === 'bit' && charge.adType === 'EasyStart'))
        return { code: 400, errors: { pt_hash: hePay.trackUnknown } };
      if (charge.amountAgorot <= 0) return { code: 400, errors: { pt_hash: hePay.trackFree } };
      // EasyStart's free week: the card is checked and kept now, nothing charged; the week's end charges the
      // track's price (easy-start-service.ts).
      if (charge.adType === 'EasyStart') {
        const trial = { ...charge, days: EASY_START_TRIAL_DAYS, amountAgorot: 0, title: hePay.trialTitle };
        return { adId: ad.orderId, purpose: 'trial', charge: trial, channel, idempotencyKey: key, failure: 'failure' };
      }
      return { adId: ad.orderId, purpose: 'track', charge, channel, idempotencyKey: key, failure: 'failure' };
    };

  /** The isSuspected variant: the ad just started paying for would wait for review once paid. */
  const suspected = async (body: Partial<StartPaymentRequest> | undefined): Promise<{ isSuspected?: true }> =>
    (await wouldBeHeld(db, idOf(body?.OrderID), clock.now(), review)) ? { isSuspected: true } : {};

  routes.post(
    '/api/publish/finish-page',
    trackPayCall(
      {
        summary: 'תשלום על המסלול בכרטיס אשראי',
        description:
          'פותח תשלום על המסלול שנבחר לטיוטה של הלקוח ומחזיר את עמוד התשלום למסגרת; ואם המודעה תמתין לאישור אחרי התשלום, אומר זאת.',
      },
      FinishPageResponseSchema,
    ),
    async (req, reply) => {
      const body = (req.body ?? {}) as Partial<StartPaymentRequest>;
      const url = await start(req, reply, trackStart('creditCard', body));
      if (url === null) return reply;
      return { merchantPaymentUrl: url, ...(await suspected(body)) } satisfies FinishPageResponse;
    },
  );

  routes.post(
    '/api/publish/bit-payment',
    trackPayCall(
      {
        summary: 'תשלום על המסלול באפליקציית תשלום',
        description: 'כמו התשלום בכרטיס, בעמוד התשלום של אפליקציית התשלומים (לא לשבוע הניסיון החינמי).',
      },
      BitPaymentResponseSchema,
    ),
    async (req, reply) => {
      const body = (req.body ?? {}) as Partial<StartPaymentRequest>;
      const url = await start(req, reply, trackStart('bit', body));
      if (url === null) return reply;
      return { sale_url: url, ...(await suspected(body)) } satisfies BitPaymentResponse;
    },
  );

  const channelOf = (v: unknown): PaymentChannel | null => (v === 'bit' || v === 'creditCard' ? v : null);

  /**
   * The gateway's two pay calls: a package for an ad (a one-ad upgrade of a finished ad; or, for a draft in the
   * plan step's buyPackage mode, a package of ads of its category sold by payment, one of whose ads publishes
   * it), and the ad's auto-bump week.
   */
  const gatewayStart =
    (kind: 'package' | 'auto_bump', id: number, body: Partial<GatewayPayRequest>) =>
    async (customerId: number): Promise<Started | Failure> => {
      const ad = await ownAd(customerId, id);
      if (!ad) return { code: 404, message: he.adNotFound };
      const hash = typeof body.packageHash === 'string' ? body.packageHash : '';
      const key = keyOf(body.idempotencyKey);
      const channel = channelOf(body.channel);
      if (kind === 'package' && ad.status === 'draft') {
        // Only a package the ad's plan step offers to buy (mode buyPackage: sold by payment, of the ad's kind).
        const plan = chooseOrderTypeFor(ad, { packages: await packagesOfCustomer(db, customerId), now: clock.now() });
        const offered = plan?.mode === 'buyPackage' && (plan.packageOptions ?? []).some((p) => p.hash === hash);
        const charge = offered ? adPackageFor(ad, hash) : null;
        if (!charge) {
          // An upgrade is for a published ad; anything else is not on offer for this ad.
          if (packageFor(ad, hash)) return { code: 409, message: hePay.adNotLive };
          return { code: 400, errors: { packageHash: hePay.packageUnknown } };
        }
        if (!key) return { code: 400, errors: { idempotencyKey: hePay.idempotencyKey } };
        if (!channel) return { code: 400, errors: { channel: he.badRequest } };
        return {
          adId: ad.orderId,
          purpose: 'ad_package',
          charge,
          channel,
          idempotencyKey: key,
          failure: 'failure',
          next: { success: safePath(body.successUrl), failure: safePath(body.failUrl) },
        };
      }
      // An upgrade or an auto-bump week is for a finished ad (live or waiting for review), never a draft.
      if (ad.status !== 'active' && ad.status !== 'pending') return { code: 409, message: hePay.adNotLive };
      if (!key) return { code: 400, errors: { idempotencyKey: hePay.idempotencyKey } };
      if (!channel) return { code: 400, errors: { channel: he.badRequest } };
      const charge = kind === 'package' ? packageFor(ad, hash) : hash === AUTO_BUMP_HASH ? autoBumpFor(ad.cat) : null;
      if (!charge) return { code: 400, errors: { packageHash: hePay.packageUnknown } };
      // A week of auto-bump is sold only to an ad that stays on the board for the whole week.
      if (kind === 'auto_bump' && ad.endsAt && ad.endsAt.getTime() < clock.now().getTime() + AUTO_BUMP_WEEK_MS)
        return { code: 409, message: hePay.autoBumpTooShort };
      return {
        adId: ad.orderId,
        purpose: kind,
        charge,
        channel,
        idempotencyKey: key,
        failure: 'failureUpgrade',
        next: { success: safePath(body.successUrl), failure: safePath(body.failUrl) },
      };
    };

  routes.post(
    '/gateway/packages/personal/pay/:adId',
    gatewayPayCall(
      {
        summary: 'תשלום על חבילה למודעה',
        description:
          'שדרוג של מודעה פעילה או ממתינה לאישור, או לטיוטה: חבילת מודעות שמוצעת לה לקנייה; מחזיר את עמוד התשלום למסגרת.',
      },
      PersonalPayParamsSchema,
    ),
    async (req, reply) => {
      const body = (req.body ?? {}) as Partial<GatewayPayRequest>;
      const url = await start(req, reply, gatewayStart('package', idOf(req.params.adId), body));
      if (url === null) return reply;
      return { data: { iframe: url } } satisfies GatewayPayResponse;
    },
  );

  routes.post(
    '/gateway/packages/subscribe/auto-bump-ad/start-payment/:orderId',
    gatewayPayCall(
      {
        summary: 'תשלום על שבוע הקפצה אוטומטית',
        description: 'שבוע של הקפצה אוטומטית למודעה פעילה של הלקוח שנשארת בלוח כל השבוע; מחזיר את עמוד התשלום למסגרת.',
      },
      AutoBumpPayParamsSchema,
    ),
    async (req, reply) => {
      const body = (req.body ?? {}) as Partial<GatewayPayRequest>;
      const url = await start(req, reply, gatewayStart('auto_bump', idOf(req.params.orderId), body));
      if (url === null) return reply;
      return { data: { iframe: url } } satisfies GatewayPayResponse;
    },
  );
}
