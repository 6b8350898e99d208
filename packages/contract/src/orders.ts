/**
 * Plans (tracks), finishing and paying (after-save-area.md §3 "Order type (track) item", §4 "Choose-type
 * flow", "Payment type popup", "Payment result", §7 finish and payment calls). Field names on the wire are the
 * spec's; where the spec says "not shown" the shape is ours and says so. Money is agorot (integers) everywhere on
 * the server; `price` and `priceNotTax` on the wire are whole or decimal shekels for display only, and
 * `amountAgorot` is the amount that is charged.
 */
import type { AlertMessage } from './alerts.ts';

/**
 * The auto-bump package's hash (after-save-area.md §7: the start-payment call of auto-bump carries package hash
 * weekly-package): the browser sends it, the server charges the week only for it.
 */
export const AUTO_BUMP_HASH = 'weekly-package';

/** The spec's ad types: the tracks of a single ad, then the upgrade packages. */
export const AD_TYPES = [
  'Free',
  'FreeView',
  'Bold',
  'VIP',
  'SUPERGOLD',
  'EasyStart',
  'Upgrade',
  'UpgradePlus',
  'Platinum',
  'Premium',
] as const;
export type AdType = (typeof AD_TYPES)[number];

/** Spec §3 "Plans": ad type 1 is grey, 2 pink, other yellow. */
export type DealColor = 'grey' | 'pink' | 'yellow';

/**
 * The customer-service line the payment failure names (spec §2: 'with a service phone number'), one for the server's
 * messages and the browser's. A made-up number until the business gives the real one.
 */
export const SERVICE_PHONE = '03-7654321';

/** VAT in Israel (percent): priceNotTax = price / 1.18. */
export const VAT_PERCENT = 18;

/** One track as the plan step lists it (spec §3 "Order type (track) item"). */
export interface OrderTypeItem {
  adType: AdType;
  customAdType?: string;
  headerText: string;
  /** The track's bullet lines. */
  description_inner: string[];
  /** Markdown (bold and line breaks only) of the track's visual effects. */
  descriptionEffects?: string;
  /** Shekels, for display; 0 for a free track. */
  price: number;
  /** Shekels without VAT (18 %), for display. */
  priceNotTax: number;
  /** Our addition: the amount charged, in agorot. */
  amountAgorot: number;
  /** Our addition: the card has the VIP styling (after-save-area.md §9: car subcats 4, 5, 6, 7 and 13). */
  vipStyle?: boolean;
  /** A free track's price as text ('חינם'). */
  textPrice?: string;
  days: number;
  giftedDays: number;
  iscommercial: boolean;
  isbusinessforsale: boolean;
  /** 1 when the track is a subscription (auto-renewing), else 0. */
  order_subscribe: 0 | 1;
  /** The spec's numeric order type id: 1 Free, 2 Bold, 3 VIP… (1 is grey, 2 pink, other yellow). */
  orderType: number;
  srcImage?: string;
  /** The track's id in calls (pt_hash, packageHash). */
  hash: string;
  title: string;
  description: string;
  buttonText: string;
  dealColor: DealColor;
  /** Packages: buying goes through the contact form or straight to payment. */
  switchFormType?: 'Contact' | 'payment';
  /** A package in use: ads left in it. */
  left?: number;
  text?: string;
  /** The free-trial offer of this track (EasyStart). */
  easyStart?: {
    days: number;
    price: number;
    adType: AdType;
    easyStartParentPkg: { adType: AdType; days: number };
  };
  /** A package in use: its end date (dd-mm-yyyy) and whether it is a business-for-sale package. */
  packageInfo?: { EndDate: string; isB4SalePackage: boolean };
  catId: number;
  /** The Premium package is labelled recommended (spec §9). */
  recommended?: boolean;
}

/** The plan step's four modes (spec §2 "Choose-order-type screen"). */
export type ChooseOrderTypeMode = 'tracks' | 'fromPackage' | 'buyPackage' | 'businessForSale';

/** save-ad's chooseOrderType, and GET /api/publish/{OrderID}/order-types (ours: the same after a reload). */
export interface ChooseOrderType {
  adData: { OrderID: number; RecordID: number; CatID: number; SubCatID: number | null };
  mode: ChooseOrderTypeMode;
  orderType: OrderTypeItem[];
  /** Packages the customer may buy or use (modes fromPackage and buyPackage). */
  packageOptions?: OrderTypeItem[];
  /** Our addition: the ad is already finished (live, pending or paid): the plan step shows where it stands. */
  finished?: boolean;
  /**
   * Our addition: the price in agorot of the auto-bump offer (after-save-area.md §9) for this ad's category, as the
   * server charges it; the browser shows no price of its own.
   */
  autoBumpPriceAgorot: number;
}

/** POST /api/publish/finish-publish (spec §7): a free track, or a package ad, or the contact-form variant. */
export interface FinishPublishRequest {
  CatID: number | string;
  SubCatID: number | string | null;
  OrderID: number | string;
  RecordID: number | string;
  order_subscribe?: 0 | 1 | '0' | '1';
  /** The chosen track's ad type (Free or FreeView here; a paid one must be paid through finish-page). */
  orderType?: AdType;
  /** Cat 3 'next ad': after finishing, the publish flow reloads at step 1 with OrderIDs. */
  continuePublishNewAd?: boolean | '1' | '0';
  /** Ours: the page's OrderIDs query (comma separated), kept in the 'next ad' redirect (this ad added). */
  OrderIDs?: string;
  /** The chosen track's or package's hash (package flows). */
  pt_hash?: string;
  contactus_fullName?: string;
  contactus_phone?: string;
  contactus_email?: string;
  /** Our addition: the real-estate lead flow's result, when it ended in failure (the spec's failure flag). */
  leadFailed?: boolean;
}

/** The native-app events an answer asks the browser to emit (after-save-area.md §6 "App events"). */
export type FinishEvent = 'postedAdEditedSuccessfully' | 'adPublished';

/** The publish-button outcome (spec §4 "Publish button"): a redirect is followed, events emitted, errors shown. */
export interface FinishPublishResponse {
  status: 200;
  redirect?: string;
  events?: FinishEvent[];
  /** Field name to Hebrew message (the contact-form variant: 'שדה {label} אינו תקני'). */
  errors?: Record<string, string>;
}

/** How the browser pays: the spec's channels. */
export type PaymentChannel = 'creditCard' | 'bit';

/**
 * Why a payment did not go through, as a code the provider adapter reports (the web app says it in Hebrew):
 * the issuer declined the card, the card has expired, the card holder's authentication (3-D Secure) failed, a
 * technical failure at the provider, the payer declined in the mobile-payment app, the hosted page's time ran out,
 * or the session was cancelled.
 */
export const PAYMENT_FAILURE_REASONS = [
  'card_declined',
  'expired_card',
  'authentication_failed',
  'processing_error',
  'app_declined',
  'session_expired',
  'cancelled',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export const isPaymentFailureReason = (value: unknown): value is PaymentFailureReason =>
  (PAYMENT_FAILURE_REASONS as readonly unknown[]).includes(value);

/**
 * POST /api/publish/finish-page (card) and POST /api/publish/bit-payment (mobile app): start paying for a track.
 * Ours beyond the spec: idempotencyKey (a double click makes one payment session) and autoBump.
 */
export interface StartPaymentRequest {
  OrderID: number | string;
  RecordID: number | string;
  CatID: number | string;
  SubCatID: number | string | null;
  /** 2 on the phone-payment variant (spec §9). */
  paymentmethod?: number | string;
  /** The chosen track's hash. */
  pt_hash: string;
  idempotencyKey: string;
}

/** finish-page: the hosted card page to frame. */
export interface FinishPageResponse {
  merchantPaymentUrl?: string;
  /**
   * The spec's isSuspected variant (after-save-area.md §7): a moderation rule holds this ad, so once paid it waits
   * for review before it goes up. Absent when it goes up at once.
   */
  isSuspected?: true;
  errors?: Record<string, string>;
}

/** bit-payment: the hosted mobile-payment page to frame. */
export interface BitPaymentResponse {
  sale_url?: string;
  /** As FinishPageResponse.isSuspected. */
  isSuspected?: true;
  errors?: Record<string, string>;
}

/** {gateway} packages/personal/pay/{adId} and packages/subscribe/auto-bump-ad/start-payment/{OrderID}. */
export interface GatewayPayRequest {
  packageHash: string;
  successUrl?: string;
  failUrl?: string;
  channel: PaymentChannel;
  idempotencyKey: string;
}
export interface GatewayPayResponse {
  data: { iframe: string };
}

/**
 * The message the payment frame's result page posts to its parent (spec §4 "Payment result"). The parent accepts
 * it only from its own origin and from the payment iframe's window.
 */
export interface PaymentFinishedMessage {
  type: 'payment-finished';
  OrderID: number;
  ok: boolean;
  /** upgrade: the failure is shown in place (action upgrade); finish: the flow goes on to the finish page. */
  action: 'finish' | 'upgrade';
}

/**
 * Ours: what was paid for the ad and is refunded automatically: 'pending' until the provider confirms, then
 * 'refunded'. Why: `notDelivered`, a payment that delivered nothing (the ad was finished another way while its page
 * was open); `adRejected`, a moderator refused the ad before it was ever on the board (agorot: all its payments
 * given back for it).
 */
export interface PaymentRefund {
  status: 'pending' | 'refunded';
  agorot: number;
  reason: 'notDelivered' | 'adRejected';
}

/** Why a moderator refused an ad (ours), and the edit page that sends it back to the review. */
export interface AdRejection {
  reason: string;
  editUrl: string;
}

/** Where an ad stands after its plan (ours): what the finish page's timeline shows. */
export type AdPublishState =
  | 'draft'
  | 'awaitingPayment'
  | 'paid'
  | 'pending'
  | 'active'
  | 'outOfSlots'
  | 'blocked'
  | 'rejected'
  | 'expired';

export interface TimelineEntry {
  step: 'saved' | 'paid' | 'review' | 'live';
  done: boolean;
  /** Ours: the review step ended with the moderator refusing the ad (state rejected). */
  refused?: boolean;
  /** ISO time it happened. */
  at?: string;
}

/**
 * GET /api/publish/get-finish-page (spec §3 "Finish page response"): the finish page's title and message; with
 * action=finishPayment also returnUrl (the page /finishPaymentArea sends the top window to). Ours: state, timeline
 * and the reason an ad waits (pending review, out of slots).
 */
export interface FinishPageState {
  title: string;
  finalMessage: string;
  FinishTextID: number;
  StatusID: number;
  addGtmForPayedOrder: boolean;
  returnUrl?: string;
  state: AdPublishState;
  timeline: TimelineEntry[];
  reason?: string;
  adType?: AdType;
  /** The amount paid, in agorot, when paid. */
  paidAgorot?: number;
  /** ISO end date of a live ad. */
  endsAt?: string;
  /** Ours: the ad is still a draft because its last payment failed (spec §2 "Payment failure" variant). */
  paymentFailed?: boolean;
  /** Ours: why the draft's last payment did not go through (failed or cancelled), when the provider said. */
  paymentFailure?: PaymentFailureReason;
  /**
   * Ours: a draft whose last payment did not go through: its plan step with the payment choice of the same track
   * open again (the wizard's query plus payAgain={track hash}).
   */
  payAgainUrl?: string;
  /** Ours: a draft whose owner asked to pay by phone (the commercial chain); the business line calls back. */
  phonePaymentRequested?: boolean;
  /** Ours: the ad's newest automatic refund (of a payment that delivered nothing, or of a refused ad). */
  refund?: PaymentRefund;
  /** Ours: a moderator refused the ad (state rejected): why, and the edit that sends it back for review. */
  rejection?: AdRejection;
  /**
   * What the owner is to do about the ad, as the spec's alert message (after-save-area.md §3): a refused ad (why,
   * and the edit that sends it again) or one held for words not allowed (the edit that sends it back to review).
   */
  notice?: AlertMessage;
  CatID: number;
  SubCatID: number | null;
  OrderID: number;
}
