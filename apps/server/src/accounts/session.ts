import { SESSION_COOKIE } from '@app/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { type Customer, findSessionCustomer } from './customers-repository.ts';
import { deleteSession, SESSION_TTL_MS } from './sessions-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Loads (once per request) the customer of the session cookie, or null for a guest. */
    customer(): Promise<Customer | null>;
  }
}

/**
 * Sessions live in the database; the cookie holds a random token (HttpOnly, SameSite=Lax, Secure on https).
 * The customer is looked up only when a route asks (`req.customer()`), once per request: most calls of the wizard
 * (the fields answer everyone gets, option lists) never need it, and cost no hook for it either.
 */
export function registerSessions(app: FastifyInstance, db: Db, clock: Clock): void {
  const lookups = new WeakMap<FastifyRequest, Promise<Customer | null>>();
  app.decorateRequest('customer', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      const token = this.cookies[SESSION_COOKIE];
      lookup = token ? findSessionCustomer(db, token, clock.now()) : Promise.resolve(null);
      lookups.set(this, lookup);
    }
    return lookup;
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
