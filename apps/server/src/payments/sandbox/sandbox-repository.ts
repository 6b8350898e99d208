/**
 * The payment sandbox's state (migrations 0013, 0025, 0039): sessions, deliveries, switches, refunds and charges of
 * a kept card. SQL only; every time is the caller's clock.
 */
import crypto from 'node:crypto';
import type { PaymentChannel, PaymentFailureReason } from '@app/contract/orders';
import {
  isPaymentSandboxSwitch,
  PAYMENT_SANDBOX_SWITCHES,
  type PaymentSandboxSwitch,
} from '@app/contract/paymentSandbox';
import type { Queryable } from '../../platform/db/db.ts';
import type { CreateSessionInput } from '../provider.ts';

export type SandboxStatus = 'pending' | 'challenge' | 'paid' | 'declined' | 'cancelled';
export type NotifyMode = 'normal' | 'slow' | 'lost';

export interface SandboxSession {
  id: string;
  merchantRef: string;
  amountAgorot: number;
  description: string;
  channel: PaymentChannel;
  successUrl: string;
  failureUrl: string;
  notifyUrl: string;
  idempotencyKey: string;
  status: SandboxStatus;
  challengeCode: string | null;
  /** The issuer fails this card's authentication whatever code is typed (the authentication-failure test card). */
  challengeFails: boolean;
  /** Wrong one-time codes typed so far (CHALLENGE_MAX_ATTEMPTS fails the authentication). */
  challengeAttempts: number;
  notifyMode: NotifyMode;
  cardLast4: string | null;
  installments: number | null;
  declineReason: string | null;
  approvalToken: string;
  createdAt: Date;
  paidAt: Date | null;
  /** How much of the charge was refunded (migration 0025; sandbox/refunds.ts). */
  refundedAgorot: number;
  /** The payer agreed to keep the card (migration 0039): a paid card session then has a token. */
  saveCard: boolean;
  cardToken: string | null;
  /** MM/YY */
  cardExpiry: string | null;
}

interface Row {
  id: string;
  merchant_ref: string;
  amount_agorot: number;
  description: string;
  channel: PaymentChannel;
  success_url: string;
  failure_url: string;
  notify_url: string;
  idempotency_key: string;
  status: SandboxStatus;
  challenge_code: string | null;
  challenge_fails: boolean;
  challenge_attempts: number;
  notify_mode: NotifyMode;
  card_last4: string | null;
  installments: number | null;
  decline_reason: string | null;
  approval_token: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  refunded_agorot?: number | null;
  save_card?: boolean | null;
  card_token?: string | null;
  card_expiry?: string | null;
}

const toSession = (r: Row): SandboxSession => ({
  id: r.id,
  merchantRef: r.merchant_ref,
  amountAgorot: Number(r.amount_agorot),
  description: r.description,
  channel: r.channel,
  successUrl: r.success_url,
  failureUrl: r.failure_url,
  notifyUrl: r.notify_url,
  idempotencyKey: r.idempotency_key,
  status: r.status,
  challengeCode: r.challenge_code,
  challengeFails: r.challenge_fails === true,
  challengeAttempts: Number(r.challenge_attempts ?? 0),
  notifyMode: r.notify_mode,
  cardLast4: r.card_last4,
  installments: r.installments === null ? null : Number(r.installments),
  declineReason: r.decline_reason,
  approvalToken: r.approval_token,
  createdAt: new Date(r.created_at),
  paidAt: r.paid_at === null ? null : new Date(r.paid_at),
  refundedAgorot: Number(r.refunded_agorot ?? 0),
  saveCard: r.save_card === true,
  cardToken: r.card_token ?? null,
  cardExpiry: r.card_expiry ?? null,
});

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url')}`;

/** Creates a session, or answers the one made earlier with the same idempotency key. */
export async function createSandboxSession(
  db: Queryable,
  input: CreateSessionInput,
  now: Date,
): Promise<{ session: SandboxSession; created: boolean }> {
  const [row] = await db.query<Row>(
    `INSERT INTO sandbox_payment_sessions (id, merchant_ref, amount_agorot, description, channel, success_url,
       failure_url, notify_url, idempotency_key, approval_token, created_at, save_card)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
    [
      randomId('ps'),
      input.merchantRef,
      input.amountAgorot,
      input.description,
      input.channel,
      input.successUrl,
      input.failureUrl,
      input.notifyUrl,
      input.idempotencyKey,
      crypto.randomBytes(16).toString('base64url'),
      now,
      input.saveCard === true,
    ],
  );
  if (row) return { session: toSession(row), created: true };
  const [existing] = await db.query<Row>('SELECT * FROM sandbox_payment_sessions WHERE idempotency_key = $1', [
    input.idempotencyKey,
  ]);
  if (!existing) throw new Error('idempotent session insert found nothing');
  return { session: toSession(existing), created: false };
}

export async function findSandboxSession(db: Queryable, id: string, forUpdate = false): Promise<SandboxSession | null> {
  const [row] = await db.query<Row>(
    `SELECT * FROM sandbox_payment_sessions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ? toSession(row) : null;
}

/** Moves a session on; only from an open state (pending or challenge), so a finished session never changes. */
export async function updateOpenSession(
  db: Queryable,
  id: string,
  change: {
    status: SandboxStatus;
    challengeCode?: string | null;
    challengeFails?: boolean;
    notifyMode?: NotifyMode;
    cardLast4?: string | null;
    cardExpiry?: string | null;
    installments?: number | null;
    declineReason?: string | null;
  },
  now: Date,
): Promise<SandboxSession | null> {
  const finished = change.status !== 'pending' && change.status !== 'challenge';
  const [row] = await db.query<Row>(
    `UPDATE sandbox_payment_sessions SET status = $2, challenge_code = $3,
       notify_mode = COALESCE($4, notify_mode), card_last4 = COALESCE($5, card_last4),
       installments = COALESCE($6, installments), decline_reason = $7,
       paid_at = CASE WHEN $2 = 'paid' THEN $8::timestamptz ELSE paid_at END,
       finished_at = CASE WHEN $9 THEN $8::timestamptz ELSE finished_at END,
       challenge_fails = COALESCE($10, challenge_fails), card_expiry = COALESCE($11, card_expiry),
       card_token = CASE WHEN $2 = 'paid' AND save_card AND channel = 'creditCard' THEN $12 ELSE card_token END
     WHERE id = $1 AND status IN ('pending', 'challenge') RETURNING *`,
    [
      id,
      change.status,
      change.challengeCode ?? null,
      change.notifyMode ?? null,
      change.cardLast4 ?? null,
      change.installments ?? null,
      change.declineReason ?? null,
      now,
      finished,
      change.challengeFails ?? null,
      change.cardExpiry ?? null,
      `tok_${crypto.randomBytes(18).toString('base64url')}`,
    ],
  );
  return row ? toSession(row) : null;
}

/** Wrong one-time codes a challenge takes before the issuer fails the authentication. */
export const CHALLENGE_MAX_ATTEMPTS = 3;

/**
 * Counts a wrong one-time code of a session in its challenge; answers the session with the new count, or null when
 * it is not in its challenge any more (a concurrent submit finished it).
 */
export async function countWrongCode(db: Queryable, id: string): Promise<SandboxSession | null> {
  const [row] = await db.query<Row>(
    `UPDATE sandbox_payment_sessions SET challenge_attempts = challenge_attempts + 1
     WHERE id = $1 AND status = 'challenge' RETURNING *`,
    [id],
  );
  return row ? toSession(row) : null;
}

/**
 * How long a hosted session stays open (as a real provider's payment page expires): after it, the next look at the
 * session (its pages, its status, the API) finishes it as cancelled with the reason 'expired'.
 */
export const SESSION_LIFETIME_MS = 30 * 60_000;

/** An open session whose lifetime has passed at `now`. */
export const isDueToExpire = (s: SandboxSession, now: Date): boolean =>
  (s.status === 'pending' || s.status === 'challenge') && now.getTime() - s.createdAt.getTime() >= SESSION_LIFETIME_MS;

/** A session finished by its lifetime (cancelled as 'expired'), not by the payer. */
export const isExpired = (s: SandboxSession): boolean => s.status === 'cancelled' && s.declineReason === 'expired';

/**
 * The sandbox admin view's "expire now": an open session's creation moved back by its lifetime, so the next look at
 * it expires it as the provider's clock would. Answers whether an open session was moved.
 */
export async function ageOpenSession(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE sandbox_payment_sessions SET created_at = created_at - ($2::bigint * interval '1 millisecond')
     WHERE id = $1 AND status IN ('pending', 'challenge') RETURNING id`,
    [id, SESSION_LIFETIME_MS],
  );
  return rows.length > 0;
}

export async function listSandboxSessions(db: Queryable, limit = 50): Promise<SandboxSession[]> {
  const rows = await db.query<Row>('SELECT * FROM sandbox_payment_sessions ORDER BY created_at DESC, id LIMIT $1', [
    limit,
  ]);
  return rows.map(toSession);
}

export interface Delivery {
  id: number;
  eventId: string;
  sessionId: string;
  kind: string;
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

interface DeliveryRow {
  id: number;
  event_id: string;
  session_id: string;
  kind: string;
  url: string;
  body: string;
  status: Delivery['status'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: Number(r.id),
  eventId: r.event_id,
  sessionId: r.session_id,
  kind: r.kind,
  url: r.url,
  body: r.body,
  status: r.status,
  attempts: Number(r.attempts),
  lastStatus: r.last_status === null ? null : Number(r.last_status),
  lastError: r.last_error,
  createdAt: new Date(r.created_at),
  deliveredAt: r.delivered_at === null ? null : new Date(r.delivered_at),
});

export async function insertDelivery(
  db: Queryable,
  d: { eventId: string; sessionId: string; kind: string; url: string; body: string; dropped: boolean },
  now: Date,
): Promise<Delivery> {
  const [row] = await db.query<DeliveryRow>(
    `INSERT INTO sandbox_payment_deliveries (event_id, session_id, kind, url, body, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [d.eventId, d.sessionId, d.kind, d.url, d.body, d.dropped ? 'dropped' : 'pending', now],
  );
  if (!row) throw new Error('delivery insert returned nothing');
  return toDelivery(row);
}

export async function findDelivery(db: Queryable, id: number): Promise<Delivery | null> {
  const [row] = await db.query<DeliveryRow>('SELECT * FROM sandbox_payment_deliveries WHERE id = $1', [id]);
  return row ? toDelivery(row) : null;
}

export async function recordAttempt(
  db: Queryable,
  id: number,
  outcome: { delivered: boolean; lastStatus: number | null; lastError: string | null; final: boolean },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE sandbox_payment_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3,
       status = CASE WHEN $4 THEN 'delivered' WHEN $5 THEN 'failed' ELSE 'pending' END,
       delivered_at = CASE WHEN $4 THEN $6::timestamptz ELSE delivered_at END
     WHERE id = $1`,
    [id, outcome.lastStatus, outcome.lastError, outcome.delivered, outcome.final, now],
  );
}

export async function listDeliveries(db: Queryable, limit = 100): Promise<Delivery[]> {
  const rows = await db.query<DeliveryRow>(
    'SELECT * FROM sandbox_payment_deliveries ORDER BY created_at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map(toDelivery);
}

/** The failure switches the admin view turns on (PAYMENT_SANDBOX_SWITCHES), each off until turned on. */
export async function readSwitches(db: Queryable): Promise<Record<PaymentSandboxSwitch, boolean>> {
  const rows = await db.query<{ name: string; enabled: boolean }>('SELECT name, enabled FROM sandbox_payment_switches');
  const out = Object.fromEntries(PAYMENT_SANDBOX_SWITCHES.map((s) => [s, false])) as Record<
    PaymentSandboxSwitch,
    boolean
  >;
  for (const r of rows) if (isPaymentSandboxSwitch(r.name)) out[r.name] = r.enabled;
  return out;
}

export async function setSwitch(db: Queryable, name: PaymentSandboxSwitch, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_payment_switches (name, enabled) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET enabled = EXCLUDED.enabled`,
    [name, enabled],
  );
}

// ---- Refunds (migration 0025; refunds.ts decides them) ----

export interface SandboxRefund {
  id: string;
  sessionId: string;
  amountAgorot: number;
  idempotencyKey: string;
  createdAt: Date;
}

interface RefundRow {
  id: string;
  session_id: string;
  amount_agorot: number;
  idempotency_key: string;
  created_at: Date | string;
}

const toRefund = (r: RefundRow): SandboxRefund => ({
  id: r.id,
  sessionId: r.session_id,
  amountAgorot: Number(r.amount_agorot),
  idempotencyKey: r.idempotency_key,
  createdAt: new Date(r.created_at),
});

export async function findSandboxRefundByKey(db: Queryable, idempotencyKey: string): Promise<SandboxRefund | null> {
  const [row] = await db.query<RefundRow>('SELECT * FROM sandbox_payment_refunds WHERE idempotency_key = $1', [
    idempotencyKey,
  ]);
  return row ? toRefund(row) : null;
}

/** Records a refund of a session and adds it to the session's refunded amount (in the caller's transaction). */
export async function insertSandboxRefund(
  tx: Queryable,
  r: { id: string; sessionId: string; amountAgorot: number; idempotencyKey: string },
  now: Date,
): Promise<SandboxRefund> {
  const [row] = await tx.query<RefundRow>(
    `INSERT INTO sandbox_payment_refunds (id, session_id, amount_agorot, idempotency_key, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [r.id, r.sessionId, r.amountAgorot, r.idempotencyKey, now],
  );
  if (!row) throw new Error('refund insert returned nothing');
  await tx.query('UPDATE sandbox_payment_sessions SET refunded_agorot = refunded_agorot + $2 WHERE id = $1', [
    r.sessionId,
    r.amountAgorot,
  ]);
  return toRefund(row);
}

export async function listSandboxRefunds(db: Queryable, limit = 100): Promise<SandboxRefund[]> {
  const rows = await db.query<RefundRow>(
    'SELECT * FROM sandbox_payment_refunds ORDER BY created_at DESC, id LIMIT $1',
    [limit],
  );
  return rows.map(toRefund);
}

// ---- Charges of a kept card (migration 0039; card-charges.ts decides them) ----

export interface SandboxCardCharge {
  id: string;
  token: string;
  merchantRef: string;
  amountAgorot: number;
  idempotencyKey: string;
  status: 'paid' | 'declined';
  declineReason: PaymentFailureReason | null;
  createdAt: Date;
}

interface ChargeRow {
  id: string;
  token: string;
  merchant_ref: string;
  amount_agorot: number;
  idempotency_key: string;
  status: 'paid' | 'declined';
  decline_reason: PaymentFailureReason | null;
  created_at: Date | string;
}

const toCharge = (r: ChargeRow): SandboxCardCharge => ({
  id: r.id,
  token: r.token,
  merchantRef: r.merchant_ref,
  amountAgorot: Number(r.amount_agorot),
  idempotencyKey: r.idempotency_key,
  status: r.status,
  declineReason: r.decline_reason,
  createdAt: new Date(r.created_at),
});

/** Locks the paid card session that kept this token; false when no paid session has it. */
export async function lockPaidCardSession(tx: Queryable, token: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT id FROM sandbox_payment_sessions WHERE card_token = $1 AND status = 'paid' FOR UPDATE`,
    [token],
  );
  return rows.length > 0;
}

export async function findCardChargeByKey(db: Queryable, idempotencyKey: string): Promise<SandboxCardCharge | null> {
  const [row] = await db.query<ChargeRow>('SELECT * FROM sandbox_card_charges WHERE idempotency_key = $1', [
    idempotencyKey,
  ]);
  return row ? toCharge(row) : null;
}

export async function insertCardCharge(
  tx: Queryable,
  c: Omit<SandboxCardCharge, 'createdAt'>,
  now: Date,
): Promise<SandboxCardCharge> {
  const [row] = await tx.query<ChargeRow>(
    `INSERT INTO sandbox_card_charges (id, token, merchant_ref, amount_agorot, idempotency_key, status,
       decline_reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [c.id, c.token, c.merchantRef, c.amountAgorot, c.idempotencyKey, c.status, c.declineReason, now],
  );
  if (!row) throw new Error('card charge insert returned nothing');
  return toCharge(row);
}

export async function listCardCharges(db: Queryable, limit = 100): Promise<SandboxCardCharge[]> {
  const rows = await db.query<ChargeRow>('SELECT * FROM sandbox_card_charges ORDER BY created_at DESC, id LIMIT $1', [
    limit,
  ]);
  return rows.map(toCharge);
}
