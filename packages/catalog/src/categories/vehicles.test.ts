import { stepBrief } from '@app/form-engine/brief';
import { lockedValues } from '@app/form-engine/editSteps';
import { errorText } from '@app/form-engine/messages';
import type { StepDef, Values } from '@app/form-engine/model';
import { buildPayload, checkStepPayload } from '@app/form-engine/payload';
import type { ResolveContext } from '@app/form-engine/resolution';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { rulesFor } from '../publishRules.ts';
import { CONTACT_TEST_VALUES, TEST_PHONE } from './contactTestValues.ts';
import { ACCESSORIES_CATALOG } from './vehiclesAccessories.ts';
import { BOATS_CATALOG } from './vehiclesBoats.ts';
import { CARS_CATALOG } from './vehiclesCars.ts';
import { SPECIAL_CATALOG } from './vehiclesSpecial.ts';
import { testOptions } from './vehiclesTestLists.ts';

const ctx = (extra: Partial<ResolveContext> = {}) => testContext({ options: testOptions, ...extra });
const carType: Values = { subcat: '1', manufacturer: '12', model: '100', year: '2019', subModel: '1001' };
const carProps: Values = {
  colorGroup: '1',
  color: '10',
  hand: '2',
  ownerID: '1',
  month: '5',
  yearOnRoad: '2019',
  km: '85,000',
};
const run = (steps: StepDef[], values: Values, extra: Partial<ResolveContext> = {}) =>
  resolve(steps, values, ctx(extra));
const cars = (values: Values, extra: Partial<ResolveContext> = {}) => run(CARS_CATALOG.steps, values, extra);
const messages = (result: ReturnType<typeof run>, step: number) =>
  Object.fromEntries((result.steps[step]?.errors ?? []).map((e) => [e.field, errorText(e)]));

describe('cars: vehicle type', () => {
  it('a full manual choice completes the step, with a brief and a check-step payload', () => {
    const result = cars(carType);
    expect(result.steps[1]?.complete).toBe(true);
    expect(result.steps[1] && stepBrief(result.steps[1], result)).toBe('טויוטה קורולה 2019 1.6 Sun אוט׳');
    expect(checkStepPayload(result, 1, { mode: 'publish', cat: 1, subcat: 1 })).toEqual({
      ...carType,
      check_area: 'personal_publish_car_type',
    });
  });

  it('make, model and year are required in turn (a field waiting for its parent is not validated)', () => {
    const empty = cars({ subcat: '1' });
    expect(messages(empty, 1)).toEqual({ manufacturer: 'שדה חובה' });
    expect(empty.fields.model?.enabled).toBe(false);
    expect(messages(cars({ subcat: '1', manufacturer: '12' }), 1)).toEqual({ model: 'שדה חובה' });
    expect(messages(cars({ subcat: '1', manufacturer: '12', model: '100' }), 1)).toEqual({ year: 'שדה חובה' });
  });

  it('the sub-model shows only after a year', () => {
    expect(cars({ ...carType, year: '-1', subModel: '-1' }).fields.subModel?.visible).toBe(false);
    expect(cars({ ...carType, subModel: '-1' }).fields.subModel?.visible).toBe(true);
  });

  it('a model without sub-models for the year disables the sub-model (not required)', () => {
    const result = cars({ ...carType, model: '100', year: '2018', subModel: '-1' });
    expect(result.fields.subModel).toMatchObject({ visible: true, enabled: false, required: false });
    expect(result.steps[1]?.complete).toBe(true);
  });

  it('changing the make resets model, year and sub-model; a single choice is taken', () => {
    const changed = cars({ ...carType, manufacturer: '19' }, { changed: 'manufacturer' });
    expect(changed.values).toMatchObject({ manufacturer: '19', model: '200', year: '2021', subModel: '-1' });
  });

  it('lists come from the parent values; a model of another make is rejected', () => {
    expect(cars(carType).fields.model?.options?.map((o) => o.text)).toEqual(['קורולה', 'יאריס']);
    expect(messages(cars({ ...carType, manufacturer: '19' }), 1)).toMatchObject({ model: 'ערך לא תקין' });
  });

  it.each([
    ['1', true],
    ['2', true],
    ['3', true],
    ['8', false],
    ['11', false],
  ])('licence search for subcat %s: %s', (subcat, offered) => {
    const result = cars({ ...carType, subcat });
    for (const id of ['plateTitle', 'registrationPlate', 'plateSearch', 'manualTitle']) {
      expect(result.fields[id]?.visible).toBe(offered);
    }
  });

  it.each([
    ['12-345-67', undefined],
    ['123-45-678', undefined],
    ['1234567', 'מספר רישוי צריך להכיל 7 או 8 ספרות'],
    ['12-345', 'מספר רישוי צריך להכיל 7 או 8 ספרות'],
  ])('licence plate %s', (plate, message) => {
    expect(messages(cars({ ...carType, registrationPlate: plate }), 1).registrationPlate).toBe(message);
  });

  it('the search button waits for a plate and is never sent', () => {
    expect(cars(carType).fields.plateSearch?.enabled).toBe(false);
    const withPlate = cars({ ...carType, registrationPlate: '12-345-67' });
    expect(withPlate.fields.plateSearch?.enabled).toBe(true);
    expect(buildPayload(withPlate, { mode: 'publish', cat: 1 })).not.toHaveProperty('plateSearch');
  });
});

describe('cars: properties', () => {
  const values = { ...carType, ...carProps };

  it('complete properties pass; km is sent without separators', () => {
    const result = cars(values);
    expect(result.steps[2]?.errors).toEqual([]);
    expect(checkStepPayload(result, 2, { mode: 'publish', cat: 1 })).toMatchObject({ km: '85000', month: '5' });
  });

  it('colours are the shades of the chosen group; a group with one shade takes it', () => {
    expect(cars(values).fields.color?.options?.map((o) => o.value)).toEqual(['10', '11']);
    expect(cars({ ...values, colorGroup: '3', color: '10' }, { changed: 'colorGroup' }).values.color).toBe('30');
  });

  it('owner 14 is only for hand 0', () => {
    const owner14 = (hand: string) => cars({ ...values, hand, ownerID: '14' });
    expect(owner14('0').fields.ownerID?.options?.find((o) => o.value === '14')?.disabled).toBe(false);
    expect(messages(owner14('0'), 2).ownerID).toBeUndefined();
    expect(messages(owner14('1'), 2).ownerID).toBe('ערך לא תקין');
    expect(cars({ ...values, hand: '1', ownerID: '14' }, { changed: 'hand' }).values.ownerID).toBe('-1');
  });

  it('the year on road follows the production year', () => {
    expect(cars({ ...values, year: '2020' }, { changed: 'year' }).values.yearOnRoad).toBe('2020');
  });

  it('km is required and digits only; the test date must be a future date', () => {
    const result = cars({ ...values, km: '85 אלף', testDate: '01/01/2020' });
    expect(messages(result, 2)).toEqual({
      km: 'יש להזין ספרות בלבד',
      testDate: 'תאריך שהוזן לא תקין. יש להזין תאריך עתידי בלבד',
    });
    expect(messages(cars({ ...values, km: '' }), 2)).toEqual({ km: 'שדה חובה' });
  });
});

describe('cars: sale properties, traders, edit', () => {
  const values = { ...carType, ...carProps, price: '95,000', description: 'שמור מאוד', tradeIn: '1', warranty: '1' };

  it('price is optional; trade-in for private sellers, warranty and financing for traders', () => {
    const privateSeller = cars({ ...values, price: '' });
    expect(privateSeller.steps[3]?.complete).toBe(true);
    expect(privateSeller.fields.tradeIn?.visible).toBe(true);
    expect(privateSeller.fields.warranty?.visible).toBe(false);
    const trader = cars({ ...values, subcat: '8' }, { isTrader: true });
    expect(trader.fields.tradeIn?.visible).toBe(false);
    expect(trader.fields.warranty?.visible).toBe(true);
    const sent = buildPayload(trader, { mode: 'publish', cat: 1, subcat: 8 });
    expect(sent).toMatchObject({ warranty: '1', financing: '0', price: '95000' });
    expect(sent).not.toHaveProperty('tradeIn');
  });

  it('the sale brief', () => {
    const result = cars(values);
    expect(result.steps[3] && stepBrief(result.steps[3], result)).toBe('95,000 ₪ · טרייד-אין');
  });

  it('the description is counted against 1000 characters', () => {
    const result = cars({ ...values, description: 'א'.repeat(1001) });
    expect(result.fields.description?.def).toMatchObject({ maxlength: 1000, charsCounter: true, qualityBar: true });
    expect(messages(result, 3)).toEqual({ description: 'יותר מדי תווים' });
  });

  it('edit mode: the car stays as published; its properties, price and description, media, then the edit login', () => {
    expect(CARS_CATALOG.editSteps.map((s) => s.area)).toEqual([
      'personal_edit_car_properties',
      'personal_edit_sales_properties',
      'personal_edit_media',
      'personal_edit_login',
    ]);
    // The make, model and year are not asked again; their saved values still give the year on road its list.
    const locked = lockedValues(CARS_CATALOG, { ...carType, ...carProps, price: '90000' });
    expect(locked).toEqual(carType);
    const edit = run(CARS_CATALOG.editSteps, { ...locked, ...carProps, km: '', price: '90,000' }, { mode: 'edit' });
    expect(messages(edit, 0)).toEqual({ km: 'שדה חובה' });
    expect(edit.fields.yearOnRoad).toMatchObject({ visible: true, enabled: true, value: '2019' });
    const editValues = { ...locked, ...carProps, price: '90,000', km: '100,000' };
    // The edit login is the contact step: it needs the name and the phone too.
    const noContact = run(CARS_CATALOG.editSteps, editValues, { mode: 'edit' });
    expect(Object.keys(messages(noContact, 3)).sort()).toEqual(['contactName', 'validPhone1']);
    const fixed = run(CARS_CATALOG.editSteps, { ...CONTACT_TEST_VALUES, ...editValues }, { mode: 'edit' });
    expect(fixed.steps.every((s) => s.complete)).toBe(true);
    const sent = buildPayload(fixed, { mode: 'edit', cat: 1, subcat: 1 });
    expect(sent).toMatchObject({ price: '90000', km: '100000', hand: '2', validPhone1: TEST_PHONE });
    // What is locked is never sent.
    for (const id of CARS_CATALOG.editLocked) expect(sent).not.toHaveProperty(id);
  });

  it('the whole publish flow is complete with these values and the contact step (the plan step needs nothing)', () => {
    expect(cars({ ...values, ...CONTACT_TEST_VALUES }).errors).toEqual([]);
    expect(cars(values).errors.map((e) => [e.field, e.code])).toEqual([
      ['contactName', 'required'],
      ['validPhone1', 'required'],
    ]);
  });
});

describe('other vehicle kinds', () => {
  it('special: a truck and an off-road motorcycle are types of their own, moved by the redirect rules', () => {
    const result = run(SPECIAL_CATALOG.steps, { subcat: '6', specialType: '8' });
    expect(result.redirect).toBeUndefined();
    const rules = rulesFor({ cat: 1, subcat: 6 }).publishRedirects;
    expect(rules.map((r) => [r.value, r.redirect.params?.subcat, r.message])).toEqual([
      ['8', 9, 'המודעה תפורסם במדור משאיות'],
      ['9', 4, 'המודעה תפורסם במדור אופנועים'],
    ]);
  });

  it('special: engine hours for working machines, kilometres for road-going ones', () => {
    const tractor = run(SPECIAL_CATALOG.steps, { subcat: '6', specialType: '1' });
    expect([tractor.fields.engineHours?.required, tractor.fields.km?.visible]).toEqual([true, false]);
    const atv = run(SPECIAL_CATALOG.steps, { subcat: '6', specialType: '3' });
    expect([atv.fields.engineHours?.visible, atv.fields.km?.required]).toEqual([false, true]);
    expect(messages(run(SPECIAL_CATALOG.steps, { subcat: '6', productionYear: '207' }), 1).productionYear).toBe(
      'יש להזין שנה בת 4 ספרות',
    );
  });

  it('boats: a kayak has no engine, so engine power hides', () => {
    const kayak = run(
      BOATS_CATALOG.steps,
      { subcat: '13', boatType: '6', engineType: '1', enginePower: '90' },
      { changed: 'boatType' },
    );
    expect(kayak.values.engineType).toBe('4');
    expect(kayak.fields.enginePower?.visible).toBe(false);
    expect(buildPayload(kayak, { mode: 'publish', cat: 1 })).not.toHaveProperty('enginePower');
    expect(messages(run(BOATS_CATALOG.steps, { length: '6,5' }), 1).length).toBe('יש להזין אורך במטרים, לדוגמה 6.5');
  });

  it('accessories: type, condition and a description of at least 10 characters', () => {
    const result = run(ACCESSORIES_CATALOG.steps, { subcat: '7', description: 'קצר' });
    expect(messages(result, 1)).toEqual({
      productType: 'שדה חובה',
      productCondition: 'שדה חובה',
      description: 'מעט מדי תווים',
    });
  });
});
