/**
 * The price suggestion (GET {gateway}/price-list/calculate-price, publish-wizard.md §7): a list price for every
 * car sub-model, derived from its catalogue entry, then depreciated by age on the road, kilometres against the
 * yearly norm and the number of owners. Coefficients: priceListData.ts; the model: README.md "Price suggestion".
 */
import { MANUFACTURER_BY_ID, MODEL_BY_ID, SUB_MODEL_BY_ID } from './indexes.ts';
import {
  BODY_FACTOR,
  BRAND_FACTOR,
  ENGINE_FACTOR,
  GEAR_FACTOR,
  LIST_PRICE,
  ROUNDING,
  TRIM_FACTOR,
  USED,
} from './priceListData.ts';
import { CAR_SUBCATS, type SubModel } from './types.ts';

/** The spec's price suggestion (after-save-area.md §3): shekels. */
export interface PriceSuggestion {
  minPrice: number;
  maxPrice: number;
  predictedPrice: number;
}

export interface PriceQuery {
  subModelId: number;
  /** First registration (year and month 1-12). */
  yearOnRoad: number;
  monthOnRoad: number;
  kilometers: number;
  /** Owners so far (the field hand): 0 is a new car. */
  owners: number;
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TRIM_PATTERNS = TRIM_FACTOR.map(
  ([word, factor]) => [new RegExp(`(^|[^A-Za-z])${escapeRegExp(word)}($|[^A-Za-z])`, 'i'), factor] as const,
);

/** The trim's factor: the highest trim word in the title (1 for a base trim). */
export function trimFactor(title: string): number {
  let best = 1;
  for (const [pattern, factor] of TRIM_PATTERNS) if (factor > best && pattern.test(title)) best = factor;
  return best;
}

/** The car sub-model (sub-categories 1-3) of this id, or undefined: only cars have a price list. */
export function pricedSubModel(id: number): SubModel | undefined {
  const subModel = SUB_MODEL_BY_ID.get(id);
  const model = subModel && MODEL_BY_ID.get(subModel.modelId);
  return model && CAR_SUBCATS.includes(model.subcat) ? subModel : undefined;
}

/** A new car's list price (₪, today's prices) from its catalogue entry; undefined for an unknown or non-car id. */
export function listPrice(subModelId: number): number | undefined {
  const subModel = pricedSubModel(subModelId);
  const model = subModel && MODEL_BY_ID.get(subModel.modelId);
  if (!subModel || !model) return undefined;
  const make = MANUFACTURER_BY_ID.get(model.manufacturerId);
  const power =
    LIST_PRICE.base +
    LIST_PRICE.perHorsePower * subModel.HorsePower +
    LIST_PRICE.perCcOverFloor * Math.max(0, subModel.EngineVolume - LIST_PRICE.ccFloor);
  const fourByFour = subModel.Ignition === '4X4' || /\b(AWD|4X4|quattro|xDrive|4MATIC)\b/i.test(subModel.SubModel);
  const factors = [
    (make && BRAND_FACTOR[make.id]) ?? 1,
    ENGINE_FACTOR[subModel.engineType] ?? 1,
    GEAR_FACTOR[subModel.GearTitle] ?? 1,
    BODY_FACTOR.subcat[model.subcat] ?? 1,
    subModel.Seats >= 7 ? BODY_FACTOR.sevenSeats : 1,
    fourByFour ? BODY_FACTOR.fourWheelDrive : 1,
    trimFactor(subModel.SubModel),
  ];
  return Math.round(factors.reduce((price, factor) => price * factor, power));
}

/** Whole months from the first registration to `now` (0 when in the future). */
export function monthsOnRoad(yearOnRoad: number, monthOnRoad: number, now: Date): number {
  return Math.max(0, (now.getUTCFullYear() - yearOnRoad) * 12 + (now.getUTCMonth() + 1 - monthOnRoad));
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * The suggested price range of a used car; undefined for a sub-model without a price list. The caller checks the
 * query's ranges (priceQueryProblem).
 */
export function suggestPrice(query: PriceQuery, now: Date): PriceSuggestion | undefined {
  const list = listPrice(query.subModelId);
  if (list === undefined) return undefined;
  const years = monthsOnRoad(query.yearOnRoad, query.monthOnRoad, now) / 12;
  const owners = Math.max(0, Math.floor(query.owners));
  const aged =
    owners === 0
      ? list * USED.newCarShare * USED.yearlyRetention ** years
      : list * (1 - USED.firstRegistrationLoss) * USED.yearlyRetention ** years;
  const expectedKm = USED.yearlyKmNorm * years;
  const kmFactor = clamp(
    1 - (USED.per10kKm * (query.kilometers - expectedKm)) / 10_000,
    USED.kmFactorMin,
    USED.kmFactorMax,
  );
  const ownersFactor = (1 - USED.perExtraOwner) ** Math.max(0, owners - 1);
  const value = Math.max(list * USED.floorShare, aged * kmFactor * ownersFactor);
  const predictedPrice = roundTo(value, ROUNDING.predicted);
  const spread = Math.min(USED.spreadMax, USED.spread + USED.spreadPerYear * years);
  return {
    minPrice: Math.min(predictedPrice, roundTo(value * (1 - spread), ROUNDING.range)),
    maxPrice: Math.max(predictedPrice, roundTo(value * (1 + spread), ROUNDING.range)),
    predictedPrice,
  };
}

/** Limits of the query (a wrong value is a 400, not a guess). */
export const PRICE_QUERY_LIMITS = { maxKilometers: 2_000_000, maxOwners: 10 } as const;

/**
 * What is wrong with the query, or undefined: an unknown car sub-model, a registration before the sub-model's
 * first model year (less one: a car may be registered the year before its model year) or after this month,
 * a month outside 1-12, kilometres or owners out of range.
 */
export function priceQueryProblem(
  query: PriceQuery,
  now: Date,
): 'subModel' | 'yearOnRoad' | 'monthOnRoad' | 'kilometers' | 'owners' | undefined {
  const subModel = pricedSubModel(query.subModelId);
  if (!subModel) return 'subModel';
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(query.yearOnRoad) || query.yearOnRoad < subModel.yearFrom - 1 || query.yearOnRoad > thisYear)
    return 'yearOnRoad';
  if (!Number.isInteger(query.monthOnRoad) || query.monthOnRoad < 1 || query.monthOnRoad > 12) return 'monthOnRoad';
  if (query.yearOnRoad === thisYear && query.monthOnRoad > now.getUTCMonth() + 1) return 'monthOnRoad';
  if (
    !Number.isInteger(query.kilometers) ||
    query.kilometers < 0 ||
    query.kilometers > PRICE_QUERY_LIMITS.maxKilometers
  )
    return 'kilometers';
  if (!Number.isInteger(query.owners) || query.owners < 0 || query.owners > PRICE_QUERY_LIMITS.maxOwners)
    return 'owners';
  return undefined;
}
