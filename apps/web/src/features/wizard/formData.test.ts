import type { StepDef } from '@app/form-engine/model';
import { resolve } from '@app/form-engine/resolve';
import { step, testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import {
  abTestIdsOf,
  abTestParams,
  draftValues,
  fieldIdOfKey,
  firstStepOf,
  payloadContext,
  selectorValues,
  serverFieldErrors,
  shownErrors,
} from './formData.ts';
import { selectorsOf } from './publish/publishQuery.ts';

const steps: StepDef[] = [
  step([{ id: 'subcat', type: 'radio', options: [{ value: '1', text: 'פרטי' }] }], { check: false }),
  step([
    { id: 'price', type: 'number', isNumeric: true, isRequired: true },
    { id: 'tags', name: 'tags[]', type: 'select', multiple: true, options: [{ value: 'a', text: 'א' }] },
    { id: 'owner', name: 'ownerName', type: 'radio', options: [{ value: '1', text: 'כן' }] },
    { id: 'note', type: 'title', label: 'כותרת' },
  ]),
  step([{ id: 'description', type: 'textarea', isRequired: true }]),
];

describe('wizard form data', () => {
  it('reads the selectors of a query, leaving out empty ones and other parameters', () => {
    const query = new URLSearchParams('cat=1&subcat=2&step=3&SalesCatID=&istrader=1&OrderID=5');
    expect(selectorsOf(query)).toEqual({ cat: '1', subcat: '2', istrader: '1' });
    expect(payloadContext({ cat: '3', subcat: '0', SalesCatID: '18' }, 'edit')).toEqual({
      mode: 'edit',
      cat: 3,
      subcat: 0,
      SalesCatID: 18,
    });
  });

  it('keeps every chosen value in the draft by wire name, numbers without separators', () => {
    expect(
      draftValues(steps, { subcat: '1', price: '95,000', tags: ['a'], owner: '-1', note: 'x', description: '' }),
    ).toEqual({ subcat: '1', price: '95000', tags: ['a'] });
  });

  it('maps server error keys (ids or wire names) to fields, cut before " - " and without HTML', () => {
    expect(fieldIdOfKey(steps, 'ownerName')).toBe('owner');
    expect(fieldIdOfKey(steps, 'tags')).toBe('tags');
    expect(serverFieldErrors(steps, { ownerName: '<b>בחרו</b> בעלות - code 12', price: 'גבוה מדי' })).toEqual({
      owner: 'בחרו בעלות',
      price: 'גבוה מדי',
    });
    expect(firstStepOf(steps, ['description', 'owner'])).toBe(1);
    expect(firstStepOf(steps, ['nothing'])).toBeUndefined();
  });

  it('shows engine errors only for attempted steps, and server errors on top', () => {
    const resolution = resolve(steps, { subcat: '1' }, testContext());
    expect(shownErrors(resolution, new Set(), {})).toEqual({});
    expect(shownErrors(resolution, new Set([1]), { description: 'קצר מדי' })).toEqual({
      price: 'שדה חובה',
      description: 'קצר מדי',
    });
  });

  it('seeds the category step’s selector field (subcat, SalesSubCatID, petType) from the query', () => {
    const fashion = step([{ id: 'SalesSubCatID', type: 'radio', options: [{ value: '1026', text: 'בגדים' }] }], {
      check: false,
    });
    expect(selectorValues(fashion, { cat: '3', subcat: '0', SalesCatID: '18', SalesSubCatID: '1026' })).toEqual({
      SalesSubCatID: '1026',
    });
    expect(selectorValues(steps[0], { cat: '1', subcat: '2' })).toEqual({ subcat: '2' });
    expect(selectorValues(steps[0], { cat: '1' })).toEqual({});
  });

  it('names the A/B tests of steps and fields, and sends the active ones as ab=<test>', () => {
    const tested: StepDef[] = [
      { ...step([]), showOnABTest: 'search' },
      step([{ id: 'x', type: 'text', showOnABTest: 'fieldTest' }]),
    ];
    expect(abTestIdsOf(tested)).toEqual(new Set(['search', 'fieldTest']));
    expect(abTestParams(new Set(['search', 'a']))).toEqual({ ab: ['a', 'search'] });
    expect(abTestParams(new Set())).toEqual({});
  });
});
