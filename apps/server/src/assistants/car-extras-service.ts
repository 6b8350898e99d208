/**
 * The rules of the car ad's side requests (publish-wizard.md §4-§5, after-save-area.md §5): which duplicate checks
 * apply, what a trade-in lead and a missing sub-model report must hold. Pure: the route does the I/O.
 */
import { CAT, PLATE_VEHICLE_SUBCATS, SUBCAT } from '@app/catalog/categories/ids';
import { manufacturerById, modelById, yearsOf } from '@app/catalog/vehicles/lookup';
import {
  CAR_EXTRAS_TEXTS,
  MISSING_SUB_MODEL_FIELDS,
  MISSING_SUB_MODEL_MAX,
  type MissingSubModelField,
  plateDigits,
  TRADE_IN_NAME_MAX,
} from '@app/contract/carExtras';
import { normalisePhone } from '@app/contract/phones';
import { carExtrasHe } from '../i18n/car-extras.ts';

type Body = Record<string, unknown>;
export type Checked<T, K extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<K, string>> };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const id = (v: unknown): string | null => {
  const t = text(v);
  return /^\d{1,9}$/.test(t) ? t : null;
};

/** Spec §5: only the vehicles with a plate (cat 1 sub-categories 1 to 4), with the plate, make, model and year. */
export function readDuplicationCheck(
  body: Body,
): { plate: string; manufacturer: string; model: string; year: string } | null {
  const cat = text(body.catId ?? body.CatID ?? body.cat);
  const subcat = Number(text(body.subCatId ?? body.SubCatID ?? body.subcat));
  if (cat !== String(CAT.vehicles) || !PLATE_VEHICLE_SUBCATS.includes(subcat)) return null;
  const plate = plateDigits(body.registrationPlate);
  const manufacturer = id(body.manufacturer);
  const model = id(body.model);
  const year = id(body.year);
  if (!plate || !manufacturer || !model || !year) return null;
  return { plate, manufacturer, model, year };
}

export interface TradeInInput {
  name: string;
  phone: string;
  car: Record<string, string>;
}

/** Name and phone are required (the spec's texts); the phone must be a valid Israeli number. */
export function readTradeInLead(body: Body): Checked<TradeInInput, 'name' | 'phone'> {
  const errors: Partial<Record<'name' | 'phone', string>> = {};
  const name = text(body.name).replace(/\s+/g, ' ');
  const phoneText = text(body.phone);
  if (!name) errors.name = CAR_EXTRAS_TEXTS.tradeInNameRequired;
  else if (name.length > TRADE_IN_NAME_MAX) errors.name = carExtrasHe.tooLong;
  const phone = phoneText ? normalisePhone(phoneText) : null;
  if (!phoneText) errors.phone = CAR_EXTRAS_TEXTS.tradeInPhoneRequired;
  else if (!phone) errors.phone = carExtrasHe.invalidPhone;
  if (Object.keys(errors).length > 0 || !phone) return { ok: false, errors };
  const car: Record<string, string> = {};
  for (const key of ['manufacturer', 'model', 'year', 'subModel', 'km', 'hand'] as const) {
    const value = id(typeof body[key] === 'string' ? (body[key] as string).replace(/,/g, '') : body[key]);
    if (value) car[key] = value;
  }
  return { ok: true, value: { name, phone, car } };
}

export interface MissingSubModelInput {
  subModel: string;
  details: Partial<Record<MissingSubModelField, string>>;
}

const ID_FIELDS: Partial<Record<MissingSubModelField, true>> = {
  missingManufacturerID: true,
  missingModelID: true,
  missingYearID: true,
  missingEngineSizeID: true,
  missingEngineTypeID: true,
  missingGearBoxID: true,
};

/**
 * The report: missingSubModel (what the user typed) is required; the missing-* fields are optional, ids are
 * digits, texts at most 40 characters; a manufacturer, model and year given as ids must be ours and belong
 * together (the model to the manufacturer, the year to the model's years).
 */
export function readMissingSubModel(
  body: Body,
): Checked<MissingSubModelInput, 'missingSubModel' | MissingSubModelField> {
  const errors: Partial<Record<'missingSubModel' | MissingSubModelField, string>> = {};
  const subModel = text(body.missingSubModel).replace(/\s+/g, ' ');
  if (!subModel) errors.missingSubModel = carExtrasHe.subModelRequired;
  else if (subModel.length > MISSING_SUB_MODEL_MAX) errors.missingSubModel = carExtrasHe.tooLong;
  const details: Partial<Record<MissingSubModelField, string>> = {};
  for (const key of MISSING_SUB_MODEL_FIELDS) {
    const raw = body[key];
    if (raw === undefined || raw === null || raw === '' || raw === '-1') continue;
    if (ID_FIELDS[key] || key === 'engineSize') {
      const value = id(raw);
      if (value) details[key] = value;
      else errors[key] = carExtrasHe.invalidValue;
      continue;
    }
    const value = text(raw);
    if (typeof raw !== 'string' && typeof raw !== 'number') errors[key] = carExtrasHe.invalidValue;
    else if (value.length > 40) errors[key] = carExtrasHe.tooLong;
    else if (value) details[key] = value;
  }
  const maker = details.missingManufacturerID ? manufacturerById(Number(details.missingManufacturerID)) : undefined;
  if (details.missingManufacturerID && !maker) errors.missingManufacturerID = carExtrasHe.invalidValue;
  const model = details.missingModelID ? modelById(Number(details.missingModelID)) : undefined;
  if (details.missingModelID && (!model || (maker && model.manufacturerId !== maker.id))) {
    errors.missingModelID = carExtrasHe.invalidValue;
  }
  if (details.missingYearID && model && !yearsOf(model.id).includes(Number(details.missingYearID))) {
    errors.missingYearID = carExtrasHe.invalidValue;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The names of our own ids, so a person reviewing the report reads it without the lists.
  if (maker && !details.missingManufacturer) details.missingManufacturer = maker.name;
  if (model && !details.missingModel) details.missingModel = model.name;
  if (details.missingYearID && !details.missingYear) details.missingYear = details.missingYearID;
  return { ok: true, value: { subModel, details } };
}

/** The thing whose live prices the price reminder offers: a car by make, model and year; a property by city and type. */
export function readPriceMatch(query: Body): { cat: number; subcat: number; match: Record<string, string> } | null {
  const cat = Number(text(query.cat));
  const subcat = Number(text(query.subcat));
  const pick = (keys: readonly string[]) => {
    const match: Record<string, string> = {};
    for (const key of keys) {
      const value = id(query[key]);
      if (!value) return null;
      match[key] = value;
    }
    return match;
  };
  const match =
    cat === CAT.vehicles && (subcat === SUBCAT.vehiclesPrivate || subcat === SUBCAT.vehiclesJeeps)
      ? pick(['manufacturer', 'model', 'year'])
      : cat === CAT.realEstate && (subcat === SUBCAT.realEstateSale || subcat === SUBCAT.realEstateRent)
        ? pick(['city', 'HomeTypeID'])
        : null;
  return match ? { cat, subcat, match } : null;
}

/** At least this many live ads before their prices are offered (fewer say little about the market). */
export const PRICE_SAMPLE_MIN = 3;

/**
 * The price reminder's preset options from live prices: the lower quartile, the median and the upper quartile,
 * rounded to a step that suits the amounts (100 under 10,000, 1,000 under 1,000,000, else 10,000), distinct and
 * ascending. Empty when there are fewer than PRICE_SAMPLE_MIN prices.
 */
export function pricePresets(prices: readonly number[]): number[] {
  if (prices.length < PRICE_SAMPLE_MIN) return [];
  const sorted = [...prices].sort((a, b) => a - b);
  const at = (q: number) => {
    const pos = (sorted.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
  };
  const round = (n: number) => {
    const step = n < 10_000 ? 100 : n < 1_000_000 ? 1_000 : 10_000;
    return Math.max(step, Math.round(n / step) * step);
  };
  return [...new Set([at(0.25), at(0.5), at(0.75)].map(round))];
}
