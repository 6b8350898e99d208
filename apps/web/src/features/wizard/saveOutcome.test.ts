import { describe, expect, it } from 'vitest';
import { saveResult } from './saveOutcome.ts';

const sel = { cat: '1', subcat: '1' };

describe('save outcomes', () => {
  it('field errors come first', () => {
    expect(saveResult({ errFields: { price: 'x' }, orderID: 1, recordID: 2 }, sel)).toEqual({
      kind: 'fieldErrors',
      errFields: { price: 'x' },
    });
  });

  it('blocked words go to the finish page with the order, cat and subcat', () => {
    expect(saveResult({ hasWordBlocked: { orderID: 77, CatID: 1, SubCatID: 3 } }, sel)).toEqual({
      kind: 'wordBlocked',
      path: '/finishArea?OrderID=77&cat=1&subcat=3',
    });
    expect(saveResult({ hasWordBlockedOrderID: 78 }, sel)).toEqual({
      kind: 'wordBlocked',
      path: '/finishArea?OrderID=78&cat=1&subcat=1',
    });
  });

  it('a main error, a redirect, a save when both ids exist, otherwise a failure', () => {
    expect(saveResult({ mainError: 'אופס' }, sel)).toEqual({ kind: 'mainError', message: 'אופס' });
    expect(saveResult({ redirectForce: '/x' }, sel)).toEqual({ kind: 'redirect', url: '/x' });
    expect(saveResult({ orderID: 5, recordID: 9 }, sel)).toEqual({ kind: 'saved', orderID: 5, recordID: 9 });
    expect(saveResult({ OrderID: 5, RecordID: 9 }, sel)).toEqual({ kind: 'saved', orderID: 5, recordID: 9 });
    expect(saveResult({ orderID: 5 }, sel)).toEqual({ kind: 'failed' });
  });

  it('a save carries the plan step tracks when the answer has them', () => {
    const chooseOrderType = {
      adData: { OrderID: 5, RecordID: 5, CatID: 1, SubCatID: 1 },
      mode: 'tracks' as const,
      orderType: [],
      autoBumpPriceAgorot: 3900,
    };
    const answer = { orderID: 5, recordID: 5, chooseOrderType };
    expect(saveResult(answer, sel)).toEqual({ kind: 'saved', orderID: 5, recordID: 5, chooseOrderType });
    expect(saveResult({ orderID: 5, recordID: 5, chooseOrderType: { mode: 'x' } } as never, sel)).not.toHaveProperty(
      'chooseOrderType',
    );
  });
});
