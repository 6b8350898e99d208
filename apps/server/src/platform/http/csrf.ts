import crypto from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { he } from '../../i18n/messages.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declared on a route whose GET changes state (the spec's GET save-ad and reset-ad): the CSRF check then
     * covers it like a POST. Every non-GET/HEAD/OPTIONS route is covered without it.
     */
    changesState?: boolean;
    /**
     * Declared on a POST that navigator.sendBeacon sends (the analytics events), which cannot set a header: the
     * token may then come as a `csrf` string in the JSON body instead, checked against the cookie the same way
     * once the body is parsed. The Origin check is the same as for every other call.
     */
    csrfTokenInBody?: boolean;
    /**
     * A server-to-server callback that proves itself with its own signature (the payment provider's notification):
     * no browser, no cookie, so no CSRF token; the route checks the signature before anything else.
     */
    signedCallback?: boolean;
    /** A state-changing route outside /api (the gateway's payment calls): checked like every /api call. */
    csrfProtected?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request changes state: any unsafe method, or a route that declares `config.changesState`. */
export function changesState(req: FastifyRequest): boolean {
  return !SAFE.has(req.method) || req.routeOptions.config?.changesState === true;
}

/** The origin this server is reached at (behind TRUST_PROXY, the one the proxy reports). */
function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Double-submit CSRF protection: every /api response sets a readable `csrf` cookie when missing, and every
 * state-changing /api call, whatever its method, must echo it in the x-csrf-token header. A cross-site page can
 * neither read the cookie nor set the header without a CORS preflight, which we never grant; a cross-site
 * navigation (location.href = …) carries the Lax cookie but never the header. What the browser says about the
 * caller must name our own origin as well (fromOwnOrigin: Origin, Sec-Fetch-Site, Referer), so a leaked token is
 * of no use from another site either.
 */
export function registerCsrf(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (req, reply, done) => {
    const config = req.routeOptions.config;
    if ((!req.url.startsWith('/api/') && config?.csrfProtected !== true) || config?.signedCallback === true) {
      done();
      return;
    }
    const cookie = req.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, crypto.randomBytes(18).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: req.protocol === 'https',
        httpOnly: false,
      });
    }
    if (!changesState(req)) {
      done();
      return;
    }
    const header = req.headers[CSRF_HEADER];
    const badOrigin = !fromOwnOrigin(req);
    // A beacon (no header) to a route that takes the token in its body: checked below, once the body is parsed.
    const inBody = header === undefined && req.routeOptions.config?.csrfTokenInBody === true;
    if (badOrigin || !cookie || (!inBody && (typeof header !== 'string' || !timingSafeEqual(cookie, header)))) {
      reply.code(403).send({ status: 403, message: he.csrf });
      return;
    }
    done();
  });
  // A callback hook too: most requests have no token in their body and pass at once.
  app.addHook('preValidation', (req, reply, done) => {
    if (req.routeOptions.config?.csrfTokenInBody !== true || req.headers[CSRF_HEADER] !== undefined) return done();
    if (!changesState(req)) return done();
    const cookie = req.cookies[CSRF_COOKIE];
    const token = (req.body as { csrf?: unknown } | null | undefined)?.csrf;
    if (!cookie || typeof token !== 'string' || !timingSafeEqual(cookie, token)) {
      reply.code(403).send({ status: 403, message: he.csrf });
      return;
    }
    done();
  });
}

/**
 * Whether what the browser says about where the call comes from is our own origin: the Origin header when sent;
 * the fetch metadata (Sec-Fetch-Site: a sibling subdomain's 'same-site' carries our Lax cookies too, and may have
 * tossed its own csrf cookie to us); and the Referer when there is no Origin. Each is checked when present (an old
 * browser or a privacy setting may send none of them: the token then decides alone).
 */
function fromOwnOrigin(req: FastifyRequest): boolean {
  const own = ownOrigin(req);
  const { origin, referer } = req.headers;
  const site = req.headers['sec-fetch-site'];
  if (typeof origin === 'string' && origin !== own) return false;
  if (site === 'cross-site' || site === 'same-site') return false;
  if (typeof origin !== 'string' && typeof referer === 'string' && originOf(referer) !== own) return false;
  return true;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function timingSafeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
