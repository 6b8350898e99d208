/**
 * The public view of a live ad (GET adds/{id}, after-save-area.md §7 "ad for car sign"): the live values only,
 * never an edit still pending, and the same for the owner and anyone else.
 */
import crypto from 'node:crypto';
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { manufacturerById, modelById, subModelById } from '@app/catalog/vehicles/lookup';
import { adPagePath } from '@app/contract/adPage';
import { inWeekendWindow } from '@app/contract/phones';
import type { PublicAdResponse } from '@app/contract/publish';
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
