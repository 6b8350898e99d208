import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type Config, gatewayOrigin } from '../config.ts';

/**
 * The other origins a page frames, as the browser of that page reaches them (public-origins.ts, never a Host the
 * request merely claims): the video host, and the payment popup's pages when payments are framed.
 */
export interface FramedOrigins {
  video?: string;
  payment?: string;
}
export type FramedOriginsOf = (req: FastifyRequest) => FramedOrigins;

/**
 * The app's pages that its own frames show (the payment frame's result page, /finishPayment, after the hosted page
 * sends its frame back to us): framed by our own origin only (frame-ancestors 'self', X-Frame-Options SAMEORIGIN).
 */
export const SAME_ORIGIN_FRAMABLE_PAGES = ['/finishPayment'];

/**
 * The Content-Security-Policy of the app. Scripts and styles only from our own origin (the built index.html has
 * no inline script or style; React sets style props through the CSSOM, which CSP allows); the captcha is an SVG
 * <img> from our API. Nobody may frame the app. The app frames the video host and the payment host (their public
 * origins as the page's browser reaches them, public-origins.ts); other hosts it will frame and call (the payment sandbox) are added through
 * CSP_EXTRA_ORIGINS (config.ts), which extends frame-src and connect-src. The upload page talks to its own
 * origin, so the video host is not in connect-src. A gateway on another host (an absolute GATEWAY_URL) is called.
 */
export function cspDirectives(
  config: Pick<Config, 'CSP_EXTRA_ORIGINS' | 'GATEWAY_URL'>,
  framed: FramedOrigins = {},
): Record<string, string[] | null> {
  const extra = config.CSP_EXTRA_ORIGINS;
  const gateway = gatewayOrigin(config);
  // With a payment host, 'self' too: its frame comes back to us (return URL, then /finishPayment) inside the popup.
  const frames = [
    ...(framed.payment ? ["'self'"] : []),
    ...(framed.video ? [framed.video] : []),
    ...(framed.payment ? [framed.payment] : []),
    ...extra,
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(gateway ? [gateway] : []), ...extra],
    frameSrc: frames.length ? frames : ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // The product is also run over plain http on localhost; TLS is the proxy's business (TRUST_PROXY).
    upgradeInsecureRequests: null,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declared on an /api route whose browser revalidates its answer (the fields answer): the API headers go on
     * every answer of the route but a 304, which carries only what updates the answer the browser holds (RFC 9110
     * §15.4.5: its ETag, Cache-Control and Vary); the stored 200 keeps its own.
     */
    revalidated?: boolean;
    /**
     * A page for people under /api (the API's reference page, platform/http/openapi.ts): it gets a page's headers
     * and CSP, since it loads its own scripts and styles, not an API answer's, which loads nothing.
     */
    page?: boolean;
  }
}

/** A set of response headers, names in lower case. */
type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers of an /api answer (JSON, and the captcha's SVG image): the set OWASP's REST Security Cheat Sheet gives
 * for API responses, not a page's. An answer is never a document that loads scripts, styles, fonts or frames, so the
 * page's policy (which sources a page may load) says nothing about it; what matters is that it is not sniffed into
 * another type, not framed, not run as a document (CSP default-src 'none': an answer opened on its own, an SVG among
 * them, loads and runs nothing), not read by another site's page (Cross-Origin-Resource-Policy), sent no referrer,
 * and kept out of caches (the hook below). Six headers instead of thirteen, on the answers the browser asks for most.
 */
export function apiHeaders(config: Pick<Config, 'TRUST_PROXY'>): HeaderSet {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(config.TRUST_PROXY ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/**
 * Security headers on every response, and `Cache-Control: no-store` on every /api answer that does not set its own
 * caching: API answers carry personal data (customer, the ad being edited, drafts, the outbox), which must not stay
 * in a shared or browser cache. A page's headers are helmet's (the same options and values as @fastify/helmet gave),
 * but helmet is run once per set of public origins to learn them, not on every request: @fastify/helmet called
 * `helmet(options)` per request, which checks and serialises every CSP directive again each time. An /api answer
 * gets the API set (`apiHeaders`). A request then costs one synchronous hook that copies a ready object.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  framedOf: FramedOriginsOf = () => ({}),
): Promise<void> {
  const options = (framed: FramedOrigins, framable: boolean): HelmetOptions => {
    const directives = cspDirectives(config, framed);
    // The pages our own frames show: framed by our own origin only.
    if (framable) directives.frameAncestors = ["'self'"];
    return {
      contentSecurityPolicy: { useDefaults: false, directives },
      frameguard: { action: framable ? 'sameorigin' : 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Opens the payment page in a popup later; same-origin-allow-popups keeps that working.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      hsts: config.TRUST_PROXY ? { maxAge: 15552000, includeSubDomains: true } : false,
    };
  };
  // The origins are known once the listeners listen (tests and development use ephemeral ports), and a local run is
  // reached at a few addresses: the header sets are made once per set of framed origins, the few kept.
  const made = new Map<string, { page: HeaderSet; framable: HeaderSet }>();
  const headersFor = (req: FastifyRequest): { page: HeaderSet; framable: HeaderSet } => {
    const framed = framedOf(req);
    const key = `${framed.video ?? ''} ${framed.payment ?? ''}`;
    let sets = made.get(key);
    if (sets === undefined) {
      sets = { page: helmetHeaders(options(framed, false)), framable: helmetHeaders(options(framed, true)) };
      if (made.size >= 16) made.clear();
      made.set(key, sets);
    }
    return sets;
  };
  const api = apiHeaders(config);
  // A revalidated route's API headers are set as its answer goes out, on any answer but a 304: a hook of that
  // route alone (added as it is declared), so no other route pays for it.
  const unlessNotModified: onSendHookHandler = (_req, reply, payload, done) => {
    if (reply.statusCode !== 304) reply.headers(api);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.revalidated !== true) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), unlessNotModified];
  });
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    if (url.startsWith('/api/') && req.routeOptions.config?.page !== true) {
      if (req.routeOptions.config?.revalidated !== true) reply.headers(api);
      // A route that sets its own caching replaces this.
      reply.header('cache-control', 'no-store');
    } else {
      const sets = headersFor(req);
      reply.headers(framable(url) ? sets.framable : sets.page);
    }
    done();
  });
}

/** Whether a request's URL (path and query) is one of SAME_ORIGIN_FRAMABLE_PAGES. */
function framable(url: string): boolean {
  for (const page of SAME_ORIGIN_FRAMABLE_PAGES) {
    if (url.startsWith(page) && (url.length === page.length || url[page.length] === '?')) return true;
  }
  return false;
}

/** The headers helmet sets with these options, learnt by running its middleware once on a stand-in response. */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
