import { parsePhoneNumberFromString as parseWithIsrael } from 'libphonenumber-js/core';
import full from 'libphonenumber-js/metadata.min.json';
import { parsePhoneNumberFromString as parseWithAllCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { IL_METADATA } from './phoneMetadata.ts';
import {
  formatPhone,
  internationalPhone,
  inWeekendWindow,
  isLandline,
  isSandboxSmsFailure,
  isValidCode,
  isValidPhone,
  normalisePhone,
  PHONE_ERROR,
  PHONE_PREFIXES,
  phoneError,
  SANDBOX_SMS_FAILURES,
} from './phones.ts';

describe('phone numbers (spec §5)', () => {
  it('accepts a number of every listed prefix at its length, nothing else', () => {
    for (const p of PHONE_PREFIXES) {
      const rest = p.length === 3 ? '1234567' : '1234567';
      expect(isValidPhone(`${p}${rest}`), p).toBe(true);
      expect(isValidPhone(`${p}${rest}8`), `${p} too long`).toBe(false);
      expect(isValidPhone(`${p}${rest.slice(1)}`), `${p} too short`).toBe(false);
    }
    expect(isValidPhone('0591234567')).toBe(false); // not offered by the spec
    expect(isValidPhone('050123456a')).toBe(false);
    expect(isValidPhone('05O1234567')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('answers a number asked again as the first time, whatever its form, also after many other numbers', () => {
    const asked = ['050-1234567', '0501234567', '+972 50 123 4567', '0591234567', '02-1234567', '0212345678'];
    const first = asked.map(isValidPhone);
    expect(first).toEqual([true, true, true, false, true, false]);
    // More numbers than the judged ones kept: the memory is emptied and the answers are worked out again.
    for (let n = 0; n < 2500; n++) isValidPhone(`05${n % 2 ? '0' : '9'}${String(n).padStart(7, '0')}`);
    expect(asked.map(isValidPhone)).toEqual(first);
    expect(isValidPhone('0501234567')).toBe(true);
    expect(isValidPhone('0591234567')).toBe(false);
  });

  it('normalises dashes, spaces and +972 to the national digits', () => {
    expect(normalisePhone('050-1234567')).toBe('0501234567');
    expect(normalisePhone(' +972 50 123 4567 ')).toBe('0501234567');
    expect(normalisePhone('00972-2-1234567')).toBe('021234567');
    expect(normalisePhone('abc')).toBeNull();
  });

  it('inserts the dash after the prefix and keeps at most 11 characters', () => {
    expect(formatPhone('0501234567')).toBe('050-1234567');
    expect(formatPhone('021234567')).toBe('02-1234567');
    expect(formatPhone('050')).toBe('050');
    expect(formatPhone('0501')).toBe('050-1');
    expect(formatPhone('050123456789')).toBe('050-1234567');
    expect(formatPhone('050-12a34')).toBe('050-1234');
  });

  it('knows the landline pattern: area code 0, 2-4 or 8-9, plus 7 digits', () => {
    for (const n of ['021234567', '031234567', '041234567', '081234567', '091234567']) {
      expect(isLandline(n), n).toBe(true);
    }
    for (const n of ['0501234567', '0721234567', '051234567', '061234567']) expect(isLandline(n), n).toBe(false);
  });

  it('refuses a landline only as the primary phone of a normal ad, with the spec texts', () => {
    expect(phoneError('02-1234567', { primary: true })).toBe('טלפון נייח אינו מאופשר');
    expect(phoneError('02-1234567', { primary: false })).toBeNull();
    expect(phoneError('02-1234567', { primary: true, categoryTrader: true })).toBeNull();
    expect(phoneError('050-123456', { primary: true })).toBe('המספר אינו תקין');
    expect(phoneError('050-1234567', { primary: true })).toBeNull();
  });

  it('takes a code of exactly five digits', () => {
    expect(isValidCode('12345')).toBe(true);
    for (const c of ['1234', '123456', '1234a', ' 12345', '', 12345]) expect(isValidCode(c), String(c)).toBe(false);
  });

  it("tells the SMS sandbox's failure switch from any other value", () => {
    expect(SANDBOX_SMS_FAILURES).toEqual(['none', 'fail', 'late']);
    for (const v of SANDBOX_SMS_FAILURES) expect(isSandboxSmsFailure(v)).toBe(true);
    for (const v of ['FAIL', 'on', '', undefined]) expect(isSandboxSmsFailure(v)).toBe(false);
  });

  it('names all 19 error types', () => {
    expect(Object.values(PHONE_ERROR).sort((a, b) => a - b)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(PHONE_ERROR).toMatchObject({ alreadyConfirmed: 4, smsAlreadySent: 5, blocked: 11, codeExpired: 18 });
  });
});

describe('the weekend-calls window (Friday 14:00 to Saturday 23:59, Israel time)', () => {
  it.each([
    // Winter (UTC+2)
    ['2026-01-16T11:59:00Z', false], // Friday 13:59
    ['2026-01-16T12:00:00Z', true], // Friday 14:00
    ['2026-01-17T21:59:00Z', true], // Saturday 23:59
    ['2026-01-17T22:00:00Z', false], // Sunday 00:00
    ['2026-01-15T12:00:00Z', false], // Thursday 14:00
    // Summer (UTC+3): the same wall-clock hours
    ['2026-07-17T10:59:00Z', false], // Friday 13:59
    ['2026-07-17T11:00:00Z', true], // Friday 14:00
    ['2026-07-18T20:59:00Z', true], // Saturday 23:59
    ['2026-07-18T21:00:00Z', false], // Sunday 00:00
  ])('%s → %s', (iso, expected) => {
    expect(inWeekendWindow(new Date(iso))).toBe(expected);
  });
});

describe('Israel-only phone metadata', () => {
  it('equals the installed libphonenumber-js metadata for Israel (run scripts/phone-metadata.mjs after an upgrade)', () => {
    expect(IL_METADATA).toEqual({
      version: full.version,
      country_calling_codes: { 972: full.country_calling_codes['972'] },
      countries: { IL: full.countries.IL },
    });
  });

  it('decides Israeli numbers as the library with every country does', () => {
    const samples = [
      '0501234567',
      '0521234567',
      '0771234567',
      '021234567',
      '0312345678',
      '050123456',
      '+972501234567',
      '1800123456',
      '0591234567',
      '0000000000',
      '05012345678',
      '972501234567',
      '081234567',
      '0731234567',
      '+15551234567',
    ];
    for (const sample of samples) {
      const all = parseWithAllCountries(sample, 'IL');
      const israel = parseWithIsrael(sample, 'IL', IL_METADATA);
      expect({ sample, valid: israel?.isValid() === true, national: israel?.nationalNumber }).toEqual({
        sample,
        valid: all?.isValid() === true && all.country === 'IL',
        national: all?.country === 'IL' ? all.nationalNumber : israel?.nationalNumber,
      });
    }
  });
});

describe('internationalPhone', () => {
  it('gives a valid national number in E.164, and normalisePhone reads it back', () => {
    expect(internationalPhone('050-1234567')).toBe('+972501234567');
    expect(internationalPhone('0733755555')).toBe('+972733755555');
    expect(internationalPhone('03-7654321')).toBe('+97237654321');
    expect(normalisePhone('+972501234567')).toBe('0501234567');
  });
  it('gives null for what is not a valid number of the list', () => {
    expect(internationalPhone('050123')).toBeNull();
    expect(internationalPhone('+14155551234')).toBeNull();
    expect(internationalPhone('')).toBeNull();
  });
});
