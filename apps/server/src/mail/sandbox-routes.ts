import { SandboxMailOutboxQuerySchema, SandboxMailOutboxSchema } from '@app/contract/schemas/auth';
import { RefusalSchema } from '@app/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SandboxMailer } from './sandbox-provider.ts';

/**
 * The e-mail sandbox's outbox: what a developer or a test reads instead of a real inbox. Registered through
 * registerSandboxes (platform/http/sandbox-guard.ts): only with the sandbox key, never next to a real provider.
 */
export function sandboxOutboxRoutes(app: FastifyInstance, mailer: SandboxMailer): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sandbox/outbox',
    {
      schema: {
        hide: true,
        querystring: SandboxMailOutboxQuerySchema,
        response: { 200: SandboxMailOutboxSchema, 401: RefusalSchema },
      },
    },
    async (req) => {
      const to = req.query.to?.trim() || undefined;
      return { emails: await mailer.list(to) };
    },
  );
}
