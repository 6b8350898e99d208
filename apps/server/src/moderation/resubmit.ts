/**
 * An owner's edit of an ad that waits for (or was refused by) a moderator: the values are written and the ad's case
 * (re)opens with the edit's reasons, in one transaction. A rejected ad goes back to what it waited as (blocked or
 * pending), or, refused before its plan or given its plan's money back (decide.ts), waits as an ad held at its save
 * (blocked, stage save: its approval leads to its plan step); one still waiting keeps its place in the queue.
 */
import type { HoldReason } from '@app/contract/operator';
import { adTitleWordsOf } from '../ads/ad-title.ts';
import type { Ad, AdStatus } from '../ads/ads-repository.ts';
import { updateAdValues } from '../ads/ads-repository.ts';
import type { FieldValues } from '../ads/drafts-repository.ts';
import type { Db } from '../platform/db/db.ts';
import { holdForReview, latestReview } from './reviews-repository.ts';

/** The statuses of an ad whose edit goes to a moderator rather than live or to its plan. */
export const REVIEWED_STATUSES: ReadonlySet<AdStatus> = new Set(['blocked', 'pending', 'rejected']);

/** Writes an edit of a blocked, pending or rejected ad and (re)opens its case; `words`: the edit's blocked words. */
export async function saveForReview(db: Db, ad: Ad, values: FieldValues, words: string[], now: Date): Promise<void> {
  const last = await latestReview(db, ad.orderId);
  // A rejected ad without a plan (never finished, or its plan refunded) is sent again before its plan.
  const beforePlan = ad.status === 'rejected' && ad.publishedAt === null;
  // Refused after buyers reported it live: its edit waits as a live ad's edit.
  const reported = last?.stage === 'report';
  const stage = beforePlan ? 'save' : reported ? 'edit' : (last?.stage ?? (ad.publishedAt ? 'plan' : 'save'));
  const heldAs =
    beforePlan || ad.status === 'blocked'
      ? 'blocked'
      : ad.status === 'rejected' && !reported
        ? (last?.heldAs ?? 'pending')
        : 'pending';
  // What held it besides its words still holds it; the words are the edit's own.
  const kept = ad.status === 'rejected' ? [] : (last?.reasons ?? []).filter((r) => r.kind !== 'words');
  const reasons: HoldReason[] = [
    ...(ad.status === 'rejected' || kept.length === 0 ? [{ kind: 'resubmitted' } as const] : []),
    ...kept.filter((r) => r.kind !== 'resubmitted'),
    ...(words.length > 0 ? [{ kind: 'words', words } as const] : []),
  ];
  await db.transaction(async (tx) => {
    await updateAdValues(tx, ad, values, adTitleWordsOf(ad.selectors, values), heldAs);
    await holdForReview(tx, { adId: ad.orderId, heldAs, stage, reasons }, now);
  });
}
