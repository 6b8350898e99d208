import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsraelDate } from './dateTime.ts';

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:MM with zero padding', () => {
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe('05/01/2025 09:07');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59))).toBe('31/12/2024 23:59');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatIsraelDate', () => {
  it('writes the day in Israel with slashes, whatever the browser’s zone', () => {
    // 22:30 UTC on 23 November is already 24 November in Israel (UTC+2).
    expect(formatIsraelDate('2026-11-23T22:30:00Z')).toBe('24/11/2026');
    expect(formatIsraelDate(new Date('2026-07-01T10:00:00Z'))).toBe('01/07/2026');
    expect(formatIsraelDate('not a date')).toBe('');
  });
});
