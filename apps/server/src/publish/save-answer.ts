/**
 * save-ad's answers (publish-wizard.md §4 "Save outcomes", §7): the ad's numbers, the blocked-words outcome, and a
 * new ad's plan step, so the plan step shows without another call. order-edited answers the same blocked outcome.
 */
import type { SaveAdResponse } from '@app/contract/publish';
import type { Ad } from '../ads/ads-repository.ts';
import { chooseOrderTypeFor, type PackagesAtNow, packagesForPlan } from '../plans/plans.ts';

/** The save answer: the ad's numbers, or the blocked-words outcome (spec §4 "Save outcomes"). */
export function savedAnswer(orderId: number, blocked: boolean, cat: number, subcat: number | null): SaveAdResponse {
  if (blocked)
    return { hasWordBlocked: { orderID: orderId, CatID: cat, SubCatID: subcat }, hasWordBlockedOrderID: orderId };
  // One ad number: OrderID and RecordID are the same public number (the one in /edit/{id}).
  return { orderID: orderId, recordID: orderId, OrderID: orderId, RecordID: orderId };
}

/**
 * A new ad's save answer with its plan step: the tracks it is offered, so the plan step shows without
 * another call. Blocked words have no plan step (the ad waits aside); nor has a category without tracks.
 */
export function savedAnswerWithPlan(ad: Ad, blocked: boolean, owned?: PackagesAtNow): SaveAdResponse {
  const answer = savedAnswer(ad.orderId, blocked, ad.cat, ad.subcat);
  if (blocked) return answer;
  const chooseOrderType = chooseOrderTypeFor(ad, owned);
  if (!chooseOrderType) return answer;
  // Spec §7: the trader's packages of this category have all ended (their ads wait out of slots).
  const expired = packagesForPlan(ad, owned).expired;
  return { ...answer, chooseOrderType, ...(expired ? { traderPackageExpired: true } : {}) };
}
