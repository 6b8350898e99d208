/**
 * The payment provider adapter (money is kept in agorot, every charge idempotent). Our payment service talks to the
 * provider only through this interface: it creates a hosted session, reads a session's result server to server,
 * cancels an open session, refunds a paid one, and checks a notification's signature. PAYMENT_PROVIDER chooses the
 * implementation: the sandbox (payments/sandbox/) or PayPlus (payments/payplus/), which also keeps a card the payer
 * agreed to save and charges it later (`SavedCardCharges`).
 */
import crypto from 'node:crypto';
import type { PaymentChannel, PaymentFailureReason } from '@app/contract/orders';

export interface CreateSessionInput {
  /** Our payment's public id: the provider's merchant reference (never our serial id). */
  merchantRef: string;
  amountAgorot: number;
  description: string;
  /** Where the hosted page sends its frame after a success / a failure (never proof of payment). */
  successUrl: string;
  failureUrl: string;
  /** Where the provider POSTs its signed notifications. */
  notifyUrl: string;
  /** The same key answers the same session (a retry of ours never makes a second one). */
  idempotencyKey: string;
  channel: PaymentChannel;
  /** The payer's card is kept as a token for a later merchant-initiated charge (a provider with SavedCardCharges). */
  saveCard?: boolean;
}

export interface CreatedSession {
  sessionId: string;
  /** The hosted page to frame (the card page, or the mobile-payment page with its QR code). */
  hostedUrl: string;
}

export type ProviderStatus = 'pending' | 'paid' | 'declined' | 'cancelled';

export interface ProviderResult {
  status: ProviderStatus;
  amountAgorot: number;
  merchantRef: string;
  /** ISO time, when paid. */
  paidAt: string | null;
  /** Why a declined or cancelled session did not pay (the provider's code mapped to ours); null otherwise. */
  failureReason: PaymentFailureReason | null;
  /** The card kept for later charges, when the session asked for it and the payment went through. */
  savedCard?: SavedCard;
}

/** A card the provider keeps (we never see its number): its token and what the payer may be shown of it. */
export interface SavedCard {
  token: string;
  /** The provider's customer the token belongs to, when it has one. */
  customerRef: string | null;
  last4: string;
  /** MM/YY */
  expiry: string;
}

export interface SavedCardChargeInput {
  card: SavedCard;
  amountAgorot: number;
  /** Our payment's public id: the charge's reference at the provider. */
  merchantRef: string;
  description: string;
  /** The same key answers the same charge: a retry never charges twice. */
  idempotencyKey: string;
}

export type SavedCardChargeResult =
  | { status: 'paid'; chargeId: string; amountAgorot: number }
  | { status: 'declined'; failureReason: PaymentFailureReason | null };

/** A provider that charges a saved card without the payer (the end of a free trial week). */
export interface SavedCardCharges {
  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardChargeResult>;
}

export interface RefundInput {
  sessionId: string;
  amountAgorot: number;
  /** The same key answers the same refund: a retry (after a crash, a lost answer) never refunds twice. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  refundId: string;
  amountAgorot: number;
}

/** A notification whose signature and time were checked: only a hint to fetch the result. */
export interface ProviderEvent {
  eventId: string;
  kind: string;
  sessionId: string;
  merchantRef: string;
}

export type NotificationCheck =
  | { ok: true; event: ProviderEvent }
  | { ok: false; reason: 'signature' | 'timestamp' | 'malformed' };

export interface PaymentProvider {
  readonly name: string;
  /** Present when the provider can charge a saved card later. */
  readonly savedCards?: SavedCardCharges;
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  getResult(sessionId: string): Promise<ProviderResult>;
  /** Cancels an open session (its page takes no payment after); answers its result, a payment's if it came first. */
  cancelSession(sessionId: string): Promise<ProviderResult>;
  /** Refunds (part of) a paid session, idempotent by key; refused beyond the amount charged. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  verifyNotification(
    rawBody: Buffer | string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): NotificationCheck;
}

/** The headers of a signed notification (Stripe-like: the signature covers the timestamp and the raw body). */
export const NOTIFY_HEADERS = {
  signature: 'x-payment-signature',
  timestamp: 'x-payment-timestamp',
  eventId: 'x-payment-event-id',
} as const;

/** How far a notification's timestamp may be from our clock (a replay of an old one is refused). */
export const NOTIFY_TOLERANCE_MS = 5 * 60_000;

/** hex HMAC-SHA256 over `${timestamp}.${eventId}.${rawBody}`. */
export function signNotification(secret: string, timestamp: number, eventId: string, rawBody: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${eventId}.${rawBody}`).digest('hex');
}

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * Checks a notification: a signature over the exact raw bytes with our secret (constant time), a timestamp (seconds)
 * within ±5 minutes of `now`, and the event id of the header equal to the body's. The body is parsed only after.
 */
export function verifySignedNotification(
  secret: string,
  rawBody: Buffer | string,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): NotificationCheck {
  const raw = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const signature = one(headers[NOTIFY_HEADERS.signature]) ?? '';
  const timestampText = one(headers[NOTIFY_HEADERS.timestamp]) ?? '';
  const eventId = one(headers[NOTIFY_HEADERS.eventId]) ?? '';
  if (!/^\d{1,12}$/.test(timestampText) || !/^[A-Za-z0-9_-]{8,80}$/.test(eventId) || !/^[0-9a-f]{64}$/.test(signature))
    return { ok: false, reason: 'malformed' };
  const timestamp = Number(timestampText);
  const expected = Buffer.from(signNotification(secret, timestamp, eventId, raw), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature' };
  if (Math.abs(now.getTime() - timestamp * 1000) > NOTIFY_TOLERANCE_MS) return { ok: false, reason: 'timestamp' };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const b = body as Partial<Record<'eventId' | 'kind' | 'sessionId' | 'merchantRef', unknown>>;
  if (
    b.eventId !== eventId ||
    typeof b.kind !== 'string' ||
    typeof b.sessionId !== 'string' ||
    typeof b.merchantRef !== 'string'
  )
    return { ok: false, reason: 'malformed' };
  return { ok: true, event: { eventId, kind: b.kind, sessionId: b.sessionId, merchantRef: b.merchantRef } };
}
