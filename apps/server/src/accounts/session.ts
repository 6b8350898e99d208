/**
 * The session cookie: sessions live in the database (sessions-repository.ts); the cookie holds a random token
 * (HttpOnly, SameSite=Lax, Secure on https). The customer of a request's cookie is `req.customer()`, looked up by the
 * app's auth hooks (auth-hooks.ts) only when a route asks.
 */
import { SESSION_COOKIE } from '@app/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/db.ts';
import { deleteSession, SESSION_TTL_MS } from './sessions-repository.ts';

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
