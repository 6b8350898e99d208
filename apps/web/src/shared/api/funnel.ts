import type { FunnelResponse } from '@app/contract/analytics';
import { getJson } from './http.ts';

export type FunnelResult = { kind: 'ok'; funnel: FunnelResponse } | { kind: 'keyNeeded' } | { kind: 'failed' };

/** GET /api/sandbox/analytics/funnel?from=&to= with the sandbox key. */
export async function fetchFunnel(range: { from: string; to: string }, key: string | undefined): Promise<FunnelResult> {
  if (!key) return { kind: 'keyNeeded' };
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const result = await getJson<FunnelResponse>(`/api/sandbox/analytics/funnel?${query}`, undefined, {
    headers: { 'x-sandbox-key': key },
  });
  if (result.status === 401 || result.status === 404) return { kind: 'keyNeeded' };
  if (!result.ok || !Array.isArray(result.data?.categories)) return { kind: 'failed' };
  return { kind: 'ok', funnel: result.data };
}
