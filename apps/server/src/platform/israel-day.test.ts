import { describe, expect, it } from 'vitest';
import { israelDayOf, israelDayRange, israelHourOf, israelTimeOf } from './israel-day.ts';

describe("Israel's day", () => {
  it('starts at 22:00 UTC in winter and 21:00 UTC in summer, and is 23 or 25 hours on the change days', () => {
    expect(israelDayRange('2026-01-15')).toEqual({
      start: new Date('2026-01-14T22:00:00Z'),
      end: new Date('2026-01-15T22:00:00Z'),
    });
    expect(israelDayRange('2026-07-15')?.start).toEqual(new Date('2026-07-14T21:00:00Z'));
    // Summer time starts on Friday 27 March 2026 and ends on Sunday 25 October 2026.
    const spring = israelDayRange('2026-03-27');
    const autumn = israelDayRange('2026-10-25');
    expect(spring && (spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    expect(autumn && (autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
    expect(israelDayOf(new Date('2026-01-14T22:30:00Z'))).toBe('2026-01-15');
    expect(israelDayRange('2026-02-30')).toBeNull();
    expect(israelDayRange('yesterday')).toBeNull();
  });

  it("gives the hour of Israel's clock, summer time included", () => {
    expect(israelHourOf(new Date('2026-01-14T22:30:00Z'))).toBe(0);
    expect(israelHourOf(new Date('2026-07-15T20:59:00Z'))).toBe(23);
    expect(israelHourOf(new Date('2026-07-15T09:00:00Z'))).toBe(12);
  });

  it("tells a time by Israel's clock, summer time included", () => {
    expect(israelTimeOf(new Date('2026-01-14T22:05:00Z'))).toBe('00:05');
    expect(israelTimeOf(new Date('2026-07-15T11:30:59Z'))).toBe('14:30');
  });
});
