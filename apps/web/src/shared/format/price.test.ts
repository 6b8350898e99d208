import { describe, expect, it } from 'vitest';
import { dashDateToSlashes, formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('puts thousands separators and the shekel sign; agorot only when present', () => {
    expect(formatPrice(54900)).toBe('549 ₪');
    expect(formatPrice(179900)).toBe('1,799 ₪');
    expect(formatPrice(249000000)).toBe('2,490,000 ₪');
    expect(formatPrice(4950)).toBe('49.50 ₪');
    expect(formatPrice(0)).toBe('0 ₪');
  });
  it('writes the server’s dd-mm-yyyy as DD/MM/YYYY', () => {
    expect(dashDateToSlashes('21-02-2027')).toBe('21/02/2027');
    expect(dashDateToSlashes('oops')).toBe('oops');
  });
});
