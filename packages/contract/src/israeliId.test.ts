import { describe, expect, it } from 'vitest';
import { isCompanyNumber, israeliIdDigits, isValidIsraeliId } from './israeliId.ts';

describe('isValidIsraeliId', () => {
  it.each([
    ['000000018', true], // the smallest valid number
    ['123456782', true],
    ['123-456-782', true], // dashes as printed
    [' 12345678 2', true], // spaces dropped
    ['12345678', false], // padded to 012345678: wrong check digit
    ['039337423', true],
    ['39337423', true], // an 8-digit ID is padded with a leading zero
    ['123456789', false], // wrong check digit
    ['123456781', false],
    ['000000000', false], // all zeros
    ['1234', false], // too short
    ['1234567890', false], // too long
    ['12345678a', false],
    ['', false],
    [123456782, true], // a number from a JSON body
  ])('%s → %s', (input, ok) => {
    expect(isValidIsraeliId(input)).toBe(ok);
  });

  it('accepts company numbers with the same check digit', () => {
    // 51-xxxxxx-x: a private company (the Registrar of Companies uses the ID algorithm).
    expect(isValidIsraeliId('510000003')).toBe(true);
    expect(isCompanyNumber('51-000000-3')).toBe(true);
    expect(isCompanyNumber('510000004')).toBe(false);
    // A valid personal ID is no company number.
    expect(isCompanyNumber('123456782')).toBe(false);
  });

  it('normalises to nine digits', () => {
    expect(israeliIdDigits('39337423')).toBe('039337423');
    expect(israeliIdDigits(null)).toBeNull();
    expect(israeliIdDigits('12 34')).toBeNull();
  });
});
