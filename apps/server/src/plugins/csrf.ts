import crypto from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/contract/auth';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: every /api response sets a readable `csrf` cookie when missing, and every
 * state-changing /api call must echo it in the x-csrf-token header. A cross-site page can neither read the
 * cookie nor set the header without a CORS preflight, which we never grant.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const cookie = req.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, crypto.randomBytes(18).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: req.protocol === 'https',
        httpOnly: false,
      });
    }
    if (SAFE.has(req.method)) return;
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !timingSafeEqual(cookie, header)) {
      return reply.code(403).send({ status: 403, message: he.csrf });
    }
  });
}

function timingSafeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
