import { describe, expect, it } from 'vitest';
import {
  backTarget,
  readStep,
  savedAdOf,
  startQuery,
  withCategoryAliases,
  withChoice,
  withoutSavedAd,
  withSavedAd,
  withStep,
} from './publishQuery.ts';

const q = (s: string) => new URLSearchParams(s);

describe('readStep', () => {
  it.each([
    ['step=2', 2],
    ['step=0', 0],
    ['', 0],
    ['step=abc', 0],
    ['step=', 0],
  ])('%j -> %d', (query, step) => expect(readStep(q(query))).toBe(step));
});

describe('withStep', () => {
  it('only replaces the step for steps 1 and up', () => {
    expect(withStep(q('cat=1&subcat=4&step=1'), 2).toString()).toBe('cat=1&subcat=4&step=2');
  });

  it('removes subcat, SalesSubCatID and SalesCatID below step 1', () => {
    expect(withStep(q('cat=3&subcat=0&SalesCatID=11&step=1'), 0).toString()).toBe('cat=3&step=0');
    expect(withStep(q('cat=2&subcat=1&istrader=1&step=1'), 0).toString()).toBe('cat=2&istrader=1&step=0');
  });

  it('keeps SalesCatID 18 (fashion) below step 1', () => {
    expect(withStep(q('cat=3&subcat=0&SalesCatID=18&SalesSubCatID=1026&step=1'), 0).toString()).toBe(
      'cat=3&SalesCatID=18&step=0',
    );
  });

  it('does not mutate its input', () => {
    const input = q('cat=1&subcat=1&step=1');
    withStep(input, 0);
    expect(input.toString()).toBe('cat=1&subcat=1&step=1');
  });
});

describe('withChoice', () => {
  it('sets the entry parameters and step 1', () => {
    expect(withChoice(q('cat=1'), { subcat: '4' }).toString()).toBe('cat=1&subcat=4&step=1');
    expect(withChoice(q('cat=3&step=0'), { subcat: '0', SalesCatID: '11' }).toString()).toBe(
      'cat=3&step=1&subcat=0&SalesCatID=11',
    );
    expect(withChoice(q('cat=5'), { petType: '22' }).get('petType')).toBe('22');
  });
});

describe('backTarget', () => {
  it('goes to step minus one', () => {
    expect(backTarget(q('cat=1&subcat=4&step=1'))).toBe('/publish?cat=1&step=0');
    expect(backTarget(q('cat=1&subcat=4&step=3'))).toBe('/publish?cat=1&subcat=4&step=2');
  });

  it('goes from a step-0 query to the chooser, and from the chooser to the index', () => {
    expect(backTarget(q('cat=1'))).toBe('/publish');
    expect(backTarget(q(''))).toBe('/');
  });
});

describe('startQuery', () => {
  it('moves a later start step to step 1 unless in debug mode', () => {
    expect(startQuery(q('cat=1&subcat=1&step=4'), false)?.toString()).toBe('cat=1&subcat=1&step=1');
    expect(startQuery(q('cat=1&subcat=1&step=4'), true)).toBeNull();
    expect(startQuery(q('cat=1&subcat=1&step=1'), false)).toBeNull();
  });
});

describe('the saved ad in the query', () => {
  it('sets OrderID and appends to OrderIDs once; the last of OrderIDs is the ad', () => {
    const first = withSavedAd(q('cat=1&subcat=1&step=5'), 50000001);
    expect(first.toString()).toBe('cat=1&subcat=1&step=5&OrderID=50000001&OrderIDs=50000001');
    expect(withSavedAd(first, 50000001).get('OrderIDs')).toBe('50000001');
    expect(withSavedAd(first, 50000009).get('OrderIDs')).toBe('50000001,50000009');
    expect(savedAdOf(first)).toBe(50000001);
    expect(savedAdOf(q('OrderIDs=50000001,50000002'))).toBe(50000002);
  });

  it('reads nothing from a missing or malformed number, and start over drops it', () => {
    expect(savedAdOf(q('cat=1'))).toBeUndefined();
    expect(savedAdOf(q('OrderID=abc'))).toBeUndefined();
    expect(savedAdOf(q('OrderID=0'))).toBeUndefined();
    expect(withoutSavedAd(q('cat=1&OrderID=5&OrderIDs=5&step=2')).toString()).toBe('cat=1&step=2');
  });
});

describe('withCategoryAliases', () => {
  it('opens CatID and SubCatID as cat and subcat, keeping the rest of the link', () => {
    expect(withCategoryAliases(new URLSearchParams('CatID=2&SubCatID=1&OrderID=5'))?.toString()).toBe(
      'OrderID=5&cat=2&subcat=1',
    );
    expect(withCategoryAliases(new URLSearchParams('CatID=3'))?.toString()).toBe('cat=3');
  });

  it('changes nothing when the link has cat already, or CatID is not a number', () => {
    expect(withCategoryAliases(new URLSearchParams('cat=1&CatID=2'))).toBeNull();
    expect(withCategoryAliases(new URLSearchParams('CatID=x'))).toBeNull();
    expect(withCategoryAliases(new URLSearchParams(''))).toBeNull();
  });
});
