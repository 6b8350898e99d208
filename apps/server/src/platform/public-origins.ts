/**
 * Every absolute URL the server hands out (the payment return URLs and the origin that may frame the hosted
 * payment pages, the video host's upload page and the parent it may be framed by, e-mail links, the start-up log's
 * sandbox links) is built here, from the configured public origins, never from a request's Host or
 * X-Forwarded-Host: a forged header must not make a link, a redirect or a frame-ancestors that leads elsewhere.
 *
 * PUBLIC_ORIGIN, VIDEO_PUBLIC_ORIGIN and PAYMENT_PUBLIC_ORIGIN are required in production (config.ts). In
 * development, in tests and with LOCAL_ORIGINS (`npm start`) they default to the listening address: http://localhost
 * with the app's, the video host's and the payment sandbox's port (HOST's address instead when it is a specific,
 * non-loopback one).
 *
 * A local run listens on every address of the machine, and is opened at more than one: localhost, 127.0.0.1, the
 * machine's network address from a phone on the same network. Its three listeners are one machine, reached by
 * whichever address the browser used, so a defaulted origin follows the browser (`of(request)`): when the request's
 * Host names exactly the address and port the request came in on (its socket's local address, or localhost on a
 * loopback connection), the origins are that address with each listener's port. A Host that names anything else (a
 * name, another address) gets the defaults. An origin the configuration names never moves, and neither does any
 * origin of a production start without LOCAL_ORIGINS: a deployment has one site origin whatever a request says.
 */
import type { Config } from './config.ts';

/** The three origins as one browser reaches them. */
export interface Origins {
  /** The site (the web app and its API). */
  site: string;
  /** The video host (the upload page the media step frames). */
  video: string;
  /** The payment host (the hosted card and mobile-payment pages). */
  payment: string;
}

/** The origins as the browser that sent a request reaches them. */
export interface ReachedOrigins extends Origins {
  /**
   * A URL on one of the default origins (the payment sandbox's hosted page, which its API makes on the default
   * payment origin), moved to the same listener as this browser reaches it; any other URL as it is.
   */
  reach(url: string): string;
}

/** What `of` reads of a request: its Host header and the local end of its connection. */
export interface ArrivedRequest {
  headers: { host?: string | undefined };
  socket?: { localAddress?: string | undefined; localPort?: number | undefined } | null;
}

export interface PublicOrigins {
  /** The site (the web app and its API). */
  site(): string;
  /** The video host (the upload page the media step frames). */
  video(): string;
  /** The payment host (the hosted card and mobile-payment pages). */
  payment(): string;
  /** An absolute URL of the site: `path` is a same-site path ('/login'). */
  siteUrl(path: string): string;
  /**
   * The origins as the browser that sent this request reaches them: the configured ones in a deployment; in a local
   * run, the address it came in by, when its Host names exactly that (see above). Links a browser follows at once
   * (the payment return URLs and frames, the video upload page, the CSP of the page) come from here; links read
   * later, maybe elsewhere (e-mails, the start-up log), from the defaults.
   */
  of(request: ArrivedRequest): ReachedOrigins;
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

/** http://host:port, the port left out when it is HTTP's own (as browsers write an origin). */
function httpOrigin(hostName: string, port: number): string {
  return port === 80 ? `http://${hostName}` : `http://${hostName}:${port}`;
}

/** An address as a socket reports it, without the IPv4-mapped prefix of a dual-stack listener. */
function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

const isLoopback = (address: string): boolean => address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);

/**
 * The host name of an origin a local request reaches the server by: its Host's name when the Host names the address
 * and port the connection came in on ('localhost' on a loopback connection counts), else null.
 */
export function arrivedHostName(request: ArrivedRequest): string | null {
  const host = request.headers.host?.toLowerCase();
  const local = request.socket?.localAddress;
  const localPort = request.socket?.localPort;
  if (!host || !local || !localPort) return null;
  const parsed = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host);
  if (!parsed?.[1]) return null;
  const name = parsed[1];
  if ((parsed[2] === undefined ? 80 : Number(parsed[2])) !== localPort) return null;
  const address = plainAddress(local);
  const bare = name.startsWith('[') ? name.slice(1, -1) : name;
  if (bare === address || (name === 'localhost' && isLoopback(address))) return name;
  return null;
}

export function publicOrigins(
  config: Pick<
    Config,
    'NODE_ENV' | 'LOCAL_ORIGINS' | 'HOST' | 'PUBLIC_ORIGIN' | 'VIDEO_PUBLIC_ORIGIN' | 'PAYMENT_PUBLIC_ORIGIN'
  >,
  ports: ListenPorts,
): PublicOrigins {
  const defaultHost = listenHostName(config.HOST);
  const at = (hostName: string): Origins => ({
    site: config.PUBLIC_ORIGIN ?? httpOrigin(hostName, ports.app()),
    video: config.VIDEO_PUBLIC_ORIGIN ?? httpOrigin(hostName, ports.video()),
    payment: config.PAYMENT_PUBLIC_ORIGIN ?? httpOrigin(hostName, ports.payment()),
  });
  // Asked on every page (the CSP names the video and payment origins): the origins of each host name and set of
  // ports are made once (a local run has a few addresses; the ports change only in tests, once they listen).
  const made = new Map<string, ReachedOrigins>();
  const reached = (hostName: string): ReachedOrigins => {
    const key = `${hostName} ${ports.app()} ${ports.video()} ${ports.payment()}`;
    let origins = made.get(key);
    if (origins === undefined) {
      const own = at(hostName);
      const defaults = at(defaultHost);
      const moves = (['site', 'video', 'payment'] as const).filter((k) => own[k] !== defaults[k]);
      origins = {
        ...own,
        reach: (url) => {
          for (const k of moves) if (url.startsWith(`${defaults[k]}/`)) return own[k] + url.slice(defaults[k].length);
          return url;
        },
      };
      if (made.size >= 32) made.clear();
      made.set(key, origins);
    }
    return origins;
  };
  const site = () => reached(defaultHost).site;
  // A deployment never follows a request: only a local run, and only for the origins it does not name.
  const follows =
    (config.NODE_ENV !== 'production' || config.LOCAL_ORIGINS) &&
    (!config.PUBLIC_ORIGIN || !config.VIDEO_PUBLIC_ORIGIN || !config.PAYMENT_PUBLIC_ORIGIN);
  return {
    site,
    video: () => reached(defaultHost).video,
    payment: () => reached(defaultHost).payment,
    siteUrl: (path) => {
      if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`not a same-site path: ${path}`);
      return `${site()}${path}`;
    },
    of: (request) => reached((follows && arrivedHostName(request)) || defaultHost),
  };
}
