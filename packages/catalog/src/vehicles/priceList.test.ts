import { describe, expect, it } from 'vitest';
import {
  listPrice,
  type PriceQuery,
  pricedSubModel,
  priceQueryProblem,
  suggestPrice,
  trimFactor,
} from './priceList.ts';
import { SUB_MODELS } from './subModels.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const COROLLA_SUN = 10113; // 1.8 היברידי Sun, 2023-2026
const COROLLA_COMFORT = 10114;
const COROLLA_EXECUTIVE = 10115;
const COROLLA_GR_SPORT = 10116;
const BMW_320I_SPORT = 170207; // 2019-2026
const PICANTO_LX_MANUAL = 30103; // 1.0 LX ידני, 2011-2016
const PICANTO_EX_AUTO = 30104; // 1.25 EX אוטו', 2011-2016

const base: PriceQuery = { subModelId: COROLLA_SUN, yearOnRoad: 2023, monthOnRoad: 6, kilometers: 50_000, owners: 1 };
const predicted = (change: Partial<PriceQuery>) => suggestPrice({ ...base, ...change }, NOW)?.predictedPrice ?? NaN;

describe('suggestPrice', () => {
  // Each row: what changes, and two queries of which the first must be worth more than the second.
  const falls: [string, Partial<PriceQuery>, Partial<PriceQuery>][] = [
    ['older (year)', { yearOnRoad: 2024 }, { yearOnRoad: 2023 }],
    ['older (months)', { monthOnRoad: 9 }, { monthOnRoad: 2 }],
    ['older, same kilometres', { yearOnRoad: 2025, kilometers: 20_000 }, { yearOnRoad: 2023, kilometers: 20_000 }],
    ['more kilometres', { kilometers: 30_000 }, { kilometers: 60_000 }],
    ['many more kilometres', { kilometers: 60_000 }, { kilometers: 120_000 }],
    ['second owner', { owners: 1 }, { owners: 2 }],
    ['third owner', { owners: 2 }, { owners: 3 }],
    [
      'used, not new',
      { owners: 0, kilometers: 0, yearOnRoad: 2026, monthOnRoad: 10 },
      { owners: 1, kilometers: 0, yearOnRoad: 2026, monthOnRoad: 10 },
    ],
    ['better trim: Comfort over Sun', { subModelId: COROLLA_COMFORT }, { subModelId: COROLLA_SUN }],
    ['better trim: Executive over Comfort', { subModelId: COROLLA_EXECUTIVE }, { subModelId: COROLLA_COMFORT }],
    ['stronger engine: GR Sport over Executive', { subModelId: COROLLA_GR_SPORT }, { subModelId: COROLLA_EXECUTIVE }],
    ['premium make: BMW 320i over Corolla', { subModelId: BMW_320I_SPORT }, { subModelId: COROLLA_GR_SPORT }],
    [
      'bigger engine and automatic: Picanto EX over LX',
      { subModelId: PICANTO_EX_AUTO, yearOnRoad: 2014 },
      { subModelId: PICANTO_LX_MANUAL, yearOnRoad: 2014 },
    ],
  ];
  it.each(falls)('%s is worth more', (_name, better, worse) => {
    expect(predicted(better)).toBeGreaterThan(predicted(worse));
  });

  it('gives a range around the prediction, rounded', () => {
    const price = suggestPrice(base, NOW);
    expect(price).toBeDefined();
    if (!price) return;
    expect(price.minPrice).toBeLessThan(price.predictedPrice);
    expect(price.maxPrice).toBeGreaterThan(price.predictedPrice);
    expect(price.minPrice % 500).toBe(0);
    expect(price.maxPrice % 500).toBe(0);
    expect(price.predictedPrice % 100).toBe(0);
  });

  it('keeps a three-year-old Corolla hybrid in a believable range', () => {
    // A 2023 Corolla hybrid Sun (list price about 150,000 ₪) with 50,000 km, first hand, is sold for about 100,000 ₪.
    expect(listPrice(COROLLA_SUN)).toBeGreaterThan(130_000);
    expect(listPrice(COROLLA_SUN)).toBeLessThan(170_000);
    expect(predicted({})).toBeGreaterThan(80_000);
    expect(predicted({})).toBeLessThan(120_000);
  });

  it('never falls with age, kilometres or owners for any car sub-model', () => {
    for (const subModel of SUB_MODELS) {
      if (!pricedSubModel(subModel.SubSubModelID)) continue;
      const query = { ...base, subModelId: subModel.SubSubModelID, yearOnRoad: subModel.yearFrom };
      const at = (change: Partial<PriceQuery>) => suggestPrice({ ...query, ...change }, NOW)?.predictedPrice ?? NaN;
      expect(at({ yearOnRoad: subModel.yearFrom + 1 })).toBeGreaterThanOrEqual(at({}));
      expect(at({ kilometers: 40_000 })).toBeGreaterThanOrEqual(at({ kilometers: 80_000 }));
      expect(at({ owners: 1 })).toBeGreaterThanOrEqual(at({ owners: 4 }));
    }
  });

  it('has no price list for two-wheelers and unknown ids', () => {
    expect(suggestPrice({ ...base, subModelId: 90801 }, NOW)).toBeUndefined();
    expect(suggestPrice({ ...base, subModelId: 1 }, NOW)).toBeUndefined();
  });
});

describe('trimFactor', () => {
  it.each([
    ["1.8 היברידי Sun אוטו'", 1],
    ["1.6 Comfortline אוטו'", 1.04],
    ["118i M Sport אוטו'", 1.1],
    ["2.0 היברידי GR Sport אוטו'", 1.12],
    ['GTI', 1],
  ])('%s → %d', (title, factor) => {
    expect(trimFactor(title)).toBe(factor);
  });
});

describe('priceQueryProblem', () => {
  it.each<[string, Partial<PriceQuery>, ReturnType<typeof priceQueryProblem>]>([
    ['a good query', {}, undefined],
    ['a two-wheeler', { subModelId: 90801 }, 'subModel'],
    ['before the model', { yearOnRoad: 2020 }, 'yearOnRoad'],
    ['next year', { yearOnRoad: 2027 }, 'yearOnRoad'],
    ['next month', { yearOnRoad: 2026, monthOnRoad: 12 }, 'monthOnRoad'],
    ['month 13', { monthOnRoad: 13 }, 'monthOnRoad'],
    ['negative kilometres', { kilometers: -1 }, 'kilometers'],
    ['fractional kilometres', { kilometers: 1.5 }, 'kilometers'],
    ['eleven owners', { owners: 11 }, 'owners'],
  ])('%s', (_name, change, problem) => {
    expect(priceQueryProblem({ ...base, ...change }, NOW)).toBe(problem);
  });
});
