import { describe, expect, it } from 'vitest';
import { popupMinHeight, popupWidth } from './popupSize.ts';

describe('popupWidth', () => {
  it.each([
    [{ width: 820 }, '600px'],
    [{ width: 701 }, '600px'],
    [{ width: 700 }, '560px'],
    [{ width: 606 }, '485px'],
    [{ width: 481 }, '385px'],
    [{ width: 480 }, '480px'],
    [{ width: 450, height: 196 }, '450px'],
    [{ width: 330 }, '330px'],
  ])('desktop %o -> %s', (size, expected) => {
    expect(popupWidth(size, false)).toBe(expected);
  });

  it('uses 90% on mobile', () => {
    expect(popupWidth({ width: 450 }, true)).toBe('90%');
  });

  it('keeps the login popup at 700 px, full width on mobile', () => {
    expect(popupWidth({ width: 700 }, false, 'login')).toBe('700px');
    expect(popupWidth({ width: 700 }, true, 'login')).toBe('100%');
  });

  it('keeps the video popup at its 700 px, 95% on mobile', () => {
    expect(popupWidth({ width: 700, height: 460 }, false, 'video')).toBe('700px');
    expect(popupWidth({ width: 700, height: 460 }, true, 'video')).toBe('95%');
  });
});

describe('popupMinHeight', () => {
  it('applies the height on larger screens only', () => {
    expect(popupMinHeight({ width: 450, height: 196 }, false)).toBe('196px');
    expect(popupMinHeight({ width: 450, height: 196 }, true)).toBeUndefined();
    expect(popupMinHeight({ width: 450 }, false)).toBeUndefined();
  });
});

describe('a popup with a mobile size of its own (the thank-you popup, 330x350, 341x330 on mobile)', () => {
  const thanks = { width: 330, height: 350, mobile: { width: 341, height: 330 } };
  it('takes that size on mobile and its own elsewhere', () => {
    expect(popupWidth(thanks, false)).toBe('330px');
    expect(popupMinHeight(thanks, false)).toBe('350px');
    expect(popupWidth(thanks, true)).toBe('341px');
    expect(popupMinHeight(thanks, true)).toBe('330px');
  });
});
