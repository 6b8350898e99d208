import { describe, expect, it } from 'vitest';
import { checkBuyPackageContact, isContactEmail, isContactPhone } from './buyPackageContact.ts';

describe('isContactPhone (spec §5 Israeli formats)', () => {
  it.each([
    ['*2421', true],
    ['03-6123456', true],
    ['036123456', true],
    ['09 7654321', true],
    ['1-800-123-456', true],
    ['1800123456', true],
    ['1-599-500-500', true],
    ['1-900-123-456', true],
    ['1-801-123-456', true],
    ['050-1234567', true],
    ['0521234567', true],
    ['073-1234567', true],
    ['05-01-234567', false], // only one hyphen is removed
    ['050123456', false], // too short
    ['05012345678', false], // too long
    ['06-1234567', false], // no such area code
    ['1-234-123-456', false], // not a special prefix
    ['*24', false],
    ['', false],
  ])('%s → %s', (input, ok) => {
    expect(isContactPhone(input)).toBe(ok);
  });
  it('refuses non-strings', () => {
    expect(isContactPhone(501234567)).toBe(false);
  });
});

describe('isContactEmail', () => {
  it.each([
    ['noa@example.co.il', true],
    [' noa@example.com ', true],
    ['noa@example', false],
    ['noa example@x.com', false],
    ['@example.com', false],
    ['noa@.com', false],
  ])('%s → %s', (input, ok) => {
    expect(isContactEmail(input)).toBe(ok);
  });
});

describe('checkBuyPackageContact', () => {
  it('passes a filled form', () => {
    expect(
      checkBuyPackageContact({
        contactus_fullName: 'נועה ישראלי',
        contactus_phone: '050-1234567',
        contactus_email: 'noa@example.co.il',
      }),
    ).toEqual({});
  });
  it("names each failing field with 'שדה {label} אינו תקני'", () => {
    expect(checkBuyPackageContact({ contactus_fullName: '  ', contactus_phone: '12', contactus_email: 'x' })).toEqual({
      contactus_fullName: 'שדה שם מלא אינו תקני',
      contactus_phone: 'שדה טלפון אינו תקני',
      contactus_email: 'שדה דוא"ל אינו תקני',
    });
    expect(Object.keys(checkBuyPackageContact(null))).toHaveLength(3);
  });
});
