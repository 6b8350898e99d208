/**
 * A new idempotency key for a publish or purchase attempt (crypto.randomUUID where available). Its own module: the
 * plan step and My Ads need it without loading the wizard's engine (apps/web/vite.config.ts, chunk groups).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
