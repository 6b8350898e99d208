import { describe, expect, it } from 'vitest';
import { priceQueryFrom, showsPriceSuggestion } from './priceSuggestion.ts';

describe('showsPriceSuggestion (spec: cat 1, subcat 1 or 3, step 3)', () => {
  it.each<[string, Parameters<typeof showsPriceSuggestion>, boolean]>([
    ['private car, step 3', ['publish', '1', '1', 3], true],
    ['jeep, step 3', ['publish', '1', '3', 3], true],
    ['commercial vehicle', ['publish', '1', '2', 3], false],
    ['private-car trader', ['publish', '1', '8', 3], false],
    ['motorcycle', ['publish', '1', '4', 3], false],
    ['step 2', ['publish', '1', '1', 2], false],
    ['step 4', ['publish', '1', '1', 4], false],
    ['real estate', ['publish', '2', '1', 3], false],
    ['edit mode', ['edit', '1', '1', 3], false],
    ['no subcat', ['publish', '1', undefined, 3], false],
  ])('%s → %s', (_name, args, shown) => {
    expect(showsPriceSuggestion(...args)).toBe(shown);
  });
});

describe('priceQueryFrom', () => {
  const values = { subModel: '10113', yearOnRoad: '2023', month: '6', km: '50,000', hand: '1' };
  it('maps the form to the spec query, kilometres as digits', () => {
    expect(priceQueryFrom(values)).toEqual({
      subModelId: '10113',
      ascentYearOnRoad: '2023',
      ascentMonthOnRoad: '6',
      kilometers: '50000',
      ownersNumber: '1',
    });
  });
  it('sends month 1 when unset or -1', () => {
    expect(priceQueryFrom({ ...values, month: '-1' })?.ascentMonthOnRoad).toBe('1');
    expect(priceQueryFrom({ ...values, month: undefined })?.ascentMonthOnRoad).toBe('1');
  });
  it('keeps hand 0 (a new car)', () => {
    expect(priceQueryFrom({ ...values, hand: '0' })?.ownersNumber).toBe('0');
  });
  it.each(['subModel', 'yearOnRoad', 'km', 'hand'])('asks nothing while %s is missing', (field) => {
    expect(priceQueryFrom({ ...values, [field]: '-1' })).toBeNull();
    expect(priceQueryFrom({ ...values, [field]: '' })).toBeNull();
  });
});
