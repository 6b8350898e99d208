/**
 * Delivering the ad events (ads/ad-events-service.ts) as signed webhooks. Each event wakes `AD_EVENTS_JOB`; a run
 * first fans the new events out (a delivery row per subscriber of the type), then sends every delivery that is due,
 * each the first undelivered one of its subscriber and ad (an ad's events arrive in order: a later one waits while an
 * earlier one fails), until none is due. The run is outside a transaction (the scheduler's `transaction: false`): a
 * receiver may be slow, or be this very process.
 *
 * A delivery is a POST of the event's JSON with `X-Yad-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">`,
 * `X-Yad-Event-Id` and `X-Yad-Event-Type` (docs/webhooks.md). A 2xx answer delivers it. Anything else (another status,
 * a redirect, which is never followed, no answer within WEBHOOK_TIMEOUT_MS, an address refused by the guard at
 * this moment) is a failure: tried again after 30 s, 1, 2, 4 … minutes, at most an hour apart; when its failures have
 * lasted a day, the subscriber is paused with the reason, and what waits for it stays for its resumption. At least
 * once: a run that dies after the receiver answered sends the event again, which the receiver recognises by its id.
 * Of an answer only a short excerpt is kept.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type AdEvent, findAdEvent } from '../ads/ad-events-repository.ts';
import { AD_EVENTS_JOB, wakeAdEventDelivery } from '../ads/ad-events-service.ts';
import { heWebhooks as he } from '../i18n/webhooks.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { checkedAddresses, RefusedTarget, type Resolve, refusedAddress, targetUrl } from './address-guard.ts';
import type { SecretBox } from './secret-box.ts';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import {
  claimDueDeliveries,
  type DueDelivery,
  fanOutEvents,
  findSubscriber,
  markDelivered,
  markFailed,
  pauseSubscriber,
} from './webhooks-repository.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The wait after the n-th failed attempt: 30 s doubled each time, at most an hour. */
export const retryDelayMs = (failures: number): number => Math.min(30_000 * 2 ** Math.max(0, failures - 1), 3_600_000);
/** Failures lasting this long pause the subscriber. */
export const GIVE_UP_AFTER_MS = DAY_MS;
const EXCERPT = 200;
const LEASE_MS = 60_000;

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  origins: Pick<PublicOrigins, 'siteUrl'>;
  box: SecretBox;
  allowLoopback: boolean;
  resolve: Resolve;
  timeoutMs: number;
  log?: { error(obj: unknown, msg?: string): void };
}

/** The event as a subscriber receives it: the ad's public view with absolute addresses. */
export function eventBody(event: AdEvent, origins: Pick<PublicOrigins, 'siteUrl'>): string {
  const { path, photos, ...view } = event.view;
  return JSON.stringify({
    id: event.eventId,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    adId: event.adId,
    ad: { ...view, url: origins.siteUrl(path), photos: photos.map((p) => origins.siteUrl(p)) },
  });
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** The connection's own lookup: only addresses the guard lets through at this moment (no DNS rebinding). */
function guardedLookup(deps: WebhookDeliveryDeps): LookupFunction {
  return (hostname, options, callback) => {
    deps.resolve(hostname).then(
      (addresses) => {
        const refused = addresses.length === 0 || addresses.some((a) => refusedAddress(a.address, deps.allowLoopback));
        if (refused) return callback(new RefusedTarget(hostname), '', 0);
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, usable);
        const first = usable[0];
        if (!first) return callback(new RefusedTarget(hostname), '', 0);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** One POST, no redirect followed, the answer's first bytes read and the rest dropped. */
async function post(
  deps: WebhookDeliveryDeps,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  try {
    await checkedAddresses(url, deps);
  } catch (err) {
    if (err instanceof RefusedTarget) return { ok: false, status: null, error: he.refusedAtDelivery };
    throw err;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    const done = (o: Outcome) => {
      clearTimeout(timer);
      resolve(o);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: guardedLookup(deps),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT) excerpt += chunk;
          if (excerpt.length >= EXCERPT) res.destroy();
        });
        const finish = () => {
          const text = excerpt.slice(0, EXCERPT).replace(/\s+/g, ' ').trim();
          if (status >= 200 && status < 300) done({ ok: true, status });
          else if (status >= 300 && status < 400) done({ ok: false, status, error: he.redirected(status) });
          else done({ ok: false, status, error: he.failedStatus(status, text) });
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, status: null, error: he.timedOut(Math.round(deps.timeoutMs / 1000)) });
    }, deps.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof RefusedTarget) done({ ok: false, status: null, error: he.refusedAtDelivery });
      else done({ ok: false, status: null, error: he.network(err.code ?? 'ERROR') });
    });
    req.end(body);
  });
}

/** The delivery pauses a subscriber: in the audit log as a change made by no staff member. */
async function pauseByDelivery(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await pauseSubscriber(tx, id, reason, now))) return;
    const entry = { staffId: null, action: 'webhook.paused', targetType: 'webhook', targetId: String(id) };
    await appendAudit(tx, { ...entry, detail: { reason } }, now);
  });
}

/** Sends one claimed delivery and records what happened. */
async function deliverOne(deps: WebhookDeliveryDeps, d: DueDelivery): Promise<void> {
  const { db, clock } = deps;
  const [subscriber, event] = await Promise.all([findSubscriber(db, d.subscriberId), findAdEvent(db, d.eventSeq)]);
  if (!subscriber || !event || subscriber.pausedAt) return;
  const secret = deps.box.open(subscriber.secretBox);
  const now = clock.now();
  if (secret === null) {
    await markFailed(db, { ...d, status: null, error: he.pausedSecret, nextAt: now }, now);
    await pauseByDelivery(db, d.subscriberId, he.pausedSecret, now);
    return;
  }
  const body = eventBody(event, deps.origins);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'yad-webhooks/1',
    [EVENT_ID_HEADER]: event.eventId,
    [EVENT_TYPE_HEADER]: event.type,
    [SIGNATURE_HEADER]: signatureHeader(secret, body, now),
  };
  const outcome = await post(deps, targetUrl(subscriber.url), headers, body);
  const at = clock.now();
  if (outcome.ok) {
    await markDelivered(db, { id: d.id, subscriberId: d.subscriberId, status: outcome.status }, at);
    return;
  }
  const nextAt = new Date(at.getTime() + retryDelayMs(d.attempts + 1));
  const error = outcome.error.slice(0, 300);
  const firstFailedAt = await markFailed(db, { ...d, status: outcome.status, error, nextAt }, at);
  if (at.getTime() - firstFailedAt.getTime() >= GIVE_UP_AFTER_MS) {
    await pauseByDelivery(db, d.subscriberId, he.pausedAfterDay, at);
    return;
  }
  // The next try wakes the job at its time.
  await wakeAdEventDelivery(db, `retry:${d.id}:${d.attempts + 1}`, nextAt, at);
}

/** Fans out the new events and sends every delivery due now; how many deliveries were tried. */
export async function deliverDue(deps: WebhookDeliveryDeps): Promise<number> {
  const { db, clock } = deps;
  while ((await db.transaction((tx) => fanOutEvents(tx, clock.now()))) > 0);
  let tried = 0;
  for (;;) {
    const due = await claimDueDeliveries(db, clock.now(), LEASE_MS, 20);
    if (due.length === 0) return tried;
    // Each is the first of its own subscriber and ad: they may go at once.
    await Promise.all(
      due.map((d) =>
        deliverOne(deps, d).catch((err: unknown) =>
          deps.log?.error({ err, delivery: d.id }, 'webhook delivery failed'),
        ),
      ),
    );
    tried += due.length;
  }
}

/**
 * Registers the delivery job, and its wake: each commit that made an event (or a delivery) due now runs this kind's
 * due jobs in this process at once, not at the next tick (JOB_TICK_MS); no other kind's timing changes. Answers the
 * way to stop the wake (the app's close).
 */
export function registerWebhookJobs(jobs: JobScheduler, deps: WebhookDeliveryDeps): () => void {
  jobs.register(AD_EVENTS_JOB, async () => void (await deliverDue(deps)), { transaction: false });
  return deps.db.onCommitted(AD_EVENTS_JOB, () => jobs.wake(AD_EVENTS_JOB));
}
