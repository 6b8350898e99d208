import { describe, expect, it } from 'vitest';
import { clampDigits, fitToLength, numericEdit, plateEdit, showsCounter, textEdit } from './inputFilter.ts';

describe('numeric fields keep digits and say so when anything else was typed', () => {
  it.each([
    ['85 אלף', '85'],
    ['85k', '85'],
    ['1.5', '15'],
    ['-300', '300'],
    ['₪1,200', '1200'],
  ])('%s keeps %s with the digits-only notice', (raw, digits) => {
    expect(numericEdit('', raw, 9)).toEqual({ digits, notice: { kind: 'digitsOnly' } });
  });

  it('separators and spaces are formatting, not input: no notice', () => {
    expect(numericEdit('', '1,250,000', 9)).toEqual({ digits: '1250000' });
    expect(numericEdit('', '1 250 000', 9)).toEqual({ digits: '1250000' });
  });

  it('the next edit that is all digits has no notice (the message goes)', () => {
    const first = numericEdit('', '85a', 9);
    expect(first.notice).toEqual({ kind: 'digitsOnly' });
    expect(numericEdit(first.digits, '850', 9)).toEqual({ digits: '850' });
  });

  it('digits beyond the maximum are cut with the too-many-characters notice', () => {
    expect(numericEdit('', '1234567890123', 9)).toEqual({
      digits: '123456789',
      notice: { kind: 'tooLong', max: 9, cut: 4 },
    });
  });

  it('a paste in the middle keeps the digits around it and trims only the pasted ones', () => {
    // 12|34 with 99999 pasted at the caret, maximum 6 digits: 12 + 99 + 34.
    expect(numericEdit('1234', '12,999,993,4', 6)).toEqual({
      digits: '129934',
      notice: { kind: 'tooLong', max: 6, cut: 3 },
    });
  });
});

describe('text fields fit an edit into their maximum and say how much did not fit', () => {
  it('205 characters pasted into a 60-character title keep 60 and say 145 were cut', () => {
    const pasted = 'א'.repeat(205);
    const edit = textEdit('', pasted, 60);
    expect(edit.text).toBe('א'.repeat(60));
    expect(edit.notice).toEqual({ kind: 'tooLong', max: 60, cut: 145 });
    expect(edit.caret).toBe(60);
  });

  it('an edit that fits has no notice', () => {
    expect(textEdit('שלו', 'שלום', 60)).toEqual({ text: 'שלום', cut: 0, caret: 4 });
  });

  it('a paste in the middle trims the pasted text, not the text after it', () => {
    const fitted = fitToLength('abcdef', 'abcXYZWdef', 8);
    expect(fitted).toEqual({ text: 'abcXYdef', cut: 2, caret: 5 });
  });

  it('a paste that replaces a selection is measured against what is left', () => {
    // "hello world" with "world" selected and replaced by a long word, maximum 12.
    expect(fitToLength('hello world', 'hello wonderful', 12)).toEqual({ text: 'hello wonder', cut: 3, caret: 12 });
  });

  it('never splits a surrogate pair (an emoji stays whole or goes whole)', () => {
    const fitted = fitToLength('ab', 'ab😀😀', 5);
    expect(fitted.text).toBe('ab😀');
    expect(fitted.cut).toBe(2);
  });

  it('a saved text already over the maximum is not cut further than the edit', () => {
    const saved = 'x'.repeat(70);
    expect(fitToLength(saved, `${saved}y`, 60)).toEqual({ text: saved, cut: 1, caret: 70 });
    expect(fitToLength(saved, saved.slice(1), 60).cut).toBe(0); // deleting is always taken
  });
});

describe('the characters counter', () => {
  it('shows when asked, after a cut, or from 80% of the maximum', () => {
    expect(showsCounter(0, 60, true)).toBe(true);
    expect(showsCounter(10, 60, false)).toBe(false);
    expect(showsCounter(48, 60, false)).toBe(true);
    expect(showsCounter(60, 60, false, { kind: 'tooLong', max: 60, cut: 145 })).toBe(true);
    expect(showsCounter(3, 200, false, { kind: 'digitsOnly' })).toBe(false);
  });
});

describe('licence plates keep digits, dashes are formatting, and anything else is told', () => {
  it('a typed or pasted plate with dashes or spaces: no notice', () => {
    expect(plateEdit('', '12-345-67')).toEqual({ digits: '1234567' });
    expect(plateEdit('', '123 45 678')).toEqual({ digits: '12345678' });
  });

  it.each([
    ['12-345-6a', '123456'],
    ['א12345', '12345'],
  ])('%s keeps %s with the digits-only notice', (raw, digits) => {
    expect(plateEdit('', raw)).toEqual({ digits, notice: { kind: 'digitsOnly' } });
  });

  it('a ninth digit is not kept, with the too-many-characters notice', () => {
    expect(plateEdit('12345678', '123-45-6789')).toEqual({
      digits: '12345678',
      notice: { kind: 'tooLong', max: 8, cut: 1 },
    });
  });
});

describe('a number outside its range is set to the nearest end when the input loses focus', () => {
  it.each([
    ['above the max', '25000', { min: 1, max: 20_000 }, { digits: '20000', to: 'max' }],
    ['below the min', '0', { min: 1, max: 20_000 }, { digits: '1', to: 'min' }],
    ['within', '1600', { min: 1, max: 20_000 }, undefined],
    ['no range', '999999', {}, undefined],
    ['not digits', '', { min: 1 }, undefined],
  ] as const)('%s', (_name, digits, range, expected) => {
    const clamped = clampDigits(digits, range);
    if (!expected) expect(clamped).toBeUndefined();
    else
      expect(clamped).toEqual({
        digits: expected.digits,
        notice: { kind: 'clamped', to: expected.to, value: Number(expected.digits) },
      });
  });
});
