import { describe, expect, it } from 'vitest';
import { charsCounter, quality } from './quality.ts';

describe('description quality bar', () => {
  it.each([
    [0, 1000, 'empty', 'מומלץ להוסיף תיאור'],
    [1, 1000, 'tooShort', 'קצר מדי'],
    [29, 1000, 'tooShort', 'קצר מדי'],
    [30, 1000, 'rightWay', 'בכיוון הנכון'],
    [59, 1000, 'rightWay', 'בכיוון הנכון'],
    [60, 1000, 'almostThere', 'כמעט שם'],
    [100, 1000, 'nearly', 'עוד קצת'],
    [129, 1000, 'nearly', 'עוד קצת'],
    [130, 1000, 'bullseye', 'בול! תיאור מצוין'],
    [19, 150, 'tooShort', 'קצר מדי'],
    [20, 150, 'rightWay', 'בכיוון הנכון'],
    [30, 150, 'almostThere', 'כמעט שם'],
    [50, 150, 'nearly', 'עוד קצת'],
    [60, 150, 'bullseye', 'בול! תיאור מצוין'],
    [200, 200, 'bullseye', 'בול! תיאור מצוין'],
  ])('%i characters of %i: %s', (length, maxlength, level, caption) => {
    expect(quality(length, maxlength)).toMatchObject({ level, caption });
  });

  it('breakpoints and scale depend on maxlength (under 200 vs not)', () => {
    expect(quality(10, 199)).toMatchObject({ breakpoints: [20, 30, 50, 60], scaleMax: 199 });
    expect(quality(10, 200)).toMatchObject({ breakpoints: [30, 60, 100, 130], scaleMax: 150 });
    expect(quality(10)).toMatchObject({ scaleMax: 150 });
  });

  it('percent fills the scale and stops at 100', () => {
    expect(quality(75, 1000).percent).toBe(50);
    expect(quality(900, 1000).percent).toBe(100);
    expect(quality(50, 100).percent).toBe(50);
  });
});

describe('characters counter', () => {
  it('counts against maxlength', () => {
    expect(charsCounter('שלום', 10)).toEqual({ count: 4, max: 10, remaining: 6, text: '4/10' });
    expect(charsCounter('x'.repeat(12), 10).remaining).toBe(0);
    expect(charsCounter('').max).toBe(200);
  });
});
