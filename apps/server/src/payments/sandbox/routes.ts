/**
 * The payment sandbox's admin view, registered through registerSandboxes: every route needs the
 * sandbox key (x-sandbox-key), and none exists with a real provider. Lists the hosted sessions (with the one-time
 * codes of the challenge cards), the test cards, the notifications and their attempts, switches failures on and off, and expires an
 * open session now (as if its lifetime, SESSION_LIFETIME_MS, had passed: its next look shows the expired page), and
 * lists the refunds the provider made.
 */
import type { FastifyInstance } from 'fastify';
import { he } from '../../i18n/messages.ts';
import type { Db } from '../../platform/db/db.ts';
import { TEST_CARD_LIST } from './card-form.ts';
import { listSandboxRefunds } from './refunds.ts';
import {
  ageOpenSession,
  listDeliveries,
  listSandboxSessions,
  readSwitches,
  SWITCHES,
  type SwitchName,
  setSwitch,
} from './store.ts';

export function sandboxPaymentRoutes(scope: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  scope.get('/api/sandbox/payments/sessions', async () => {
    const sessions = await listSandboxSessions(db);
    // Our side of each session: a paid payment that delivered nothing shows refund_due and why (migration 0018).
    const ours = await db.query<{ public_id: string; fulfilment: string | null; fulfilment_reason: string | null }>(
      'SELECT public_id, fulfilment, fulfilment_reason FROM payments WHERE public_id = ANY($1::text[])',
      [sessions.map((s) => s.merchantRef)],
    );
    const byRef = new Map(ours.map((p) => [p.public_id, p]));
    return {
      sessions: sessions.map((s) => ({
        id: s.id,
        merchantRef: s.merchantRef,
        amountAgorot: s.amountAgorot,
        description: s.description,
        channel: s.channel,
        status: s.status,
        challengeCode: s.challengeCode,
        notifyMode: s.notifyMode,
        cardLast4: s.cardLast4,
        installments: s.installments,
        createdAt: s.createdAt.toISOString(),
        paidAt: s.paidAt ? s.paidAt.toISOString() : null,
        refundedAgorot: s.refundedAgorot,
        fulfilment: byRef.get(s.merchantRef)?.fulfilment ?? null,
        fulfilmentReason: byRef.get(s.merchantRef)?.fulfilment_reason ?? null,
      })),
    };
  });

  // The provider's refunds (sandbox/refunds.ts): what was given back, for which session, by which key.
  scope.get('/api/sandbox/payments/refunds', async () => ({
    refunds: (await listSandboxRefunds(db)).map((r) => ({
      id: r.id,
      sessionId: r.sessionId,
      amountAgorot: r.amountAgorot,
      idempotencyKey: r.idempotencyKey,
      createdAt: r.createdAt.toISOString(),
    })),
  }));

  scope.get('/api/sandbox/payments/deliveries', async () => {
    const deliveries = await listDeliveries(db);
    return {
      deliveries: deliveries.map((d) => ({
        eventId: d.eventId,
        sessionId: d.sessionId,
        kind: d.kind,
        url: d.url,
        status: d.status,
        attempts: d.attempts,
        lastStatus: d.lastStatus,
        lastError: d.lastError,
        createdAt: d.createdAt.toISOString(),
        deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
      })),
    };
  });

  // The hosted card page's test cards and what each does (test-cards.json), for the admin view's list.
  scope.get('/api/sandbox/payments/test-cards', async () => ({ cards: TEST_CARD_LIST }));

  scope.get('/api/sandbox/payments/switches', async () => ({ switches: await readSwitches(db) }));

  scope.post<{ Body: Partial<Record<SwitchName, unknown>> }>('/api/sandbox/payments/switches', async (req, reply) => {
    const body = req.body ?? {};
    const entries = Object.entries(body);
    if (
      entries.length === 0 ||
      entries.some(([k, v]) => !(SWITCHES as readonly string[]).includes(k) || typeof v !== 'boolean')
    )
      return reply.code(400).send({ status: 400, message: he.badRequest });
    for (const [k, v] of entries) await setSwitch(db, k as SwitchName, v as boolean);
    return { switches: await readSwitches(db) };
  });

  scope.post<{ Params: { id: string } }>('/api/sandbox/payments/sessions/:id/expire', async (req, reply) => {
    if (!/^ps_[A-Za-z0-9_-]{16}$/.test(req.params.id) || !(await ageOpenSession(db, req.params.id)))
      return reply.code(404).send({ status: 404, message: he.notFound });
    return { expired: true };
  });
}
