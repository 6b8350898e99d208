/**
 * The admin's webhook subscribers: added (the address checked against the guard, a signing secret made here and
 * answered once, kept encrypted: secret-box.ts), paused, resumed, deleted; each in one transaction with its audit
 * entry (the secret never in it).
 */

import type { AdEventType } from '../ads/ad-events-repository.ts';
import { wakeAdEventDelivery } from '../ads/ad-events-service.ts';
import { heWebhooks as he } from '../i18n/webhooks.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { checkedAddresses, RefusedTarget, type Resolve, targetUrl } from './address-guard.ts';
import { newSigningSecret, type SecretBox } from './secret-box.ts';
import {
  deleteSubscriber,
  findSubscriber,
  insertSubscriber,
  pauseSubscriber,
  resumeSubscriber,
  type Subscriber,
} from './webhooks-repository.ts';

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  allowLoopback: boolean;
  resolve: Resolve;
}

type Who = { staffId: number; ip: string };
export type Refused = { ok: false; code: 400 | 404 | 409; message: string };

export async function addSubscriber(
  deps: WebhooksDeps,
  who: Who,
  input: { url: string; events: readonly AdEventType[] },
): Promise<{ ok: true; subscriber: Subscriber; secret: string } | Refused> {
  let url: URL;
  try {
    url = targetUrl(input.url);
    await checkedAddresses(url, deps);
  } catch (err) {
    if (!(err instanceof RefusedTarget)) throw err;
    const message = { 'bad-url': he.badUrl, unresolved: he.unresolved, private: he.refusedTarget }[err.kind];
    return { ok: false, code: 400, message };
  }
  const events = [...new Set(input.events)];
  const secret = newSigningSecret();
  const now = deps.clock.now();
  const subscriber = await deps.db.transaction(async (tx) => {
    const s = await insertSubscriber(
      tx,
      { url: url.href, events, secretBox: deps.box.seal(secret), secretHint: secret.slice(-4), createdBy: who.staffId },
      now,
    );
    const detail = { url: s.url, events };
    await appendAudit(tx, { ...audit(who, 'webhook.created', s.id), detail }, now);
    return s;
  });
  return { ok: true, subscriber, secret };
}

const audit = (who: Who, action: string, id: number) => ({
  staffId: who.staffId,
  action,
  targetType: 'webhook',
  targetId: String(id),
  ip: who.ip,
});

/** Pauses or resumes a subscriber (a resumption wakes the delivery at once). */
export async function setPaused(
  deps: WebhooksDeps,
  who: Who,
  id: number,
  paused: boolean,
): Promise<{ ok: true; subscriber: Subscriber } | Refused> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const before = await findSubscriber(tx, id);
    if (!before) return { ok: false, code: 404, message: he.notFound } as const;
    const moved = paused ? await pauseSubscriber(tx, id, he.pausedByAdmin, now) : await resumeSubscriber(tx, id, now);
    if (!moved) return { ok: false, code: 409, message: paused ? he.alreadyPaused : he.notPaused } as const;
    const detail = { url: before.url, ...(paused ? {} : { reason: before.pausedReason }) };
    await appendAudit(tx, { ...audit(who, paused ? 'webhook.paused' : 'webhook.resumed', id), detail }, now);
    if (!paused) await wakeAdEventDelivery(tx, `resume:${id}:${now.toISOString()}`, now, now);
    return { ok: true } as const;
  });
  if (!outcome.ok) return outcome;
  const subscriber = await findSubscriber(deps.db, id);
  return subscriber ? { ok: true, subscriber } : { ok: false, code: 404, message: he.notFound };
}

export async function removeSubscriber(deps: WebhooksDeps, who: Who, id: number): Promise<{ ok: true } | Refused> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await findSubscriber(tx, id);
    if (!before || !(await deleteSubscriber(tx, id))) return { ok: false, code: 404, message: he.notFound } as const;
    const detail = { url: before.url, events: before.events, undelivered: before.pending };
    await appendAudit(tx, { ...audit(who, 'webhook.deleted', id), detail }, now);
    return { ok: true } as const;
  });
}
