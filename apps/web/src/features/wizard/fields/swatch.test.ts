import { describe, expect, it } from 'vitest';
import { hasSwatches, swatchOf } from './swatch.ts';

describe('swatchOf', () => {
  it('takes the gradient of metallic paints, else the colour, else the group colour', () => {
    const gradient = 'linear-gradient(135deg, #FFFFFF 0%, #F2F2F2 50%, #D6D6D6 100%)';
    expect(swatchOf({ attrs: { CarColorHex: '#F2F2F2', CarColorGradientStyle: gradient } })).toBe(gradient);
    expect(swatchOf({ attrs: { CarColorHex: '#000000' } })).toBe('#000000');
    expect(swatchOf({ attrs: { CarColorGroupHEX: '#C0C0C0' } })).toBe('#C0C0C0');
  });

  it('refuses anything that is not a plain colour or gradient', () => {
    expect(swatchOf({ attrs: { CarColorHex: 'red; background: url(x)' } })).toBeUndefined();
    expect(swatchOf({ attrs: { CarColorGradientStyle: 'url(javascript:alert(1))', CarColorHex: '#123' } })).toBe(
      '#123',
    );
    expect(swatchOf({})).toBeUndefined();
    expect(hasSwatches([{ attrs: { CarColorGroupID: 1 } }])).toBe(false);
    expect(hasSwatches([{}, { attrs: { CarColorGroupHEX: '#fff' } }])).toBe(true);
  });
});
