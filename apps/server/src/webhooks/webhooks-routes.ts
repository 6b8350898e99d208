/**
 * The console's webhook subscribers (admin only; an admin passes every role check, so the list of other roles is
 * empty): list with the delivery state, add (the secret in that answer only), pause, resume, delete. Every change is
 * audited in its transaction (webhooks-service.ts).
 */

import { RefusalSchema } from '@app/contract/schemas/common';
import {
  WebhookChangedSchema,
  WebhookCreatedSchema,
  WebhookDeletedSchema,
  WebhookListSchema,
  WebhookNewSchema,
  WebhookParamsSchema,
} from '@app/contract/schemas/webhooks';
import type { WebhookItem } from '@app/contract/webhooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heWebhooks as he } from '../i18n/webhooks.ts';
import { refusal } from '../platform/http/call-contract.ts';
import { listSubscribers, type Subscriber } from './webhooks-repository.ts';
import { addSubscriber, type Refused, removeSubscriber, setPaused, type WebhooksDeps } from './webhooks-service.ts';

const ADMIN_ONLY = [] as const;
const refusals = { 401: RefusalSchema, 403: RefusalSchema } as const;
const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

const wire = (s: Subscriber): WebhookItem => ({
  id: s.id,
  url: s.url,
  events: s.events,
  secretHint: s.secretHint,
  createdAt: s.createdAt.toISOString(),
  state: s.pausedAt ? 'paused' : 'running',
  pausedAt: iso(s.pausedAt),
  pausedReason: s.pausedReason,
  pending: s.pending,
  consecutiveFailures: s.consecutiveFailures,
  lastAttemptAt: iso(s.lastAttemptAt),
  lastSuccessAt: iso(s.lastSuccessAt),
  lastStatus: s.lastStatus,
  lastError: s.lastError,
});

const refuse = (reply: FastifyReply, r: Refused) => reply.code(r.code).send({ status: r.code, message: r.message });

export function webhooksRoutes(app: FastifyInstance, deps: WebhooksDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.staffOnly(ADMIN_ONLY);
  const notFound = { invalidInput: () => refusal(404, he.notFound) };

  routes.get(
    '/api/operator/webhooks',
    {
      schema: {
        summary: 'המנויים לאירועי המודעות ומצב המסירה אליהם',
        response: { 200: WebhookListSchema, ...refusals },
      },
      preValidation: staffOnly,
    },
    async () => ({ status: 200 as const, items: (await listSubscribers(deps.db)).map(wire) }),
  );

  routes.post(
    '/api/operator/webhooks',
    {
      schema: {
        summary: 'הוספת מנוי: הסוד לחתימה נשלח בתשובה הזו בלבד',
        body: WebhookNewSchema,
        response: { 200: WebhookCreatedSchema, 400: RefusalSchema, ...refusals },
      },
      preValidation: staffOnly,
      config: {
        // No event chosen, or no address: each says which.
        invalidInput: (_part, issues) =>
          refusal(400, issues.some((i) => i.path[0] === 'events') ? he.noEvents : he.badUrl),
      },
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const added = await addSubscriber(deps, { staffId: staff.id, ip: req.ip }, req.body);
      if (!added.ok) return refuse(reply, added);
      return { status: 200 as const, subscriber: wire(added.subscriber), secret: added.secret };
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    routes.post(
      `/api/operator/webhooks/:id/${action}`,
      {
        schema: {
          summary: paused ? 'השהיית מנוי' : 'חידוש המסירה למנוי מושהה',
          params: WebhookParamsSchema,
          response: { 200: WebhookChangedSchema, 404: RefusalSchema, 409: RefusalSchema, ...refusals },
        },
        preValidation: staffOnly,
        config: notFound,
      },
      async (req, reply) => {
        const staff = req.guardedStaff();
        const changed = await setPaused(deps, { staffId: staff.id, ip: req.ip }, Number(req.params.id), paused);
        if (!changed.ok) return refuse(reply, changed);
        return { status: 200 as const, subscriber: wire(changed.subscriber) };
      },
    );
  }

  routes.post(
    '/api/operator/webhooks/:id/delete',
    {
      schema: {
        summary: 'מחיקת מנוי ומה שממתין למסירה אליו',
        params: WebhookParamsSchema,
        response: { 200: WebhookDeletedSchema, 404: RefusalSchema, ...refusals },
      },
      preValidation: staffOnly,
      config: notFound,
    },
    async (req, reply) => {
      const staff = req.guardedStaff();
      const id = Number(req.params.id);
      const removed = await removeSubscriber(deps, { staffId: staff.id, ip: req.ip }, id);
      if (!removed.ok) return refuse(reply, removed);
      return { status: 200 as const, id };
    },
  );
}
