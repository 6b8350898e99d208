/**
 * Where the browser calls the {gateway} services (the spec's `{gateway}/…` calls: the price list, the plate search,
 * packages, payments): our own `/gateway` routes unless the environment names another host (the server's
 * GATEWAY_URL), which the page then carries in this meta tag of its head.
 */
export const DEFAULT_GATEWAY_BASE = '/gateway';
export const GATEWAY_META_NAME = 'gateway-base';
