import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:MM with zero padding', () => {
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe('05/01/2025 09:07');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59))).toBe('31/12/2024 23:59');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
