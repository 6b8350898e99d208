import type { OutboxEmail } from '@app/contract/auth';
import { getJson, postJson } from './http.ts';

const KEY_STORAGE = 'sandboxKey';

/**
 * The sandbox key of this tab: taken from the ?key= of the link the server prints at start, kept in
 * sessionStorage (this tab only) and sent as the x-sandbox-key header. Undefined when the tab has none.
 */
export function sandboxKey(fromLink?: string | null): string | undefined {
  try {
    if (fromLink) window.sessionStorage.setItem(KEY_STORAGE, fromLink);
    return window.sessionStorage.getItem(KEY_STORAGE) ?? undefined;
  } catch {
    return fromLink ?? undefined;
  }
}

export type OutboxResult = { kind: 'ok'; emails: OutboxEmail[] } | { kind: 'keyNeeded' } | { kind: 'failed' };

/** GET /api/sandbox/outbox?to= with the sandbox key — the sandbox e-mails sent to an address, newest first. */
export async function fetchOutbox(to: string, key: string | undefined): Promise<OutboxResult> {
  if (!key) return { kind: 'keyNeeded' };
  const result = await getJson<{ emails: OutboxEmail[] }>(
    `/api/sandbox/outbox?to=${encodeURIComponent(to)}`,
    undefined,
    { headers: { 'x-sandbox-key': key } },
  );
  if (result.status === 401 || result.status === 404) return { kind: 'keyNeeded' };
  if (!result.ok || !Array.isArray(result.data?.emails)) return { kind: 'failed' };
  const emails = [...result.data.emails].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
  return { kind: 'ok', emails };
}

export interface OutboxPhoneEntry {
  id: number;
  kind: 'sms' | 'call';
  to: string;
  text: string;
  status: string;
  pressed: string | null;
  createdAt: string;
}

export type PhoneOutboxResult =
  | { kind: 'ok'; messages: OutboxPhoneEntry[] }
  | { kind: 'keyNeeded' }
  | { kind: 'failed' };

/** GET /api/sandbox/phones/outbox?to= with the sandbox key: the SMS and calls to a number, newest first. */
export async function fetchPhoneOutbox(to: string, key: string | undefined): Promise<PhoneOutboxResult> {
  if (!key) return { kind: 'keyNeeded' };
  const digits = to.replace(/\D/g, '');
  const result = await getJson<{ messages: OutboxPhoneEntry[] }>(
    `/api/sandbox/phones/outbox${digits ? `?to=${digits}` : ''}`,
    undefined,
    { headers: { 'x-sandbox-key': key } },
  );
  if (result.status === 401 || result.status === 404) return { kind: 'keyNeeded' };
  if (!result.ok || !Array.isArray(result.data?.messages)) return { kind: 'failed' };
  return { kind: 'ok', messages: result.data.messages };
}

/** POST /api/sandbox/phones/calls/{id}/answer: the developer answers a ringing call and presses a key. */
export async function answerCall(id: number, key: string | undefined, press: string): Promise<boolean> {
  if (!key) return false;
  const result = await postJson(
    `/api/sandbox/phones/calls/${id}/answer`,
    { key: press },
    {
      headers: { 'x-sandbox-key': key },
    },
  );
  return result.ok;
}
