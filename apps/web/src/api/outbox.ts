import type { OutboxEmail } from '@app/contract/auth';
import { getJson } from './http.ts';

/** GET /api/sandbox/outbox?to= — the sandbox e-mails sent to an address, newest first; null on failure. */
export async function fetchOutbox(to: string): Promise<OutboxEmail[] | null> {
  const result = await getJson<{ emails: OutboxEmail[] }>(`/api/sandbox/outbox?to=${encodeURIComponent(to)}`);
  if (!result.ok || !Array.isArray(result.data?.emails)) return null;
  return [...result.data.emails].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}
