import { describe, expect, it } from 'vitest';
import { draftSelectionKey } from './publish.ts';
import { type QueryReader, wizardEarlyPaths } from './publishPaths.ts';

describe('draftSelectionKey', () => {
  it('leaves out selectors that choose nothing: missing, empty, 0 and -1', () => {
    const fashion = draftSelectionKey({ cat: '3', SalesCatID: '18', SalesSubCatID: '1026' });
    expect(draftSelectionKey({ cat: '3', subcat: '0', SalesCatID: '18', SalesSubCatID: '1026' })).toBe(fashion);
    expect(draftSelectionKey({ cat: '3', subcat: '', SalesCatID: '18', SalesSubCatID: '1026', petType: '-1' })).toBe(
      fashion,
    );
    expect(fashion).toBe('cat=3&SalesCatID=18&SalesSubCatID=1026');
  });

  it('orders the selectors, whatever order they come in, and reads numbers and padded text alike', () => {
    expect(draftSelectionKey({ SalesSubCatID: 1026, SalesCatID: ' 18 ', cat: '03' })).toBe(
      'cat=3&SalesCatID=18&SalesSubCatID=1026',
    );
  });

  it('keeps selections apart that differ in a real choice, and ignores istrader and other keys', () => {
    expect(draftSelectionKey({ cat: '1', subcat: '1' })).not.toBe(draftSelectionKey({ cat: '1', subcat: '2' }));
    expect(draftSelectionKey({ cat: '2', subcat: '1', istrader: '1', step: '3' })).toBe('cat=2&subcat=1');
    expect(draftSelectionKey({ cat: 'x', subcat: '1;drop' })).toBe('');
  });
});

/** A query string as a reader (the package has no DOM or Node types, so no URLSearchParams). */
const q = (query: string): QueryReader => {
  const values = new Map(query.split('&').map((pair) => pair.split('=') as [string, string]));
  return { get: (name) => values.get(name) ?? null };
};

describe('a wizard page first GETs (shared with the server)', () => {
  it('names the fields (with a saved ad) and the draft from step 1, nothing at the picker', () => {
    expect(wizardEarlyPaths(q('cat=2&subcat=1&step=1'))).toEqual([
      '/api/publish/fields?cat=2&subcat=1',
      '/api/publish/draft?cat=2&subcat=1',
    ]);
    expect(wizardEarlyPaths(q('cat=2&subcat=1&step=3&OrderIDs=5,9'))).toEqual([
      '/api/publish/fields?cat=2&subcat=1&OrderID=9',
      '/api/publish/draft?cat=2&subcat=1',
    ]);
    expect(wizardEarlyPaths(q('cat=2&step=0'))).toEqual([]);
    expect(wizardEarlyPaths(q('cat=2'))).toEqual([]);
  });
});
