/**
 * Paying (after-save-area.md §4 "Payment type popup", "Payment result", §7):
 *   POST /api/publish/finish-page  (card)          → { merchantPaymentUrl }   the hosted card page to frame
 *   POST /api/publish/bit-payment  (mobile app)    → { sale_url }             the hosted mobile-payment page
 *   POST {gateway}/packages/personal/pay/{adId}                 → { data: { iframe } }  (purpose 'package')
 *   POST {gateway}/packages/subscribe/auto-bump-ad/start-payment/{OrderID} → { data: { iframe } } ('auto_bump')
 *   POST /api/payments/notify      the provider's signed notification (raw body; no cookie, no CSRF)
 *   GET  /api/payments/success | failure | failureUpgrade   where the hosted page sends its frame: never proof of
 *        payment; they only lead on to /finishPayment (success may ask the provider once).
 * Every start is the owner's (another account's ad: 404, nothing made), CSRF-checked, and charges the amount of
 * the server's own data (payments/tracks.ts), never one from the browser.
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ad } from '../ads/ads-repository.ts';
import { wouldBeHeld } from '../ads/go-live.ts';
import { adNumber, findOwnSavedAd } from '../ads/own-ad.ts';
import { requireCustomer } from '../catalogue/steps-routes.ts';
import { he } from '../i18n/messages.ts';
import { hePay } from '../i18n/payments.ts';
import { AUTO_BUMP_WEEK_MS } from '../plans/auto-bump.ts';
import { packagesOfCustomer } from '../plans/customer-packages-repository.ts';
import { chooseOrderTypeFor, trackSelectorsOf } from '../plans/plans.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { type PaymentService, type StartPayment, safePath } from './service.ts';
import { AUTO_BUMP_HASH, adPackageFor, autoBumpFor, packageFor, trackFor } from './tracks.ts';

const HOUR_MS = 60 * 60_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const idOf = (v: unknown): number => adNumber(typeof v === 'number' ? String(v) : v);

type Failure = { code: number; errors?: Record<string, string>; message?: string };
type Started = Omit<StartPayment, 'customerId' | 'appOrigin'>;

/** Where /finishPayment goes after a return URL (the OrderID of the payment's ad). */
export function finishPaymentPath(orderId: number | null, result: 'success' | 'failure', upgrade = false): string {
  const query = new URLSearchParams();
  if (orderId !== null) query.set('OrderID', String(orderId));
  query.set('result', result);
  if (upgrade) query.set('action', 'upgrade');
  return `/finishPayment?${query}`;
}

export function paymentRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    payments: PaymentService;
    clock: Clock;
    limiter: RateLimiter;
    limits: Pick<Config, 'PAYMENT_START_HOURLY_LIMIT' | 'PAYMENT_START_IP_HOURLY_LIMIT'>;
    /** The site's public origin makes the return URLs (never the request's Host: the frame is sent there). */
    origins: Pick<PublicOrigins, 'site'>;
  },
): void {
  const { db, payments, clock, limiter, limits, origins } = deps;

  const ownAd = (customerId: number, id: number): Promise<Ad | null> => findOwnSavedAd(db, customerId, id);

  /** Logs in, builds the start from the owner's data, starts; answers the hosted URL or has answered the error. */
  const start = async (
    req: FastifyRequest,
    reply: FastifyReply,
    build: (customerId: number) => Promise<Started | Failure>,
  ): Promise<string | null> => {
    const customer = await requireCustomer(req, reply);
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
    const outcome = await payments.start({ ...built, customerId: customer.id, appOrigin: origins.site() });
    if (outcome.ok) return outcome.hostedUrl;
    if (outcome.reason === 'key_reused')
      await reply.code(409).send({ errors: { idempotencyKey: hePay.idempotencyKey } });
    else await reply.code(503).send({ errors: { general: hePay.providerUnavailable } });
    return null;
  };

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
      // track's price (plans/easy-start.ts).
      if (charge.adType === 'EasyStart') {
        const trial = { ...charge, days: EASY_START_TRIAL_DAYS, amountAgorot: 0, title: hePay.trialTitle };
        return { adId: ad.orderId, purpose: 'trial', charge: trial, channel, idempotencyKey: key, failure: 'failure' };
      }
      return { adId: ad.orderId, purpose: 'track', charge, channel, idempotencyKey: key, failure: 'failure' };
    };

  /** The isSuspected variant: the ad just started paying for would wait for review once paid. */
  const suspected = async (body: Partial<StartPaymentRequest> | undefined): Promise<{ isSuspected?: true }> =>
    (await wouldBeHeld(db, idOf(body?.OrderID), clock.now())) ? { isSuspected: true } : {};

  app.post<{ Body: Partial<StartPaymentRequest> }>('/api/publish/finish-page', async (req, reply) => {
    const url = await start(req, reply, trackStart('creditCard', req.body ?? {}));
    if (url === null) return reply;
    return { merchantPaymentUrl: url, ...(await suspected(req.body)) } satisfies FinishPageResponse;
  });

  app.post<{ Body: Partial<StartPaymentRequest> }>('/api/publish/bit-payment', async (req, reply) => {
    const url = await start(req, reply, trackStart('bit', req.body ?? {}));
    if (url === null) return reply;
    return { sale_url: url, ...(await suspected(req.body)) } satisfies BitPaymentResponse;
  });

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

  app.post<{ Params: { adId: string }; Body: Partial<GatewayPayRequest> }>(
    '/gateway/packages/personal/pay/:adId',
    { config: { csrfProtected: true } },
    async (req, reply) => {
      const url = await start(req, reply, gatewayStart('package', idOf(req.params.adId), req.body ?? {}));
      if (url === null) return reply;
      return { data: { iframe: url } } satisfies GatewayPayResponse;
    },
  );

  app.post<{ Params: { orderId: string }; Body: Partial<GatewayPayRequest> }>(
    '/gateway/packages/subscribe/auto-bump-ad/start-payment/:orderId',
    { config: { csrfProtected: true } },
    async (req, reply) => {
      const url = await start(req, reply, gatewayStart('auto_bump', idOf(req.params.orderId), req.body ?? {}));
      if (url === null) return reply;
      return { data: { iframe: url } } satisfies GatewayPayResponse;
    },
  );

  // The provider's notification: the exact bytes are what the signature covers, so the body stays raw here.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/api/payments/notify', { config: { signedCallback: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { code, outcome } = await payments.notify(raw, req.headers);
      // A refusal says why in Hebrew like every other answer of ours (the provider only reads the status).
      const message =
        code < 400 ? undefined : code === 404 ? he.notFound : code >= 500 ? he.serviceUnavailable : he.badRequest;
      return reply.code(code).send({ status: code, outcome, ...(message ? { message } : {}) });
    });
  });

  // The return URLs: the hosted page sends its frame here. Never proof of payment.
  const returnRoute = (kind: 'success' | 'failure' | 'failureUpgrade') =>
    app.get<{ Querystring: { pid?: string; next?: string } }>(`/api/payments/${kind}`, async (req, reply) => {
      const pid =
        typeof req.query.pid === 'string' && /^pay_[A-Za-z0-9_-]{10,60}$/.test(req.query.pid) ? req.query.pid : '';
      const payment = pid ? await payments.findByPublicId(pid) : null;
      if (!payment) return reply.redirect(finishPaymentPath(null, 'failure'), 303);
      if (payment.status === 'created') {
        // The notification may be on its way: ask the provider once (its answer, not this visit, decides). On the
        // failure return too, so the finish page the frame goes on to shows the failure, not 'awaiting payment'.
        await payments.reconcile(payment).catch((err) => req.log.warn({ err }, 'payment reconcile on return failed'));
      }
      const next = safePath(req.query.next);
      if (next) return reply.redirect(next, 303);
      return reply.redirect(
        finishPaymentPath(payment.adId, kind === 'success' ? 'success' : 'failure', kind === 'failureUpgrade'),
        303,
      );
    });
  returnRoute('success');
  returnRoute('failure');
  returnRoute('failureUpgrade');
}
