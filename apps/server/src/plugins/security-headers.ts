import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of the app. Scripts and styles only from our own origin (the built index.html has
 * no inline script or style; React sets style props through the CSSOM, which CSP allows); the captcha is an SVG
 * <img> from our API. Nobody may frame the app. The payment and video sandbox hosts that the wizard will frame
 * and call are added through CSP_EXTRA_ORIGINS (config.ts), which extends frame-src and connect-src.
 */
export function cspDirectives(config: Pick<Config, 'CSP_EXTRA_ORIGINS'>): Record<string, string[] | null> {
  const extra = config.CSP_EXTRA_ORIGINS;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...extra],
    frameSrc: extra.length ? extra : ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // The product is also run over plain http on localhost; TLS is the proxy's business (TRUST_PROXY).
    upgradeInsecureRequests: null,
  };
}

/**
 * Security headers (@fastify/helmet) on every response, and `Cache-Control: no-store` on every /api answer
 * that did not set its own caching: API answers carry personal data (customer, the ad being edited, drafts,
 * the outbox), which must not stay in a shared or browser cache.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Opens the payment page in a popup later; same-origin-allow-popups keeps that working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.TRUST_PROXY ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
