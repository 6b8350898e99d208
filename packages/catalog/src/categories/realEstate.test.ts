/** Real-estate scenarios through the engine: address resets, per-locality streets, type rules, payloads. */
import { stepBrief } from '@app/form-engine/brief';
import { lockedValues } from '@app/form-engine/editSteps';
import { errorText } from '@app/form-engine/messages';
import type { StepDef, Values } from '@app/form-engine/model';
import { buildPayload } from '@app/form-engine/payload';
import type { ResolveContext } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import { TODAY, testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';
import { COMMERCIAL_CATALOG } from './realEstateCommercial.ts';
import { RENT_CATALOG, SALE_CATALOG } from './realEstateResidential.ts';
import { JERUSALEM, TEL_AVIV, TIROSH, testAddressOptions } from './realEstateTestLists.ts';
import { catalogFor } from './registry.ts';

const ctx = (extra: Partial<ResolveContext> = {}) => testContext({ options: testAddressOptions, ...extra });

/** A complete, valid sale ad of an apartment on Dizengoff. */
export const saleValues = (): Values => ({
  ...CONTACT_TEST_VALUES,
  subcat: '1',
  HomeTypeID: '1',
  propertyCondition: '4',
  city: TEL_AVIV,
  street: '404',
  homeNumber: '50',
  entrance: '2',
  neighborhood: '6590',
  floor: '3',
  totalFloors: '5',
  onPillars: '1',
  rooms: '3.5',
  parking: '1',
  balconies: '1',
  airConditioning: '1',
  mamad: '1',
  elevator: '1',
  description: 'דירה מוארת ומשופצת קרוב לכיכר דיזנגוף',
  sqmBuilt: '85',
  price: '3,450,000',
  nominalPrice: '1',
  houseCommittee: '250',
  arnona: '700',
  entranceDate: '01/09/2026',
});

const errorsOf = (steps: StepDef[], values: Values, extra: Partial<ResolveContext> = {}) =>
  Object.fromEntries(resolve(steps, values, ctx(extra)).errors.map((e) => [e.field, errorText(e)]));

describe('catalogFor', () => {
  it.each([
    [1, 'real-estate-sale'],
    [2, 'real-estate-rent'],
    [4, 'real-estate-commercial'],
  ])('cat 2 subcat %i -> %s', (subcat, id) => {
    expect(catalogFor({ cat: 2, subcat })?.id).toBe(id);
  });
});

describe('the address', () => {
  const steps = SALE_CATALOG.steps;

  it('a full sale ad is valid in every step', () => {
    expect(errorsOf(steps, saleValues())).toEqual({});
  });

  it('changing the city resets street, neighbourhood, house number and entrance', () => {
    const result = resolve(steps, { ...saleValues(), city: JERUSALEM }, ctx({ changed: 'city' }));
    expect(result.values).toMatchObject({
      city: JERUSALEM,
      street: '-1',
      neighborhood: '-1',
      homeNumber: '',
      entrance: '-1',
    });
    // The rest of the ad is kept.
    expect(result.values).toMatchObject({ HomeTypeID: '1', rooms: '3.5', price: '3,450,000' });
    expect(result.fields.street?.options?.map((o) => o.text)).toEqual(['בן יהודה', 'יפו', 'עמק רפאים']);
  });

  it('changing the street resets house number and entrance only', () => {
    const result = resolve(steps, { ...saleValues(), street: '1040' }, ctx({ changed: 'street' }));
    expect(result.values).toMatchObject({ street: '1040', homeNumber: '', entrance: '-1', neighborhood: '6590' });
  });

  it('without `changed` (the server) nothing is reset: a street of another city is an error', () => {
    const errors = errorsOf(steps, { ...saleValues(), street: '612' });
    expect(errors).toEqual({ street: 'יש לבחור רחוב מתוך הרשימה' });
  });

  it('the street is required unless a neighbourhood is chosen; the house number once a street is', () => {
    const { street: _s, homeNumber: _h, entrance: _e, ...rest } = saleValues();
    expect(errorsOf(steps, rest)).toEqual({});
    expect(errorsOf(steps, { ...rest, neighborhood: '-1' })).toEqual({ street: 'שדה חובה' });
    expect(errorsOf(steps, { ...saleValues(), homeNumber: '' })).toEqual({ homeNumber: 'שדה חובה' });
  });

  it('house numbers: digits and an optional letter', () => {
    expect(errorsOf(steps, { ...saleValues(), homeNumber: '12א' })).toEqual({});
    expect(errorsOf(steps, { ...saleValues(), homeNumber: 'abc' })).toEqual({
      homeNumber: 'יש להזין מספר בית, לדוגמה 12 או 12א',
    });
  });

  it('a locality without streets asks for no street or house number', () => {
    const values = { ...saleValues(), city: TIROSH, street: '-1', homeNumber: '', entrance: '-1', neighborhood: '-1' };
    const result = resolve(steps, values, ctx());
    expect(result.fields.street?.visible).toBe(false);
    expect(result.fields.homeNumber?.enabled).toBe(false);
    expect(result.fields.neighborhood?.enabled).toBe(false); // no neighbourhoods either
    expect(result.errors).toEqual([]);
    const payload = buildPayload(result, { mode: 'publish', cat: 2, subcat: 1 });
    expect(payload).not.toHaveProperty('street');
    expect(payload).not.toHaveProperty('neighborhood');
  });

  it('an entrance that is not chosen is not sent; the chosen codes are', () => {
    const result = resolve(steps, { ...saleValues(), entrance: '-1' }, ctx());
    const payload = buildPayload(result, { mode: 'publish', cat: 2, subcat: 1 });
    expect(payload).not.toHaveProperty('entrance');
    expect(payload).toMatchObject({ city: '5000', street: '404', homeNumber: '50', neighborhood: '6590' });
    expect(payload.price).toBe('3450000');
    expect(payload.nominalPrice).toBe('1'); // never dropped in real estate
  });
});

describe('the property type decides the fields', () => {
  const steps = SALE_CATALOG.steps;

  it('land has no rooms, built area, floor or entrance date, and needs its plot size', () => {
    const values = { ...saleValues(), HomeTypeID: '12' };
    const result = resolve(steps, values, ctx());
    for (const id of ['rooms', 'sqmBuilt', 'floor', 'totalFloors', 'propertyCondition', 'entranceDate', 'elevator']) {
      expect([id, result.fields[id]?.visible]).toEqual([id, false]);
    }
    expect(errorsOf(steps, values)).toEqual({ landArea: 'שדה חובה' });
    expect(errorsOf(steps, { ...values, landArea: '500' })).toEqual({});
  });

  it('a house has a garden and a plot but no floor; an apartment must say its floor', () => {
    const house = resolve(steps, { ...saleValues(), HomeTypeID: '9' }, ctx());
    expect(house.fields.floor?.visible).toBe(false);
    expect(house.fields.squareMeter?.visible).toBe(true);
    expect(house.fields.landArea?.required).toBe(false);
    expect(errorsOf(steps, { ...saleValues(), floor: '-1' })).toEqual({ floor: 'שדה חובה' });
  });

  it('rent offers no plot for rent; sale does', () => {
    const types = (steps: StepDef[]) =>
      steps[1]?.fields.find((f) => f.id === 'HomeTypeID')?.options?.map((o) => o.text);
    expect(types(SALE_CATALOG.steps)).toContain('מגרש');
    expect(types(RENT_CATALOG.steps)).not.toContain('מגרש');
  });
});

describe('rent and the "find a partner" sub-flow', () => {
  const steps = RENT_CATALOG.steps;
  const rent = (): Values => {
    const { price: _p, nominalPrice: _n, ...rest } = saleValues();
    return { ...rest, subcat: '2', price: '6,500', paymentInYear: '12' };
  };

  it('a whole-apartment rent ad needs the monthly rent and the payments a year', () => {
    expect(errorsOf(steps, rent())).toEqual({});
    expect(errorsOf(steps, { ...rent(), price: '', paymentInYear: '-1' })).toEqual({
      price: 'שדה חובה',
      paymentInYear: 'שדה חובה',
    });
    expect(resolve(steps, rent(), ctx()).values.rentType).toBe('1');
  });

  it('a room in a shared apartment asks how many partners live there', () => {
    expect(errorsOf(steps, { ...rent(), rentType: '2' })).toEqual({ roommates: 'שדה חובה' });
    expect(errorsOf(steps, { ...rent(), rentType: '2', roommates: '2', partnerGender: '2' })).toEqual({});
    const whole = resolve(steps, { ...rent(), roommates: '2' }, ctx());
    expect(whole.fields.roommates?.visible).toBe(false);
  });

  it('the entrance date: a past preset date is immediate (today); a bad date is an error', () => {
    const result = resolve(steps, { ...rent(), entranceDate: '01/01/2020' }, ctx());
    expect(result.fields.entranceDate?.immediate).toBe(true);
    expect(result.values.entranceDate).toBe(`${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)}/${TODAY.slice(0, 4)}`);
    expect(errorsOf(steps, { ...rent(), entranceDate: '31/02/2027' })).toEqual({
      entranceDate: 'תאריך שהוזן לא תקין. יש להזין תאריך עם ערכים תקינים',
    });
  });

  it('edit mode does not send a parking of 0, and edit locks the parking (it has none to lose)', () => {
    const saved = { ...rent(), ...CONTACT_TEST_VALUES, price: '6000', paymentInYear: '12' };
    const edit = resolve(
      RENT_CATALOG.editSteps,
      { ...saved, ...lockedValues(RENT_CATALOG, saved) },
      ctx({ mode: 'edit' }),
    );
    expect(edit.errors).toEqual([]);
    expect(RENT_CATALOG.editSteps.flatMap((s) => s.fields).some((f) => f.id === 'parking')).toBe(false);
    expect(RENT_CATALOG.editLocked).toContain('parking');
    const publish = resolve(steps, { ...rent(), parking: '0' }, ctx({ mode: 'edit' }));
    expect(buildPayload(publish, { mode: 'edit', cat: 2, subcat: 2 })).not.toHaveProperty('parking');
    expect(buildPayload(publish, { mode: 'publish', cat: 2, subcat: 2 }).parking).toBe('0');
  });
});

describe('commercial', () => {
  const steps = COMMERCIAL_CATALOG.steps;
  const office = (): Values => ({
    ...CONTACT_TEST_VALUES,
    subcat: '4',
    DealType: '1',
    HomeTypeID: '20',
    city: TEL_AVIV,
    street: '1040',
    neighborhood: '-1',
    floor: '7',
    sqmBuilt: '120',
    price: '2,900,000',
  });

  it('a sale needs no payments; a rent deal does; there is no entrance', () => {
    expect(errorsOf(steps, office())).toEqual({});
    expect(errorsOf(steps, { ...office(), DealType: '2' })).toEqual({ paymentInYear: 'שדה חובה' });
    expect(steps.flatMap((s) => s.fields).some((f) => f.id === 'entrance')).toBe(false);
  });

  it('a rent’s price says it is per month, in the field, its hint and the step’s summary; a sale’s does not', () => {
    const rent = resolve(steps, { ...office(), DealType: '2', paymentInYear: '12', price: '8,500' }, ctx());
    const price = rent.fields.price;
    expect(price?.def.label).toBe('מחיר לחודש');
    expect(price?.def.tooltip?.after).toContain('החודשי');
    const payments = rent.steps.find((s) => s.fields.includes(price as never));
    expect(payments && stepBrief(payments, rent)).toContain('8,500 ₪ לחודש');
    const sale = resolve(steps, office(), ctx());
    expect(sale.fields.price?.def.label).toBe('מחיר');
    const saleStep = sale.steps.find((s) => s.fields.includes(sale.fields.price as never));
    expect(saleStep && stepBrief(saleStep, sale)).toContain('2,900,000 ₪');
    expect(saleStep && stepBrief(saleStep, sale)).not.toContain('לחודש');
  });

  it('a deal type must be chosen, and a hall has no floor', () => {
    expect(errorsOf(steps, { ...office(), DealType: undefined })).toEqual({ DealType: 'שדה חובה' });
    expect(resolve(steps, { ...office(), HomeTypeID: '25' }, ctx()).fields.floor?.visible).toBe(false);
  });
});

// The special ids 109954 and 110139 as our real-estate catalogues read them (the dependency-result rule).
describe('109954: a sale’s price per built m²', () => {
  const run = (values: Values) => resolve(SALE_CATALOG.steps, values, testContext({ options: testAddressOptions }));

  it('is the price over the built area, rounded, and sent', () => {
    const result = run({ ...saleValues(), '109954': '5' });
    expect(result.errors).toEqual([]);
    expect(result.fields['109954']?.displayValue).toBe('40,588 ₪ למ"ר');
    expect(buildPayload(result, { mode: 'publish', cat: 2, subcat: 1 })['109954']).toBe('40588');
  });

  it('has nothing to show without a built area, and is not asked for land', () => {
    expect(run({ ...saleValues(), sqmBuilt: '' }).fields['109954']?.displayValue).toBeUndefined();
    expect(run({ ...saleValues(), HomeTypeID: '12' }).fields['109954']?.visible).toBe(false);
  });
});

describe('110139: a rent’s monthly total', () => {
  const rent = (): Values => {
    const { price: _p, nominalPrice: _n, ...rest } = saleValues();
    return { ...rest, subcat: '2', price: '6,500', paymentInYear: '12' };
  };
  const run = (values: Values) => resolve(RENT_CATALOG.steps, values, testContext({ options: testAddressOptions }));

  it('adds the house committee and half the two-monthly arnona to the rent, shown only (never sent)', () => {
    const result = run(rent());
    expect(result.errors).toEqual([]);
    expect(result.fields['110139']?.displayValue).toBe('7,100 ₪ לחודש');
    expect(buildPayload(result, { mode: 'publish', cat: 2, subcat: 2 })).not.toHaveProperty('110139');
  });

  it('an empty house committee or arnona counts as nothing', () => {
    const result = run({ ...rent(), houseCommittee: '', arnona: '' });
    expect(result.fields['110139']?.displayValue).toBe('6,500 ₪ לחודש');
  });
});
