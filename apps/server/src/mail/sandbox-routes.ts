import type { FastifyInstance } from 'fastify';
import type { SandboxMailer } from './sandbox-mailer.ts';

/**
 * The e-mail sandbox's outbox: what a developer or a test reads instead of a real inbox. Registered through
 * registerSandboxes (platform/http/sandbox-guard.ts): only with the sandbox key, never next to a real provider.
 */
export function sandboxOutboxRoutes(app: FastifyInstance, mailer: SandboxMailer): void {
  app.get<{ Querystring: { to?: string } }>('/api/sandbox/outbox', async (req) => {
    const to = typeof req.query.to === 'string' && req.query.to.trim() ? req.query.to.trim() : undefined;
    return { emails: await mailer.list(to) };
  });
}
