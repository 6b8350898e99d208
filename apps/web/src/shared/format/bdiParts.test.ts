import { describe, expect, it } from 'vitest';
import { bdiParts } from './bdiParts.ts';

describe('bdiParts', () => {
  it('isolates prices, plates, dates and decimals', () => {
    expect(bdiParts('95,000 ₪ · רכב 12-345-67 עד 01/02/2026, מנוע 1.8')).toEqual([
      { text: '95,000', number: true },
      { text: ' ₪ · רכב ', number: false },
      { text: '12-345-67', number: true },
      { text: ' עד ', number: false },
      { text: '01/02/2026', number: true },
      { text: ', מנוע ', number: false },
      { text: '1.8', number: true },
    ]);
  });

  it('keeps a trailing separator out of the number and handles text without numbers', () => {
    expect(bdiParts('שנת 2019, יד 2.')).toEqual([
      { text: 'שנת ', number: false },
      { text: '2019', number: true },
      { text: ', יד ', number: false },
      { text: '2', number: true },
      { text: '.', number: false },
    ]);
    expect(bdiParts('טויוטה')).toEqual([{ text: 'טויוטה', number: false }]);
    expect(bdiParts('')).toEqual([]);
  });
});
