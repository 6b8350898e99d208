import type { LicencePlateResult } from '@app/contract/publish';
import { describe, expect, it } from 'vitest';
import { canSearch, plateDecision, plateDigits, plateValues } from './plate.ts';

const COROLLA: LicencePlateResult = {
  carTitle: 'טויוטה קורולה',
  subModelTitle: '1.8 היברידי Comfort',
  typeId: 1,
  subModelId: 123401,
  carYear: 2021,
  carHand: 1,
  subSubModelVal: 123401,
  modelId: 1234,
  yad2CarColorGroupID: 1,
  yad2CarColorID: 102,
  DateOnRoad: '2021-3',
  tokefTestDate: '2026-09-30',
  owner: 'פרטי',
  manufacturerId: 12,
};

describe('licence-plate search', () => {
  it('searches with more than 6 digits, not while loading, not once a model is found', () => {
    expect(plateDigits('12-345-67')).toBe('1234567');
    expect(canSearch('123456', false, false)).toBe(false);
    expect(canSearch('1234567', false, false)).toBe(true);
    expect(canSearch('1234567', true, false)).toBe(false);
    expect(canSearch('12345678', false, true)).toBe(false);
  });

  it('fills the same type, moves between private, commercial and jeeps, refuses other types', () => {
    expect(plateDecision(1, 1)).toEqual({ kind: 'fill' });
    expect(plateDecision(3, 1)).toEqual({ kind: 'move', subcat: 3 });
    expect(plateDecision(2, 3)).toEqual({ kind: 'move', subcat: 2 });
    expect(plateDecision(4, 1)).toEqual({ kind: 'mismatch' });
  });

  it('fills make, model, year, sub-model, colour, hand, date on road, owner and a valid test date', () => {
    expect(plateValues(COROLLA, '2026-03-15')).toEqual({
      manufacturer: '12',
      model: '1234',
      year: '2021',
      subModel: '123401',
      colorGroup: '1',
      color: '102',
      hand: '1',
      yearOnRoad: '2021',
      month: '3',
      ownerID: '1',
      testDate: '30/09/2026',
    });
    const expired = plateValues(
      { ...COROLLA, tokefTestDate: '2026-01-01', owner: 'אחר', DateOnRoad: '' },
      '2026-03-15',
    );
    expect(expired).not.toHaveProperty('testDate');
    expect(expired).not.toHaveProperty('ownerID');
    expect(expired).not.toHaveProperty('month');
  });

  it('leaves empty what the registry did not tell (the hand) or match (a trim, a colour), for the user', () => {
    const partial = plateValues(
      { ...COROLLA, carHand: 0, subModelId: 0, subSubModelVal: 0, yad2CarColorGroupID: 0, yad2CarColorID: 0 },
      '2026-03-15',
    );
    expect(partial).toMatchObject({ manufacturer: '12', model: '1234', year: '2021' });
    expect(partial).toMatchObject({ subModel: '', colorGroup: '', color: '', hand: '' });
  });
});
