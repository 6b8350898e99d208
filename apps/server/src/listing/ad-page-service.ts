/**
 * What the ad's public page (/item/{id}) shows, and to whom. Live (active, before its end): everyone, the same page.
 * Ended (expired, or active past its end before the expiry job ran): 410 with a link to its board. Held (a draft, one
 * awaiting payment, pending or blocked for review, rejected, waiting for a package's slot): 404 to everyone but its
 * owner, who sees the page with why buyers cannot see it yet and what to do. Unknown, reserved or deleted: 404.
 * Only the live values: an edit waiting for order-edited is the owner's until it goes live, never the public's.
 */

import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import { mediaUrl } from '@app/contract/media';
import { type ShownField, type ShownGroup, shownFieldGroups, storedValues } from '../ads/ad-fields.ts';
import { planPath, wizardStepArea, wizardStepPath } from '../ads/ad-paths.ts';
import { adTitleOf } from '../ads/ad-title.ts';
import { type Ad, findAd } from '../ads/ads-repository.ts';
import { draftKey, findDraft } from '../ads/drafts-repository.ts';
import { adPagePath, adPublicFacts, publicAdView } from '../ads/public-ad.ts';
import { type BoardCard, boardCardOf } from '../board/board-service.ts';
import { heAdPage as he } from '../i18n/ad-page.ts';
import { rejectReasonText } from '../i18n/moderation.ts';
import { listAdImages } from '../media/images-repository.ts';
import { type PhotoSet, photoSetFor } from '../media/media-edits-repository.ts';
import { latestReview } from '../moderation/reviews-repository.ts';
import type { Queryable } from '../platform/db/db.ts';
import { findAdVideo } from '../video/repository.ts';

export interface AdPhoto {
  /** The large rendition (the stored photo) and the thumbnail, same-origin paths. */
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  alt: string;
  /** The stored files' keys (the board's card names the main photo by them). */
  keys: { image: string; thumb: string };
}

export interface OwnerNotice {
  text: string;
  links: { href: string; text: string }[];
}

export interface AdPageView {
  orderId: number;
  cat: number;
  subcat: number | null;
  title: string;
  /** The price as shown ("85,000 ₪"), or null when the ad names none. */
  price: string | null;
  /** The price in whole shekels for the structured data, or null. */
  priceShekels: number | null;
  /** Where: the locality, its neighbourhood or area, the street, as far as the ad says. */
  place: string | null;
  address: { locality: string | null; street: string | null } | null;
  publishedAt: Date | null;
  updatedAt: Date | null;
  /** The track's mark on the page: VIP and above, the highlighted tracks, or none. */
  mark: 'top' | 'highlighted' | null;
  groups: ShownGroup[];
  /** The long texts (a description), each with its line breaks and the wizard step it is on. */
  texts: (ShownField & { area: string })[];
  photos: AdPhoto[];
  video: { path: string; mime: string } | null;
  contactName: string | null;
  /** Whether the contact box offers a number at all (the number itself only on the press). */
  offersPhone: boolean;
  path: string;
  boardPath: string;
  /** A car's make, model, year and kilometres (the car sign's reading), for the structured data. */
  vehicle: { make: string | null; model: string | null; year: string | null; km: string | null } | null;
}

export type AdPageOutcome =
  | { kind: 'gone' }
  | { kind: 'ended'; title: string; boardPath: string }
  | { kind: 'page'; view: AdPageView; live: boolean; notice: OwnerNotice | null; ownerId: number };

/** The ad's board: its sub-category's when it has one. */
export const boardPathOf = (ad: Pick<Ad, 'cat' | 'subcat'>): string =>
  ad.subcat === null ? `/board/${ad.cat}` : `/board/${ad.cat}/${ad.subcat}`;

const isLive = (ad: Ad, now: Date): boolean =>
  ad.status === 'active' && (ad.endsAt === null || ad.endsAt.getTime() > now.getTime());
const hasEnded = (ad: Ad, now: Date): boolean =>
  ad.status === 'expired' || (ad.status === 'active' && !isLive(ad, now));

/** An owner's held ad: why buyers do not see it yet, and what to do. */
async function noticeFor(db: Queryable, ad: Ad): Promise<OwnerNotice | null> {
  const myAds = { href: '/my-ads', text: he.myAdsLink };
  switch (ad.status) {
    case 'draft': {
      const plan = planPath(ad);
      return { text: he.ownerDraft, links: plan ? [{ href: plan, text: he.ownerDraftLink }, myAds] : [myAds] };
    }
    case 'pending':
    case 'blocked':
      return { text: he.ownerAwaitingReview, links: [myAds] };
    case 'rejected': {
      const review = await latestReview(db, ad.orderId);
      const reason = rejectReasonText(review?.rejectTemplate ?? null, review?.rejectText ?? null);
      return {
        text: he.ownerRejected(reason || '—'),
        links: [{ href: `/edit/${ad.orderId}`, text: he.ownerEditLink }, myAds],
      };
    }
    case 'out_of_slots':
      return { text: he.ownerOutOfSlots, links: [{ href: '/packages', text: he.ownerPackagesLink }, myAds] };
    default:
      return null;
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The page's data. `photos`: the ad's own photos, or the owner's edit's copy of them (the preview of an edit). */
async function viewOf(db: Queryable, ad: Ad, now: Date, photos: PhotoSet = 'live'): Promise<AdPageView> {
  const all = shownFieldGroups(ad, { publicOnly: true });
  const groups = all.map((g) => ({ ...g, fields: g.fields.filter((f) => !f.long) })).filter((g) => g.fields.length > 0);
  const texts = all.flatMap((g) => g.fields.filter((f) => f.long).map((f) => ({ ...f, area: g.area })));
  const { title, price, priceShekels, place, locality, street, mark } = adPublicFacts(ad, all);
  const [images, video] = await Promise.all([listAdImages(db, ad.orderId, photos), findAdVideo(db, ad.orderId)]);
  const phoneShown = text(ad.values[CONTACT_FIELDS.phone1]) !== null;
  const isVehicle = ad.cat === CAT.vehicles;
  const car = isVehicle ? publicAdView(ad, now, null, '') : null;
  return {
    orderId: ad.orderId,
    cat: ad.cat,
    subcat: ad.subcat,
    title,
    price,
    priceShekels,
    place,
    address: locality || street ? { locality, street } : null,
    publishedAt: ad.publishedAt,
    updatedAt: ad.editedAt,
    mark,
    groups,
    texts,
    photos: images.map((image, i) => ({
      url: mediaUrl(image.imageKey),
      thumbnailUrl: mediaUrl(image.thumbKey),
      width: image.width,
      height: image.height,
      alt: he.photoAlt(title, i + 1, images.length),
      keys: { image: image.imageKey, thumb: image.thumbKey },
    })),
    video: video ? { path: `${adPagePath(ad.orderId)}/video`, mime: video.mime } : null,
    contactName: text(ad.values[CONTACT_FIELDS.name]),
    offersPhone: phoneShown,
    path: adPagePath(ad.orderId),
    boardPath: boardPathOf(ad),
    vehicle: car
      ? { make: car.ManufacturerTitle, model: car.ModelTitle, year: car.Year, km: car.KM?.replace(/,/g, '') ?? null }
      : null,
  };
}

/** Whether the car is a car (private, jeeps, commercial) rather than another vehicle, for the structured data. */
export const isCar = (view: Pick<AdPageView, 'cat' | 'subcat'>): boolean =>
  view.cat === CAT.vehicles &&
  [SUBCAT.vehiclesPrivate, SUBCAT.vehiclesJeeps, SUBCAT.vehiclesCommercial].includes(view.subcat ?? -1);

/**
 * The page for this caller. `ownerId`: the session's customer, asked only when the ad is not live (the live page is
 * the same for everyone). Reads only.
 */
export async function adPage(
  db: Queryable,
  orderId: number,
  now: Date,
  ownerId: () => Promise<number | null>,
): Promise<AdPageOutcome> {
  const ad = orderId > 0 ? await findAd(db, orderId) : null;
  if (!ad || ad.status === 'reserved' || ad.status === 'deleted') return { kind: 'gone' };
  if (isLive(ad, now))
    return { kind: 'page', view: await viewOf(db, ad, now), live: true, notice: null, ownerId: ad.customerId };
  if (hasEnded(ad, now))
    return { kind: 'ended', title: adTitleOf(ad.orderId, ad.selectors, ad.values), boardPath: boardPathOf(ad) };
  if ((await ownerId()) !== ad.customerId) return { kind: 'gone' };
  const notice = await noticeFor(db, ad);
  if (!notice) return { kind: 'gone' };
  return { kind: 'page', view: await viewOf(db, ad, now), live: false, notice, ownerId: ad.customerId };
}

/** The ad whose number a buyer may ask for (the reveal, the report): live only. */
export async function liveAd(db: Queryable, orderId: number, now: Date): Promise<Ad | null> {
  const ad = orderId > 0 ? await findAd(db, orderId) : null;
  return ad && isLive(ad, now) ? ad : null;
}

/** The owner's preview of an ad before it goes live (GET /item/{id}/preview). */
export interface AdPreview {
  view: AdPageView;
  /** Its card as the board would show it; null for a category without a board. */
  card: BoardCard | null;
  /** Where the owner goes back to change the values: the wizard on a step (by its area), and on the step they left. */
  stepPath: (area: string) => string;
  backPath: string;
  /** The photos' step's area, or null when the catalogue has none. */
  photosArea: string | null;
}

/**
 * What the ad's owner will publish, as buyers will read it, from the values not live yet: a wizard's draft (the ad
 * reserved for its photos: the values the wizard saved so far), a live ad's edit waiting for order-edited (its
 * pending values and the edit's copy of the photos), or any other saved ad's own values. Another customer, a visitor,
 * an unknown or deleted ad, a malformed number: null (404). Reads only.
 */
export async function adPreview(
  db: Queryable,
  orderId: number,
  now: Date,
  customerId: number | null,
): Promise<AdPreview | null> {
  const ad = orderId > 0 && customerId !== null ? await findAd(db, orderId) : null;
  if (!ad || ad.customerId !== customerId || ad.status === 'deleted') return null;
  const reserved = ad.status === 'reserved';
  const draft = reserved ? await findDraft(db, customerId, draftKey(ad.selectors)) : null;
  const values = reserved ? storedValues(ad.selectors, draft?.values ?? {}) : (ad.pendingValues ?? ad.values);
  const shown: Ad = { ...ad, values };
  const view = await viewOf(db, shown, now, await photoSetFor(db, ad));
  const photo = view.photos[0];
  const card = boardCardOf({
    id: ad.orderId,
    cat: ad.cat,
    subcat: ad.subcat,
    selectors: ad.selectors,
    values,
    adType: ad.adType,
    // Not published yet: the card says what it will say on the day it is.
    publishedAt: ad.publishedAt ?? now,
    bumpedAt: ad.bumpedAt,
    photo: photo
      ? { imageKey: photo.keys.image, thumbKey: photo.keys.thumb, width: photo.width, height: photo.height }
      : null,
  });
  const edit = `/edit/${ad.orderId}`;
  return {
    view,
    card,
    stepPath: (area) => (reserved ? wizardStepPath(ad, area) : `${edit}#step-${area}`),
    backPath: reserved ? wizardStepPath(ad) : edit,
    photosArea: wizardStepArea(ad, 'uploadImages'),
  };
}
