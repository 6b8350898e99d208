/**
 * A moderator's decision on one case, in one transaction under the case's and the ad's row locks, so two staff (or
 * a double press) decide once: the first wins, the second is told it was decided.
 *
 * Approve: an ad held going live (stage plan) goes live now and its days start now (its track's length is kept); a
 * live ad held for its edit's words goes live again until its end date (or expires, if that has passed); an ad held
 * for its words before its plan goes back to its plan (or live, where its catalogue has no plan step), with those
 * words let through for it. Reject: the ad waits as rejected, its owner is told why by e-mail, on /my-ads and on its
 * finish page, and an edit sends it back to the queue (resubmit.ts). Every decision is in the audit log.
 */
import { NO_PLAN_TRACK } from '@app/catalog/tracksData';
import { scheduleAdExpiry } from '../ads/ad-expiry.ts';
import { type AdRow, type AdStatus, toAd } from '../ads/ads-repository.ts';
import { goLive } from '../ads/go-live.ts';
import { heModeration, type RejectTemplate, rejectReasonText } from '../i18n/moderation.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { appendAudit } from '../operator/staff-repository.ts';
import { planPath } from '../plans/plans.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { PublicOrigins } from '../platform/public-origins.ts';
import { wordsNow } from './preview.ts';
import { closeReview, findReview, lockOpenReview, type Review } from './reviews-repository.ts';

export type DecisionInput = { action: 'approve' } | { action: 'reject'; template: RejectTemplate; text: string };

export type DecideOutcome =
  | { ok: true; orderId: number; before: AdStatus; after: AdStatus }
  | { ok: false; code: 404 | 409; message: string };

export interface DecideDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  origins: Pick<PublicOrigins, 'siteUrl'>;
  log?: { error(obj: unknown, msg?: string): void };
}

const DAY_MS = 86_400_000;

async function approve(tx: Queryable, review: Review, row: AdRow, now: Date): Promise<AdStatus> {
  const ad = toAd(row);
  if (review.stage === 'plan') {
    // Its days start now: the track's length as goLive gave it.
    const length =
      ad.endsAt && ad.publishedAt ? Math.max(0, ad.endsAt.getTime() - ad.publishedAt.getTime()) : 30 * DAY_MS;
    const endsAt = new Date(now.getTime() + length);
    await tx.query(
      `UPDATE ads SET status = 'active', published_at = $2, bumped_at = $2, ends_at = $3, updated_at = $2 WHERE id = $1`,
      [ad.orderId, now, endsAt],
    );
    await scheduleAdExpiry(tx, ad.orderId, endsAt, now);
    return 'active';
  }
  // Held for its words: those words are let through for this ad from now on.
  const words = new Set([...ad.approvedWords, ...(await wordsNow(tx, ad))]);
  for (const reason of review.reasons) if (reason.kind === 'words') for (const w of reason.words) words.add(w);
  if (review.stage === 'edit') {
    const live = ad.endsAt !== null && ad.endsAt.getTime() > now.getTime();
    await tx.query('UPDATE ads SET status = $2, approved_words = $3, updated_at = $4 WHERE id = $1', [
      ad.orderId,
      live ? 'active' : 'expired',
      [...words],
      now,
    ]);
    if (live && ad.endsAt) await scheduleAdExpiry(tx, ad.orderId, ad.endsAt, now);
    return live ? 'active' : 'expired';
  }
  await tx.query(`UPDATE ads SET status = 'draft', approved_words = $2, updated_at = $3 WHERE id = $1`, [
    ad.orderId,
    [...words],
    now,
  ]);
  // A catalogue without a plan step publishes on its save (free): so does its approval.
  if (planPath(ad) === null) {
    const { ad: live } = await goLive(tx, now, {
      orderId: ad.orderId,
      ...NO_PLAN_TRACK,
      reason: 'free',
      reviewed: true,
    });
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
): MailMessage {
  if (input.action === 'reject') {
    const reason = rejectReasonText(input.template, input.text);
    const link = origins.siteUrl(`/edit/${orderId}`);
    return {
      to,
      subject: heModeration.rejectedSubject(orderId),
      text: heModeration.rejectedText(orderId, reason, link),
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
    const [row] = await tx.query<AdRow & { email: string }>(
      'SELECT a.*, c.email FROM ads a JOIN customers c ON c.id = a.customer_id WHERE a.id = $1 FOR UPDATE OF a',
      [review.adId],
    );
    if (!row || row.status !== review.heldAs) return { ok: false, code: 409, message: heModeration.adChanged } as const;
    const before = row.status;
    let after: AdStatus;
    if (input.action === 'approve') {
      after = await approve(tx, review, row, now);
      await closeReview(tx, review.id, { decision: 'approved', staffId: staff.id }, now);
    } else {
      after = 'rejected';
      await tx.query(`UPDATE ads SET status = 'rejected', updated_at = $2 WHERE id = $1`, [review.adId, now]);
      const d = { decision: 'rejected', staffId: staff.id, template: input.template, text: input.text } as const;
      await closeReview(tx, review.id, d, now);
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
    const ad = toAd(row);
    return { ok: true, orderId: ad.orderId, before, after, email: row.email, plan: planPath(ad) } as const;
  });
  if (!result.ok) return result;
  // The decision stands whatever the mail does: a failed send is logged, not undone.
  try {
    await deps.mailer.send(mailFor(deps.origins, result.email, result.orderId, result.after, input, result.plan));
  } catch (err) {
    deps.log?.error({ err, orderId: result.orderId }, 'moderation mail failed');
  }
  return { ok: true, orderId: result.orderId, before: result.before, after: result.after };
}
