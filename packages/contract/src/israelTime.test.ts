import { describe, expect, it } from 'vitest';
import { israelDate } from './israelTime.ts';

describe("a date in Israel's calendar", () => {
  it('is the day in Israel, whatever the hour in UTC, with the separator asked for', () => {
    // 22:30 UTC on the 31st is already the 1st in Israel (UTC+2 in winter, +3 in summer).
    expect(israelDate(new Date('2026-12-31T22:30:00Z'), '/')).toBe('01/01/2027');
    expect(israelDate(new Date('2026-07-14T20:59:00Z'), '-')).toBe('14-07-2026');
    expect(israelDate(new Date('2026-07-14T21:00:00Z'), '-')).toBe('15-07-2026');
  });
});
