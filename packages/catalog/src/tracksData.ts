/**
 * The tracks (plans) as data (after-save-area.md §3 "Order type (track) item", "Plans", §9; packages are in
 * packagesData.ts): prices in whole shekels (VAT included), days on the board, gifted days, and the Hebrew texts of each kind.
 * tracks.ts builds the full OrderTypeItem list from these rows; change a price or a text here only.
 */
import type { AdType } from '@app/contract/orders';

/**
 * The sales category of "business for sale" (under commercial real estate): its own track set. Defined here, not in
 * categories/businessForSale.ts, so the pages that only name tracks (My Ads) do not load the whole catalogue.
 */
export const BUSINESS_FOR_SALE_SALES_CAT = 37;

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
export const TRACK_KINDS: Record<
  TrackKind,
  {
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
> = {
  free: {
    adType: 'Free',
    orderType: 1,
    headerText: 'מודעה רגילה',
    title: 'רגילה',
    description: 'המודעה מתפרסמת בלוח ללא תשלום',
    descriptionInner: ['פרסום בלוח ללא עלות', 'המודעה מופיעה אחרי המודעות המקודמות'],
    buttonText: 'פרסום בחינם',
  },
  freeView: {
    adType: 'FreeView',
    orderType: 1,
    headerText: 'מודעה בסיסית',
    title: 'בסיסית',
    description: 'המודעה מתפרסמת בלוח ללא תשלום, עם תמונה אחת בתצוגת הרשימה',
    descriptionInner: ['פרסום בלוח ללא עלות', 'תמונה ראשית בתצוגת הרשימה'],
    buttonText: 'פרסום בחינם',
  },
  bold: {
    adType: 'Bold',
    orderType: 2,
    headerText: 'מודעה מודגשת',
    title: 'מודגשת',
    description: 'המודעה בולטת ברשימה ברקע ורוד',
    descriptionInner: ['רקע ורוד שמושך את העין', 'הקפצה אחת ביום הפרסום', 'עד פי 2 יותר צפיות'],
    descriptionEffects: '**רקע ורוד** ברשימת המודעות',
    buttonText: 'לפרסום מודגש',
  },
  vip: {
    adType: 'VIP',
    orderType: 3,
    headerText: 'מודעת VIP',
    title: 'מסלול VIP',
    description: 'המודעה מופיעה בראש הרשימה ברקע צהוב',
    descriptionInner: ['מקום בראש הרשימה', 'רקע צהוב ותמונה גדולה', 'עד פי 5 יותר צפיות'],
    descriptionEffects: '**רקע צהוב** ו**מקום בראש הרשימה**',
    buttonText: 'לפרסום VIP',
  },
  supergold: {
    adType: 'SUPERGOLD',
    orderType: 4,
    headerText: 'מודעת סופר גולד',
    title: 'סופר גולד',
    description: 'החשיפה הגדולה ביותר: ראש הרשימה, עמוד הבית והקפצות יומיות',
    descriptionInner: ['מקום קבוע בראש הרשימה', 'הופעה בעמוד הבית של הקטגוריה', 'הקפצה אוטומטית בכל יום'],
    descriptionEffects: '**ראש הרשימה**, **עמוד הבית** ו**הקפצה יומית**',
    buttonText: 'לפרסום סופר גולד',
  },
  easyStart: {
    adType: 'EasyStart',
    orderType: 3,
    headerText: 'שבוע VIP במתנה',
    title: 'VIP בהתחלה קלה',
    description: 'מסלול VIP במחירו הרגיל, ועוד שבוע פרסום במתנה',
    descriptionInner: ['כל יתרונות מסלול VIP', '7 ימי פרסום נוספים במתנה', 'תשלום אחד, היום'],
    descriptionEffects: '**רקע צהוב** ו**מקום בראש הרשימה**',
    buttonText: 'להתחלה קלה',
  },
};

/**
 * An ad of a category without the plan step (household workers, customer info: publish-wizard.md §1) goes live free
 * when it is saved ('פרסום המודעה' is its last step), for the free track's days.
 */
export const NO_PLAN_TRACK = { adType: 'Free', days: 28 } as const;

/** The free-trial week of EasyStart (spec §4 "EasyStart"): its days, and the track it continues as. */
export const EASY_START_TRIAL_DAYS = 7;

/** A set of tracks: which selection it serves is decided in tracks.ts; the id prefixes every hash. */
export interface TrackSet {
  id: string;
  catId: number;
  iscommercial: boolean;
  isbusinessforsale: boolean;
  rows: TrackRow[];
}

const standard = (bold: number, vip: number, supergold: number, days = 28): TrackRow[] => [
  { kind: 'free', price: 0, days },
  { kind: 'bold', price: bold, days },
  { kind: 'vip', price: vip, days },
  { kind: 'supergold', price: supergold, days, giftedDays: 7 },
  { kind: 'easyStart', price: vip, days, giftedDays: EASY_START_TRIAL_DAYS },
];

/** Every track set. Prices in shekels (VAT included). */
export const TRACK_SETS = {
  vehicles: { id: 'c1', catId: 1, iscommercial: false, isbusinessforsale: false, rows: standard(49, 99, 179) },
  realEstate: { id: 'c2', catId: 2, iscommercial: false, isbusinessforsale: false, rows: standard(59, 119, 199) },
  commercial: {
    id: 'c2-com',
    catId: 2,
    iscommercial: true,
    isbusinessforsale: false,
    rows: [
      { kind: 'free', price: 0, days: 56 },
      { kind: 'bold', price: 89, days: 56 },
      { kind: 'vip', price: 169, days: 56 },
      { kind: 'supergold', price: 269, days: 56, giftedDays: 14 },
    ],
  },
  secondHand: {
    id: 'c3',
    catId: 3,
    iscommercial: false,
    isbusinessforsale: false,
    rows: [
      { kind: 'freeView', price: 0, days: 28 },
      { kind: 'bold', price: 19, days: 28 },
      { kind: 'vip', price: 39, days: 28 },
    ],
  },
  /** Second-hand sections without upgrades (spec §6: SalesCatID 28 and 40): the free track only. */
  secondHandNoUpgrade: {
    id: 'c3',
    catId: 3,
    iscommercial: false,
    isbusinessforsale: false,
    rows: [{ kind: 'freeView', price: 0, days: 28 }],
  },
  businessForSale: {
    id: 'c3-b4s',
    catId: 3,
    iscommercial: false,
    isbusinessforsale: true,
    rows: [
      { kind: 'freeView', price: 0, days: 56 },
      { kind: 'bold', price: 149, days: 56 },
      { kind: 'vip', price: 249, days: 56 },
      { kind: 'supergold', price: 399, days: 56, giftedDays: 14 },
    ],
  },
  pets: {
    id: 'c5',
    catId: 5,
    iscommercial: false,
    isbusinessforsale: false,
    rows: [
      { kind: 'free', price: 0, days: 28 },
      { kind: 'bold', price: 19, days: 28 },
      { kind: 'vip', price: 39, days: 28 },
    ],
  },
  studies: {
    id: 'c6',
    catId: 6,
    iscommercial: false,
    isbusinessforsale: false,
    rows: [
      { kind: 'free', price: 0, days: 56 },
      { kind: 'bold', price: 29, days: 56 },
      { kind: 'vip', price: 59, days: 56 },
    ],
  },
  tourism: {
    id: 'c10',
    catId: 10,
    iscommercial: false,
    isbusinessforsale: false,
    rows: [
      { kind: 'free', price: 0, days: 56 },
      { kind: 'bold', price: 39, days: 56 },
      { kind: 'vip', price: 79, days: 56 },
      { kind: 'supergold', price: 129, days: 56, giftedDays: 7 },
    ],
  },
} satisfies Record<string, TrackSet>;
