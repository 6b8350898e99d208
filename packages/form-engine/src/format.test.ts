import { describe, expect, it } from 'vitest';
import {
  displayMaxLength,
  formatDate,
  formatNumber,
  formatPlate,
  isoDate,
  parseDate,
  parseNumber,
  separatorCount,
} from './format.ts';

describe('numbers', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567', '1,234,567'],
    ['1,234,567', '1,234,567'],
    ['12,34', '1,234'],
    ['abc', 'abc'],
    ['', ''],
  ])('formatNumber(%o) = %o', (input, shown) => {
    expect(formatNumber(input)).toBe(shown);
  });

  it.each([
    ['1,234,567', '1234567'],
    ['1 234', '1234'],
    ['12', '12'],
  ])('parseNumber(%o) = %o', (display, value) => {
    expect(parseNumber(display)).toBe(value);
  });

  it.each([
    [3, 0, 3],
    [4, 1, 5],
    [6, 1, 7],
    [7, 2, 9],
    [9, 2, 11],
    [10, 3, 13],
  ])('a maxlength of %i digits shows %i separators: input maxlength %i', (max, separators, widened) => {
    expect(separatorCount(max)).toBe(separators);
    expect(displayMaxLength(max)).toBe(widened);
    expect(formatNumber('9'.repeat(max))).toHaveLength(widened);
  });
});

describe('dates', () => {
  it.each([
    ['15/03/2026', '2026-03-15'],
    ['29/02/2024', '2024-02-29'],
    ['01/01/1900', '1900-01-01'],
  ])('parses %s and formats it back exactly', (text, iso) => {
    expect(parseDate(text)).toEqual({ ok: true, iso });
    expect(formatDate(iso)).toBe(text);
  });

  it.each([
    ['1/3/2026', 'format'],
    ['2026-03-15', 'format'],
    ['15/03/26', 'format'],
    ['15.03.2026', 'format'],
    ['', 'format'],
    ['32/01/2026', 'bounds'],
    ['29/02/2025', 'bounds'],
    ['00/01/2026', 'bounds'],
    ['10/13/2026', 'bounds'],
    ['10/10/1899', 'bounds'],
    ['10/10/2101', 'bounds'],
  ])('rejects %o (%s)', (text, reason) => {
    expect(parseDate(text)).toEqual({ ok: false, reason });
  });

  it('uses another format when given', () => {
    expect(parseDate('2026-03-15', 'YYYY-MM-DD')).toEqual({ ok: true, iso: '2026-03-15' });
    expect(formatDate('2026-03-15', 'MM/YYYY DD')).toBe('03/2026 15');
    expect(formatDate('not a date')).toBe('');
  });

  it('isoDate is the local calendar date', () => {
    expect(isoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('licence plates', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '12-3'],
    ['12345', '12-345'],
    ['1234567', '12-345-67'],
    ['12345678', '123-45-678'],
    ['12-345-678', '123-45-678'],
    ['123456789', '123-45-678'],
    ['ab12c34567', '12-345-67'],
  ])('formatPlate(%o) = %o', (input, shown) => {
    expect(formatPlate(input)).toBe(shown);
  });
});
