import type { FieldDef } from '@app/form-engine/model';
import { describe, expect, it } from 'vitest';
import { suggestUrl } from './useOptionLists.ts';

const street: FieldDef = {
  id: 'street',
  type: 'autocomplete',
  dataUrl: '/api/publish/options/streets',
  dependence: ['city'],
  autoCompleteByOtherFields: { fields: ['neighborhood'] },
  autoCompletePreferenceObject: { minCharacters: 2, sendParams: ['area'] },
};

describe('autocomplete suggestions', () => {
  it('ask with the keyword and the chosen values of every field they depend on', () => {
    const url = suggestUrl(street, 'הרצ', { city: '5000', neighborhood: '12', area: ['2', '3'] });
    const query = new URL(url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ city: '5000', neighborhood: '12', area: '2,3', keyword: 'הרצ' });
  });

  it('leave out what is not chosen, and have no address without a dataUrl', () => {
    const url = suggestUrl(street, 'ה', { city: '5000', neighborhood: '-1' });
    expect(Object.fromEntries(new URL(url ?? '', 'http://x').searchParams)).toEqual({ city: '5000', keyword: 'ה' });
    expect(suggestUrl({ id: 'x', type: 'autocomplete' }, 'ה', {})).toBeNull();
  });
});
