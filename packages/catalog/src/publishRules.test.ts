import { describe, expect, it } from 'vitest';
import { CAT } from './categories/ids.ts';
import { upgradePackagesFor } from './packages.ts';
import { checkPublishRules, PUBLISH_RULES, type PublishRules, rulesFor } from './publishRules.ts';

describe('the publish rules (data/publish-rules.json)', () => {
  it('hold against the catalogues', () => {
    expect(checkPublishRules()).toEqual([]);
  });

  it('disallow the price-decrease popup exactly where an edited ad has no upgrade to offer', () => {
    const selections: { cat: number; subcat?: number; SalesCatID?: number }[] = [
      ...Object.values(CAT).map((cat) => ({ cat })),
      ...[0, 11, 18, 28, 37, 40, 56].map((SalesCatID) => ({ cat: CAT.secondHand, subcat: 0, SalesCatID })),
    ];
    for (const selection of selections) {
      const noUpgrade = upgradePackagesFor(selection.cat, selection.SalesCatID);
      expect([selection, rulesFor(selection).disallowDecreasePricePopup]).toEqual([selection, noUpgrade.length === 0]);
    }
  });

  it("answer a selection's redirect rules without their selection, and key what matched", () => {
    const special = rulesFor({ cat: 1, subcat: 6 });
    expect(special.publishRedirects[0]).toEqual({
      id: 'special-vehicle-truck',
      property: 'specialType',
      value: '8',
      message: 'המודעה תפורסם במדור משאיות',
      redirect: { params: { cat: 1, subcat: 9, step: 1 }, fields: ['hand', 'km', 'price', 'description'] },
    });
    expect(rulesFor({ cat: 1, subcat: 1 }).publishRedirects).toEqual([]);
    expect(rulesFor({ cat: 1, subcat: 1 }).key).not.toBe(special.key);
    expect(rulesFor({ cat: 3, subcat: 2, SalesCatID: 37 }).key).not.toBe(rulesFor({ cat: 3, subcat: 2 }).key);
  });

  it('find rules that name fields a catalogue lacks, go nowhere, or loop', () => {
    const base = PUBLISH_RULES.redirects[0];
    if (!base) throw new Error('no redirect rule');
    const broken: PublishRules = {
      decreasePricePopup: { disallowed: [] },
      redirects: [
        { ...base, id: 'a', property: 'noSuchField' },
        { ...base, id: 'a', other_conditions: { fields: { alsoMissing: '1' } } },
        { ...base, id: 'b', redirect: { params: { cat: 1, subcat: 6 } } },
        { ...base, id: 'c', redirect: { redirect_to_old: true } },
        { ...base, id: 'd', redirect: {} },
        { ...base, id: 'e', redirect: { params: { cat: 1, subcat: 9 }, fields: ['km', 'specialType'] } },
        { ...base, id: 'f', when: { cat: 1, subcat: [6, 4] } },
      ],
    };
    expect(checkPublishRules(broken)).toEqual([
      'a: vehicles-special has no field noSuchField',
      'a: the id is used twice',
      'a: vehicles-special has no field alsoMissing',
      'b: the redirect leads to its own selection',
      'c: a redirect to the older site needs a path',
      'd: the redirect names no selection',
      'e: vehicles-trucks has no field specialType to carry',
      'f: vehicles-motorcycles has no field specialType',
    ]);
  });
});
