/**
 * The plan step's decisions (after-save-area.md §4 "Choose-type flow", "Track blocking", "Native app",
 * "EasyStart", "Auto-bump offer", §9), as pure functions so each one is tested on its own.
 */
import type { AdPublishState, ChooseOrderTypeMode, OrderTypeItem, PaymentChannel } from '@app/contract/orders';

export type TrackAction =
  /** The button is inactive (publishing in progress, or a package with no ads left). */
  | { kind: 'blocked' }
  /** A free track: finish-publish straight away. */
  | { kind: 'free' }
  /** An ad from a package in use: finish-publish with the package's hash. */
  | { kind: 'usePackage' }
  /** Buying a package: through the contact form, or paid like a track (gateway). */
  | { kind: 'buyPackage'; through: 'contact' | 'payment' }
  /** The native app with upgrade disabled: the app is told (adUpgradeRequested) instead of paying. */
  | { kind: 'nativeApp' }
  /** Commercial and business-for-sale tracks: the commercial agreement comes first. */
  | { kind: 'commercial' }
  /** A track with a free-trial offer: the trial popup first. */
  | { kind: 'easyStart' }
  /** A paid track: the payment-type popup. */
  | { kind: 'pay' };

export interface TrackContext {
  mode: ChooseOrderTypeMode;
  /** A publish call or a payment is under way. */
  busy: boolean;
  /** Inside the native app with upgrade disabled. */
  appWithoutUpgrade: boolean;
}

/** A track is free when nothing is charged for it. */
export function isFreeTrack(track: Pick<OrderTypeItem, 'adType' | 'amountAgorot' | 'price'>): boolean {
  return track.amountAgorot <= 0 && track.price <= 0;
}

/** Track blocking (spec §4): inactive while publishing, or for a package in use with no ads left. */
export function isTrackBlocked(track: Pick<OrderTypeItem, 'left'>, busy: boolean): boolean {
  return busy || track.left === 0;
}

/** What pressing a track's button does. */
export function trackAction(track: OrderTypeItem, context: TrackContext): TrackAction {
  if (isTrackBlocked(track, context.busy)) return { kind: 'blocked' };
  if (context.mode === 'fromPackage' && track.left !== undefined) return { kind: 'usePackage' };
  if (context.mode === 'buyPackage' && track.switchFormType) {
    return { kind: 'buyPackage', through: track.switchFormType === 'Contact' ? 'contact' : 'payment' };
  }
  if (isFreeTrack(track)) return { kind: 'free' };
  if (context.appWithoutUpgrade) return { kind: 'nativeApp' };
  if (track.iscommercial || track.isbusinessforsale) return { kind: 'commercial' };
  if (track.easyStart || track.adType === 'EasyStart') return { kind: 'easyStart' };
  return { kind: 'pay' };
}

/** The payment-type popup's choices: the mobile-payment app is hidden for EasyStart (spec §4). */
export function paymentChannels(
  track: Pick<OrderTypeItem, 'adType'> | undefined,
  easyStart: boolean,
): PaymentChannel[] {
  return easyStart || track?.adType === 'EasyStart' ? ['creditCard'] : ['creditCard', 'bit'];
}

/** The free trial's end date (spec §4: today plus the trial days), dd/mm/yyyy in local time. */
export function trialEndDate(today: Date, days: number): string {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const dd = String(end.getDate()).padStart(2, '0');
  const mm = String(end.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${end.getFullYear()}`;
}

/** /finishArea with the current query except step, plus OrderID (spec §2 "Routes"). */
export function finishAreaPath(query: URLSearchParams, orderId: number, extra: Record<string, string> = {}): string {
  const next = new URLSearchParams(query);
  next.delete('step');
  next.set('OrderID', String(orderId));
  for (const [key, value] of Object.entries(extra)) next.set(key, value);
  return `/finishArea?${next}`;
}

/** The card popup's height (spec §9): 700, or 660 for the trial. */
export function cardPopupHeight(trial: boolean): number {
  return trial ? 660 : 700;
}

/** States that can still move on their own (a payment confirmed, a review done): the finish page asks again. */
const MOVING: ReadonlySet<AdPublishState> = new Set(['draft', 'awaitingPayment', 'paid', 'pending']);
/** How often the finish page asks while the ad moves, and how many times at most (a review may take hours). */
export const FINISH_POLL_MS = 4000;
const FINISH_POLL_LIMIT = 75;

/** Whether the finish page asks again: the ad's state is not final yet, and it has not asked too often. */
export function shouldPoll(state: AdPublishState, polls: number): boolean {
  return MOVING.has(state) && polls < FINISH_POLL_LIMIT;
}

/**
 * The buy-package form of /packages for a package and, when there is one, the ad it is for: the page opens the
 * form of that package at once, and the lead is sent with the ad (finish-publish's contact-form variant).
 */
export function packageFormPath(p: { packageHash: string; orderId?: number; cat?: number; subcat?: number | null }) {
  const query = new URLSearchParams({ package: p.packageHash });
  if (p.cat) query.set('cat', String(p.cat));
  if (p.subcat !== undefined && p.subcat !== null) query.set('subcat', String(p.subcat));
  if (p.orderId) query.set('OrderID', String(p.orderId));
  return `/packages?${query}`;
}
