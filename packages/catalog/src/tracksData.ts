/**
 * The tracks (plans) (after-save-area.md §3 "Order type (track) item", "Plans", §9; packages are in
 * packagesData.ts): prices in whole shekels (VAT included), days on the board, gifted days, and the Hebrew texts of
 * each kind, read from data/tracks.json (its schema: data/schemas/tracks.schema.json). tracks.ts builds the full
 * OrderTypeItem list from these rows; change a price or a text in the data file only.
 */
import type { AdType } from '@app/contract/orders';
import data from '../data/tracks.json' with { type: 'json' };
import { SALES_CAT } from './categories/ids.ts';

/**
 * The sales category of "business for sale" (under commercial real estate): its own track set. Defined here, not in
 * categories/businessForSale.ts, so the pages that only name tracks (My Ads) do not load the whole catalogue.
 */
export const BUSINESS_FOR_SALE_SALES_CAT: number = SALES_CAT.businessForSale;

/** One track row of a track set: the kind (texts and colour) and its price and days in this set. */
export interface TrackRow {
  kind: TrackKind;
  /** Shekels, VAT included; 0 for a free track. */
  price: number;
  days: number;
  giftedDays?: number;
}

export type TrackKind = 'free' | 'freeView' | 'bold' | 'vip' | 'supergold' | 'easyStart';

/** The Hebrew texts and the spec's ad type and order type of each kind of track. */
export interface TrackKindTexts {
  adType: AdType;
  /** The spec's order type: 1 grey (free), 2 pink (bold), other yellow. */
  orderType: number;
  headerText: string;
  title: string;
  description: string;
  descriptionInner: string[];
  descriptionEffects?: string;
  buttonText: string;
}

export const TRACK_KINDS = data.kinds as Record<TrackKind, TrackKindTexts>;

/**
 * An ad of a category without the plan step (household workers, customer info: publish-wizard.md §1) goes live free
 * when it is saved ('פרסום המודעה' is its last step), for the free track's days.
 */
export const NO_PLAN_TRACK = data.noPlanTrack as { readonly adType: 'Free'; readonly days: number };

/** The free-trial week of EasyStart (spec §4 "EasyStart"): its days, and the track it continues as. */
export const EASY_START_TRIAL_DAYS: number = data.easyStartTrialDays;

/** Vehicle subcats whose VIP track card is styled as VIP (after-save-area.md §9 "Car VIP styling"). */
export const VIP_STYLED_VEHICLE_SUBCATS: ReadonlySet<number> = new Set(data.vipStyledVehicleSubcats ?? []);

/** A rank of the board's order (data/tracks.json `boardOrder`): top (VIP and above), highlighted, plain. */
export type BoardRank = 'top' | 'highlighted' | 'plain';

/** The board's ranks, top to bottom, each with the ad types it holds. */
export const BOARD_RANKS = data.boardOrder.ranks as readonly { rank: BoardRank; adTypes: readonly AdType[] }[];

/** Auto-bump (after-save-area.md §9): how often and how many days, its prices in agorot (its hash: contract's). */
export const AUTO_BUMP: Readonly<typeof data.autoBump> = data.autoBump;

/**
 * What an owner may do to its own ads without paying (data/tracks.json `ownerActions`): a bump for the paid tracks, at
 * most once in `minHoursBetween` hours; a renewal for the free tracks, ended or ending within `endingWithinDays` days.
 */
export const OWNER_ACTIONS = data.ownerActions as {
  readonly bump: { readonly adTypes: readonly AdType[]; readonly minHoursBetween: number };
  readonly renew: { readonly adTypes: readonly AdType[]; readonly endingWithinDays: number };
};

/** A set of tracks: which selection it serves is decided in tracks.ts; the id prefixes every hash. */
export interface TrackSet {
  id: string;
  catId: number;
  iscommercial: boolean;
  isbusinessforsale: boolean;
  rows: TrackRow[];
}

/** Every track set by name. Prices in shekels (VAT included). */
export const TRACK_SETS = data.sets as Record<TrackSetName, TrackSet>;

export type TrackSetName =
  | 'vehicles'
  | 'realEstate'
  | 'commercial'
  | 'secondHand'
  | 'secondHandNoUpgrade'
  | 'businessForSale'
  | 'pets'
  | 'studies'
  | 'tourism';
