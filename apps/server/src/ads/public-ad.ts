/**
 * The public view of a live ad (GET adds/{id}, after-save-area.md §7 "ad for car sign"): the live values only,
 * never an edit still pending, and the same for the owner and anyone else.
 */
import crypto from 'node:crypto';
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { manufacturerById, modelById, subModelById } from '@app/catalog/vehicles/lookup';
import { inWeekendWindow } from '@app/contract/phones';
import type { PublicAdResponse } from '@app/contract/publish';
import type { Ad } from './ads-repository.ts';

const text = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const id = (v: string | null): number | undefined => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** The ad's page on the board (the public site, OLD_SITE_URL): what the car sign's QR code opens. */
export const publicAdUrl = (boardUrl: string, orderId: number): string =>
  `${boardUrl.replace(/\/$/, '')}/item/${orderId}`;

/**
 * `boardUrl`: the public site (OLD_SITE_URL), where the ad's page is.
 * `virtualPhone`: the virtual number of the ad's primary phone, when it has one. An ad with the virtual number on
 * shows that number, never the real one (no virtual number yet: no number at all); an ad without weekend calls shows
 * none from Friday 14:00 to Saturday 23:59, Israel time (spec §9).
 */
export function publicAdView(ad: Ad, now: Date, virtualPhone: string | null, boardUrl: string): PublicAdResponse {
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
  // Without weekend calls the phones rest from Friday 14:00 to Saturday 23:59, Israel time (spec §9).
  const callsNow = !(text(v[CONTACT_FIELDS.weekendCalls]) === '0' && inWeekendWindow(now));
  // The virtual number is on unless the advertiser unticked it (the step's default is on).
  const hidden = text(v[CONTACT_FIELDS.virtualNum]) !== '0';
  const version = `${ad.orderId}\n${ad.editedAt?.toISOString() ?? ''}\n${JSON.stringify(v)}`;
  return {
    OrderID: ad.orderId,
    CatID: ad.cat,
    SubCatID: ad.subcat,
    Price: text(v.price),
    Year: text(v.year),
    Hand: text(v.hand),
    KM: text(v.km),
    Phone1: callsNow ? (hidden ? virtualPhone : text(v[CONTACT_FIELDS.phone1])) : null,
    callsNow,
    Model: model,
    ManufacturerTitle: makeTitle,
    ModelTitle: modelTitle,
    SubModelTitle: subModelTitle,
    Token: crypto.createHash('sha256').update(version).digest('base64url').slice(0, 22),
    AdUrl: publicAdUrl(boardUrl, ad.orderId),
  };
}
