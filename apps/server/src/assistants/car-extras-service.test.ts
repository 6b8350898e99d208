import { describe, expect, it } from 'vitest';
import { pricePresets, readDuplicationCheck, readPriceMatch, readTradeInLead } from './car-extras-service.ts';

describe('pricePresets', () => {
  it.each([
    [[], []],
    [[50_000, 60_000], []],
    [
      [50_000, 60_000, 70_000],
      [55_000, 60_000, 65_000],
    ],
    [[84_900, 85_100, 85_000, 85_000], [85_000]],
    [
      [1_990_000, 2_150_000, 2_480_000, 2_600_000, 3_100_000],
      [2_150_000, 2_480_000, 2_600_000],
    ],
    [
      [3_400, 3_550, 3_900],
      [3_500, 3_600, 3_700],
    ],
  ])('%j → %j', (prices, presets) => {
    expect(pricePresets(prices)).toEqual(presets);
  });
});

describe('readPriceMatch', () => {
  it('cars 1 and 3 by make, model and year; real estate 1 and 2 by city and home type; else null', () => {
    expect(readPriceMatch({ cat: '1', subcat: '3', manufacturer: '7', model: '70', year: '2021' })).toEqual({
      cat: 1,
      subcat: 3,
      match: { manufacturer: '7', model: '70', year: '2021' },
    });
    expect(readPriceMatch({ cat: '1', subcat: '2', manufacturer: '7', model: '70', year: '2021' })).toBeNull();
    expect(readPriceMatch({ cat: '1', subcat: '1', manufacturer: '7', model: '70' })).toBeNull();
    expect(readPriceMatch({ cat: '2', subcat: '2', city: '5000', HomeTypeID: '1' })?.match).toEqual({
      city: '5000',
      HomeTypeID: '1',
    });
    expect(readPriceMatch({ cat: '2', subcat: '1', city: "5000' OR 1=1", HomeTypeID: '1' })).toBeNull();
  });
});

describe('readDuplicationCheck', () => {
  const car = {
    catId: '1',
    subCatId: '1',
    registrationPlate: '374-97-104',
    manufacturer: '1',
    model: '2',
    year: '2021',
  };
  it('applies to cat 1 subcats 1-4 with all four fields', () => {
    expect(readDuplicationCheck(car)).toEqual({ plate: '37497104', manufacturer: '1', model: '2', year: '2021' });
    expect(readDuplicationCheck({ ...car, subCatId: '4' })).not.toBeNull();
    expect(readDuplicationCheck({ ...car, subCatId: '5' })).toBeNull();
    expect(readDuplicationCheck({ ...car, registrationPlate: '12345' })).toBeNull();
    expect(readDuplicationCheck({ ...car, year: '-1' })).toBeNull();
  });
});

describe('readTradeInLead', () => {
  it("requires name and phone with the spec's texts", () => {
    expect(readTradeInLead({})).toEqual({ ok: false, errors: { name: 'שם מלא שדה חובה', phone: 'טלפון שדה חובה' } });
    expect(readTradeInLead({ name: 'דנה', phone: '050-1234567' })).toEqual({
      ok: true,
      value: { name: 'דנה', phone: '0501234567', car: {} },
    });
  });
});
