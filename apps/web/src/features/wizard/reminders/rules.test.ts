import type { FieldValue } from '@app/form-engine/model';
import { describe, expect, it } from 'vitest';
import {
  descriptionReminder,
  duplicateCheck,
  floorText,
  kmPaddings,
  kmReminder,
  parsePrice,
  priceDecreased,
  priceReminder,
  type ReminderContext,
} from './rules.ts';

function ctx(
  over: Partial<ReminderContext> & { values?: Record<string, string>; texts?: Record<string, string>; step?: number },
  stepFields: string[] = [],
): ReminderContext {
  const values: Record<string, FieldValue> = over.values ?? {};
  return {
    cat: 1,
    subcat: 1,
    step: 2,
    area: 'a',
    read: (id) => values[id],
    optionText: (id) => over.texts?.[id],
    inStep: (id) => stepFields.includes(id),
    defined: (id) => id in values || stepFields.includes(id),
    ...over,
  };
}

const carProps = { colorGroup: '3', color: '31', hand: '1', ownerID: '1' };

describe('kmPaddings', () => {
  it.each([
    ['85', [8_500, 85_000, 850_000]],
    ['5', [5_000, 50_000, 500_000]],
    ['123', [1_230, 12_300, 123_000]],
    ['1.2', [1_200, 12_000, 120_000]],
    ['1,5', [1_500, 15_000, 150_000]],
    ['1234', null],
    ['0', null],
    ['', null],
    ['8a', null],
  ])('%s → %j', (value, want) => {
    expect(kmPaddings(value)).toEqual(want);
  });
});

describe('kmReminder', () => {
  const base = { step: 2, values: { ...carProps, km: '85' } };
  it('cat 1, step 2, colour group, colour, hand ≥ 1, owner and km of 3 digits or fewer', () => {
    expect(kmReminder(ctx(base, ['km']))).toEqual([8_500, 85_000, 850_000]);
  });
  it.each([
    ['another step', { ...base, step: 3 }],
    ['another category', { ...base, cat: 2 }],
    ['no colour', { ...base, values: { ...base.values, color: '-1' } }],
    ['hand 0 (new)', { ...base, values: { ...base.values, hand: '0' } }],
    ['no owner', { ...base, values: { ...base.values, ownerID: '' } }],
    ['four digits', { ...base, values: { ...base.values, km: '8,500' } }],
  ])('not with %s', (_name, over) => {
    expect(kmReminder(ctx(over, ['km']))).toBeNull();
  });
});

describe('descriptionReminder', () => {
  const car = {
    values: { manufacturer: '19', model: '190', year: '2021', colorGroup: '1', hand: '2', km: '85,000' },
    texts: { manufacturer: 'טויוטה', model: 'קורולה', year: '2021', colorGroup: 'לבן', hand: 'יד שנייה' },
    step: 3,
  };
  it('builds the text from the filled fields when the description is empty and on this step', () => {
    expect(descriptionReminder(ctx(car, ['description']))).toBe(
      'טויוטה קורולה 2021 למכירה, בצבע לבן, יד שנייה, 85,000 ק"מ.',
    );
  });
  it('not when the description is filled, elsewhere, or a source is missing', () => {
    expect(descriptionReminder(ctx({ ...car, values: { ...car.values, description: 'x' } }, ['description']))).toBe(
      null,
    );
    expect(descriptionReminder(ctx(car, ['price']))).toBeNull();
    expect(descriptionReminder(ctx({ ...car, values: { ...car.values, km: '' } }, ['description']))).toBeNull();
  });
  it('writes floor 1 as first; cuts to the maxlength (default 200)', () => {
    const home = {
      cat: 2,
      subcat: 1,
      values: { HomeTypeID: '1', floor: '1', city: '5000' },
      texts: { HomeTypeID: 'דירה', city: 'תל אביב-יפו', floor: '1' },
    };
    expect(descriptionReminder(ctx(home, ['description']))).toBe('דירה למכירה בתל אביב-יפו, קומה ראשונה.');
    expect(descriptionReminder(ctx({ ...home, descriptionMax: 10 }, ['description']))).toBe('דירה למכיר');
    expect(floorText('7')).toBe('קומה 7');
    expect(floorText('0')).toBe('קומת קרקע');
  });
});

describe('priceReminder', () => {
  it('step 3 with an empty price; cars 1 and 3; real-estate sale needs date and area, rent paymentInYear', () => {
    expect(priceReminder(ctx({ step: 3, values: {} }, ['price']))).toBe(true);
    expect(priceReminder(ctx({ step: 3, values: { price: '85,000' } }, ['price']))).toBe(false);
    expect(priceReminder(ctx({ step: 2, values: {} }, ['price']))).toBe(false);
    expect(priceReminder(ctx({ step: 3, subcat: 2, values: {} }, ['price']))).toBe(false);
    expect(priceReminder(ctx({ step: 3, values: { city: '' } }, ['price']))).toBe(false);
    const sale = { step: 3, cat: 2, subcat: 1 };
    expect(priceReminder(ctx({ ...sale, values: { entranceDate: '2027-01-01', sqmBuilt: '85' } }, ['price']))).toBe(
      true,
    );
    expect(priceReminder(ctx({ ...sale, values: { entranceDate: '', sqmBuilt: '85' } }, ['price']))).toBe(false);
    const rent = { ...sale, subcat: 2, values: { entranceDate: '2027-01-01', sqmBuilt: '85', paymentInYear: '-1' } };
    expect(priceReminder(ctx(rent, ['price']))).toBe(false);
    expect(priceReminder(ctx({ ...rent, values: { ...rent.values, paymentInYear: '12' } }, ['price']))).toBe(true);
  });
});

describe('duplicateCheck', () => {
  const values = { registrationPlate: '374-97-104', manufacturer: '19', model: '190', year: '2021' };
  it('step 1, cat 1 subcats 1-4, all four fields', () => {
    expect(duplicateCheck(ctx({ step: 1, values }))).toEqual({ catId: '1', subCatId: '1', ...values });
    expect(duplicateCheck(ctx({ step: 1, subcat: 4, values }))).not.toBeNull();
    expect(duplicateCheck(ctx({ step: 1, subcat: 5, values }))).toBeNull();
    expect(duplicateCheck(ctx({ step: 2, values }))).toBeNull();
    expect(duplicateCheck(ctx({ step: 1, values: { ...values, registrationPlate: '' } }))).toBeNull();
  });
});

describe('parsePrice and priceDecreased', () => {
  it('reads a custom amount with ₪ and separators', () => {
    expect(parsePrice('₪ 85,000')).toBe(85_000);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('12a')).toBeNull();
    expect(parsePrice('1234567890')).toBeNull();
  });
  it('order type 1, lower price, not disallowed', () => {
    const base = { orderTypeId: 1, disallow: false, before: '90,000', after: '85,000' };
    expect(priceDecreased(base)).toBe(true);
    expect(priceDecreased({ ...base, after: '95,000' })).toBe(false);
    expect(priceDecreased({ ...base, orderTypeId: 3 })).toBe(false);
    expect(priceDecreased({ ...base, disallow: true })).toBe(false);
    expect(priceDecreased({ ...base, after: '' })).toBe(false);
  });
});
