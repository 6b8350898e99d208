/** GET /api/adds/{id} (after-save-area.md §7 "ad for car sign"): a live ad, or the owner's own. */
import type { PublicAdResponse } from '@app/contract/publish';
import { getJson } from './http.ts';

export type PublicAdOutcome = { kind: 'found'; ad: PublicAdResponse } | { kind: 'notFound' } | { kind: 'failed' };

export async function fetchPublicAd(id: string, signal?: AbortSignal): Promise<PublicAdOutcome> {
  if (!/^\d{1,12}$/.test(id)) return { kind: 'notFound' };
  const result = await getJson<PublicAdResponse>(`/api/adds/${id}`, signal);
  if (result.status === 404) return { kind: 'notFound' };
  return result.ok && result.data ? { kind: 'found', ad: result.data } : { kind: 'failed' };
}
