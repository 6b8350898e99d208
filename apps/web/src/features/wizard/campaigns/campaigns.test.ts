import type { Campaign } from '@app/contract/planExtras';
import { describe, expect, it } from 'vitest';
import { campaignLeads, campaignStep, detectCampaigns, plateDigits, plateMissing } from './campaigns.ts';

const base = { name: 'n', title: 't', intro: 'i', description: 'd', content: 'c' };
const insurance: Campaign = { id: 'car-insurance', ...base };
const toyota: Campaign = { id: 'toyota-check', ...base, conditions: { manufacturer: '1' }, plate: true };
const years: Campaign = { id: 'new-cars', ...base, conditions: { year: ['2023', '2024'], manufacturer: '1' } };

const steps = [
  { fields: [] },
  { fields: [{ id: 'manufacturer' }, { id: 'model' }] },
  { fields: [{ id: 'km' }] },
  { fields: [{ id: 'year' }] },
  { fields: [{ id: 'phone' }] },
  { fields: [] },
] as never;

describe('detectCampaigns', () => {
  it('keeps the campaigns whose conditions the values meet', () => {
    const all = [insurance, toyota, years];
    expect(detectCampaigns(all, {}).map((c) => c.id)).toEqual(['car-insurance']);
    expect(detectCampaigns(all, { manufacturer: '1' }).map((c) => c.id)).toEqual(['car-insurance', 'toyota-check']);
    expect(detectCampaigns(all, { manufacturer: '1', year: '2024' }).map((c) => c.id)).toEqual([
      'car-insurance',
      'toyota-check',
      'new-cars',
    ]);
    expect(detectCampaigns(all, { manufacturer: '12', year: '2024' }).map((c) => c.id)).toEqual(['car-insurance']);
  });
});

describe('campaignStep', () => {
  it('is the furthest step of its condition fields, else the save step', () => {
    expect(campaignStep(insurance, steps, 4)).toBe(4);
    expect(campaignStep(toyota, steps, 4)).toBe(1);
    expect(campaignStep(years, steps, 4)).toBe(3);
    expect(campaignStep({ ...insurance, conditions: { gone: '1' } }, steps, 4)).toBe(4);
  });
});

describe('campaignLeads', () => {
  it('sends the ticked campaigns still detected, with the plate when one asks for it', () => {
    expect(campaignLeads([insurance, toyota], new Set(), '')).toBeNull();
    expect(campaignLeads([insurance, toyota], new Set(['car-insurance']), '')).toEqual({
      campaigns: ['car-insurance'],
    });
    expect(campaignLeads([insurance, toyota], new Set(['car-insurance', 'toyota-check']), '37497104')).toEqual({
      campaigns: ['car-insurance', 'toyota-check'],
      registrationPlate: '37497104',
    });
    // No longer detected (another make): not sent even if it was ticked.
    expect(campaignLeads([insurance], new Set(['toyota-check']), '37497104')).toBeNull();
    // Without a valid plate the plate campaign stays out.
    expect(campaignLeads([insurance, toyota], new Set(['car-insurance', 'toyota-check']), '123')).toEqual({
      campaigns: ['car-insurance'],
    });
  });
});

describe('plateMissing', () => {
  it('names a ticked plate campaign of the step without a valid plate', () => {
    expect(plateMissing([toyota], new Set(['toyota-check']), '123456')?.id).toBe('toyota-check');
    expect(plateMissing([toyota], new Set(['toyota-check']), '7675153')).toBeUndefined();
    expect(plateMissing([toyota], new Set(), '')).toBeUndefined();
    expect(plateMissing([insurance], new Set(['car-insurance']), '')).toBeUndefined();
  });
});

describe('plateDigits', () => {
  it('keeps the digits of a formatted plate', () => {
    expect(plateDigits('374-97-104')).toBe('37497104');
    expect(plateDigits(' 12 345 67 ')).toBe('1234567');
  });
});
