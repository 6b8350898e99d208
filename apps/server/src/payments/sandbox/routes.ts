/**
 * The payment sandbox's admin view, registered through registerSandboxes: every route needs the
 * sandbox key (x-sandbox-key), and none exists with a real provider. Lists the hosted sessions (with the one-time
 * codes of the challenge cards), the test cards, the notifications and their attempts, switches failures on and off, and expires an
 * open session now (as if its lifetime, SESSION_LIFETIME_MS, had passed: its next look shows the expired page), and
 * lists the refunds the provider made.
 */

import type { PaymentSandboxSwitch as SwitchName } from '@app/contract/paymentSandbox';
import { RefusalSchema } from '@app/contract/schemas/common';
import {
  SandboxDeliveriesSchema,
  SandboxExpiredSchema,
  SandboxRefundsSchema,
  SandboxSessionParamsSchema,
  SandboxSessionsSchema,
  SandboxSwitchesRequestSchema,
  SandboxSwitchesSchema,
  SandboxTestCardsSchema,
} from '@app/contract/schemas/paymentSandbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../../i18n/messages.ts';
import type { Db } from '../../platform/db/db.ts';
import { fulfilmentsOf } from '../repository.ts';
import { TEST_CARD_LIST } from './card-form.ts';
import { listSandboxRefunds } from './refunds.ts';
import { ageOpenSession, listDeliveries, listSandboxSessions, readSwitches, setSwitch } from './sandbox-repository.ts';

/** The sandbox's answers beside a route's own: 401 without the sandbox key. Hidden from the OpenAPI document. */
const sandbox = <R extends object>(response: R) => ({ hide: true, response: { ...response, 401: RefusalSchema } });

export function sandboxPaymentRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  const scope = app.withTypeProvider<ZodTypeProvider>();

  scope.get('/api/sandbox/payments/sessions', { schema: sandbox({ 200: SandboxSessionsSchema }) }, async () => {
    const sessions = await listSandboxSessions(db);
    // Our side of each session: a paid payment that delivered nothing shows refund_due and why (migration 0018).
    const ours = await fulfilmentsOf(
      db,
      sessions.map((s) => s.merchantRef),
    );
    const byRef = new Map(ours.map((p) => [p.publicId, p]));
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
        fulfilmentReason: byRef.get(s.merchantRef)?.fulfilmentReason ?? null,
      })),
    };
  });

  // The provider's refunds (sandbox/refunds.ts): what was given back, for which session, by which key.
  scope.get('/api/sandbox/payments/refunds', { schema: sandbox({ 200: SandboxRefundsSchema }) }, async () => ({
    refunds: (await listSandboxRefunds(db)).map((r) => ({
      id: r.id,
      sessionId: r.sessionId,
      amountAgorot: r.amountAgorot,
      idempotencyKey: r.idempotencyKey,
      createdAt: r.createdAt.toISOString(),
    })),
  }));

  scope.get('/api/sandbox/payments/deliveries', { schema: sandbox({ 200: SandboxDeliveriesSchema }) }, async () => {
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
  scope.get('/api/sandbox/payments/test-cards', { schema: sandbox({ 200: SandboxTestCardsSchema }) }, async () => ({
    cards: [...TEST_CARD_LIST],
  }));

  scope.get('/api/sandbox/payments/switches', { schema: sandbox({ 200: SandboxSwitchesSchema }) }, async () => ({
    switches: await readSwitches(db),
  }));

  // One switch or more, each on or off (the schema refuses an unknown switch, a value that is not true or false, or
  // none at all: 400).
  scope.post(
    '/api/sandbox/payments/switches',
    { schema: { ...sandbox({ 200: SandboxSwitchesSchema }), body: SandboxSwitchesRequestSchema } },
    async (req) => {
      for (const [k, v] of Object.entries(req.body)) await setSwitch(db, k as SwitchName, v as boolean);
      return { switches: await readSwitches(db) };
    },
  );

  scope.post(
    '/api/sandbox/payments/sessions/:id/expire',
    { schema: { ...sandbox({ 200: SandboxExpiredSchema, 404: RefusalSchema }), params: SandboxSessionParamsSchema } },
    async (req, reply) => {
      if (!(await ageOpenSession(db, req.params.id)))
        return reply.code(404).send({ status: 404, message: he.notFound });
      return { expired: true as const };
    },
  );
}
