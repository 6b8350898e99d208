/**
 * A moderator's decision on one case, in one transaction under the case's and the ad's row locks, so two staff (or
 * a double press) decide once: the first wins, the second is told it was decided.
 *
 * Approve: an ad held going live (stage plan) goes live now and its days start now (its track's length is kept); a
 * live ad held for its edit's words goes live again until its end date (or expires, if that has passed); an ad held
 * for its words before its plan goes back to its plan (or live, where its catalogue has no plan step), with those
 * words let through for it. Reject: the ad waits as rejected, its owner is told why by e-mail, on /my-ads and on its
 * finish page, and an edit sends it back to the queue (resubmit.ts). An ad refused before it was ever on the board
 * whose plan was paid gets its money back in full (payments/refunds-service.ts) and goes back to before its plan: the edit
 * waits as an ad held at its save, whose approval leads to its plan step. A live ad refused for its edit keeps what
 * it used. A live ad buyers reported (stage report): approving the case keeps it live (no mail), rejecting it takes
 * it off the board as any rejection. Every decision, and every refund, is in the audit log.
 */
import { NO_PLAN_TRACK } from '@app/catalog/tracksData';
import { recordAdEvent } from '../ads/ad-events-service.ts';
import { scheduleAdExpiry } from '../ads/ad-expiry-jobs.ts';
import { planPath } from '../ads/ad-paths.ts';
import type { Ad, AdStatus } from '../ads/ads-repository.ts';
import { goLive } from '../ads/go-live-service.ts';
import { heModeration, type RefusalRefund, type RejectTemplate, rejectReasonText } from '../i18n/moderation.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import type { PaymentRefunds } from '../payments/refunds-service.ts';
import type { Payment } from '../payments/repository.ts';
import { stopAutoBumpOfAd } from '../plans/auto-bump-jobs.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { wordsNow } from './preview.ts';
import { reviewGate } from './review-gate.ts';
import {
  approveHeldAd,
  closeReview,
  findReview,
  lockDecidedAd,
  lockOpenReview,
  type Review,
  rejectWithItsPlan,
  setDecidedStatus,
} from './reviews-repository.ts';

export type DecisionInput = { action: 'approve' } | { action: 'reject'; template: RejectTemplate; text: string };

export type DecideOutcome =
  | { ok: true; orderId: number; before: AdStatus; after: AdStatus }
  | { ok: false; code: 404 | 409; message: string };

export interface DecideDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  origins: Pick<PublicOrigins, 'siteUrl'>;
  /** The automatic refunds (payments/refunds-service.ts): a refused ad's payments are decided and sent through them. */
  refunds: Pick<PaymentRefunds, 'decideForRefusedAd' | 'refund'>;
  log?: { error(obj: unknown, msg?: string): void };
}

const DAY_MS = 86_400_000;

async function approve(tx: Queryable, review: Review, ad: Ad, now: Date): Promise<AdStatus> {
  // Buyers' reports of a live ad, found groundless: it stays as it is.
  if (review.stage === 'report') return ad.status;
  if (review.stage === 'plan') {
    // Its days start now: the track's length as goLive gave it.
    const length =
      ad.endsAt && ad.publishedAt ? Math.max(0, ad.endsAt.getTime() - ad.publishedAt.getTime()) : 30 * DAY_MS;
    const endsAt = new Date(now.getTime() + length);
    await approveHeldAd(tx, ad.orderId, now, endsAt);
    await scheduleAdExpiry(tx, ad.orderId, endsAt, now);
    await recordAdEvent(tx, { ad: ad.orderId, before: ad.status }, now);
    return 'active';
  }
  // Held for its words: those words are let through for this ad from now on.
  const words = new Set([...ad.approvedWords, ...(await wordsNow(tx, ad))]);
  for (const reason of review.reasons) if (reason.kind === 'words') for (const w of reason.words) words.add(w);
  if (review.stage === 'edit') {
    const live = ad.endsAt !== null && ad.endsAt.getTime() > now.getTime();
    await setDecidedStatus(tx, ad.orderId, live ? 'active' : 'expired', now, [...words]);
    if (live && ad.endsAt) await scheduleAdExpiry(tx, ad.orderId, ad.endsAt, now);
    await recordAdEvent(tx, { ad: ad.orderId, before: ad.status }, now);
    return live ? 'active' : 'expired';
  }
  await setDecidedStatus(tx, ad.orderId, 'draft', now, [...words]);
  // A catalogue without a plan step publishes on its save (free): so does its approval.
  if (planPath(ad) === null) {
    const { ad: live } = await goLive(
      tx,
      now,
      {
        orderId: ad.orderId,
        ...NO_PLAN_TRACK,
        reason: 'free',
        reviewed: true,
      },
      reviewGate,
    );
    return live?.status ?? 'draft';
  }
  return 'draft';
}

/** The owner's e-mail about the decision. */
function mailFor(
  origins: DecideDeps['origins'],
  to: string,
  orderId: number,
  after: AdStatus,
  input: DecisionInput,
  plan: string | null,
  refund: RefusalRefund | undefined,
): MailMessage {
  if (input.action === 'reject') {
    const reason = rejectReasonText(input.template, input.text);
    const link = origins.siteUrl(`/edit/${orderId}`);
    return {
      to,
      subject: heModeration.rejectedSubject(orderId),
      text: heModeration.rejectedText(orderId, reason, link, refund),
    };
  }
  if (after === 'draft' && plan)
    return {
      to,
      subject: heModeration.approvedDraftSubject(orderId),
      text: heModeration.approvedDraftText(orderId, origins.siteUrl(plan)),
    };
  return {
    to,
    subject: heModeration.approvedLiveSubject(orderId),
    text: heModeration.approvedLiveText(orderId, origins.siteUrl('/my-ads')),
  };
}

export async function decide(
  deps: DecideDeps,
  staff: { id: number },
  reviewId: number,
  input: DecisionInput,
  ip: string,
): Promise<DecideOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const result = await db.transaction(async (tx) => {
    const review = await lockOpenReview(tx, reviewId);
    if (!review) {
      const known = await findReview(tx, reviewId);
      return known
        ? ({ ok: false, code: 409, message: heModeration.alreadyDecided } as const)
        : ({ ok: false, code: 404, message: '' } as const);
    }
    const locked = await lockDecidedAd(tx, review.adId);
    if (!locked || locked.ad.status !== review.heldAs)
      return {
        ok: false,
        code: 409,
        message: adGone(locked?.ad ?? null, now) ? heModeration.adEnded : heModeration.adChanged,
      } as const;
    const before = locked.ad.status;
    let after: AdStatus;
    let refunds: Payment[] = [];
    if (input.action === 'approve') {
      after = await approve(tx, review, locked.ad, now);
      await closeReview(tx, review.id, { decision: 'approved', staffId: staff.id }, now);
    } else {
      after = 'rejected';
      // Held when it went live, it was never on the board: what it paid bought nothing there (payments/refunds-service.ts decides).
      if (review.stage === 'plan')
        refunds = await deps.refunds.decideForRefusedAd(tx, { adId: review.adId, reviewId: review.id }, now);
      if (refunds.some((p) => p.purpose === 'track')) {
        // Its plan is given back with the money: the ad is as before its plan, and its auto-bump stops.
        await rejectWithItsPlan(tx, review.adId, now);
        await stopAutoBumpOfAd(tx, review.adId, now);
      } else await setDecidedStatus(tx, review.adId, 'rejected', now);
      // A live ad refused (buyers reported it) leaves the board: ad.hidden.
      await recordAdEvent(tx, { ad: review.adId, before }, now);
      const d = { decision: 'rejected', staffId: staff.id, template: input.template, text: input.text } as const;
      await closeReview(tx, review.id, d, now);
    }
    // Each refund is the refusing moderator's, audited as staff refunds are.
    for (const p of refunds) {
      const detail = {
        payment: p.publicId,
        amountAgorot: p.amountAgorot,
        reason: heModeration.refundAuditReason,
        adId: review.adId,
        reviewId: review.id,
      };
      const entry = { staffId: staff.id, action: 'payment.refunded', targetType: 'payment', targetId: p.publicId };
      await appendAudit(tx, { ...entry, detail, ip }, now);
    }
    const detail = {
      reviewId: review.id,
      before,
      after,
      ...(input.action === 'reject' ? { template: input.template, text: input.text } : {}),
    };
    const action = input.action === 'approve' ? 'ad.approved' : 'ad.rejected';
    await appendAudit(
      tx,
      { staffId: staff.id, action, targetType: 'ad', targetId: String(review.adId), detail, ip },
      now,
    );
    const { ad, email } = locked;
    const stage = review.stage;
    return { ok: true, orderId: ad.orderId, before, after, email, plan: planPath(ad), refunds, stage } as const;
  });
  if (!result.ok) return result;
  // The refunds decided are asked of the provider now; one it does not confirm stays pending for the refund job
  // (and finance's list of payments that need a hand), never decided twice.
  let refund: RefusalRefund | undefined;
  for (const p of result.refunds) {
    const state = await deps.refunds.refund(p.publicId).catch((err: unknown) => {
      deps.log?.error({ err, payment: p.publicId }, 'refused ad refund not sent yet: the refund job retries');
      return 'pending' as const;
    });
    refund = {
      agorot: (refund?.agorot ?? 0) + p.amountAgorot,
      refunded: (refund?.refunded ?? true) && state === 'refunded',
    };
  }
  // Reports found groundless change nothing for the owner: no mail.
  if (result.stage === 'report' && input.action === 'approve')
    return { ok: true, orderId: result.orderId, before: result.before, after: result.after };
  // The decision stands whatever the mail does: a failed send is logged, not undone.
  try {
    await deps.mailer.send(
      mailFor(deps.origins, result.email, result.orderId, result.after, input, result.plan, refund),
    );
  } catch (err) {
    deps.log?.error({ err, orderId: result.orderId }, 'moderation mail failed');
  }
  return { ok: true, orderId: result.orderId, before: result.before, after: result.after };
}

/** The ad a case held is gone from the site: ended (expired, or live past its end), deleted, or not there at all. */
function adGone(ad: Ad | null, now: Date): boolean {
  if (!ad) return true;
  const pastEnd = ad.status === 'active' && ad.endsAt !== null && ad.endsAt <= now;
  return ad.status === 'expired' || ad.status === 'deleted' || pastEnd;
}

export type CloseOutcome =
  | { ok: true; orderId: number; adStatus: AdStatus }
  | { ok: false; code: 404 | 409; message: string };

/**
 * Closes an open case whose ad is no longer as the case held it (a reported ad that ended or was deleted before a
 * moderator decided; an ad deleted while held): nothing is decided on the ad (no status change, no mail), the case
 * leaves the queue as `closed`, and the audit log says who closed it and what the ad was then. A case whose ad still
 * waits as held is decided, not closed (409).
 */
export async function closeCase(
  deps: Pick<DecideDeps, 'db' | 'clock'>,
  staff: { id: number },
  reviewId: number,
  ip: string,
): Promise<CloseOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const review = await lockOpenReview(tx, reviewId);
    if (!review) {
      const known = await findReview(tx, reviewId);
      return known
        ? ({ ok: false, code: 409, message: heModeration.alreadyDecided } as const)
        : ({ ok: false, code: 404, message: '' } as const);
    }
    const locked = await lockDecidedAd(tx, review.adId);
    const ad = locked?.ad ?? null;
    const asHeld = ad !== null && ad.status === review.heldAs && !adGone(ad, now);
    if (asHeld) return { ok: false, code: 409, message: heModeration.stillHeld } as const;
    await closeReview(tx, review.id, { decision: 'closed', staffId: staff.id }, now);
    const adStatus = ad?.status ?? 'deleted';
    await appendAudit(
      tx,
      {
        staffId: staff.id,
        action: 'ad.case_closed',
        targetType: 'ad',
        targetId: String(review.adId),
        detail: { reviewId: review.id, stage: review.stage, adStatus },
        ip,
      },
      now,
    );
    return { ok: true, orderId: review.adId, adStatus } as const;
  });
}
