import { describe, expect, it } from 'vitest';
import { formatShekels, perDays, trackPrice } from './price.ts';

describe('track prices', () => {
  it('formats shekels with thousands separators and the shekel sign', () => {
    expect(formatShekels(1234)).toBe('1,234 ₪');
    expect(formatShekels(1234567)).toBe('1,234,567 ₪');
    expect(formatShekels(89)).toBe('89 ₪');
    expect(formatShekels(19.9)).toBe('19.90 ₪');
  });

  it('says per how many days', () => {
    expect(perDays(1)).toBe('ליום אחד');
    expect(perDays(2)).toBe('ליומיים');
    expect(perDays(28)).toBe('ל־28 ימים');
    expect(perDays(1000)).toBe('ל־1,000 ימים');
  });

  it('shows a free track by its text price', () => {
    expect(trackPrice({ price: 0, days: 28, textPrice: 'חינם' }, true)).toEqual({ amount: 'חינם', per: 'ל־28 ימים' });
    expect(trackPrice({ price: 0, days: 0 }, true)).toEqual({ amount: 'חינם', per: '' });
    expect(trackPrice({ price: 2199, days: 14 }, false)).toEqual({ amount: '2,199 ₪', per: 'ל־14 ימים' });
  });
});
