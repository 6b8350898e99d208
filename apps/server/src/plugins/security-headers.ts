import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The video host's origin (the video upload iframe; public-origins.ts, never the request's Host). */
export type VideoOriginOf = () => string;
type Source = string | ((req: IncomingMessage) => string);
/** The payment host's origin (the hosted card and mobile-payment pages), when one is mounted. */
export type PaymentOriginOf = () => string | undefined;

/**
 * The app's pages that its own frames show (the payment frame's result page, /finishPayment, after the hosted page
 * sends its frame back to us): framed by our own origin only (frame-ancestors 'self', X-Frame-Options SAMEORIGIN).
 */
export const SAME_ORIGIN_FRAMABLE_PAGES = ['/finishPayment'];

/**
 * The Content-Security-Policy of the app. Scripts and styles only from our own origin (the built index.html has
 * no inline script or style; React sets style props through the CSSOM, which CSP allows); the captcha is an SVG
 * <img> from our API. Nobody may frame the app. The app frames the video host and the payment host (their configured
 * public origins, public-origins.ts); other hosts it will frame and call (the payment sandbox) are added through
 * CSP_EXTRA_ORIGINS (config.ts), which extends frame-src and connect-src. The upload page talks to its own
 * origin, so the video host is not in connect-src.
 */
export function cspDirectives(
  config: Pick<Config, 'CSP_EXTRA_ORIGINS'>,
  videoOrigin?: VideoOriginOf,
  paymentOrigin?: PaymentOriginOf,
): Record<string, Source[] | null> {
  const extra = config.CSP_EXTRA_ORIGINS;
  // Helmet joins the sources with spaces: an absent payment host adds nothing.
  // With a payment host, 'self' too: its frame comes back to us (return URL, then /finishPayment) inside the popup.
  const frames: Source[] = [
    ...(paymentOrigin ? ["'self'"] : []),
    ...(videoOrigin ? [() => videoOrigin()] : []),
    ...(paymentOrigin ? [() => paymentOrigin() ?? ''] : []),
    ...extra,
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...extra],
    frameSrc: frames.length ? frames : ["'none'"],
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
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  videoOrigin?: VideoOriginOf,
  paymentOrigin?: PaymentOriginOf,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, videoOrigin, paymentOrigin) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Opens the payment page in a popup later; same-origin-allow-popups keeps that working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.TRUST_PROXY ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const pathname = req.url.split('?')[0] ?? '';
    if (SAME_ORIGIN_FRAMABLE_PAGES.includes(pathname)) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });
}
