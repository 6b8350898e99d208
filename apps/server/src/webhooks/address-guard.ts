/**
 * Where a webhook may be sent (server-side request forgery): http or https only, no user or password in the address,
 * and never to an address of our own network. A host name is resolved and every address it resolves to is checked,
 * when the subscriber is added and again at each delivery: the delivery connects to the address checked at that
 * moment (the request's own `lookup`), so a name that resolves to a public address when checked and to a private
 * one a moment later (DNS rebinding) gets nowhere. Refused: loopback (127.0.0.0/8, ::1), private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), link-local and cloud metadata (169.254/16, fe80::/10), carrier NAT (100.64/10), "this
 * network" (0/8, ::), multicast, reserved and benchmark ranges, and IPv4 inside IPv6 (::ffff:…, 64:ff9b::…) as
 * their IPv4. `allowLoopback` (WEBHOOKS_ALLOW_LOOPBACK) lets loopback through for a local run or a test; the private
 * ranges stay refused.
 */
import dns from 'node:dns';
import net from 'node:net';

/** Resolves a host name to all its addresses (dns.promises.lookup with all: true, or a test's resolver). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, ::a.b.c.d), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const hi = Number.parseInt(hex[1], 16);
  const lo = Number.parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = net.isIP(address);
  if (family === 0) return 'not an address';
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (loopback.check(ip, type)) return allowLoopback ? null : 'loopback';
  return blocked.check(ip, type) ? 'private, link-local or reserved' : null;
}

/** Why a target is refused: not an http(s) URL, a host that does not resolve, or an address of our own network. */
export class RefusedTarget extends Error {
  constructor(
    message: string,
    readonly kind: 'bad-url' | 'unresolved' | 'private' = 'private',
  ) {
    super(message);
  }
}

/** The URL as a webhook target: http(s), no credentials; a RefusedTarget error otherwise. */
export function targetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget('not a URL', 'bad-url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedTarget('only http and https', 'bad-url');
  if (url.username || url.password) throw new RefusedTarget('no credentials in the address', 'bad-url');
  if (url.hostname === '') throw new RefusedTarget('no host', 'bad-url');
  return url;
}

/** The host's addresses as a URL names it (an IPv6 literal without its brackets). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Every address the URL's host resolves to, when all may be called; else a RefusedTarget error (one refused
 * address refuses the host: a resolver could answer either).
 */
export async function checkedAddresses(
  url: URL,
  options: { allowLoopback: boolean; resolve: Resolve },
): Promise<{ address: string; family: number }[]> {
  const host = hostOf(url);
  const family = net.isIP(host);
  let addresses: { address: string; family: number }[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await options.resolve(host);
    } catch {
      throw new RefusedTarget('the host does not resolve', 'unresolved');
    }
  }
  if (addresses.length === 0) throw new RefusedTarget('the host does not resolve', 'unresolved');
  for (const a of addresses) {
    const why = refusedAddress(a.address, options.allowLoopback);
    if (why) throw new RefusedTarget(`${host} resolves to a refused address (${why})`);
  }
  return addresses;
}
