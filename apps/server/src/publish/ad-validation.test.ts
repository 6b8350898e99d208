import { describe, expect, it } from 'vitest';
import { israelToday } from './ad-validation.ts';

describe("israelToday (the date rules' today)", () => {
  it('turns at midnight in Israel, in winter and in summer, asked in any order', () => {
    // Winter: UTC+2, midnight is 22:00 UTC; summer: UTC+3, 21:00 UTC.
    expect(israelToday(new Date('2026-01-14T21:59:59.999Z'))).toBe('2026-01-14');
    expect(israelToday(new Date('2026-01-14T21:59:00.000Z'))).toBe('2026-01-14');
    expect(israelToday(new Date('2026-01-14T22:00:00.000Z'))).toBe('2026-01-15');
    expect(israelToday(new Date('2026-01-14T22:00:59.999Z'))).toBe('2026-01-15');
    expect(israelToday(new Date('2026-01-14T21:59:30.000Z'))).toBe('2026-01-14');
    expect(israelToday(new Date('2026-07-14T20:59:59.000Z'))).toBe('2026-07-14');
    expect(israelToday(new Date('2026-07-14T21:00:00.000Z'))).toBe('2026-07-15');
    expect(israelToday(new Date('2026-07-14T20:59:01.000Z'))).toBe('2026-07-14');
  });
});
