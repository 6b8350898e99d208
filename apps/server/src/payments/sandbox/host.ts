/**
 * The payment sandbox: a local stand-in of an Israeli hosted-payment provider,
 * as strict as Stripe's test mode. Its own Fastify listener on PAYMENT_PORT, so its pages are another origin than
 * the app (origin checks and the CSP are real), with state in the database (migration 0013):
 *   - a server-to-server API, authenticated with PAYMENT_API_KEY: POST /v1/sessions (idempotent by key),
 *     GET /v1/sessions/{id} (the result our service trusts), POST /v1/sessions/{id}/cancel and POST /v1/refunds
 *     (idempotent by key, never more than was charged; refunds.ts);
 *   - the hosted card page (/pay/{id}, Hebrew, per-field errors; test cards in card-form.ts) with a one-time-code
 *     challenge, and the mobile-payment page (QR code of the approval URL and an in-app approval button);
 *   - signed notifications (HMAC-SHA256 over timestamp, event id and raw body) to the merchant's notifyUrl,
 *     delivered by the job store with retries and back-off; test cards make them late or lose them.
 * After a success or a decline the hosted page sends its frame to the merchant's success or failure URL.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPaymentFailureReason, type PaymentFailureReason } from '@app/contract/orders';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { hePay } from '../../i18n/payments.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Config, paymentPort } from '../../platform/config.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { isUnstorableText } from '../../platform/http/input-guard.ts';
import { sandboxKeyMatches } from '../../platform/http/sandbox-guard.ts';
import { framedPageCsp, secondOrigin, serveAssets } from '../../platform/http/second-origin.ts';
import type { JobScheduler } from '../../platform/jobs/scheduler.ts';
import type { ArrivedRequest } from '../../platform/public-origins.ts';
import { NOTIFY_HEADERS, type ProviderResult, signNotification } from '../provider.ts';
import { chargeCard } from './card-charges.ts';
import { type CardForm, checkCardForm, TEST_CARDS, type TestCardBehaviour } from './card-form.ts';
import { approvalPage, cardPage, challengePage, messagePage, mobilePage } from './pages.ts';
import { refundSession } from './refunds.ts';
import {
  CHALLENGE_MAX_ATTEMPTS,
  countWrongCode,
  createSandboxSession,
  findDelivery,
  findSandboxSession,
  insertDelivery,
  isDueToExpire,
  isExpired,
  readSwitches,
  recordAttempt,
  type SandboxSession,
  updateOpenSession,
} from './sandbox-repository.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ASSETS: Record<string, { file: string; type: string }> = {
  'pay.js': { file: path.join(here, 'assets/pay.js'), type: 'text/javascript; charset=utf-8' },
  'pay.css': { file: path.join(here, 'assets/pay.css'), type: 'text/css; charset=utf-8' },
};

export const SANDBOX_DELIVERY_JOB = 'payments.sandbox.deliver';
/** Attempts of one notification (the job store's back-off between them: 1, 4, 9, … minutes). */
export const DELIVERY_MAX_ATTEMPTS = 8;

/** Sends one notification; answers the receiver's HTTP status. Injected in tests (the network stand-in). */
export type NotifyTransport = (url: string, init: { headers: Record<string, string>; body: string }) => Promise<number>;

export const fetchTransport: NotifyTransport = async (url, init) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: init.headers,
    body: init.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};

export interface PaymentSandbox {
  app: FastifyInstance;
  port(): number;
  /** The host's origin as browsers reach it (PAYMENT_PUBLIC_ORIGIN; public-origins.ts): the CSP's frame-src. */
  origin(): string;
  listen(options: { port: number; host: string }): Promise<number>;
  /** The base URL of the server-to-server API (this process's own listener). */
  apiBase(): string;
}

const createBody = z
  .object({
    merchantRef: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
    // 0: the card is only checked and kept (saveCard), nothing is charged now.
    amountAgorot: z.number().int().min(0).max(100_000_000),
    description: z
      .string()
      .min(1)
      .max(200)
      .refine((v) => !isUnstorableText(v)),
    successUrl: z.string().url().max(2000),
    failureUrl: z.string().url().max(2000),
    notifyUrl: z.string().url().max(2000),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,120}$/),
    channel: z.enum(['creditCard', 'bit']),
    saveCard: z.boolean().optional(),
  })
  .refine((b) => b.amountAgorot > 0 || (b.saveCard === true && b.channel === 'creditCard'), {
    message: 'nothing to charge, and no card to keep',
  });

const chargeBody = z.object({
  token: z.string().regex(/^tok_[A-Za-z0-9_-]{24}$/),
  amountAgorot: z.number().int().min(1).max(100_000_000),
  merchantRef: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
  description: z.string().min(1).max(200),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_#-]{8,120}$/),
});

/** Why a finished session did not pay, as the provider's API says it (a session expiry is its own code). */
function failureReasonOf(s: SandboxSession): PaymentFailureReason | null {
  if (s.status !== 'declined' && s.status !== 'cancelled') return null;
  if (isExpired(s)) return 'session_expired';
  if (isPaymentFailureReason(s.declineReason)) return s.declineReason;
  return s.status === 'cancelled' ? 'cancelled' : 'card_declined';
}

const refundBody = z.object({
  sessionId: z.string().regex(/^ps_[A-Za-z0-9_-]{16}$/),
  amountAgorot: z.number().int().min(1).max(100_000_000),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,120}$/),
});

const resultOf = (s: SandboxSession): ProviderResult => ({
  status: s.status === 'challenge' ? 'pending' : s.status,
  amountAgorot: s.amountAgorot,
  merchantRef: s.merchantRef,
  paidAt: s.paidAt ? s.paidAt.toISOString() : null,
  failureReason: failureReasonOf(s),
  ...(s.status === 'paid' && s.cardToken && s.cardLast4
    ? { savedCard: { token: s.cardToken, customerRef: null, last4: s.cardLast4, expiry: s.cardExpiry ?? '' } }
    : {}),
});

/** The issuer's decline of each failing test card (the card page's decline switch declines as card_declined). */
const DECLINES: Partial<Record<TestCardBehaviour, PaymentFailureReason>> = {
  decline: 'card_declined',
  expiredCard: 'expired_card',
  processingError: 'processing_error',
};

/** The page's policy: own scripts, styles and calls; forms post here (and follow the redirect to the merchant). */
function pageCsp(merchantOrigin: string | null): string {
  return framedPageCsp({
    parent: merchantOrigin,
    formAction: `'self'${merchantOrigin ? ` ${merchantOrigin}` : ''}`,
    imgSrc: "'self' data:",
  });
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export async function buildPaymentSandbox(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: JobScheduler;
  transport?: NotifyTransport;
  /**
   * The host's public origin (public-origins.ts): its hosted pages' links, never a Host a request merely claims;
   * given a request, as the browser that sent it reaches the host (a local run's address).
   */
  origin: (request?: ArrivedRequest) => string;
}): Promise<PaymentSandbox> {
  const { config, db, clock, jobs, origin } = deps;
  const transport = deps.transport ?? fetchTransport;

  const host = secondOrigin(config, {
    configuredPort: () => paymentPort(config),
    requestTimeout: 30_000,
    bodyLimit: 64 * 1024,
  });
  const { app, port } = host;
  await app.register(fastifyFormbody);
  app.setNotFoundHandler((_req, reply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText)),
  );

  const html = (reply: FastifyReply, session: SandboxSession | null, body: string, code = 200) =>
    reply
      .code(code)
      .header('content-security-policy', pageCsp(session ? originOf(session.successUrl) : null))
      .type('text/html; charset=utf-8')
      .send(body);

  /** A notification of a finished session, in the transaction that finished it (dropped when 'lost'). */
  const enqueueNotification = async (tx: Queryable, session: SandboxSession, now: Date) => {
    const switches = await readSwitches(tx);
    const kind = session.status === 'paid' ? 'payment.succeeded' : `payment.${session.status}`;
    const eventId = `evt_${crypto.randomBytes(12).toString('base64url')}`;
    const body = JSON.stringify({
      eventId,
      kind,
      sessionId: session.id,
      merchantRef: session.merchantRef,
      createdAt: now.toISOString(),
    });
    const dropped = session.notifyMode === 'lost' || switches.dropNotifications;
    const delivery = await insertDelivery(
      tx,
      { eventId, sessionId: session.id, kind, url: session.notifyUrl, body, dropped },
      now,
    );
    if (dropped) return;
    const delay = session.notifyMode === 'slow' ? config.PAYMENT_SANDBOX_SLOW_NOTIFY_MS : 0;
    await jobs.schedule(
      {
        kind: SANDBOX_DELIVERY_JOB,
        runAt: new Date(now.getTime() + delay),
        payload: { deliveryId: delivery.id },
        maxAttempts: DELIVERY_MAX_ATTEMPTS,
      },
      tx,
    );
  };

  /** Finishes an open session (paid, declined, cancelled) and queues its notification; null when already final. */
  const finish = async (
    id: string,
    change: Parameters<typeof updateOpenSession>[2],
  ): Promise<SandboxSession | null> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const session = await updateOpenSession(tx, id, change, now);
      if (session && session.status !== 'challenge' && session.status !== 'pending')
        await enqueueNotification(tx, session, now);
      return session;
    });
  };

  /** Where the frame goes after the session finished (an expired one shows its own page, with a link on). */
  const nextUrl = (s: SandboxSession): string | null =>
    s.status === 'paid'
      ? s.successUrl
      : s.status === 'declined' || (s.status === 'cancelled' && !isExpired(s))
        ? s.failureUrl
        : null;

  /** The session as it stands now: an open one past its lifetime is finished as expired first. */
  const current = async (s: SandboxSession): Promise<SandboxSession> => {
    if (!isDueToExpire(s, clock.now())) return s;
    return (
      (await finish(s.id, { status: 'cancelled', declineReason: 'expired', challengeCode: null })) ??
      ((await findSandboxSession(db, s.id)) as SandboxSession)
    );
  };

  /** The page of an expired session: in the merchant's frame with a link on to its failure URL; on the phone without. */
  const expiredPage = (reply: FastifyReply, s: SandboxSession, onPhone = false) => {
    const [title, text] =
      s.channel === 'bit'
        ? [hePay.mobileExpiredTitle, hePay.mobileExpiredText]
        : [hePay.sessionExpiredTitle, hePay.sessionExpiredText];
    return html(reply, onPhone ? null : s, messagePage(title, text, onPhone ? {} : { link: s.failureUrl }), 410);
  };

  // Deliveries run outside a transaction: the receiver (our app, maybe this very process) uses the database too.
  jobs.register(
    SANDBOX_DELIVERY_JOB,
    async (job, { tx }) => {
      const delivery = await findDelivery(tx, Number(job.payload.deliveryId));
      if (delivery?.status !== 'pending') return;
      const now = clock.now();
      const final = job.attempt >= job.maxAttempts;
      const switches = await readSwitches(tx);
      let status: number | null = null;
      let error: string | null = null;
      if (switches.failNotifications) {
        error = 'switched off in the sandbox admin view';
      } else {
        const timestamp = Math.floor(now.getTime() / 1000);
        try {
          status = await transport(delivery.url, {
            headers: {
              'content-type': 'application/json',
              [NOTIFY_HEADERS.timestamp]: String(timestamp),
              [NOTIFY_HEADERS.eventId]: delivery.eventId,
              [NOTIFY_HEADERS.signature]: signNotification(
                config.PAYMENT_WEBHOOK_SECRET,
                timestamp,
                delivery.eventId,
                delivery.body,
              ),
            },
            body: delivery.body,
          });
        } catch (err) {
          error = String(err).slice(0, 500);
        }
      }
      const delivered = status !== null && status >= 200 && status < 300;
      await recordAttempt(
        tx,
        delivery.id,
        { delivered, lastStatus: status, lastError: error, final: !delivered && final },
        now,
      );
      // The job store retries with back-off until the last attempt.
      if (!delivered) throw new Error(`notification ${delivery.eventId} not delivered (${status ?? error})`);
    },
    { transaction: false },
  );

  // The server-to-server API.
  app.register(async (api) => {
    api.addHook('onRequest', async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (!sandboxKeyMatches(config.PAYMENT_API_KEY, key)) return reply.code(401).send({ error: 'unauthorized' });
      if ((await readSwitches(db)).apiUnavailable) return reply.code(503).send({ error: 'unavailable' });
    });
    api.post('/v1/sessions', async (req, reply) => {
      const parsed = createBody.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const { session, created } = await createSandboxSession(db, parsed.data, clock.now());
      // The same key with other parameters is a merchant bug, refused as Stripe does.
      if (
        !created &&
        (session.amountAgorot !== parsed.data.amountAgorot || session.merchantRef !== parsed.data.merchantRef)
      )
        return reply.code(409).send({ error: 'idempotency_key_reused' });
      return reply
        .code(created ? 201 : 200)
        .send({ sessionId: session.id, hostedUrl: `${origin()}/pay/${session.id}` });
    });
    api.get('/v1/sessions/:id', async (req, reply) => {
      const found = await findSandboxSession(db, (req.params as { id: string }).id);
      if (!found) return reply.code(404).send({ error: 'not_found' });
      return resultOf(await current(found));
    });
    // The merchant cancels an open session (its page takes no card after this); answers the session's result,
    // which is the payment's when it finished first (paid, declined).
    api.post('/v1/sessions/:id/cancel', async (req, reply) => {
      const found = await findSandboxSession(db, (req.params as { id: string }).id);
      if (!found) return reply.code(404).send({ error: 'not_found' });
      const session = await current(found);
      const cancelled =
        session.status === 'pending' || session.status === 'challenge'
          ? await finish(session.id, { status: 'cancelled', declineReason: 'merchant_cancelled', challengeCode: null })
          : null;
      return resultOf(cancelled ?? ((await findSandboxSession(db, session.id)) as SandboxSession));
    });
    // A merchant-initiated charge of a card kept by a paid session (its token), once per idempotency key.
    api.post('/v1/charges', async (req, reply) => {
      const parsed = chargeBody.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const decline = (await readSwitches(db)).declineAll;
      const outcome = await chargeCard(db, parsed.data, decline, clock.now());
      if (!outcome.ok)
        return reply.code(outcome.error === 'token_not_found' ? 404 : 409).send({ error: outcome.error });
      const { charge } = outcome;
      return reply.code(outcome.created ? 201 : 200).send({
        chargeId: charge.id,
        status: charge.status,
        amountAgorot: charge.amountAgorot,
        failureReason: charge.declineReason,
      });
    });
    api.post('/v1/refunds', async (req, reply) => {
      const parsed = refundBody.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const outcome = await refundSession(db, parsed.data, clock.now());
      if (!outcome.ok) return reply.code(outcome.error === 'not_found' ? 404 : 409).send({ error: outcome.error });
      // The admin view's failure: the refund is made, its answer never reaches the merchant.
      if ((await readSwitches(db)).loseRefundAnswers) return reply.code(503).send({ error: 'unavailable' });
      const { refund } = outcome;
      return reply
        .code(outcome.created ? 201 : 200)
        .send({ refundId: refund.id, sessionId: refund.sessionId, amountAgorot: refund.amountAgorot });
    });
  });

  const sessionOf = async (id: string) => {
    const found = /^ps_[A-Za-z0-9_-]{16}$/.test(id) ? await findSandboxSession(db, id) : null;
    return found ? current(found) : null;
  };
  const finishedPage = (reply: FastifyReply, s: SandboxSession) => {
    if (isExpired(s)) return expiredPage(reply, s);
    const next = nextUrl(s);
    if (next) return reply.redirect(next, 303);
    return html(reply, s, messagePage(hePay.sessionFinished, hePay.sessionFinishedText), 409);
  };

  app.get('/pay/:id', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    if (!session) return html(reply, null, messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText), 404);
    if (session.status === 'challenge') return reply.redirect(`/pay/${session.id}/challenge`, 303);
    if (session.status !== 'pending') return finishedPage(reply, session);
    if (session.channel === 'bit') {
      // The phone that scans it reaches the host as this page's browser does (a local run's network address).
      const approveUrl = `${origin(req.raw)}/approve/${session.id}?t=${session.approvalToken}`;
      const svg = await QRCode.toString(approveUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      return html(reply, session, mobilePage(session, dataUrl));
    }
    return html(reply, session, cardPage(session, {}, clock.now().getUTCFullYear()));
  });

  app.post('/pay/:id', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    if (!session) return html(reply, null, messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText), 404);
    if (session.status !== 'pending' || session.channel !== 'creditCard') return finishedPage(reply, session);
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const form: Partial<CardForm> = {};
    for (const k of ['cardNumber', 'expMonth', 'expYear', 'cvv', 'idNumber', 'installments'] as const)
      if (typeof raw[k] === 'string') form[k] = (raw[k] as string).slice(0, 40);
    const now = clock.now();
    const checked = checkCardForm(form, now);
    const year = now.getUTCFullYear();
    if (!checked.ok) return html(reply, session, cardPage(session, { form, errors: checked.errors }, year), 422);
    const behaviour = TEST_CARDS[checked.card.digits];
    if (!behaviour)
      return html(reply, session, cardPage(session, { form, errors: { cardNumber: hePay.cardUnknown } }, year), 422);
    const switches = await readSwitches(db);
    const card = {
      cardLast4: checked.card.digits.slice(-4),
      cardExpiry: `${String(form.expMonth ?? '').padStart(2, '0')}/${String(form.expYear ?? '').slice(-2)}`,
      installments: checked.card.installments,
    };
    let finished: SandboxSession | null;
    const decline = switches.declineAll ? 'card_declined' : DECLINES[behaviour];
    if (decline) {
      finished = await finish(session.id, { status: 'declined', declineReason: decline, ...card });
    } else if (behaviour === 'challenge' || behaviour === 'authenticationFails') {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const challengeFails = behaviour === 'authenticationFails';
      await updateOpenSession(
        db,
        session.id,
        { status: 'challenge', challengeCode: code, challengeFails, ...card },
        now,
      );
      return reply.redirect(`/pay/${session.id}/challenge`, 303);
    } else {
      const notifyMode = behaviour === 'slow' ? 'slow' : behaviour === 'lost' ? 'lost' : 'normal';
      finished = await finish(session.id, { status: 'paid', notifyMode, ...card });
    }
    return finishedPage(reply, finished ?? ((await findSandboxSession(db, session.id)) as SandboxSession));
  });

  app.get('/pay/:id/challenge', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    if (!session) return html(reply, null, messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText), 404);
    if (session.status !== 'challenge') return finishedPage(reply, session);
    return html(reply, session, challengePage(session));
  });

  app.post('/pay/:id/challenge', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    if (!session) return html(reply, null, messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText), 404);
    if (session.status !== 'challenge') return finishedPage(reply, session);
    const code = String((req.body as { code?: unknown } | null)?.code ?? '');
    const expected = session.challengeCode ?? '';
    const ok = code.length === expected.length && crypto.timingSafeEqual(Buffer.from(code), Buffer.from(expected));
    const failed = { status: 'declined', declineReason: 'authentication_failed', challengeCode: null } as const;
    let finished: SandboxSession | null;
    if (session.challengeFails) {
      // The issuer fails this card's authentication, whatever was typed.
      finished = await finish(session.id, failed);
    } else if (!ok) {
      // A wrong code counts; the last allowed one fails the authentication (the payer starts over, nothing charged).
      const counted = await countWrongCode(db, session.id);
      if (counted && counted.challengeAttempts < CHALLENGE_MAX_ATTEMPTS)
        return html(
          reply,
          session,
          challengePage(session, hePay.challengeWrong(CHALLENGE_MAX_ATTEMPTS - counted.challengeAttempts)),
          422,
        );
      finished = await finish(session.id, failed);
    } else {
      finished = await finish(session.id, { status: 'paid', challengeCode: null });
    }
    return finishedPage(reply, finished ?? ((await findSandboxSession(db, session.id)) as SandboxSession));
  });

  // The mobile-payment app: the phone's page behind the QR code, and the approval (from the phone or the button).
  app.get('/approve/:id', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    const token = String((req.query as { t?: unknown }).t ?? '');
    if (session?.channel !== 'bit' || !sandboxKeyMatches(session.approvalToken, token))
      return html(reply, null, messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText), 404);
    if (isExpired(session)) return expiredPage(reply, session, true);
    if (session.status !== 'pending')
      return html(reply, null, messagePage(hePay.sessionFinished, hePay.sessionFinishedText), 409);
    return html(reply, null, approvalPage(session));
  });

  app.post('/pay/:id/approve', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    const body = (req.body ?? {}) as { t?: unknown; decision?: unknown; from?: unknown };
    if (session?.channel !== 'bit' || !sandboxKeyMatches(session.approvalToken, body.t))
      return html(reply, null, messagePage(hePay.sessionNotFound, hePay.sessionNotFoundText), 404);
    if (session.status !== 'pending') {
      if (body.from !== 'phone') return finishedPage(reply, session);
      if (isExpired(session)) return expiredPage(reply, session, true);
      return html(reply, null, messagePage(hePay.sessionFinished, hePay.sessionFinishedText), 409);
    }
    const switches = await readSwitches(db);
    const approve = body.decision === 'approve' && !switches.declineAll;
    const finished =
      (await finish(
        session.id,
        approve ? { status: 'paid' } : { status: 'declined', declineReason: 'app_declined' },
      )) ?? ((await findSandboxSession(db, session.id)) as SandboxSession);
    // On the phone: what was decided (a decline is not 'approved'); in the frame: on to the merchant.
    if (body.from === 'phone')
      return html(
        reply,
        null,
        finished.status === 'paid'
          ? messagePage(hePay.approvedTitle, hePay.approvedText, { role: 'status' })
          : messagePage(hePay.phoneDeclinedTitle, hePay.phoneDeclinedText),
      );
    return finishedPage(reply, finished);
  });

  app.get('/pay/:id/status', async (req, reply) => {
    const session = await sessionOf((req.params as { id: string }).id);
    if (!session) return reply.code(404).send({ status: 'unknown' });
    return { status: resultOf(session).status, next: nextUrl(session), expired: isExpired(session) };
  });

  serveAssets(app, '/assets', ASSETS);

  return {
    app,
    port,
    origin: () => origin(),
    apiBase: () => {
      // This process's own listener: the loopback address unless it listens on one address only.
      const address = app.server.address();
      const host = address && typeof address === 'object' ? address.address : '127.0.0.1';
      if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port()}`;
      return host.includes(':') ? `http://[${host}]:${port()}` : `http://${host}:${port()}`;
    },
    listen: host.listen,
  };
}
