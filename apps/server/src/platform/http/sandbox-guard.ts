import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { he } from '../../i18n/messages.ts';
import { type Config, sandboxesEnabled } from '../config.ts';

/** The header that carries the sandbox key on every call to a sandbox surface. */
export const SANDBOX_KEY_HEADER = 'x-sandbox-key';

/** Constant-time comparison of the presented key with the server's. */
export function sandboxKeyMatches(expected: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  // Hash both sides: equal lengths for timingSafeEqual, and the key's length is not revealed either.
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(presented).digest();
  return crypto.timingSafeEqual(a, b);
}

/** onRequest guard: 401 unless the request carries the sandbox key in x-sandbox-key. */
export function requireSandboxKey(key: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!sandboxKeyMatches(key, req.headers[SANDBOX_KEY_HEADER])) {
      return reply.code(401).send({ status: 401, message: he.sandboxKeyNeeded });
    }
  };
}

/**
 * Every sandbox surface (the e-mail and SMS/voice outboxes now; the payment and video hosts later) is
 * registered through here: inside one encapsulated scope whose every route needs the sandbox key, and not at all
 * when a real provider is configured (then its URLs answer 404 like any unknown address).
 */
export async function registerSandboxes(
  app: FastifyInstance,
  config: Pick<Config, 'MAIL_PROVIDER' | 'SANDBOX_KEY'>,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  if (!sandboxesEnabled(config)) {
    // The developer pages of the web app are not served either.
    app.get('/sandbox/*', (_req, reply) => reply.code(404).send({ status: 404, message: he.notFound }));
    return;
  }
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireSandboxKey(config.SANDBOX_KEY));
    routes(scope);
  });
}
