import { stepBrief } from '@app/form-engine/brief';
import { errorText, redirectMessage } from '@app/form-engine/messages';
import type { StepDef, Values } from '@app/form-engine/model';
import { buildPayload } from '@app/form-engine/payload';
import type { ResolveContext } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { BUSINESS_FOR_SALE_CATALOG } from './businessForSale.ts';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';
import { FASHION_CATALOGS } from './fashion.ts';
import { SECOND_HAND_BABY_CATALOG, SECOND_HAND_CATALOG, SECOND_HAND_PLAIN_CATALOG } from './secondHand.ts';
import { FREE_SEARCH_AB_TEST } from './secondHandSteps.ts';
import { secondHandOptions } from './secondHandTestLists.ts';

const ctx = (extra: Partial<ResolveContext> = {}) => testContext({ options: secondHandOptions, ...extra });
const run = (steps: StepDef[], values: Values, extra: Partial<ResolveContext> = {}) =>
  resolve(steps, values, ctx(extra));
const errors = (result: ReturnType<typeof run>) =>
  Object.fromEntries(result.errors.map((e) => [e.field, errorText(e)]));

/** A sofa, complete. */
const sofa: Values = {
  ...CONTACT_TEST_VALUES,
  subcat: '0',
  salesCatID: '1',
  salesSubCatID: '101',
  salesSubCat3ID: '10101',
  title: 'ספה תלת מושבית אפורה',
  '6727': '2',
  '807': '1',
  area: '3',
  '110137': ['1', '2'],
  price: '1,200',
  description: 'ספה נוחה מאוד, בד אפור, ללא כתמים. עוברים דירה.',
};
const general = SECOND_HAND_CATALOG.steps;
const PRODUCT = 2;

describe('second-hand, default flow', () => {
  it('a complete product passes every step and sends the path, delivery list and plain numbers', () => {
    const result = run(general, sofa);
    expect(result.errors).toEqual([]);
    expect(buildPayload(result, { mode: 'publish', cat: 3, subcat: 0 })).toMatchObject({
      salesCatID: '1',
      salesSubCatID: '101',
      salesSubCat3ID: '10101',
      '110137': ['1', '2'],
      price: '1200',
    });
    expect(result.steps[PRODUCT] && stepBrief(result.steps[PRODUCT], result)).toContain('ספות');
  });

  it('a whole stock (40) and industrial equipment (56) have their own labels; other sections the usual ones', () => {
    const stock = run(general, { ...sofa, salesCatID: '40', salesSubCatID: '4001', salesSubCat3ID: undefined });
    expect(stock.errors).toEqual([]);
    const label = (result: typeof stock, id: string) => result.fields[id]?.def.label;
    expect(label(stock, 'price')).toBe('מחיר לכל המלאי');
    expect(label(stock, 'title')).toBe('מה כולל המלאי');
    expect(label(stock, 'description')).toBe('תיאור המלאי');
    expect(stock.steps[PRODUCT] && stepBrief(stock.steps[PRODUCT], stock)).toContain('1,200 ₪ לכל המלאי');
    const machine = run(general, { ...sofa, salesCatID: '56', salesSubCatID: '5602', salesSubCat3ID: undefined });
    expect(machine.errors).toEqual([]);
    expect(label(machine, 'title')).toBe('שם הציוד והדגם');
    expect(label(machine, 'brand')).toBe('יצרן');
    expect(label(machine, 'price')).toBe('מחיר הציוד');
    const sofas = run(general, sofa);
    expect(label(sofas, 'price')).toBe('מחיר');
    expect(label(sofas, 'title')).toBe('כותרת המודעה');
    // The business flow (subcat 2) speaks the same way.
    const business = run(SECOND_HAND_PLAIN_CATALOG.steps, { subcat: '2', salesCatID: '40' });
    expect(label(business, 'price')).toBe('מחיר לכל המלאי');
  });

  it('6727 (condition) and 110137 (delivery) are required; the delivery method sits on step 2', () => {
    const result = run(general, { ...sofa, '6727': undefined, '110137': [] });
    expect(errors(result)).toEqual({ '6727': 'שדה חובה', '110137': 'שדה חובה' });
    expect(result.fields['110137']?.step).toBe(2);
  });

  it('the third level is asked only where the sub-category has one, and must belong to it', () => {
    const bikes = { ...sofa, salesCatID: '8', salesSubCatID: '803', salesSubCat3ID: undefined };
    expect(run(general, bikes).fields.salesSubCat3ID?.visible).toBe(false);
    expect(run(general, bikes).errors).toEqual([]);
    expect(errors(run(general, { ...sofa, salesSubCat3ID: '-1' }))).toEqual({ salesSubCat3ID: 'שדה חובה' });
    expect(errors(run(general, { ...sofa, salesSubCat3ID: '10201' }))).toEqual({ salesSubCat3ID: 'ערך לא תקין' });
    expect(errors(run(general, { ...sofa, salesSubCatID: '801' }))).toMatchObject({ salesSubCatID: 'ערך לא תקין' });
  });

  it('given away: no price asked; otherwise the price is required', () => {
    expect(errors(run(general, { ...sofa, price: '' }))).toEqual({ price: 'שדה חובה' });
    const free = run(general, { ...sofa, price: '', forFree: '1' });
    expect(free.errors).toEqual([]);
    expect(buildPayload(free, { mode: 'publish', cat: 3 })).not.toHaveProperty('price');
  });

  it('digital codes (sub-category 298) have no area; coins, textbooks and reading books no nominal price', () => {
    const code = run(general, {
      ...sofa,
      salesCatID: '20',
      salesSubCatID: '298',
      area: undefined,
      nominalPrice: '300',
    });
    expect(code.errors).toEqual([]);
    expect(code.fields.area?.visible).toBe(false);
    for (const [top, sub] of [
      ['5', '29'],
      ['6', '34'],
      ['6', '800'],
    ]) {
      const result = run(general, { ...sofa, salesCatID: top, salesSubCatID: sub, nominalPrice: '300' });
      expect(buildPayload(result, { mode: 'publish', cat: 3 })).not.toHaveProperty('nominalPrice');
    }
    expect(buildPayload(run(general, { ...sofa, nominalPrice: '3,000' }), { mode: 'publish', cat: 3 })).toMatchObject({
      nominalPrice: '3000',
    });
  });

  it('807 (quantity) starts at 1 and goes back to 1 when the category changes', () => {
    const { '807': _quantity, ...noQuantity } = sofa;
    expect(run(general, noQuantity).values['807']).toBe('1');
    const changed = run(general, { ...sofa, '807': '4', salesCatID: '2' }, { changed: 'salesCatID' });
    expect(changed.values['807']).toBe('1');
    expect(changed.values.salesSubCatID).toBe('-1');
  });

  it('the free search step shows only under its A/B test and fills the whole path', () => {
    expect(run(general, sofa).steps[1]?.visible).toBe(false);
    const ab = { abTests: new Set([FREE_SEARCH_AB_TEST]) };
    expect(run(general, sofa, ab).steps[1]?.visible).toBe(true);
    const found = run(general, { subcat: '0', productSearch: '110102' }, { ...ab, changed: 'productSearch' });
    expect([found.values.salesCatID, found.values.salesSubCatID, found.values.salesSubCat3ID]).toEqual([
      '11',
      '1101',
      '110102',
    ]);
    const top = run(general, { ...sofa, productSearch: '7' }, { ...ab, changed: 'productSearch' });
    expect([top.values.salesCatID, top.values.salesSubCatID, top.values.salesSubCat3ID]).toEqual(['7', '-1', '-1']);
  });

  it('choosing fashion (by the select or the search) moves the ad to the fashion wizard', () => {
    const bySelect = run(general, { ...sofa, salesCatID: '18' });
    expect(bySelect.redirect?.to).toMatchObject({ cat: 3, subcat: 0, SalesCatID: 18 });
    expect(redirectMessage(bySelect.redirect?.to.section ?? '')).toBe('המודעה תפורסם במדור אופנה וטיפוח');
    const ab = { abTests: new Set([FREE_SEARCH_AB_TEST]) };
    const bySearch = run(general, { subcat: '0', productSearch: '103004' }, { ...ab, changed: 'productSearch' });
    expect(bySearch.redirect).toMatchObject({ field: 'productSearch', to: { SalesCatID: 18, SalesSubCatID: 1030 } });
  });
});

describe('second-hand, baby and child', () => {
  const baby = SECOND_HAND_BABY_CATALOG.steps;
  it('the category is לתינוק ולילד, chosen by itself', () => {
    const result = run(baby, { subcat: '0' });
    expect(result.values.salesCatID).toBe('11');
    expect(result.fields.salesSubCatID?.options?.map((o) => o.text)).toContain('עגלות וטיולונים');
  });

  it('a stroller ad is valid; a sofa is not baby and child', () => {
    const stroller = { ...sofa, salesCatID: '11', salesSubCatID: '1101', salesSubCat3ID: '110102', title: 'טיולון' };
    expect(run(baby, stroller).errors).toEqual([]);
    expect(errors(run(baby, sofa))).toMatchObject({ salesCatID: 'ערך לא תקין' });
  });
});

describe('second-hand, business (plain)', () => {
  it('has no search step, and trader-only extras show to traders', () => {
    const steps = SECOND_HAND_PLAIN_CATALOG.steps;
    expect(steps.map((s) => s.area)).not.toContain('personal_publish_product_search');
    const values = { ...sofa, subcat: '2' };
    expect(run(steps, values, { isTrader: true }).fields.warranty?.visible).toBe(true);
    expect(run(steps, values, { isTrader: false }).fields.warranty?.visible).toBe(false);
    expect(run(steps, values, { isTrader: true }).errors).toEqual([]);
  });

  it('edit: the sale properties of the ad', () => {
    const result = run(SECOND_HAND_PLAIN_CATALOG.editSteps, { ...sofa, price: '900' }, { mode: 'edit' });
    expect(result.errors).toEqual([]);
    expect(buildPayload(result, { mode: 'edit', cat: 3, subcat: 2 })).toMatchObject({ price: '900', '6727': '2' });
  });
});

describe('fashion', () => {
  const shoes = FASHION_CATALOGS.find((c) => c.id === 'fashion-shoes');
  const wedding = FASHION_CATALOGS.find((c) => c.id === 'fashion-wedding');
  const item: Values = {
    ...CONTACT_TEST_VALUES,
    SalesSubCatID: '1030',
    salesSubCat3ID: '103004',
    '6727': '1',
    size: '42',
    color: '2',
    title: 'נעלי ריצה נייקי',
    description: 'נעליים חדשות באריזה, מידה 42, לא מתאימות לי',
    price: '250',
    '110137': ['2'],
    area: '2',
  };

  it('one catalogue per fashion sub-category, each with the two columns of the spec', () => {
    expect(FASHION_CATALOGS.map((c) => c.SalesSubCatIDs?.[0])).toEqual([
      1026, 1036, 1030, 1033, 1034, 1031, 1035, 1032, 1042, 1055, 151,
    ]);
    expect(shoes?.steps[1]?.columnTitles?.map((c) => c.title)).toEqual(['מה מיוחד בפריט?', 'ספרו על הפריט']);
  });

  it('shoes: the item type, shoe size and condition are asked; a full ad is valid', () => {
    expect(shoes && run(shoes.steps, item).errors).toEqual([]);
    expect(shoes && errors(run(shoes.steps, { ...item, size: '', salesSubCat3ID: '102601' }))).toEqual({
      size: 'שדה חובה',
      salesSubCat3ID: 'ערך לא תקין',
    });
    expect(shoes?.steps[1]?.fields.find((f) => f.id === 'size')?.options?.[0]?.text).toBe('19');
  });

  it('wedding: a dress size only for dresses', () => {
    const suit = { ...item, SalesSubCatID: '1055', salesSubCat3ID: '105502', size: undefined };
    expect(wedding && run(wedding.steps, suit).errors).toEqual([]);
    expect(wedding && errors(run(wedding.steps, { ...suit, salesSubCat3ID: '105501' }))).toEqual({
      size: 'שדה חובה',
    });
  });
});

describe('business for sale', () => {
  const cafe: Values = {
    ...CONTACT_TEST_VALUES,
    subcat: '2',
    businessType: '2',
    area: '2',
    city: 'תל אביב - יפו',
    squareMeter: '60',
    yearsActive: '8',
    price: '450,000',
    monthlyRevenue: '120,000',
    included: ['1', '3'],
    description: 'בית קפה שכונתי ותיק עם קהל קבוע, 40 מקומות ישיבה ורישיון עסק בתוקף.',
  };
  it('a business ad is valid; type, area, city, price and description are required', () => {
    const steps = BUSINESS_FOR_SALE_CATALOG.steps;
    expect(run(steps, cafe).errors).toEqual([]);
    expect(Object.keys(errors(run(steps, { subcat: '2' }))).sort()).toEqual(
      ['area', 'businessType', 'city', 'description', 'price', 'contactName', 'validPhone1'].sort(),
    );
    expect(steps.find((s) => s.isLoginArea)?.subTitle).toContain('העסק');
  });
});
