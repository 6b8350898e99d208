/**
 * Our payment service (money is kept in agorot, every charge idempotent): starts a hosted payment session for a
 * track, an auto-bump week or a package, and marks a payment paid only when the provider's signed notification is
 * checked AND the result fetched from the provider agrees (paid, the same amount, the same reference). Every
 * notification is processed once per event id (payment_events); a return URL is never proof of payment; a
 * session whose notification was lost is found by the recovery job, which asks the provider.
 *
 *   start ──► payments row 'created' (idempotency key; an open session of the same ad, charge and channel reused)
 *         ──► provider.createSession (idempotent by our public id) ──► hosted URL to frame
 *   notify ─► signature + ±5 min timestamp ─► event seen? ─► provider.getResult ─► agree? ─► paid + onPaid(tx)
 *   recovery job (PAYMENT_RECOVERY_AFTER_S after the session) ─► provider.getResult ─► the same apply
 *   paid but delivered nothing ─► refunded automatically, exactly once (refunds-service.ts)
 *   the ad finished another way ─► cancelOpenSessions: its other sessions cancelled at the provider
 */
import crypto from 'node:crypto';
import type { AdType, PaymentChannel } from '@app/contract/orders';
import type { Config } from '../platform/config.ts';
import type { Queryable } from '../platform/db/db.ts';
import type { PaymentProvider, ProviderEvent, ProviderResult, SavedCard } from './provider.ts';
import { type PaymentMachinery, PaymentRefunds } from './refunds-service.ts';
import {
  findOpenPayment,
  findOpenSessionsOfAd,
  findPaymentByKey,
  findPaymentByPublicId,
  insertPayment,
  lockAdOfPayment,
  markPaymentFailed,
  markPaymentPaid,
  type Payment,
  type PaymentPurpose,
  paymentEventSeen,
  recordPaymentEvent,
  setPaymentFulfilment,
  setPaymentSession,
  supersedeOpenPayments,
} from './repository.ts';
import { StaffRefunds } from './staff-refunds-service.ts';

/** A paid payment that delivered nothing: why (payments.fulfilment_reason) and any detail (migration 0018). */
export interface NotFulfilled {
  fulfilled: false;
  reason: string;
  detail?: Record<string, unknown>;
}

/**
 * What a paid payment does, inside the transaction that marks it paid (payment.status 'paid', paidAt set): the
 * handler the app hands in, plans' paidHandler (goLive for a track, the upgrade of an ad, the auto-bump week); payments
 * knows nothing of what is bought. Answers NotFulfilled when it
 * delivered nothing (the ad was finished already, refused, no longer live): the payment is still recorded paid (the
 * customer was charged) with fulfilment 'refund_due'. Nothing (undefined) means delivered.
 */
export type OnPaid = (
  tx: Queryable,
  payment: Payment & { paidAt: Date; savedCard?: SavedCard },
) => Promise<NotFulfilled | undefined>;

/** Where the provider sends notifications: configuration only, never a request's Host (SSRF). */
export function notifyOriginOf(config: Pick<Config, 'PAYMENT_NOTIFY_ORIGIN' | 'PORT'>, port = config.PORT): string {
  return config.PAYMENT_NOTIFY_ORIGIN ?? `http://127.0.0.1:${port}`;
}

export const PAYMENT_RECOVERY_JOB = 'payments.recover';
/** An open session of the same ad, charge and channel is reused for this long (a second press of "pay"). */
export const OPEN_SESSION_REUSE_MS = 30 * 60_000;
/** The recovery job keeps asking the provider about an unfinished session for a day. */
const RECOVERY_GIVE_UP_MS = 24 * 60 * 60_000;

export type ApplyOutcome = 'paid' | 'failed' | 'pending' | 'mismatch' | 'final' | 'duplicate' | 'unknown';

/** What a payment charges: the buyer's choice as the seller's data prices it (plans/charges.ts), never the browser. */
export interface Charge {
  adType: AdType | 'AutoBump';
  /** The days it buys (a track's days plus its gifted days). */
  days: number;
  /** 0 for a free track (nothing to pay). */
  amountAgorot: number;
  /** The payment's description on the provider's page. */
  title: string;
  /** A package of ads: its catalogue hash (the payment's package_hash). */
  packageHash?: string;
}

export interface StartPayment {
  customerId: number;
  adId: number | null;
  purpose: PaymentPurpose;
  charge: Charge;
  channel: PaymentChannel;
  idempotencyKey: string;
  /**
   * The site's public origin as the paying browser reaches it (public-origins.ts) for the return URLs;
   * notifications go to PAYMENT_NOTIFY_ORIGIN.
   */
  appOrigin: string;
  /** Which failure return: the publish flow's, or the upgrade flow's (the failure is shown in place). */
  failure: 'failure' | 'failureUpgrade';
  /** Same-origin paths the return URLs go on to (the gateway calls' successUrl and failUrl). */
  next?: { success?: string; failure?: string };
}

export type StartOutcome =
  | { ok: true; hostedUrl: string; payment: Payment }
  | { ok: false; reason: 'key_reused' | 'provider' };

/**
 * A same-origin path: '/x…', never '//host' or a scheme; nor once its percent-escapes are decoded (up to three
 * times), so '/%5Cevil.example' or '/%2F/evil.example' cannot become '/\evil.example' or '//evil.example' in
 * whatever decodes it next (a router, a proxy, the finish page). Malformed escapes are refused.
 */
export function safePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  if (!/^\/(?![/\\])[^\s]*$/.test(value)) return undefined;
  let decoded = value;
  for (let i = 0; i < 3 && decoded.includes('%'); i += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (!/^\/(?![/\\])/.test(decoded) || /[\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  }
  return value;
}

export class PaymentService {
  private readonly onPaid: OnPaid;
  /** Automatic refunds of payments that delivered nothing (refunds-service.ts). */
  readonly refunds: PaymentRefunds;
  /** Refunds finance staff make in the console (staff-refunds-service.ts). */
  readonly staffRefunds: StaffRefunds;

  constructor(
    private readonly deps: PaymentMachinery & {
      config: Pick<Config, 'PAYMENT_RECOVERY_AFTER_S' | 'PAYMENT_NOTIFY_ORIGIN' | 'PORT'>;
      onPaid: OnPaid;
      /** The port the app listens on, once it does (the default notify origin); else config.PORT. */
      listenPort?: () => number | undefined;
      log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
    },
  ) {
    this.onPaid = deps.onPaid;
    this.refunds = new PaymentRefunds(deps);
    this.staffRefunds = new StaffRefunds(deps);
    deps.jobs.register(PAYMENT_RECOVERY_JOB, (job) => this.recover(job.payload), { transaction: false });
  }

  /**
   * Starts (or finds again) a payment and its hosted session. An open session of the same ad, charge and channel
   * is reused only while the provider still has it pending (a declined one is applied, and a new session made).
   * A new track payment supersedes the ad's other open track payments (one open track payment per ad).
   */
  async start(input: StartPayment, retried = false): Promise<StartOutcome> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const { charge } = input;
    const { payment, reused } = await db.transaction(async (tx) => {
      // One start at a time per ad: two quick presses find the first one's row.
      if (input.adId !== null) await lockAdOfPayment(tx, input.adId);
      const byKey = await findPaymentByKey(tx, input.customerId, input.idempotencyKey);
      if (byKey) return { payment: byKey, reused: false };
      // What is bought, by whom, for how much and how: an open payment of the same is reused.
      const same = {
        customerId: input.customerId,
        adId: input.adId,
        purpose: input.purpose,
        adType: charge.adType,
        days: charge.days,
        amountAgorot: charge.amountAgorot,
        channel: input.channel,
      };
      // Only one whose frame comes back to this start's site origin (a local run is reached at several).
      const open = await findOpenPayment(tx, {
        ...same,
        since: new Date(now.getTime() - OPEN_SESSION_REUSE_MS),
        returnOrigin: input.appOrigin,
      });
      if (open) return { payment: open, reused: true };
      const created = await insertPayment(
        tx,
        {
          publicId: `pay_${crypto.randomBytes(16).toString('base64url')}`,
          ...same,
          idempotencyKey: input.idempotencyKey,
          provider: this.deps.provider.name,
          packageHash: charge.packageHash ?? null,
          returnOrigin: input.appOrigin,
        },
        now,
      );
      // A track and EasyStart's trial publish the same draft: one of them open at a time.
      if (input.adId !== null && (input.purpose === 'track' || input.purpose === 'trial')) {
        const superseded = await supersedeOpenPayments(
          tx,
          { adId: input.adId, purposes: ['track', 'trial'], exceptId: created.id },
          now,
        );
        if (superseded.length)
          this.deps.log?.warn({ payment: created.publicId, superseded }, 'payment start superseded open sessions');
      }
      return { payment: created, reused: false };
    });
    // A reused session the provider has finished already (declined, cancelled): applied, and a new one made.
    if (reused && !retried && payment.providerSessionId) {
      const result = await this.deps.provider.getResult(payment.providerSessionId).catch(() => null);
      if (result && (result.status === 'declined' || result.status === 'cancelled')) {
        await this.apply(payment.publicId, result, null);
        return this.start(input, true);
      }
    }
    // The same key for another ad, charge or channel is a client bug: refused, nothing new.
    if (
      payment.adId !== input.adId ||
      payment.purpose !== input.purpose ||
      payment.amountAgorot !== charge.amountAgorot ||
      payment.channel !== input.channel
    )
      return { ok: false, reason: 'key_reused' };
    if (payment.hostedUrl) return { ok: true, hostedUrl: payment.hostedUrl, payment };
    return this.openSession(payment, input);
  }

  private returnUrl(input: StartPayment, payment: Payment, kind: 'success' | 'failure' | 'failureUpgrade'): string {
    const query = new URLSearchParams({ pid: payment.publicId });
    const next = kind === 'success' ? input.next?.success : input.next?.failure;
    if (next) query.set('next', next);
    return `${input.appOrigin}/api/payments/${kind}?${query}`;
  }

  private async openSession(payment: Payment, input: StartPayment): Promise<StartOutcome> {
    const { db, clock, provider, jobs, config } = this.deps;
    let session: { sessionId: string; hostedUrl: string };
    try {
      session = await provider.createSession({
        merchantRef: payment.publicId,
        amountAgorot: payment.amountAgorot,
        description: input.charge.title,
        successUrl: this.returnUrl(input, payment, 'success'),
        failureUrl: this.returnUrl(input, payment, input.failure),
        notifyUrl: `${notifyOriginOf(config, this.deps.listenPort?.() ?? config.PORT)}/api/payments/notify`,
        // Ours is the payment's public id: a retry, a double click or a concurrent start makes one session.
        idempotencyKey: payment.publicId,
        channel: payment.channel,
        // EasyStart's free week: the card is checked and kept for the charge at the week's end.
        saveCard: payment.purpose === 'trial',
      });
    } catch (err) {
      this.deps.log?.error({ err, payment: payment.publicId }, 'payment provider: createSession failed');
      return { ok: false, reason: 'provider' };
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      await setPaymentSession(tx, payment.id, session.sessionId, session.hostedUrl);
      await jobs.schedule(
        {
          kind: PAYMENT_RECOVERY_JOB,
          key: payment.publicId,
          runAt: new Date(now.getTime() + config.PAYMENT_RECOVERY_AFTER_S * 1000),
          payload: { publicId: payment.publicId, round: 0 },
        },
        tx,
      );
    });
    return {
      ok: true,
      hostedUrl: session.hostedUrl,
      payment: { ...payment, providerSessionId: session.sessionId, hostedUrl: session.hostedUrl },
    };
  }

  /**
   * Applies the provider's result to our payment, in one transaction that locks the payment row (so two deliveries
   * of one event, or a notification and the recovery job, apply it once). An event is recorded once it was
   * applied; a 'pending' result records nothing, so the provider's next delivery is processed.
   */
  async apply(publicId: string, result: ProviderResult, event: ProviderEvent | null): Promise<ApplyOutcome> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx): Promise<ApplyOutcome> => {
      const payment = await findPaymentByPublicId(tx, publicId, true);
      if (!payment) return 'unknown';
      const record = async () =>
        event ? recordPaymentEvent(tx, { eventId: event.eventId, paymentId: payment.id, kind: event.kind }, now) : true;
      if (payment.status !== 'created') return (await record()) ? 'final' : 'duplicate';
      // Nothing happened yet (a provider may not name the payment before it has a transaction): nothing recorded.
      if (result.status === 'pending') return 'pending';
      if (result.merchantRef !== payment.publicId || result.amountAgorot !== payment.amountAgorot) {
        this.deps.log?.error({ payment: publicId, result }, 'payment provider result disagrees with the payment');
        await record();
        return 'mismatch';
      }
      if (!(await record())) return 'duplicate';
      if (result.status === 'paid') {
        await markPaymentPaid(tx, payment.id, now);
        // A superseded session fulfils nothing (its ad's newer payment does); otherwise onPaid says what it did.
        const outcome: NotFulfilled | undefined = payment.supersededAt
          ? { fulfilled: false, reason: 'superseded' }
          : await this.onPaid(tx, { ...payment, status: 'paid', paidAt: now, savedCard: result.savedCard });
        if (outcome && !outcome.fulfilled) {
          await setPaymentFulfilment(tx, payment.id, {
            fulfilment: 'refund_due',
            reason: outcome.reason,
            detail: outcome.detail,
          });
          // Refunded automatically: decided here, asked of the provider by settle() and, until it confirms, the job.
          await this.refunds.decide(tx, payment, now);
          this.deps.log?.error(
            { payment: publicId, adId: payment.adId, reason: outcome.reason, detail: outcome.detail },
            'payment paid but not fulfilled: refunding',
          );
        } else await setPaymentFulfilment(tx, payment.id, { fulfilment: 'done' });
        return 'paid';
      }
      // The provider's reason code (card_declined, expired_card…), else its status: the finish page says it.
      await markPaymentFailed(
        tx,
        payment.id,
        result.status === 'cancelled' ? 'cancelled' : 'failed',
        result.failureReason ?? result.status,
        now,
      );
      return 'failed';
    });
  }

  /** POST /api/payments/notify: answers the HTTP status and body for the provider. */
  async notify(
    rawBody: Buffer | string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ code: number; outcome: ApplyOutcome | 'refused' | 'unavailable' }> {
    const { db, clock, provider } = this.deps;
    const check = provider.verifyNotification(rawBody, headers, clock.now());
    if (!check.ok) {
      this.deps.log?.warn({ reason: check.reason }, 'payment notification refused');
      return { code: 400, outcome: 'refused' };
    }
    const { event } = check;
    if (await paymentEventSeen(db, event.eventId)) return { code: 200, outcome: 'duplicate' };
    const payment = await findPaymentByPublicId(db, event.merchantRef);
    if (!payment || payment.providerSessionId !== event.sessionId) return { code: 404, outcome: 'unknown' };
    let result: ProviderResult;
    try {
      result = await provider.getResult(event.sessionId);
    } catch (err) {
      this.deps.log?.error({ err, payment: payment.publicId }, 'payment provider: getResult failed');
      return { code: 503, outcome: 'unavailable' };
    }
    const outcome = await this.apply(payment.publicId, result, event);
    if (outcome === 'paid') await this.settle(payment.publicId);
    // Still pending at the provider: not processed; the provider delivers it again.
    return { code: outcome === 'pending' ? 409 : 200, outcome };
  }

  /** Asks the provider once about an unfinished payment (the success return, the recovery job). */
  async reconcile(payment: Payment): Promise<ApplyOutcome> {
    if (payment.status !== 'created' || !payment.providerSessionId) return 'final';
    const result = await this.deps.provider.getResult(payment.providerSessionId);
    const outcome = await this.apply(payment.publicId, result, null);
    if (outcome === 'paid') await this.settle(payment.publicId);
    return outcome;
  }

  /**
   * After a payment was recorded paid, before answering: a refund it was due is asked of the provider now (the job
   * retries it otherwise); a payment that published its ad cancels the ad's other open sessions.
   */
  private async settle(publicId: string): Promise<void> {
    const payment = await findPaymentByPublicId(this.deps.db, publicId);
    if (payment?.status !== 'paid') return;
    if (payment.refundStatus === 'pending') await this.refunds.refund(publicId);
    else if (payment.adId !== null && ['track', 'ad_package', 'trial'].includes(payment.purpose))
      await this.cancelOpenSessions(payment.adId, payment.id);
  }

  /**
   * The ad was finished another way (a free track, a package's ad, another payment): each of its other open
   * sessions is cancelled at the provider, so its hosted page takes no more payment. A session the customer paid
   * in the meantime answers 'paid': it is applied (it delivers nothing now) and refunded before this returns. A
   * provider that does not answer leaves the session to the recovery job (a payment still refunded if made).
   */
  async cancelOpenSessions(adId: number, exceptId: number | null = null): Promise<void> {
    for (const payment of await findOpenSessionsOfAd(this.deps.db, adId, exceptId)) {
      let result: ProviderResult;
      try {
        result = await this.deps.provider.cancelSession(payment.providerSessionId ?? '');
      } catch (err) {
        this.deps.log?.warn({ err, payment: payment.publicId }, 'payment provider: cancelSession failed');
        continue;
      }
      if ((await this.apply(payment.publicId, result, null)) === 'paid') await this.settle(payment.publicId);
    }
  }

  /** The provider this service pays through (EasyStart charges a kept card through it). */
  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  findByPublicId(publicId: string): Promise<Payment | null> {
    return findPaymentByPublicId(this.deps.db, publicId);
  }

  /** The recovery job: a session still 'created' (a lost or late notification) is asked about, then again later. */
  private async recover(payload: Record<string, unknown>): Promise<void> {
    const { db, clock, jobs, config } = this.deps;
    const publicId = String(payload.publicId ?? '');
    const payment = await findPaymentByPublicId(db, publicId);
    if (payment?.status !== 'created' || !payment.providerSessionId) return;
    const outcome = await this.reconcile(payment);
    if (outcome !== 'pending') return;
    const now = clock.now();
    if (now.getTime() - payment.createdAt.getTime() > RECOVERY_GIVE_UP_MS) return;
    const round = Number(payload.round ?? 0) + 1;
    const delayMs = Math.min(config.PAYMENT_RECOVERY_AFTER_S * 1000 * 2 ** Math.min(round, 6), 60 * 60_000);
    await jobs.schedule({
      kind: PAYMENT_RECOVERY_JOB,
      key: `${publicId}#${round}`,
      runAt: new Date(now.getTime() + delayMs),
      payload: { publicId, round },
    });
  }
}
