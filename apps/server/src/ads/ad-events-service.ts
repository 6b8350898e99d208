/**
 * Ad events for other systems: every place that moves an ad on or off the board, or changes what a live ad shows,
 * calls `recordAdEvent` inside its own transaction, so the event exists exactly when the change does (a rolled-back
 * change leaves no event). The event carries the ad's public view at that moment (public-ad.ts adEventView: what its
 * page shows, nothing of the owner) and wakes the delivery (`AD_EVENTS_JOB`, whose handler webhooks/ registers).
 *
 * The type follows from the ad's status before and after the change:
 *   not live → active: ad.published (first publication, an approval, back from a held edit, an ended ad renewed);
 *   active → active with its values, photos or end changed (an owner's renewal): ad.changed;
 *   active → expired: ad.ended; active or expired → deleted: ad.deleted;
 *   active → anything else (held for review, refused): ad.hidden.
 * Any other move is nobody's business outside: no event.
 */
import crypto from 'node:crypto';
import { type Queryable, signalAfterCommit } from '../platform/db/db.ts';
import { scheduleJob } from '../platform/jobs/jobs-repository.ts';
import { type AdEvent, type AdEventType, insertAdEvent, livePhotoKeys } from './ad-events-repository.ts';
import { type Ad, type AdStatus, findAd } from './ads-repository.ts';
import { adEventView } from './public-ad.ts';

/** The job that fans new events out to their subscribers and delivers what is due (webhooks/delivery-jobs.ts). */
export const AD_EVENTS_JOB = 'ad-events.deliver';

/**
 * Wakes the delivery at `runAt` (an event, a retry, a resumed subscriber), once per `key`. Due now, it also says so
 * after the commit (`signalAfterCommit`, under the job's name): the process that made the change delivers at once
 * (webhooks/delivery-jobs.ts wakes its scheduler for this kind only); the tick of any process is the fallback.
 */
export async function wakeAdEventDelivery(tx: Queryable, key: string, runAt: Date, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: AD_EVENTS_JOB, key, runAt, maxAttempts: 10 }, now);
  if (runAt.getTime() <= now.getTime()) signalAfterCommit(tx, AD_EVENTS_JOB);
}

/** The event a move from `before` to the ad's status now means, or null. */
export function adEventTypeOf(before: AdStatus, after: AdStatus, changed: boolean): AdEventType | null {
  if (after === 'active') return before === 'active' ? (changed ? 'ad.changed' : null) : 'ad.published';
  if (after === 'deleted') return before === 'active' || before === 'expired' ? 'ad.deleted' : null;
  if (before !== 'active') return null;
  return after === 'expired' ? 'ad.ended' : 'ad.hidden';
}

/**
 * Writes the event of a change to the ad (in the caller's transaction, after the change): `ad` as it is now (or its
 * number, read again here), its status before, and whether its live values or photos changed. The event, or null when
 * the move means none.
 */
export async function recordAdEvent(
  tx: Queryable,
  change: { ad: Ad | number; before: AdStatus; changed?: boolean },
  now: Date,
): Promise<AdEvent | null> {
  const ad = typeof change.ad === 'number' ? await findAd(tx, change.ad) : change.ad;
  if (!ad) return null;
  const type = adEventTypeOf(change.before, ad.status, change.changed ?? false);
  if (!type) return null;
  const view = adEventView(ad, await livePhotoKeys(tx, ad.orderId));
  const event = await insertAdEvent(tx, { eventId: crypto.randomUUID(), type, adId: ad.orderId, view }, now);
  await wakeAdEventDelivery(tx, `event:${event.eventId}`, now, now);
  return event;
}
