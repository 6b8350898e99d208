/**
 * "My ads" (ours; the upgrade link of after-save-area.md §4 "Ad-strength meter" opens /my-ads?upgrade={id}): the
 * customer's ads with a title a person recognises, where each stands and how many days it has left.
 */
import {
  OWNER_BUMP_MIN_HOURS,
  OWNER_RENEW_WITHIN_DAYS,
  renewalDays,
  trackAllowsBump,
  trackAllowsRenew,
} from '@app/catalog/tracks';
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
import { scheduleAdExpiry } from './ad-expiry-jobs.ts';
import { planPath } from './ad-paths.ts';
import { adTitleOf } from './ad-title.ts';
import type { AdStatus } from './ads-repository.ts';
import { decodeMyAdsCursor, encodeMyAdsCursor, MyAdsQueryError } from './my-ads-cursor.ts';
import {
  type BulkAdRow,
  bumpOwnAd,
  countMyAds,
  lockOwnAdsForBulk,
  type MyAdPageRow,
  type MyAdsFilter,
  moveOwnAdStatus,
  myAdRows,
  renewOwnAd,
} from './my-ads-repository.ts';
import { adPagePath } from './public-ad.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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

/** What an ad's actions are decided from (a row of the list, or one locked for a bulk action). */
interface ActionFacts {
  status: string;
  ad_type: string | null;
  ends_at: Date | string | null;
  placed_at: Date | string | null;
  trial_open: boolean;
}

const dateOf = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** Live: active and its end ahead (or none). */
const isLive = (r: ActionFacts, now: Date): boolean => {
  const endsAt = dateOf(r.ends_at);
  return r.status === 'active' && (endsAt === null || endsAt > now);
};

/**
 * Why the ad may not be bumped now, or null when it may (packages/catalog data/tracks.json `ownerActions.bump`): a
 * live ad of a track that includes bumps, last placed OWNER_BUMP_MIN_HOURS hours ago or more.
 */
function bumpRefusal(r: ActionFacts, now: Date): string | null {
  if (!isLive(r, now)) return heMyAds.notLiveToBump;
  if (!trackAllowsBump(r.ad_type)) return heMyAds.trackWithoutBump;
  const placedAt = dateOf(r.placed_at);
  const nextAt = placedAt === null ? null : placedAt.getTime() + OWNER_BUMP_MIN_HOURS * HOUR_MS;
  if (nextAt !== null && nextAt > now.getTime()) {
    return heMyAds.bumpTooSoon(OWNER_BUMP_MIN_HOURS, Math.ceil((nextAt - now.getTime()) / HOUR_MS));
  }
  return null;
}

/**
 * Why the ad may not be renewed now, or null when it may (`ownerActions.renew`): an ad of a track renewed without
 * payment that ended, or is active and ends within OWNER_RENEW_WITHIN_DAYS days.
 */
function renewRefusal(r: ActionFacts, now: Date): string | null {
  if (!trackAllowsRenew(r.ad_type)) return heMyAds.trackWithoutRenew;
  const endsAt = dateOf(r.ends_at);
  const ending =
    r.status === 'expired' ||
    (r.status === 'active' && endsAt !== null && endsAt.getTime() <= now.getTime() + OWNER_RENEW_WITHIN_DAYS * DAY_MS);
  return ending ? null : heMyAds.notEndingToRenew(OWNER_RENEW_WITHIN_DAYS);
}

/** What may be done now to an ad of the list (POST /api/my-ads/bulk), in MY_ADS_ACTIONS' order. */
function actionsOf(r: ActionFacts, now: Date): MyAd['actions'] {
  const actions: MyAd['actions'] = [];
  if (bumpRefusal(r, now) === null) actions.push('bump');
  if (renewRefusal(r, now) === null) actions.push('renew');
  if (isLive(r, now)) actions.push('hide');
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

/** What an action does to one locked ad: its status and end after, or the Hebrew reason it was refused. */
type Decision =
  | { kind: 'move'; to: Exclude<AdStatus, 'reserved'> }
  | { kind: 'bump' }
  | { kind: 'renew'; to: 'active'; endsAt: Date }
  | { refused: string };

function decide(ad: BulkAdRow, action: MyAdsBulkRequest['action'], now: Date): Decision {
  if (action === 'bump') {
    const refused = bumpRefusal(ad, now);
    return refused === null ? { kind: 'bump' } : { refused };
  }
  if (action === 'renew') {
    const refused = renewRefusal(ad, now);
    if (refused !== null || ad.ad_type === null) return { refused: refused ?? heMyAds.trackWithoutRenew };
    const days = renewalDays({ cat: ad.cat, subcat: ad.subcat, ...ad.selectors }, ad.ad_type);
    return { kind: 'renew', to: 'active', endsAt: new Date(now.getTime() + days * DAY_MS) };
  }
  const allowed = actionsOf(ad, now);
  if (action === 'delete') {
    return allowed.includes('delete') ? { kind: 'move', to: 'deleted' } : { refused: heMyAds.trialOpen };
  }
  if (action === 'hide') {
    return allowed.includes('hide') ? { kind: 'move', to: 'hidden' } : { refused: heMyAds.notLiveToHide };
  }
  if (!allowed.includes('show')) return { refused: heMyAds.notHidden };
  // Shown again: live until its end, or ended when its days ran out while it was hidden.
  return { kind: 'move', to: ad.ends_at !== null && new Date(ad.ends_at) <= now ? 'expired' : 'active' };
}

/** Carries out a decision on the locked ad; the ad as it is after, or null when it was not as locked any more. */
async function carryOut(
  tx: Queryable,
  customerId: number,
  ad: BulkAdRow,
  decision: Exclude<Decision, { refused: string }>,
  now: Date,
): Promise<BulkAdRow | null> {
  const id = Number(ad.id);
  if (decision.kind === 'bump') {
    return (await bumpOwnAd(tx, { customerId, id, now })) ? { ...ad, placed_at: now } : null;
  }
  if (decision.kind === 'renew') {
    const renewal = { customerId, id, from: ad.status, to: decision.to, endsAt: decision.endsAt, now };
    if (!(await renewOwnAd(tx, renewal))) return null;
    // Its end is a new one: the expiry job of that end (the old end's job finds it ahead and does nothing).
    await scheduleAdExpiry(tx, id, decision.endsAt, now);
    return { ...ad, status: decision.to, ends_at: decision.endsAt };
  }
  return (await moveOwnAdStatus(tx, { customerId, id, from: ad.status, to: decision.to }))
    ? { ...ad, status: decision.to }
    : null;
}

/**
 * One action on several of the customer's ads, in one transaction under the ads' row locks: each ad is answered
 * on its own, done with its status, end and actions now, or refused with its Hebrew reason and left as it was
 * (another account's, deleted or unknown ad: "not found in your account"). Each change writes its ad event in the
 * same transaction (ad-events-service.ts decides the type from the status before and after): hidden, deleted, shown
 * again (ad.published), an ended ad renewed (ad.published), a live ad renewed (ad.changed: its end, which its view
 * carries, moved); a bump changes nothing an ad event carries (only its place on the board), so it writes none.
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
      const decision = decide(ad, request.action, now);
      if ('refused' in decision) {
        results.push({ OrderID: id, done: false, reason: decision.refused });
        continue;
      }
      const after = await carryOut(tx, customerId, ad, decision, now);
      if (after === null) {
        results.push({ OrderID: id, done: false, reason: heMyAds.notYours });
        continue;
      }
      if (decision.kind !== 'bump') {
        await recordAdEvent(tx, { ad: id, before: ad.status, changed: decision.kind === 'renew' }, now);
      }
      const status = after.status as Exclude<AdStatus, 'reserved'>;
      results.push(
        status === 'deleted'
          ? { OrderID: id, done: true, status }
          : {
              OrderID: id,
              done: true,
              status,
              endsAt: dateOf(after.ends_at)?.toISOString() ?? null,
              actions: actionsOf(after, now),
            },
      );
    }
    return results;
  });
}
