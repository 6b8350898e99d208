/**
 * 825, a special id the spec names without a meaning, as the second-hand catalogue reads it: a worked-out number
 * (the dependency-result rule); and 807's one error text (customError). 109954 and 110139: realEstate.test.ts.
 */
import { errorText } from '@app/form-engine/messages';
import type { Values } from '@app/form-engine/model';
import { buildPayload } from '@app/form-engine/payload';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';
import { SECOND_HAND_CATALOG } from './secondHand.ts';
import { secondHandOptions } from './secondHandTestLists.ts';

const chairs: Values = {
  ...CONTACT_TEST_VALUES,
  subcat: '0',
  salesCatID: '1',
  salesSubCatID: '101',
  salesSubCat3ID: '10101',
  title: 'כיסאות אוכל מעץ',
  '6727': '2',
  '807': '6',
  area: '3',
  '110137': ['1'],
  price: '150',
  description: 'שישה כיסאות אוכל מעץ מלא, במצב מצוין.',
};

describe('825: the price of all the units', () => {
  const steps = SECOND_HAND_CATALOG.steps;
  const run = (values: Values) => resolve(steps, values, testContext({ options: secondHandOptions }));

  it('is the unit price times the quantity, shown and sent, whatever the browser sent', () => {
    const result = run({ ...chairs, '825': '1' });
    expect(result.errors).toEqual([]);
    expect(result.fields['825']?.displayValue).toBe('900 ₪');
    expect(buildPayload(result, { mode: 'publish', cat: 3, subcat: 0 })).toMatchObject({ price: '150', '825': '900' });
  });

  it('is not asked for one unit or a product given away', () => {
    expect(run({ ...chairs, '807': '1' }).fields['825']?.visible).toBe(false);
    const free = run({ ...chairs, forFree: '1' });
    expect(free.fields['825']?.visible).toBe(false);
    expect(buildPayload(free, { mode: 'publish', cat: 3, subcat: 0 })).not.toHaveProperty('825');
  });

  it("is not asked for a whole stock (40), whose price is already the lot's", () => {
    const stock = run({ ...chairs, salesCatID: '40', salesSubCatID: '4001', salesSubCat3ID: '', price: '12,000' });
    expect(stock.fields['825']?.visible).toBe(false);
    expect(buildPayload(stock, { mode: 'publish', cat: 3, subcat: 0 })).not.toHaveProperty('825');
    // Industrial equipment is priced per machine: the total stays.
    const machines = run({ ...chairs, salesCatID: '56', salesSubCatID: '5601', salesSubCat3ID: '', price: '12,000' });
    expect(machines.fields['825']?.displayValue).toBe('72,000 ₪');
  });

  it('807 says one text for any wrong quantity, and the required text when empty', () => {
    const texts = (quantity: string) => run({ ...chairs, '807': quantity }).errors.map((e) => errorText(e));
    expect(texts('0')).toEqual(['יש להזין כמות בין 1 ל-999']);
    expect(texts('12x')).toEqual(['יש להזין כמות בין 1 ל-999']);
    expect(texts('')).toEqual(['שדה חובה']);
  });
});
