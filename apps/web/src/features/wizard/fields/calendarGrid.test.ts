import { describe, expect, it } from 'vitest';
import { addDays, addMonths, keyTarget, maskDate, monthGrid, weekday } from './calendarGrid.ts';

describe('calendar grid', () => {
  it('lays a month out in weeks from Sunday', () => {
    const march2026 = monthGrid(2026, 3); // 1 March 2026 is a Sunday
    expect(march2026[0]?.[0]).toBe('2026-03-01');
    expect(march2026).toHaveLength(5);
    expect(march2026[4]).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', null, null, null, null]);
    const feb2024 = monthGrid(2024, 2); // a Thursday, leap year
    expect(feb2024[0]).toEqual([null, null, null, null, '2024-02-01', '2024-02-02', '2024-02-03']);
    expect(feb2024.flat().filter(Boolean)).toHaveLength(29);
  });

  it('adds days and months across boundaries', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(weekday('2026-03-15')).toBe(0);
  });

  it('moves by keys in a right-to-left grid', () => {
    expect(keyTarget('2026-03-18', 'ArrowLeft')).toBe('2026-03-19');
    expect(keyTarget('2026-03-18', 'ArrowRight')).toBe('2026-03-17');
    expect(keyTarget('2026-03-18', 'ArrowDown')).toBe('2026-03-25');
    expect(keyTarget('2026-03-18', 'Home')).toBe('2026-03-15');
    expect(keyTarget('2026-03-18', 'End')).toBe('2026-03-21');
    expect(keyTarget('2026-03-18', 'PageUp')).toBe('2026-02-18');
    expect(keyTarget('2026-03-18', 'a')).toBeUndefined();
  });

  it('masks typed dates as DD/MM/YYYY', () => {
    expect(maskDate('0')).toBe('0');
    expect(maskDate('010')).toBe('01/0');
    expect(maskDate('01/02/2026')).toBe('01/02/2026');
    expect(maskDate('0102202699')).toBe('01/02/2026');
    expect(maskDate('')).toBe('');
  });
});
