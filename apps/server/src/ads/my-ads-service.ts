/**
 * "My ads" (ours; the upgrade link of after-save-area.md §4 "Ad-strength meter" opens /my-ads?upgrade={id}): the
 * customer's ads with a title a person recognises, where each stands and how many days it has left.
 */
import { mediaUrl } from '@app/contract/media';
import {
  MY_ADS_ENDING_DAYS,
  MY_ADS_PAGE,
  MY_ADS_PAGE_MAX,
  type MyAd,
  type MyAdsBulkRequest,
  type MyAdsBulkResult,
  type MyAdsQuery,
  type MyAdsResponse,
} from '@app/contract/schemas/myAds';
import { rejectReasonText } from '../i18n/moderation.ts';
import { heMyAds } from '../i18n/my-ads.ts';
import { adRefundOf } from '../payments/repository.ts';
import type { Db, Queryable } from '../platform/db/db.ts';
import { recordAdEvent } from './ad-events-service.ts';
import { planPath } from './ad-paths.ts';
import { adTitleOf } from './ad-title.ts';
import type { AdStatus } from './ads-repository.ts';
import { decodeMyAdsCursor, encodeMyAdsCursor, MyAdsQueryError } from './my-ads-cursor.ts';
import {
  type BulkAdRow,
  countMyAds,
  lockOwnAdsForBulk,
  type MyAdPageRow,
  type MyAdsFilter,
  moveOwnAdStatus,
  myAdRows,
} from './my-ads-repository.ts';
import { adPagePath } from './public-ad.ts';

const DAY_MS = 86_400_000;

export { MyAdsQueryError };

/** A word of the search as a LIKE pattern that finds it anywhere (its own %, _ and \\ match themselves). */
const containing = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The query as the address gives it, checked (a MyAdsQueryError when it cannot be a page of the list). */
function filterOf(query: MyAdsQuery, now: Date): MyAdsFilter {
  const words = (query.q ?? '').trim().split(/\s+/u).filter(Boolean).slice(0, 8);
  const only = words.length === 1 ? words[0] : undefined;
  const size = query.size === undefined ? MY_ADS_PAGE : Number(query.size);
  if (size < 1 || size > MY_ADS_PAGE_MAX) throw new MyAdsQueryError(heMyAds.badPageSize);
  const filter: MyAdsFilter = {
    number: only !== undefined && /^[1-9]\d{0,14}$/.test(only) ? Number(only) : null,
    patterns: words.map(containing),
    status: query.status ?? null,
    cat: query.cat === undefined ? null : Number(query.cat),
    track: query.track ?? null,
    endingBefore: query.ending === '1' ? new Date(now.getTime() + MY_ADS_ENDING_DAYS * DAY_MS) : null,
    sort: query.sort ?? 'newest',
    after: null,
    limit: size + 1,
  };
  const identity = { ...filter, ending: filter.endingBefore !== null };
  if (query.cursor !== undefined && query.cursor !== '') filter.after = decodeMyAdsCursor(identity, query.cursor);
  return filter;
}

/**
 * One page of the customer's ads (not the reserved holders of photos, not deleted ones): found by words or the ad's
 * number, filtered, in the chosen order, after the cursor's ad; with how many match and the next page's cursor.
 */
export async function myAds(
  db: Queryable,
  customerId: number,
  now: Date,
  query: MyAdsQuery,
): Promise<Omit<MyAdsResponse, 'status'>> {
  const filter = filterOf(query, now);
  const rows = await myAdRows(db, customerId, now, filter);
  const more = rows.length === filter.limit;
  const page = more ? rows.slice(0, -1) : rows;
  const last = page.at(-1);
  const identity = { ...filter, ending: filter.endingBefore !== null };
  return {
    ads: myAdsOf(page, now),
    total: filter.after === null && !more ? page.length : await countMyAds(db, customerId, now, filter),
    nextCursor:
      more && last
        ? encodeMyAdsCursor(identity, { id: Number(last.id), endsUs: last.ends_us, views: Number(last.views) })
        : null,
  };
}

/** What may be done now to an ad of the list (POST /api/my-ads/bulk). */
function actionsOf(r: { status: string; ends_at: Date | string | null; trial_open: boolean }, now: Date) {
  const actions: MyAd['actions'] = [];
  const endsAt = r.ends_at === null ? null : new Date(r.ends_at);
  if (r.status === 'active' && (endsAt === null || endsAt > now)) actions.push('hide');
  if (r.status === 'hidden') actions.push('show');
  if (!r.trial_open) actions.push('delete');
  return actions;
}

function myAdsOf(rows: MyAdPageRow[], now: Date): MyAd[] {
  return rows.map((r) => {
    const id = Number(r.id);
    const endsAt = r.ends_at === null ? null : new Date(r.ends_at);
    const live = r.status === 'active' || r.status === 'pending';
    const bumpUntil = live && r.auto_bump_until !== null ? new Date(r.auto_bump_until) : null;
    // A draft whose latest track payment is not paid (open, declined or cancelled): 'waiting for payment' for the
    // track the customer chose.
    const awaitingPayment = r.status === 'draft' && r.unpaid_ad_type !== null;
    return {
      OrderID: id,
      title: adTitleOf(id, r.selectors ?? {}, r.field_values),
      cat: r.cat,
      subcat: r.subcat,
      status: r.status,
      adType: r.ad_type ?? (awaitingPayment ? r.unpaid_ad_type : null),
      endsAt: endsAt?.toISOString() ?? null,
      awaitingPayment,
      rejection: r.status === 'rejected' ? { reason: rejectReasonText(r.reject_template, r.reject_text) } : null,
      // What was paid for the ad and is given back automatically: a payment that delivered nothing (the ad was
      // finished another way), or what a refused ad paid before it was ever on the board.
      refund: adRefundOf(r),
      daysLeft: endsAt === null ? null : Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)),
      // A paid auto-bump week (plans/auto-bump-jobs.ts) running now; weeks bought back to back end at the last one.
      autoBump: bumpUntil !== null,
      autoBumpUntil: bumpUntil?.toISOString() ?? null,
      thumbnailUrl: r.thumb_key === null ? null : mediaUrl(r.thumb_key),
      editUrl: `/edit/${id}`,
      // Its page (listing/): every ad of the list has one but an ended ad (its page says it has ended).
      pageUrl:
        r.status === 'expired' || (endsAt !== null && r.status === 'active' && endsAt <= now) ? null : adPagePath(id),
      // A draft is finished on its plan step (where the wizard shows it again).
      publishUrl:
        r.status === 'draft'
          ? planPath({ orderId: id, cat: r.cat, subcat: r.subcat, selectors: r.selectors ?? {} })
          : null,
      upgradeUrl: `/my-ads?upgrade=${id}`,
      // EasyStart's free week (plans/easy-start-service.ts) until its charge, or cancelled and not yet over.
      easyStart:
        r.trial_status && r.trial_charge_at !== null
          ? {
              status: r.trial_status,
              chargeAt: new Date(r.trial_charge_at).toISOString(),
              amountAgorot: Number(r.trial_amount_agorot),
              days: Number(r.trial_days),
              cardLast4: r.trial_card_last4 ?? '',
              attempts: Number(r.trial_attempts),
            }
          : null,
      actions: actionsOf({ ...r, trial_open: r.trial_status !== null }, now),
    };
  });
}

/** An action on one locked ad: its status after, or the Hebrew reason it was refused. */
function decide(
  ad: BulkAdRow,
  action: MyAdsBulkRequest['action'],
  now: Date,
): Exclude<AdStatus, 'reserved'> | { refused: string } {
  const allowed = actionsOf(ad, now);
  if (action === 'delete') return allowed.includes('delete') ? 'deleted' : { refused: heMyAds.trialOpen };
  if (action === 'hide') return allowed.includes('hide') ? 'hidden' : { refused: heMyAds.notLiveToHide };
  if (!allowed.includes('show')) return { refused: heMyAds.notHidden };
  // Shown again: live until its end, or ended when its days ran out while it was hidden.
  return ad.ends_at !== null && new Date(ad.ends_at) <= now ? 'expired' : 'active';
}

/**
 * One action on several of the customer's ads, in one transaction under the ads' row locks: each ad is answered
 * on its own, done with its status now, or refused with its Hebrew reason and left as it was (another account's,
 * deleted or unknown ad: "not found in your account"). Each change writes its ad event (ad.hidden, ad.published,
 * ad.deleted) in the same transaction.
 */
export async function bulkMyAds(
  db: Db,
  customerId: number,
  now: Date,
  request: MyAdsBulkRequest,
): Promise<MyAdsBulkResult[]> {
  return db.transaction(async (tx) => {
    const own = new Map((await lockOwnAdsForBulk(tx, customerId, request.ids)).map((r) => [Number(r.id), r]));
    const results: MyAdsBulkResult[] = [];
    for (const id of request.ids) {
      const ad = own.get(id);
      if (!ad || ad.status === 'reserved' || ad.status === 'deleted') {
        results.push({ OrderID: id, done: false, reason: heMyAds.notYours });
        continue;
      }
      const to = decide(ad, request.action, now);
      if (typeof to !== 'string') {
        results.push({ OrderID: id, done: false, reason: to.refused });
        continue;
      }
      await moveOwnAdStatus(tx, { customerId, id, from: ad.status, to });
      await recordAdEvent(tx, { ad: id, before: ad.status }, now);
      results.push({ OrderID: id, done: true, status: to });
    }
    return results;
  });
}
