/**
 * Every absolute URL the server hands out (the payment return URLs and the origin that may frame the hosted
 * payment pages, the video host's upload page and the parent it may be framed by, e-mail links, the start-up log's
 * sandbox links) is built here, from the configured public origins, never from a request's Host or
 * X-Forwarded-Host: a forged header must not make a link, a redirect or a frame-ancestors that leads elsewhere.
 *
 * PUBLIC_ORIGIN, VIDEO_PUBLIC_ORIGIN and PAYMENT_PUBLIC_ORIGIN are required in production (config.ts). In
 * development, in tests and with LOCAL_ORIGINS they default to the listening address: http://localhost with the
 * app's, the video host's and the payment sandbox's port (HOST's address instead when it is a specific,
 * non-loopback one, so a phone on the LAN reaches the same links).
 */
import type { Config } from './config.ts';

export interface PublicOrigins {
  /** The site (the web app and its API). */
  site(): string;
  /** The video host (the upload page the media step frames). */
  video(): string;
  /** The payment host (the hosted card and mobile-payment pages). */
  payment(): string;
  /** An absolute URL of the site: `path` is a same-site path ('/login'). */
  siteUrl(path: string): string;
}

/** The ports the three listeners use (known once they listen; before that the configured ones). */
export interface ListenPorts {
  app(): number;
  video(): number;
  payment(): number;
}

const LOOPBACK_OR_ANY = new Set(['', '0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The host part of a default origin: localhost, or HOST when it names one reachable address. */
export function listenHostName(host: string): string {
  const name = host.trim().toLowerCase();
  if (LOOPBACK_OR_ANY.has(name)) return 'localhost';
  return name.includes(':') ? `[${name}]` : name;
}

export function publicOrigins(
  config: Pick<Config, 'HOST' | 'PUBLIC_ORIGIN' | 'VIDEO_PUBLIC_ORIGIN' | 'PAYMENT_PUBLIC_ORIGIN'>,
  ports: ListenPorts,
): PublicOrigins {
  const hostName = listenHostName(config.HOST);
  // Asked on every request (the CSP names the video and payment origins): one string per port, made once.
  const made = new Map<number, string>();
  const fallback = (port: number) => {
    let origin = made.get(port);
    if (origin === undefined) {
      origin = `http://${hostName}:${port}`;
      made.set(port, origin);
    }
    return origin;
  };
  const site = () => config.PUBLIC_ORIGIN ?? fallback(ports.app());
  return {
    site,
    video: () => config.VIDEO_PUBLIC_ORIGIN ?? fallback(ports.video()),
    payment: () => config.PAYMENT_PUBLIC_ORIGIN ?? fallback(ports.payment()),
    siteUrl: (path) => {
      if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`not a same-site path: ${path}`);
      return `${site()}${path}`;
    },
  };
}
