import { describe, expect, it } from 'vitest';
import { isCampaignPlate, meetsCampaignConditions } from './planExtras.ts';

describe('meetsCampaignConditions', () => {
  it('holds without conditions', () => {
    expect(meetsCampaignConditions(undefined, {})).toBe(true);
    expect(meetsCampaignConditions({}, { manufacturer: '1' })).toBe(true);
  });

  it('needs the field to have the value, or one of the allowed list', () => {
    expect(meetsCampaignConditions({ manufacturer: '1' }, { manufacturer: '1' })).toBe(true);
    expect(meetsCampaignConditions({ manufacturer: '1' }, { manufacturer: '12' })).toBe(false);
    expect(meetsCampaignConditions({ manufacturer: ['1', '12'] }, { manufacturer: '12' })).toBe(true);
    expect(meetsCampaignConditions({ manufacturer: ['1', '12'] }, { manufacturer: '7' })).toBe(false);
  });

  it('fails on an empty or missing value; a multiple field holds with any of its values', () => {
    expect(meetsCampaignConditions({ manufacturer: '1' }, {})).toBe(false);
    expect(meetsCampaignConditions({ manufacturer: '1' }, { manufacturer: '' })).toBe(false);
    expect(meetsCampaignConditions({ extras: '4' }, { extras: ['2', '4'] })).toBe(true);
    expect(meetsCampaignConditions({ extras: '4' }, { extras: [] })).toBe(false);
  });

  it('needs every condition', () => {
    const conditions = { manufacturer: '1', year: ['2020', '2021'] };
    expect(meetsCampaignConditions(conditions, { manufacturer: '1', year: '2021' })).toBe(true);
    expect(meetsCampaignConditions(conditions, { manufacturer: '1', year: '2019' })).toBe(false);
  });
});

describe('isCampaignPlate', () => {
  it('takes 7 or 8 digits only', () => {
    expect(isCampaignPlate('1234567')).toBe(true);
    expect(isCampaignPlate('12345678')).toBe(true);
    for (const bad of ['', '123456', '123456789', '12-345-67', '1234567a', ' 1234567']) {
      expect(isCampaignPlate(bad)).toBe(false);
    }
  });
});
