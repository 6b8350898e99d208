/**
 * PayPlus (PAYMENT_PROVIDER=payplus): our PaymentProvider over PayPlus's REST API v1.0 (README.md beside this file
 * names the documentation pages). Cards and bit are taken on PayPlus's hosted payment page, framed where the sandbox's
 * page is framed; we never see a card number.
 *
 *   createSession ─► POST PaymentPages/generateLink (amount in shekels, more_info = our payment's public id, the
 *                    return and callback URLs we give, bit as the default tab for the mobile-payment channel)
 *   callback      ─► `hash` header: base64 HMAC-SHA256 of the body with our secret key, `user-agent: PayPlus`;
 *                    only a hint: the payment service then asks getResult, which is what decides
 *   getResult     ─► POST PaymentPages/ipn {payment_request_uid}: the page's transaction, if it has one
 *   refund        ─► POST PaymentPages/ipn-full {transaction_uid, related_transaction: true}: a refund with our key
 *                    in more_info is answered as done; else POST Transactions/RefundByTransactionUID
 *   saved card    ─► generateLink with create_token; POST Transactions/Charge with use_token (checked first, by our
 *                    reference, through ipn-full: a charge already made is answered, never made again)
 *
 * generateLink, a refund and a charge are not idempotent at PayPlus, so they are never retried blindly
 * (OutsideService `idempotent: false`); our side makes each once per payment (the payment row is claimed before the
 * call, a refund is looked for before it is asked again). The reads are retried.
 */
import crypto from 'node:crypto';
import type { PaymentFailureReason } from '@app/contract/orders';
import type { Config } from '../../platform/config.ts';
import { OutsideService } from '../../platform/outside-call.ts';
import type {
  CreatedSession,
  CreateSessionInput,
  NotificationCheck,
  PaymentProvider,
  ProviderRefund,
  ProviderResult,
  RefundInput,
  SavedCard,
  SavedCardChargeInput,
  SavedCardChargeResult,
  SavedCardCharges,
} from '../provider.ts';

export type PayPlusSettings = Required<
  Pick<Config, 'PAYPLUS_API_KEY' | 'PAYPLUS_SECRET_KEY' | 'PAYPLUS_PAYMENT_PAGE_UID' | 'PAYPLUS_API_BASE'>
> &
  Pick<Config, 'PAYPLUS_TERMINAL_UID' | 'PAYPLUS_CASHIER_UID'> & { timeoutMs: number };

/** PayPlus refused or failed a call; `status` is its HTTP status when it answered. */
export class PayPlusError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Every PayPlus answer: `results` says whether the call did what was asked, `data` holds what it answers. */
interface Envelope<T> {
  results?: { status?: string; code?: number; description?: string };
  data?: T;
}

/** A transaction as PaymentPages/ipn and ipn-full answer it (flat under `data`). */
interface IpnTransaction {
  transaction_uid?: string;
  page_request_uid?: string;
  status_code?: string;
  amount?: number;
  more_info?: string;
  method?: string;
  customer_uid?: string | null;
  card_information?: { token?: string | null; four_digits?: string; expiry_month?: string; expiry_year?: string };
  related_transactions?: { transaction_uid?: string; type?: string; amount?: number; more_info?: string }[];
}

const APPROVED = '000';
/** Shva's answer codes PayPlus passes on, as our reasons (any other decline is a declined card). */
const DECLINES: Record<string, PaymentFailureReason> = {
  '036': 'expired_card',
  '006': 'authentication_failed',
  '033': 'card_declined',
};

const toShekels = (agorot: number): number => Math.round(agorot) / 100;
const toAgorot = (shekels: unknown): number => (typeof shekels === 'number' ? Math.round(shekels * 100) : Number.NaN);

/** Where the adapter says what PayPlus answered that it had to interpret (never a key, a card or a person's data). */
export interface PayPlusLog {
  info(obj: unknown, msg?: string): void;
}
const quiet: PayPlusLog = { info: () => {} };

/**
 * Whether a related transaction is a refund. PayPlus's pages do not say how `type` is spelt ('refund', 'Refund',
 * 'REFUND'…), so its case is ignored: a refund not recognised would be asked for a second time.
 */
const isRefund = (type: unknown): boolean => typeof type === 'string' && type.trim().toLowerCase() === 'refund';

export class PayPlusPaymentProvider implements PaymentProvider, SavedCardCharges {
  readonly name = 'payplus';
  readonly savedCards: SavedCardCharges = this;

  constructor(
    private readonly settings: PayPlusSettings,
    private readonly service = new OutsideService('payplus', { timeoutMs: settings.timeoutMs }),
    private readonly log: PayPlusLog = quiet,
  ) {}

  private async post<T>(operation: string, path: string, body: unknown, idempotent: boolean): Promise<Envelope<T>> {
    return this.service.call(
      operation,
      async (signal) => {
        let res: Response;
        try {
          res = await fetch(`${this.settings.PAYPLUS_API_BASE}/${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              'api-key': this.settings.PAYPLUS_API_KEY,
              'secret-key': this.settings.PAYPLUS_SECRET_KEY,
            },
            body: JSON.stringify(body),
            signal,
          });
        } catch (err) {
          if (signal.aborted) throw err;
          throw new PayPlusError(`PayPlus unreachable: ${String(err)}`);
        }
        const answer = (await res.json().catch(() => ({}))) as Envelope<T>;
        if (!res.ok) {
          throw new PayPlusError(
            `PayPlus answered ${res.status} to ${path}: ${answer.results?.description ?? ''}`.trim(),
            res.status,
          );
        }
        return answer;
      },
      { idempotent },
    );
  }

  async createSession(input: CreateSessionInput): Promise<CreatedSession> {
    const bit = input.channel === 'bit';
    const answer = await this.post<{ page_request_uid?: string; payment_page_link?: string }>(
      'session',
      'PaymentPages/generateLink',
      {
        payment_page_uid: this.settings.PAYPLUS_PAYMENT_PAGE_UID,
        // Nothing to charge (EasyStart's free week): the card is only checked (J2) and kept.
        charge_method: input.amountAgorot === 0 ? 0 : 1,
        amount: toShekels(input.amountAgorot),
        currency_code: 'ILS',
        sendEmailApproval: false,
        sendEmailFailure: false,
        language_code: 'he',
        charge_default: bit ? 'bit' : 'credit-card',
        ...(bit ? { allowed_charge_methods: ['bit'], hide_other_charge_methods: true } : {}),
        refURL_success: input.successUrl,
        refURL_failure: input.failureUrl,
        refURL_cancel: input.failureUrl,
        refURL_callback: input.notifyUrl,
        send_failure_callback: true,
        expiry_datetime: '30',
        payments: 1,
        more_info: input.merchantRef,
        create_token: input.saveCard === true,
        ...(input.amountAgorot > 0
          ? { items: [{ name: input.description, quantity: 1, price: toShekels(input.amountAgorot), vat_type: 0 }] }
          : {}),
      },
      false,
    );
    const link = answer.data?.payment_page_link;
    const uid = answer.data?.page_request_uid;
    if (answer.results?.status !== 'success' || typeof link !== 'string' || typeof uid !== 'string')
      throw new PayPlusError(`PayPlus did not open a payment page: ${answer.results?.description ?? 'no link'}`, 422);
    return { sessionId: uid, hostedUrl: link };
  }

  /** The page's transaction, or null while it has none (the payer has not paid, nor failed, yet). */
  private async transactionOf(sessionId: string): Promise<IpnTransaction | null> {
    const answer = await this.post<IpnTransaction>(
      'result',
      'PaymentPages/ipn',
      { payment_request_uid: sessionId },
      true,
    );
    if (answer.results?.status !== 'success' || !answer.data?.transaction_uid) return null;
    if (answer.data.page_request_uid !== undefined && answer.data.page_request_uid !== sessionId)
      throw new PayPlusError('PayPlus answered another page request');
    return answer.data;
  }

  async getResult(sessionId: string): Promise<ProviderResult> {
    const tx = await this.transactionOf(sessionId);
    if (!tx) return { status: 'pending', amountAgorot: Number.NaN, merchantRef: '', paidAt: null, failureReason: null };
    const amountAgorot = toAgorot(tx.amount);
    if (!Number.isInteger(amountAgorot) || typeof tx.more_info !== 'string')
      throw new PayPlusError('PayPlus answered a malformed transaction');
    const base = { amountAgorot, merchantRef: tx.more_info };
    if (tx.status_code !== APPROVED) {
      const reason = tx.method === 'bit' ? 'app_declined' : (DECLINES[tx.status_code ?? ''] ?? 'card_declined');
      return { ...base, status: 'declined', paidAt: null, failureReason: reason };
    }
    const card = tx.card_information;
    const savedCard: SavedCard | undefined =
      card?.token && card.four_digits
        ? {
            token: card.token,
            customerRef: tx.customer_uid ?? null,
            last4: card.four_digits,
            expiry: `${card.expiry_month ?? '??'}/${card.expiry_year ?? '??'}`,
          }
        : undefined;
    return {
      ...base,
      status: 'paid',
      paidAt: new Date().toISOString(),
      failureReason: null,
      ...(savedCard ? { savedCard } : {}),
    };
  }

  /**
   * PayPlus has no call that closes a payment page before its time (30 minutes, expiry_datetime): a page with a
   * transaction answers it, one without stays pending, and a payment made on it later is applied then (and refunded
   * when it delivers nothing, as any late payment is).
   */
  cancelSession(sessionId: string): Promise<ProviderResult> {
    return this.getResult(sessionId);
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const tx = await this.transactionOf(input.sessionId);
    if (!tx?.transaction_uid || tx.status_code !== APPROVED) throw new PayPlusError('nothing paid to refund', 409);
    // Asked before: a refund carrying our key is the answer (a lost answer, a crash between its call and our write).
    const full = await this.post<IpnTransaction>(
      'refund-lookup',
      'PaymentPages/ipn-full',
      { transaction_uid: tx.transaction_uid, related_transaction: true },
      true,
    );
    const related = full.data?.related_transactions ?? [];
    const made = related.find((r) => isRefund(r.type) && r.more_info === input.idempotencyKey);
    // What PayPlus called its related transactions (their types only: no reference, amount or card).
    this.log.info(
      {
        provider: 'payplus',
        operation: 'refund-lookup',
        relatedTypes: [...new Set(related.map((r) => String(r.type).slice(0, 40)))],
        found: Boolean(made?.transaction_uid),
      },
      'PayPlus refund lookup',
    );
    if (made?.transaction_uid) return { refundId: made.transaction_uid, amountAgorot: toAgorot(made.amount) };
    const answer = await this.post<{ transaction?: { uid?: string; amount?: number; status_code?: string } }>(
      'refund',
      'Transactions/RefundByTransactionUID',
      { transaction_uid: tx.transaction_uid, amount: toShekels(input.amountAgorot), more_info: input.idempotencyKey },
      false,
    );
    const refund = answer.data?.transaction;
    if (answer.results?.status !== 'success' || !refund?.uid || refund.status_code !== APPROVED)
      throw new PayPlusError(`PayPlus refused the refund: ${answer.results?.description ?? 'no transaction'}`, 422);
    return { refundId: refund.uid, amountAgorot: toAgorot(refund.amount) };
  }

  async chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardChargeResult> {
    const { PAYPLUS_TERMINAL_UID: terminal, PAYPLUS_CASHIER_UID: cashier } = this.settings;
    if (!terminal || !cashier) throw new PayPlusError('PAYPLUS_TERMINAL_UID and PAYPLUS_CASHIER_UID are not set');
    // Charged before under our reference: that charge is the answer.
    const before = await this.post<IpnTransaction>(
      'charge-lookup',
      'PaymentPages/ipn-full',
      { more_info: input.merchantRef },
      true,
    );
    if (before.results?.status === 'success' && before.data?.status_code === APPROVED && before.data.transaction_uid)
      return { status: 'paid', chargeId: before.data.transaction_uid, amountAgorot: toAgorot(before.data.amount) };
    const answer = await this.post<{ transaction?: { uid?: string; amount?: number; status_code?: string } }>(
      'charge',
      'Transactions/Charge',
      {
        terminal_uid: terminal,
        cashier_uid: cashier,
        amount: toShekels(input.amountAgorot),
        currency_code: 'ILS',
        use_token: true,
        token: input.card.token,
        ...(input.card.customerRef ? { customer_uid: input.card.customerRef } : {}),
        credit_terms: 1,
        more_info: input.merchantRef,
        more_info_2: input.idempotencyKey,
        products: [{ name: input.description, quantity: 1, price: toShekels(input.amountAgorot), vat_type: 0 }],
      },
      false,
    );
    const tx = answer.data?.transaction;
    if (!tx?.uid) throw new PayPlusError(`PayPlus did not charge: ${answer.results?.description ?? 'no transaction'}`);
    if (tx.status_code !== APPROVED)
      return { status: 'declined', failureReason: DECLINES[tx.status_code ?? ''] ?? 'card_declined' };
    return { status: 'paid', chargeId: tx.uid, amountAgorot: toAgorot(tx.amount) };
  }

  verifyNotification(
    rawBody: Buffer | string,
    headers: Record<string, string | string[] | undefined>,
  ): NotificationCheck {
    return verifyPayPlusCallback(this.settings.PAYPLUS_SECRET_KEY, rawBody, headers);
  }
}

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

/** base64 HMAC-SHA256 of a callback's body with the secret key: PayPlus's `hash` header. */
export function payPlusHash(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(given, 'base64');
  return a.length === 32 && b.length === 32 && crypto.timingSafeEqual(a, b);
}

/**
 * Checks a PayPlus callback: `user-agent: PayPlus` and a `hash` that is the HMAC of the exact body (or, as PayPlus's
 * own examples compute it, of the body parsed and serialised again). The event id is the transaction and its
 * status: a second delivery of the same callback is recognised and applies nothing.
 */
export function verifyPayPlusCallback(
  secret: string,
  rawBody: Buffer | string,
  headers: Record<string, string | string[] | undefined>,
): NotificationCheck {
  const raw = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const hash = one(headers.hash);
  if (one(headers['user-agent']) !== 'PayPlus' || !/^[A-Za-z0-9+/]{43}=$/.test(hash))
    return { ok: false, reason: 'malformed' };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!sameHash(payPlusHash(secret, raw), hash) && !sameHash(payPlusHash(secret, JSON.stringify(body)), hash))
    return { ok: false, reason: 'signature' };
  const b = body as { transaction_type?: unknown; transaction?: Record<string, unknown> };
  const tx = b.transaction;
  const uid = tx?.uid;
  const status = tx?.status_code;
  const page = tx?.payment_page_request_uid;
  const ref = tx?.more_info;
  if (
    typeof uid !== 'string' ||
    !/^[A-Za-z0-9-]{8,64}$/.test(uid) ||
    typeof status !== 'string' ||
    !/^\d{1,4}$/.test(status) ||
    typeof page !== 'string' ||
    typeof ref !== 'string'
  )
    return { ok: false, reason: 'malformed' };
  const kind = typeof b.transaction_type === 'string' ? b.transaction_type.slice(0, 40) : 'Charge';
  return {
    ok: true,
    event: { eventId: `pp_${uid}_${status}`, kind: `payplus.${kind}`, sessionId: page, merchantRef: ref },
  };
}
