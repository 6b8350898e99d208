import type { PublishRedirect } from '@app/contract/publish';
import { describe, expect, it } from 'vitest';
import { carriedValues, firedRedirect, oldSiteUrl, ruleQuery } from './publishRedirects.ts';

const truck: PublishRedirect = {
  id: 'special-vehicle-truck',
  property: 'specialType',
  value: '8,10',
  other_conditions: { fields: { hand: '1,2' } },
  message: 'המודעה תפורסם במדור משאיות',
  redirect: { params: { cat: 1, subcat: 9, step: 2 }, fields: ['hand', 'km', 'price'] },
};
const old: PublishRedirect = {
  id: 'to-old',
  property: 'kind',
  value: '3',
  message: 'המודעה תפורסם באתר הקודם',
  redirect: { redirect_to_old: true, url: '/vehicles/publish?x=1' },
};

describe('the server redirect rules in the browser', () => {
  it("fire only on the user's change of the rule's field to a listed value with the other conditions met", () => {
    const values = { specialType: '10', hand: '2', km: '120000' };
    expect(firedRedirect([truck], values, 'specialType')).toBe(truck);
    expect(firedRedirect([truck], values, 'km')).toBeUndefined();
    expect(firedRedirect([truck], { ...values, specialType: '7' }, 'specialType')).toBeUndefined();
    expect(firedRedirect([truck], { ...values, hand: '3' }, 'specialType')).toBeUndefined();
    expect(firedRedirect([truck], { specialType: '8' }, 'specialType')).toBeUndefined();
    expect(firedRedirect([old, truck], values, 'specialType')).toBe(truck);
    expect(firedRedirect(undefined, values, 'specialType')).toBeUndefined();
  });

  it("move to the rule's selection and step, keep istrader, and carry the named values that are given", () => {
    expect(ruleQuery(truck, new URLSearchParams('cat=1&subcat=6&step=1&istrader=1'))?.toString()).toBe(
      'cat=1&subcat=9&istrader=1&step=2',
    );
    expect(ruleQuery(old, new URLSearchParams())).toBeNull();
    expect(carriedValues(truck, { specialType: '8', hand: '2', km: '', price: '-1', description: 'x' })).toEqual({
      hand: '2',
    });
  });

  it('send a redirect_to_old rule to its path on the older site only', () => {
    expect(oldSiteUrl(old, 'https://old.example.co.il/')).toBe('https://old.example.co.il/vehicles/publish?x=1');
    expect(oldSiteUrl(old, undefined)).toBeUndefined();
    expect(
      oldSiteUrl({ ...old, redirect: { redirect_to_old: true, url: '//evil.example' } }, 'https://o.example/'),
    ).toBe(undefined);
    expect(oldSiteUrl(truck, 'https://old.example.co.il/')).toBeUndefined();
  });
});
