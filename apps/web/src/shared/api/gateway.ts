/**
 * The {gateway} services' base in this environment: what the page's head names (the server's GATEWAY_URL, when the
 * gateway is another host), else our own same-origin `/gateway` (@app/contract/gateway). Read once.
 */
import { DEFAULT_GATEWAY_BASE, GATEWAY_META_NAME } from '@app/contract/gateway';

let base: string | undefined;

export function gatewayBase(): string {
  if (base === undefined) {
    const meta =
      typeof document === 'undefined'
        ? null
        : document.querySelector<HTMLMetaElement>(`meta[name="${GATEWAY_META_NAME}"]`);
    base = meta?.content.replace(/\/+$/, '') || DEFAULT_GATEWAY_BASE;
  }
  return base;
}

/** A gateway call's URL: `path` is the part after the base ('/car-data-gov'). */
export const gatewayUrl = (path: string): string => `${gatewayBase()}${path}`;

/** Forgets the base read (a test changes the page's head). */
export function forgetGatewayBase(): void {
  base = undefined;
}
