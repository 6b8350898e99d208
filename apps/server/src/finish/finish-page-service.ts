/**
 * GET /api/publish/get-finish-page (after-save-area.md §3 "Finish page response", §4 "Payment result"): where
 * the owner's ad stands after its plan, in words (title, finalMessage), in the spec's numbers (FinishTextID,
 * StatusID) and as a timeline saved → paid → review → live. Payments are read here, never written.
 */
import { FREE_AD_TYPES, trackOfType } from '@app/catalog/tracks';
import type { AlertMessage } from '@app/contract/alerts';
import type { TradeMap } from '@app/contract/auth';
import {
  type AdPublishState,
  type AdRejection,
  type AdType,
  type FinishPageState,
  isPaymentFailureReason,
  type TimelineEntry,
} from '@app/contract/orders';
import { finishPath, planPath } from '../ads/ad-paths.ts';
import type { Ad } from '../ads/ads-repository.ts';
import { needsReview } from '../ads/go-live-service.ts';
import { rejectReasonText } from '../i18n/moderation.ts';
import { plansHe } from '../i18n/plans.ts';
import { latestReview } from '../moderation/reviews-repository.ts';
import { adRefundOf, adRefundRowOf, type PublishingPayment, publishingPaymentsOf } from '../payments/repository.ts';
import { hasPhonePaymentRequest } from '../plans/commercial-payment-repository.ts';
import { trackSelectorsOf } from '../plans/plans.ts';
import type { Queryable } from '../platform/db/db.ts';
import { israelDate } from '../platform/israel-day.ts';

/**
 * The spec's numbers per state. StatusID follows the analytics rule of spec §4: 2, 9, 17 and 100 are pending
 * approval (a pending trader ad is 2, an ad held for blocked words 17), 1 is live; 0 not finished yet.
 */
const NUMBERS: Record<
  AdPublishState | 'paymentFailed' | 'phonePaymentRequested',
  { FinishTextID: number; StatusID: number }
> = {
  active: { FinishTextID: 1, StatusID: 1 },
  pending: { FinishTextID: 2, StatusID: 2 },
  outOfSlots: { FinishTextID: 3, StatusID: 5 },
  blocked: { FinishTextID: 4, StatusID: 17 },
  rejected: { FinishTextID: 11, StatusID: 0 },
  awaitingPayment: { FinishTextID: 5, StatusID: 0 },
  paymentFailed: { FinishTextID: 6, StatusID: 0 },
  paid: { FinishTextID: 7, StatusID: 0 },
  draft: { FinishTextID: 8, StatusID: 0 },
  expired: { FinishTextID: 9, StatusID: 6 },
  phonePaymentRequested: { FinishTextID: 10, StatusID: 0 },
};

const iso = (d: Date | string | null | undefined): string | undefined =>
  d === null || d === undefined ? undefined : new Date(d).toISOString();

/**
 * Paying again for a draft whose last payment did not go through: its plan step with the payment choice of the same
 * track (or package of ads) open again; undefined when that choice is no longer offered there.
 */
function payAgainPath(ad: Ad, payment: PublishingPayment): string | undefined {
  const hash =
    payment.purpose === 'ad_package' ? payment.packageHash : trackOfType(trackSelectorsOf(ad), payment.adType)?.hash;
  return (hash && planPath(ad, { payAgain: hash })) || undefined;
}

/**
 * The alert of an ad its owner can set right (after-save-area.md §3 "Alert message"): a refused one says why and
 * links to the edit that sends it again; one held for its words links to the edit. Other states have none.
 */
function noticeOf(state: AdPublishState, ad: Ad, rejection: AdRejection | undefined): AlertMessage | undefined {
  if (state === 'rejected' && rejection) {
    const t = plansHe.finishNotice.rejected;
    return {
      type: 'error',
      titleMessage: t.titleMessage,
      message: rejection.reason,
      postfix: { text: t.edit, icon: 'edit', href: rejection.editUrl, toolTip: t.editTip },
    };
  }
  if (state === 'blocked') {
    const t = plansHe.finishNotice.blocked;
    return {
      type: 'warning',
      titleMessage: t.titleMessage,
      message: t.message,
      postfix: { text: t.edit, icon: 'edit', href: `/edit/${ad.orderId}`, toolTip: t.editTip },
    };
  }
  return undefined;
}

export async function finishPageState(
  db: Queryable,
  ad: Ad,
  options: { trade: TradeMap | undefined; finishPayment: boolean },
): Promise<FinishPageState> {
  const payments = await publishingPaymentsOf(db, ad);
  // A payment refunded (it delivered nothing) paid for nothing: not the ad's payment.
  const paid = payments.find((p) => p.status === 'paid' && p.refundStatus === null);
  const refundRow = await adRefundRowOf(db, ad.orderId);
  const refund = refundRow ? adRefundOf(refundRow) : null;
  const latest = payments[0];
  let state: AdPublishState;
  switch (ad.status) {
    case 'active':
      state = 'active';
      break;
    case 'pending':
      state = 'pending';
      break;
    case 'out_of_slots':
      state = 'outOfSlots';
      break;
    case 'blocked':
      state = 'blocked';
      break;
    case 'rejected':
      state = 'rejected';
      break;
    case 'expired':
      state = 'expired';
      break;
    default:
      state = paid ? 'paid' : latest?.status === 'created' ? 'awaitingPayment' : 'draft';
  }
  const paymentFailed = state === 'draft' && latest?.status === 'failed';
  // Why the draft's last payment did not go through, and the way back to paying for the same track.
  const unpaid = state === 'draft' && (latest?.status === 'failed' || latest?.status === 'cancelled') ? latest : null;
  const failure = unpaid && isPaymentFailureReason(unpaid.failureReason) ? unpaid.failureReason : undefined;
  const payAgainUrl = unpaid ? payAgainPath(ad, unpaid) : undefined;
  const byPhone = state === 'draft' && !paymentFailed && (await hasPhonePaymentRequest(db, ad));
  const key = paymentFailed ? 'paymentFailed' : byPhone ? 'phonePaymentRequested' : state;
  // The moderation case: why a pending ad waits (a trader's second-hand ad says so), why a rejected one was refused,
  // whether a blocked one waits for its words.
  const review = ['pending', 'rejected', 'blocked'].includes(state) ? await latestReview(db, ad.orderId) : null;
  // Held before its plan with no words not allowed (a refused ad edited, or its words edited out): it waits for a
  // moderator's second look, not for its words.
  const resent = state === 'blocked' && review !== null && !review.reasons.some((r) => r.kind === 'words');
  const texts = resent ? plansHe.finish.resent : plansHe.finish[key];
  const finalMessage =
    typeof texts.message === 'function' ? texts.message(ad.endsAt ? israelDate(ad.endsAt) : '') : texts.message;
  const rejection =
    state === 'rejected' && review?.decision === 'rejected'
      ? { reason: rejectReasonText(review.rejectTemplate, review.rejectText), editUrl: `/edit/${ad.orderId}` }
      : undefined;
  const pendingReason =
    state === 'pending' && review && !review.reasons.some((r) => r.kind === 'traderSecondHand')
      ? plansHe.finish.pending.otherReason
      : undefined;
  const reason = rejection?.reason ?? pendingReason ?? ('reason' in texts ? texts.reason : undefined);
  const notice = resent ? undefined : noticeOf(state, ad, rejection);

  const adType = (ad.adType ?? paid?.adType ?? latest?.adType) as AdType | undefined;
  const live = ad.status === 'active' || ad.status === 'expired';
  const timeline: TimelineEntry[] = [{ step: 'saved', done: true, at: ad.createdAt.toISOString() }];
  // A refunded payment paid for nothing: it adds no 'paid' step (the ad went live without it).
  if (payments.some((p) => p.refundStatus === null) || (adType !== undefined && !FREE_AD_TYPES.has(adType))) {
    const at = iso(paid?.paidAt);
    timeline.push({ step: 'paid', done: paid !== undefined, ...(at ? { at } : {}) });
  }
  if (state === 'rejected') timeline.push({ step: 'review', done: false, refused: true });
  else if (state === 'pending' || needsReview(ad, options.trade)) timeline.push({ step: 'review', done: live });
  const liveAt = live ? iso(ad.publishedAt) : undefined;
  timeline.push({ step: 'live', done: live, ...(liveAt ? { at: liveAt } : {}) });

  const endsAt = live ? iso(ad.endsAt) : undefined;
  return {
    title: texts.title,
    finalMessage,
    ...NUMBERS[key],
    addGtmForPayedOrder: paid !== undefined,
    ...(options.finishPayment ? { returnUrl: finishPath(ad) } : {}),
    state,
    timeline,
    ...(reason ? { reason } : {}),
    ...(adType ? { adType } : {}),
    ...(paid ? { paidAgorot: paid.amountAgorot } : {}),
    ...(endsAt ? { endsAt } : {}),
    ...(paymentFailed ? { paymentFailed: true } : {}),
    ...(failure ? { paymentFailure: failure } : {}),
    ...(payAgainUrl ? { payAgainUrl } : {}),
    ...(byPhone ? { phonePaymentRequested: true } : {}),
    ...(rejection ? { rejection } : {}),
    ...(notice ? { notice } : {}),
    ...(refund ? { refund } : {}),
    CatID: ad.cat,
    SubCatID: ad.subcat,
    OrderID: ad.orderId,
  };
}
