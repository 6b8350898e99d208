/**
 * The one place an ad leaves 'draft' after its plan (after-save-area.md §4 "Payment result", migration
 * 0012). Callers: finish-publish (a free track or a package's ad), save-ad (a catalogue without a plan step), what a
 * paid payment delivers (plans/paid-service.ts) and a moderator's approval. Nothing else writes ad_type,
 * published_at, ends_at or the statuses pending, active and out_of_slots of a new ad. Whether a moderator must see
 * the ad first is moderation's to say: its review gate (moderation/review-gate.ts) is handed in by the caller.
 */
import { CAT } from '@app/catalog/categories/ids';
import { isTraderFlow } from '@app/catalog/trader';
import type { TradeMap } from '@app/contract/auth';
import type { HeldAs, HoldReason, HoldStage } from '@app/contract/operator';
import type { AdType } from '@app/contract/orders';
import type { Queryable } from '../platform/db/db.ts';
import { recordAdEvent } from './ad-events-service.ts';
import { scheduleAdExpiry } from './ad-expiry-jobs.ts';
import { type Ad, type AdStatus, findAd, findAdOfAccount, publishAd } from './ads-repository.ts';

/**
 * Moderation's side of going live: why an ad must wait for a moderator, and its case in the queue. The ad's own
 * capability only asks; moderation (above it) answers (moderation/review-gate.ts).
 */
export interface ReviewGate {
  /** Why the ad must wait for a moderator if it goes live now (its plan is done); [] when it may go live. */
  holdReasons(
    db: Queryable,
    ad: Ad,
    account: { trade: TradeMap | undefined; createdAt: Date },
    now: Date,
  ): Promise<HoldReason[]>;
  /** Opens the ad's case, in the caller's transaction beside the status it writes. */
  hold(
    tx: Queryable,
    input: { adId: number; heldAs: HeldAs; stage: HoldStage; reasons: HoldReason[] },
    now: Date,
  ): Promise<void>;
}

/** Why the ad goes live: a free track, a paid track (the payment is paid), or an ad of a package. */
export type GoLiveReason = 'free' | 'paid' | 'package';

export interface GoLiveInput {
  orderId: number;
  /** The chosen track's ad type (stored as ads.ad_type). */
  adType: AdType;
  /** The track's days on the board. */
  days: number;
  /** The track's gifted days, added to days (default 0). */
  giftedDays?: number;
  reason: GoLiveReason;
  /**
   * A package ad only: the trader's package as the caller read it. No ads left, or past its end: the ad is
   * finished but waits as out_of_slots (spec §4 "Finish analytics outcome").
   */
  packageSlots?: { left: number; expired: boolean };
  /** A moderator has already let the ad through (an approved ad held before its plan): no rule holds it again. */
  reviewed?: boolean;
}

/**
 * published: the ad left 'draft' now (status pending, active or out_of_slots);
 * alreadyFinished: it had left 'draft' before (a repeated call; the ad is returned unchanged);
 * refused: reserved (never saved), blocked (blocked words) or deleted; notFound: no such ad.
 */
export type GoLiveOutcome = 'published' | 'alreadyFinished' | 'refused' | 'notFound';

export interface GoLiveResult {
  outcome: GoLiveOutcome;
  ad: Ad | null;
}

/** Statuses of an ad whose plan is done: goLive leaves them as they are. */
export const FINISHED_STATUSES: ReadonlySet<AdStatus> = new Set(['pending', 'active', 'out_of_slots', 'expired']);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A second-hand ad of a trader flow waits for review (spec §4: "pending approval for a second-hand trader"): the
 * 3_2 business flow, the istrader flag of the selection, or the customer's trade flag for the cat and subcat.
 */
export function needsReview(ad: Ad, trade: TradeMap | undefined): boolean {
  if (ad.cat !== CAT.secondHand) return false;
  return isTraderFlow({ cat: ad.cat, subcat: ad.subcat ?? undefined, istrader: ad.selectors.istrader, trade });
}

/**
 * Would a moderation rule hold this ad if it went live now? (after-save-area.md §7 finish-page's isSuspected
 * variant: the payment answer says so, and the browser tells the advertiser before paying.) False for an ad that
 * is not found.
 */
export async function wouldBeHeld(db: Queryable, orderId: number, now: Date, review: ReviewGate): Promise<boolean> {
  const found = await findAdOfAccount(db, orderId);
  if (!found) return false;
  const held = await review.holdReasons(db, found.ad, { trade: found.trade, createdAt: found.accountCreatedAt }, now);
  return held.length > 0;
}

/**
 * Finishes a draft ad with its plan: sets ad_type, published_at = bumped_at = now, ends_at = now + days +
 * giftedDays, and the status: out_of_slots (a package ad whose package has no ads left or expired), pending (a
 * moderation rule holds it: moderation/rules.ts; its case joins the queue in the same statement's transaction,
 * and its days start again when a moderator approves it), otherwise active. Only a 'draft' moves; the update is conditional on
 * it, so two concurrent calls publish once and the second answers alreadyFinished. `now` comes from the
 * injected clock. Safe inside or outside a transaction (pass the transaction as tx to finish with a payment).
 */
export async function goLive(tx: Queryable, now: Date, input: GoLiveInput, review: ReviewGate): Promise<GoLiveResult> {
  const found = await findAdOfAccount(tx, input.orderId);
  if (!found) return { outcome: 'notFound', ad: null };
  const { ad } = found;
  if (FINISHED_STATUSES.has(ad.status)) return { outcome: 'alreadyFinished', ad };
  if (ad.status !== 'draft') return { outcome: 'refused', ad };

  const slots = input.packageSlots;
  const outOfSlots = input.reason === 'package' && slots !== undefined && (slots.left <= 0 || slots.expired);
  const held =
    outOfSlots || input.reviewed
      ? []
      : await review.holdReasons(tx, ad, { trade: found.trade, createdAt: found.accountCreatedAt }, now);
  const status: AdStatus = outOfSlots ? 'out_of_slots' : held.length > 0 ? 'pending' : 'active';
  const days = Math.max(0, input.days) + Math.max(0, input.giftedDays ?? 0);
  const endsAt = new Date(now.getTime() + days * DAY_MS);

  const updated = await publishAd(tx, ad.orderId, 'draft', { status, adType: input.adType, at: now, endsAt });
  if (updated) {
    // A held ad waits in the moderation queue; one that is live expires at its end date (ad-expiry-jobs.ts). Both in
    // this same transaction.
    if (status === 'pending')
      await review.hold(tx, { adId: ad.orderId, heldAs: 'pending', stage: 'plan', reasons: held }, now);
    else await scheduleAdExpiry(tx, ad.orderId, endsAt, now);
    // Live now: other systems hear of it through the ad events (nothing for a held or waiting ad).
    await recordAdEvent(tx, { ad: updated, before: ad.status }, now);
    return { outcome: 'published', ad: updated };
  }
  // Another call moved it first (or it changed meanwhile): answer from the ad as it is now.
  const current = await findAd(tx, ad.orderId);
  if (!current) return { outcome: 'notFound', ad: null };
  return { outcome: FINISHED_STATUSES.has(current.status) ? 'alreadyFinished' : 'refused', ad: current };
}
