/**
 * The public view of a live ad (GET adds/{id}, after-save-area.md §7 "ad for car sign"): the live values only,
 * never an edit still pending, and the same for the owner and anyone else.
 */
import crypto from 'node:crypto';
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { boardRankOf } from '@app/catalog/tracks';
import { manufacturerById, modelById, subModelById } from '@app/catalog/vehicles/lookup';
import { adPagePath } from '@app/contract/adPage';
import { mediaUrl } from '@app/contract/media';
import { inWeekendWindow } from '@app/contract/phones';
import type { PublicAdResponse } from '@app/contract/publish';
import { type ShownGroup, shownFieldGroups } from './ad-fields.ts';
import { adTitleOf } from './ad-title.ts';
import type { Ad } from './ads-repository.ts';

const text = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const id = (v: string | null): number | undefined => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** The ad's own public page on the site (listing/): what the car sign's QR code opens. */
export { adPagePath };

/**
 * The number buyers call, and whether they may call now. An ad with the virtual number on shows that number, never
 * the real one (no virtual number yet: no number at all); an ad without weekend calls shows none from Friday 14:00 to
 * Saturday 23:59, Israel time (spec §9). The car sign and the ad page's reveal answer by this one rule.
 */
export function publicPhoneOf(
  values: Ad['values'],
  now: Date,
  virtualPhone: string | null,
): { phone: string | null; callsNow: boolean } {
  const callsNow = !(text(values[CONTACT_FIELDS.weekendCalls]) === '0' && inWeekendWindow(now));
  // The virtual number is on unless the advertiser unticked it (the step's default is on).
  const hidden = text(values[CONTACT_FIELDS.virtualNum]) !== '0';
  return { phone: callsNow ? (hidden ? virtualPhone : text(values[CONTACT_FIELDS.phone1])) : null, callsNow };
}

/**
 * `adUrl`: the ad's page (the site's public origin and adPagePath).
 * `virtualPhone`: the virtual number of the ad's primary phone, when it has one (publicPhoneOf).
 */
export function publicAdView(ad: Ad, now: Date, virtualPhone: string | null, adUrl: string): PublicAdResponse {
  const v = ad.values;
  const model = text(v.model);
  const subModel = text(v.subModel);
  // A car's model and sub-model are ids of the catalogue's lists; some vehicles (special vehicles) type the model.
  const modelId = id(model);
  const catalogueModel = modelId === undefined ? undefined : modelById(modelId);
  const modelTitle = catalogueModel?.name ?? model;
  // The make: the model's, or (a boat: a make and no model) the ad's own manufacturer field.
  const makeId = catalogueModel?.manufacturerId ?? id(text(v.manufacturer));
  const makeTitle = makeId === undefined ? null : (manufacturerById(makeId)?.name ?? null);
  const subModelId = id(subModel);
  const subModelTitle = subModelId === undefined ? subModel : (subModelById(subModelId)?.SubModel ?? subModel);
  const { phone, callsNow } = publicPhoneOf(v, now, virtualPhone);
  const version = `${ad.orderId}\n${ad.editedAt?.toISOString() ?? ''}\n${JSON.stringify(v)}`;
  return {
    OrderID: ad.orderId,
    CatID: ad.cat,
    SubCatID: ad.subcat,
    Price: text(v.price),
    Year: text(v.year),
    Hand: text(v.hand),
    KM: text(v.km),
    Phone1: phone,
    callsNow,
    Model: model,
    ManufacturerTitle: makeTitle,
    ModelTitle: modelTitle,
    SubModelTitle: subModelTitle,
    Token: crypto.createHash('sha256').update(version).digest('base64url').slice(0, 22),
    AdUrl: adUrl,
  };
}

/** What the ad's page says of an ad at a glance: its title, price, place and track mark (listing/ shows them). */
export interface AdPublicFacts {
  title: string;
  /** The price as shown ("85,000 ₪"), or null when the ad names none. */
  price: string | null;
  /** The price in whole shekels, or null. */
  priceShekels: number | null;
  /** Where: the locality, its neighbourhood or area, the street, as far as the ad says. */
  place: string | null;
  locality: string | null;
  street: string | null;
  /** The track's mark on the page: VIP and above, the highlighted tracks, or none. */
  mark: 'top' | 'highlighted' | null;
}

const PLACE_KEYS = ['city', 'area', 'neighborhood', 'street', 'homeNumber'] as const;
const trimmed = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The ad's title, price, place and mark from its live values, as its page shows them: one implementation for the
 * page (listing/ad-page-service.ts) and the ad events other systems receive (ad-events-service.ts). `shown`: the
 * public fields as buyers read them (shownFieldGroups), when the caller has them already.
 */
export function adPublicFacts(ad: Ad, shown: ShownGroup[] = shownFieldGroups(ad, { publicOnly: true })): AdPublicFacts {
  const byKey = new Map(shown.flatMap((g) => g.fields.map((f) => [f.key, f.text] as const)));
  const placeParts = PLACE_KEYS.map((k) => byKey.get(k)).filter((v): v is string => Boolean(v));
  const street = [byKey.get('street'), byKey.get('homeNumber')].filter(Boolean).join(' ') || null;
  const rawPrice = trimmed(ad.values.price)?.replace(/,/g, '') ?? null;
  const priceShekels = rawPrice && /^\d{1,10}$/.test(rawPrice) && Number(rawPrice) > 0 ? Number(rawPrice) : null;
  const rank = ad.adType ? boardRankOf(ad.adType) : 'plain';
  return {
    title: adTitleOf(ad.orderId, ad.selectors, ad.values),
    price: priceShekels === null ? null : (byKey.get('price') ?? `${priceShekels.toLocaleString('en-US')} ₪`),
    priceShekels,
    place: placeParts.length > 0 ? placeParts.join(', ') : null,
    locality: byKey.get('city') ?? byKey.get('area') ?? null,
    street,
    mark: rank === 'plain' ? null : rank,
  };
}

/**
 * The ad as other systems receive it in an ad event (ad-events-service.ts): its page's facts, category, page path and
 * photos' paths (relative to the site; the delivery makes them absolute), its times. Nothing of the owner: no e-mail,
 * no phone, no customer number.
 */
export interface AdEventView extends AdPublicFacts {
  id: number;
  cat: number;
  subcat: number | null;
  path: string;
  photos: string[];
  publishedAt: string | null;
  endsAt: string | null;
}

export function adEventView(ad: Ad, photoKeys: readonly string[]): AdEventView {
  return {
    id: ad.orderId,
    cat: ad.cat,
    subcat: ad.subcat,
    ...adPublicFacts(ad),
    path: adPagePath(ad.orderId),
    photos: photoKeys.map(mediaUrl),
    publishedAt: ad.publishedAt?.toISOString() ?? null,
    endsAt: ad.endsAt?.toISOString() ?? null,
  };
}
