import { SESSION_COOKIE } from '@app/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { type Customer, findSessionCustomer } from '../repositories/customers.ts';
import { deleteSession, SESSION_TTL_MS } from '../repositories/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Loads (once per request) the customer of the session cookie, or null for a guest. */
    customer(): Promise<Customer | null>;
  }
}

/** Sessions live in the database; the cookie holds a random token (HttpOnly, SameSite=Lax, Secure on https). */
export function registerSessions(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('customer', function (this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.addHook('onRequest', async (req) => {
    let cached: Promise<Customer | null> | undefined;
    req.customer = () => {
      cached ??= (async () => {
        const token = req.cookies[SESSION_COOKIE];
        if (!token) return null;
        return findSessionCustomer(db, token, clock.now());
      })();
      return cached;
    };
  });
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Ends the request's session on the server (the id no longer works) and clears the cookie. */
export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await deleteSession(db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
