/**
 * The plan step's tracks for a selection (after-save-area.md §3, §9; packages are in packages.ts). The data (prices,
 * days, texts) is in tracksData.ts; this module turns it into the spec's OrderTypeItem shape. A track's hash
 * ('c1-vip', 'c3-b4s-bold') is its stable id: the plan step sends it back as pt_hash, and findTrack accepts it
 * only for a selection that offers it.
 */
import { type AdType, AUTO_BUMP_HASH, type DealColor, type OrderTypeItem, VAT_PERCENT } from '@app/contract/orders';
import { CAT, SALES_CATS_WITHOUT_UPGRADES, SUBCAT } from './categories/ids.ts';
import {
  AUTO_BUMP,
  BOARD_RANKS,
  type BoardRank,
  BUSINESS_FOR_SALE_SALES_CAT,
  EASY_START_TRIAL_DAYS,
  NO_PLAN_TRACK,
  OWNER_ACTIONS,
  TRACK_KINDS,
  TRACK_SETS,
  type TrackRow,
  type TrackSet,
  VIP_STYLED_VEHICLE_SUBCATS,
} from './tracksData.ts';

/** The free-trial week of EasyStart: its days. */
export { EASY_START_TRIAL_DAYS };

/** The selection a plan is for: the category selectors (numbers; strings from a query are accepted). */
export interface TrackSelectors {
  cat: number | string;
  subcat?: number | string | null | undefined;
  SalesCatID?: number | string | null | undefined;
}

/** Auto-bump (spec §9): every 4 hours for 7 days, 18 ₪ in second hand and 39 ₪ elsewhere; its hash is the wire's. */
export { AUTO_BUMP_HASH };
export const AUTO_BUMP_EVERY_HOURS: number = AUTO_BUMP.everyHours;
export const AUTO_BUMP_DAYS: number = AUTO_BUMP.days;
export const AUTO_BUMP_PRICE_AGOROT_SECOND_HAND: number = AUTO_BUMP.secondHandPriceAgorot;
export const AUTO_BUMP_PRICE_AGOROT: number = AUTO_BUMP.priceAgorot;
/** The auto-bump price of a category, in agorot. */
export const autoBumpPriceAgorot = (cat: number): number =>
  cat === CAT.secondHand ? AUTO_BUMP_PRICE_AGOROT_SECOND_HAND : AUTO_BUMP_PRICE_AGOROT;
/** Ad types that finish an ad without a payment (finish-publish). */
export const FREE_AD_TYPES: ReadonlySet<AdType> = new Set(['Free', 'FreeView']);

const num = (v: number | string | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) ? n : null;
};

/** Spec §3 "Plans": order type 1 grey, 2 pink, every other yellow. */
export const dealColorOf = (orderType: number): DealColor =>
  orderType === 1 ? 'grey' : orderType === 2 ? 'pink' : 'yellow';

/** Shekels without VAT, rounded to agorot. */
export const priceWithoutTax = (amountAgorot: number): number =>
  Math.round(amountAgorot / (1 + VAT_PERCENT / 100)) / 100;

/** Is this selection business for sale (cat 3, SalesCatID 37)? */
export const isBusinessForSaleSelection = (s: TrackSelectors): boolean =>
  num(s.cat) === CAT.secondHand && num(s.SalesCatID) === BUSINESS_FOR_SALE_SALES_CAT;

/** The track set of a selection, or null where publishing has no plan step (household workers, …). */
function trackSetFor(s: TrackSelectors): TrackSet | null {
  const cat = num(s.cat);
  const subcat = num(s.subcat);
  const salesCat = num(s.SalesCatID);
  switch (cat) {
    case CAT.vehicles:
      return TRACK_SETS.vehicles;
    case CAT.realEstate:
      return subcat === SUBCAT.realEstateCommercial ? TRACK_SETS.commercial : TRACK_SETS.realEstate;
    case CAT.secondHand:
      if (salesCat === BUSINESS_FOR_SALE_SALES_CAT) return TRACK_SETS.businessForSale;
      if (salesCat !== null && SALES_CATS_WITHOUT_UPGRADES.has(salesCat)) return TRACK_SETS.secondHandNoUpgrade;
      return TRACK_SETS.secondHand;
    case CAT.pets:
      return TRACK_SETS.pets;
    case CAT.studies:
      return TRACK_SETS.studies;
    case CAT.tourism:
      return TRACK_SETS.tourism;
    default:
      return null;
  }
}

const HASH_SUFFIX: Record<TrackRow['kind'], string> = {
  free: 'free',
  freeView: 'freeview',
  bold: 'bold',
  vip: 'vip',
  supergold: 'supergold',
  easyStart: 'easystart',
};

function trackItem(set: TrackSet, row: TrackRow): OrderTypeItem {
  const kind = TRACK_KINDS[row.kind];
  const amountAgorot = row.price * 100;
  const item: OrderTypeItem = {
    adType: kind.adType,
    headerText: kind.headerText,
    description_inner: [...kind.descriptionInner],
    ...(kind.descriptionEffects ? { descriptionEffects: kind.descriptionEffects } : {}),
    price: row.price,
    priceNotTax: priceWithoutTax(amountAgorot),
    amountAgorot,
    ...(row.price === 0 ? { textPrice: 'חינם' } : {}),
    days: row.days,
    giftedDays: row.giftedDays ?? 0,
    iscommercial: set.iscommercial,
    isbusinessforsale: set.isbusinessforsale,
    order_subscribe: 0,
    orderType: kind.orderType,
    hash: `${set.id}-${HASH_SUFFIX[row.kind]}`,
    title: kind.title,
    description: kind.description,
    buttonText: kind.buttonText,
    dealColor: dealColorOf(kind.orderType),
    catId: set.catId,
  };
  if (row.kind === 'easyStart') {
    item.easyStart = {
      days: EASY_START_TRIAL_DAYS,
      price: 0,
      adType: 'EasyStart',
      easyStartParentPkg: { adType: 'VIP', days: row.days },
    };
  }
  return item;
}

/** The tracks the plan step lists for a selection (empty where there is no plan step). */
export function tracksFor(selectors: TrackSelectors): OrderTypeItem[] {
  const set = trackSetFor(selectors);
  if (!set) return [];
  const subcat = num(selectors.subcat);
  const vipStyled = num(selectors.cat) === CAT.vehicles && subcat !== null && VIP_STYLED_VEHICLE_SUBCATS.has(subcat);
  return set.rows.map((row) => {
    const item = trackItem(set, row);
    return vipStyled && row.kind === 'vip' ? { ...item, vipStyle: true } : item;
  });
}

/** The selection's track with this hash, or null (another category's hash, an unknown one). */
export function findTrack(selectors: TrackSelectors, hash: string): OrderTypeItem | null {
  return tracksFor(selectors).find((t) => t.hash === hash) ?? null;
}

/** The selection's track of this ad type, or null. */
export function trackOfType(selectors: TrackSelectors, adType: string): OrderTypeItem | null {
  return tracksFor(selectors).find((t) => t.adType === adType) ?? null;
}

/** Does the category have a plan step (tracks)? */
export const hasTracks = (cat: number): boolean => trackSetFor({ cat }) !== null;

/** The Hebrew title of an ad type whatever the category (a day's totals by track), or undefined. */
export const trackTitleOfType = (adType: string): string | undefined =>
  Object.values(TRACK_KINDS).find((kind) => kind.adType === adType)?.title;

/**
 * The board's order (data/tracks.json `boardOrder`, the one place it is written): the ranks top to bottom (VIP and
 * above, then the highlighted tracks, then the plain ones), and within a rank the ad's last bump, else its publish
 * time, newest first, ties by the ad's number, the higher first. The server's board query orders by the same rule
 * (apps/server board/), its rank worked out from these ranks.
 */
export { BOARD_RANKS, type BoardRank };

/** The rank of an ad type on the board; a type no rank names (none yet) goes with the last rank. */
export function boardRankOf(adType: string | null): BoardRank {
  const found = BOARD_RANKS.find((r) => (r.adTypes as readonly string[]).includes(adType ?? ''));
  return (found ?? BOARD_RANKS[BOARD_RANKS.length - 1])?.rank ?? 'plain';
}

/** What the board orders an ad by. */
export interface BoardOrderKey {
  id: number;
  adType: string | null;
  publishedAt: Date | null;
  bumpedAt: Date | null;
}

const rankIndex = (adType: string | null): number => BOARD_RANKS.findIndex((r) => r.rank === boardRankOf(adType));
const placedAt = (ad: BoardOrderKey): number => (ad.bumpedAt ?? ad.publishedAt)?.getTime() ?? 0;

/** Negative when `a` comes before `b` on the board (Array.prototype.sort's comparator). */
export function compareBoardOrder(a: BoardOrderKey, b: BoardOrderKey): number {
  return rankIndex(a.adType) - rankIndex(b.adType) || placedAt(b) - placedAt(a) || b.id - a.id;
}

/**
 * An owner's bump and renewal from "my ads" (data/tracks.json `ownerActions`, the one place the rule is written): a
 * live ad of a paid track may be bumped once in OWNER_BUMP_MIN_HOURS hours since it was last placed; an ad of a free
 * track that ended or ends within OWNER_RENEW_WITHIN_DAYS days may be renewed for its track's days.
 */
export const OWNER_BUMP_MIN_HOURS: number = OWNER_ACTIONS.bump.minHoursBetween;
export const OWNER_RENEW_WITHIN_DAYS: number = OWNER_ACTIONS.renew.endingWithinDays;
/** Does the ad's track let its owner bump it? */
export const trackAllowsBump = (adType: string | null): boolean =>
  (OWNER_ACTIONS.bump.adTypes as readonly string[]).includes(adType ?? '');
/** Does the ad's track let its owner renew it? */
export const trackAllowsRenew = (adType: string | null): boolean =>
  (OWNER_ACTIONS.renew.adTypes as readonly string[]).includes(adType ?? '');
/** The days of a renewal: the ad's track's days in its category's set, else the free track's without a plan step. */
export const renewalDays = (selectors: TrackSelectors, adType: string): number =>
  trackOfType(selectors, adType)?.days ?? NO_PLAN_TRACK.days;
