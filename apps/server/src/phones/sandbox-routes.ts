import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import type { PhoneService } from './phone-service.ts';
import type { SandboxPhoneProvider, SandboxSmsFailure } from './sandbox-provider.ts';

const FAILURES: readonly SandboxSmsFailure[] = ['none', 'fail', 'late'];

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

  app.get<{ Querystring: { to?: string } }>('/api/sandbox/phones/outbox', async (req) => {
    const to = typeof req.query.to === 'string' && req.query.to.trim() ? req.query.to.replace(/\D/g, '') : undefined;
    return { messages: await provider.list(to) };
  });

  app.get('/api/sandbox/phones/settings', async () => ({ smsFailure: await provider.failure() }));

  app.post<{ Body: { smsFailure?: unknown } }>('/api/sandbox/phones/settings', async (req, reply) => {
    const failure = req.body?.smsFailure;
    if (typeof failure !== 'string' || !FAILURES.includes(failure as SandboxSmsFailure)) {
      return reply.code(400).send({ status: 400, message: he.badRequest });
    }
    await provider.setFailure(failure as SandboxSmsFailure);
    return { smsFailure: failure };
  });

  /** The developer "answers" a ringing call and presses a key: 1 confirms the number. */
  app.post<{ Params: { id: string }; Body: { key?: unknown } }>(
    '/api/sandbox/phones/calls/:id/answer',
    async (req, reply) => {
      const id = Number(req.params.id);
      const key = typeof req.body?.key === 'string' ? req.body.key : '';
      if (!Number.isSafeInteger(id) || !/^[0-9*#]$/.test(key)) {
        return reply.code(400).send({ status: 400, message: he.badRequest });
      }
      const answered = await provider.answer(id, key);
      if (!answered) return reply.code(404).send({ status: 404, message: he.notFound });
      const confirmed =
        answered.confirmed && answered.verificationId !== null && (await phones.confirmCall(answered.verificationId));
      return { status: 200, confirmed };
    },
  );
}
