import { describe, expect, it, vi } from 'vitest';
import { signFacts, signPrice } from './carSign.ts';
import { carSignPath, openCarSign } from './openCarSign.ts';

describe('signPrice: only above 0', () => {
  it.each<[string | null, number | undefined]>([
    ['85000', 85000],
    ['85,000', 85000],
    ['0', undefined],
    ['', undefined],
    [null, undefined],
    ['-5', undefined],
    ['abc', undefined],
  ])('%s → %s', (price, shown) => {
    expect(signPrice(price)).toBe(shown);
  });
});

describe('signFacts', () => {
  it('year, hand in words and kilometres with separators', () => {
    expect(signFacts({ Year: '2022', Hand: '1', KM: '45000' })).toEqual([
      { label: 'שנה', value: '2022' },
      { label: 'יד', value: 'ראשונה' },
      { label: 'קילומטראז׳', value: '45,000 ק"מ' },
    ]);
  });
  it('leaves out what the ad does not have', () => {
    expect(signFacts({ Year: null, Hand: null, KM: null })).toEqual([]);
  });
});

describe('openCarSign', () => {
  it('opens an 870x605 window on the sign and cuts its opener', () => {
    const win = { opener: {} } as unknown as Window;
    const open = vi.fn(() => win);
    expect(openCarSign(50000001, open)).toBe(true);
    expect(open).toHaveBeenCalledWith('/print/carQR/50000001', 'carSign', 'width=870,height=605');
    expect(win.opener).toBeNull();
  });
  it('says so when the window was blocked', () => {
    expect(openCarSign('7', () => null)).toBe(false);
    expect(carSignPath('7')).toBe('/print/carQR/7');
  });
});
