import { RefusalSchema } from '@app/contract/schemas/common';
import {
  SandboxCallAnswerRequestSchema,
  SandboxCallAnswerSchema,
  SandboxCallParamsSchema,
  SandboxPhoneOutboxQuerySchema,
  SandboxPhoneOutboxSchema,
  SandboxPhoneSettingsSchema,
} from '@app/contract/schemas/phones';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import { refusal } from '../platform/http/call-contract.ts';
import type { PhoneService } from './phone-service.ts';
import type { SandboxPhoneProvider } from './sandbox-provider.ts';

/** The sandbox's answers beside a route's own: 401 without the sandbox key. Hidden from the OpenAPI document. */
const sandbox = <R extends object>(response: R) => ({ hide: true, response: { ...response, 401: RefusalSchema } });

/**
 * The SMS/voice sandbox's developer API: the outbox (every SMS and call), the failure switch, and answering a
 * ringing verification call. Registered through registerSandboxes (platform/http/sandbox-guard.ts): only with the
 * sandbox key, never next to a real provider.
 */
export function sandboxPhoneRoutes(
  app: FastifyInstance,
  deps: { provider: SandboxPhoneProvider; phones: PhoneService },
): void {
  const { provider, phones } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/sandbox/phones/outbox',
    { schema: { ...sandbox({ 200: SandboxPhoneOutboxSchema }), querystring: SandboxPhoneOutboxQuerySchema } },
    async (req) => {
      const to = req.query.to?.trim() ? req.query.to.replace(/\D/g, '') : undefined;
      return { messages: await provider.list(to) };
    },
  );

  routes.get('/api/sandbox/phones/settings', { schema: sandbox({ 200: SandboxPhoneSettingsSchema }) }, async () => ({
    smsFailure: await provider.failure(),
  }));

  routes.post(
    '/api/sandbox/phones/settings',
    { schema: { ...sandbox({ 200: SandboxPhoneSettingsSchema }), body: SandboxPhoneSettingsSchema } },
    async (req) => {
      await provider.setFailure(req.body.smsFailure);
      return { smsFailure: req.body.smsFailure };
    },
  );

  /** The developer "answers" a ringing call and presses a key: 1 confirms the number. */
  routes.post(
    '/api/sandbox/phones/calls/:id/answer',
    {
      schema: {
        ...sandbox({ 200: SandboxCallAnswerSchema, 404: RefusalSchema }),
        params: SandboxCallParamsSchema,
        body: SandboxCallAnswerRequestSchema,
      },
      // A call's id that is no number is a bad request, as a key that is no key.
      config: { invalidInput: () => refusal(400, he.badRequest) },
    },
    async (req, reply) => {
      const answered = await provider.answer(Number(req.params.id), req.body.key);
      if (!answered) return reply.code(404).send({ status: 404, message: he.notFound });
      const confirmed =
        answered.confirmed && answered.verificationId !== null && (await phones.confirmCall(answered.verificationId));
      return { status: 200 as const, confirmed };
    },
  );
}
