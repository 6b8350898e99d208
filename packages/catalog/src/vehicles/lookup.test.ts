import { describe, expect, it } from 'vitest';
import {
  colorsOfGroup,
  findPlate,
  formatPlate,
  manufacturersFor,
  modelsOf,
  plateRecord,
  subModelById,
  subModelsOf,
  yearsOf,
} from './lookup.ts';
import { MODELS } from './models.ts';
import { SAMPLE_PLATES } from './plates.ts';

const names = (items: readonly { name: string }[]) => items.map((i) => i.name);

describe('manufacturersFor', () => {
  it('lists the makes that have models in the sub-category, in Hebrew order', () => {
    const cars = names(manufacturersFor(1));
    expect(cars).toEqual(expect.arrayContaining(['טויוטה', 'יונדאי', 'ב.מ.וו', 'בי.ווי.די', "אם.ג'י"]));
    expect(cars).not.toContain('ק.ט.מ');
    expect(cars).toEqual([...cars].sort((a, b) => a.localeCompare(b, 'he')));
  });

  it('a make appears in every sub-category it has models in', () => {
    expect(names(manufacturersFor(4))).toEqual(expect.arrayContaining(['הונדה', 'ק.ט.מ', 'ב.מ.וו', 'ימאהה']));
    expect(names(manufacturersFor(4))).not.toContain('טויוטה');
    expect(names(manufacturersFor(5))).toEqual(expect.arrayContaining(['קימקו', 'סאן יאנג', 'וספה', 'הונדה']));
    expect(names(manufacturersFor(9))).toEqual(expect.arrayContaining(['וולוו', 'מרצדס-בנץ', 'סקניה', 'איסוזו']));
    expect(names(manufacturersFor(13))).toEqual(expect.arrayContaining(['ימאהה', 'סי-דו', 'בנטו']));
    expect(manufacturersFor(7)).toEqual([]);
  });
});

describe('modelsOf / yearsOf', () => {
  it('splits a make by sub-category', () => {
    expect(names(modelsOf(1, 1))).toEqual(expect.arrayContaining(['קורולה', 'יאריס']));
    expect(names(modelsOf(1, 1))).not.toContain('היילקס');
    expect(names(modelsOf(1, 2))).toEqual(['היילקס']);
    expect(names(modelsOf(1, 3))).toEqual(expect.arrayContaining(['RAV4', 'לנד קרוזר']));
    expect(modelsOf(999, 1)).toEqual([]);
  });

  it('lists the model years newest first', () => {
    const years = yearsOf(101);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2000);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(yearsOf(999)).toEqual([]);
  });
});

describe('subModelsOf / subModelById', () => {
  it('gives only the sub-models sold in that year, ordered by engine volume then horse power', () => {
    const list = subModelsOf(101, 2023);
    expect(list.length).toBeGreaterThan(5);
    for (const s of list) expect(s.yearFrom <= 2023 && 2023 <= s.yearTo).toBe(true);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]];
      if (!a || !b) continue;
      expect(
        a.EngineVolume < b.EngineVolume || (a.EngineVolume === b.EngineVolume && a.HorsePower <= b.HorsePower),
      ).toBe(true);
    }
    expect(subModelsOf(101, 1999)).toEqual([]);
    expect(subModelsOf(999, 2023)).toEqual([]);
  });

  it('has model years with more than 5 sub-models (the UI pages 5 at a time)', () => {
    const crowded = MODELS.flatMap((m) => yearsOf(m.id).map((year) => subModelsOf(m.id, year).length)).filter(
      (n) => n > 5,
    );
    expect(crowded.length).toBeGreaterThan(5);
  });

  it('finds a sub-model by id', () => {
    expect(subModelById(10116)).toMatchObject({ modelId: 101, SubModel: "2.0 היברידי GR Sport אוטו'" });
    expect(subModelById(1)).toBeUndefined();
  });
});

describe('colorsOfGroup', () => {
  it('gives the colours of the group only', () => {
    const silver = colorsOfGroup(3);
    expect(silver.map((c) => c.text)).toContain('כסף מטלי');
    expect(silver.every((c) => c.CarColorGroupID === 3)).toBe(true);
    expect(colorsOfGroup(99)).toEqual([]);
  });
});

describe('findPlate', () => {
  const RESULT_KEYS = [
    'carTitle',
    'subModelTitle',
    'typeId',
    'subModelId',
    'carYear',
    'carHand',
    'subSubModelVal',
    'modelId',
    'yad2CarColorGroupID',
    'yad2CarColorID',
    'DateOnRoad',
    'tokefTestDate',
    'owner',
    'manufacturerId',
  ];

  it('returns exactly the spec fields (plus manufacturerId) for a known plate', () => {
    const result = findPlate(SAMPLE_PLATES.privateCar);
    expect(Object.keys(result ?? {}).sort()).toEqual([...RESULT_KEYS].sort());
    expect(result).toEqual({
      carTitle: 'טויוטה קורולה',
      subModelTitle: "1.8 היברידי Comfort אוטו'",
      typeId: 1,
      subModelId: 10110,
      carYear: 2021,
      carHand: 1,
      subSubModelVal: 10110,
      modelId: 101,
      yad2CarColorGroupID: 1,
      yad2CarColorID: 102,
      DateOnRoad: plateRecord(SAMPLE_PLATES.privateCar)?.moed_aliya_lakvish,
      tokefTestDate: plateRecord(SAMPLE_PLATES.privateCar)?.tokef_dt,
      owner: 'פרטי',
      manufacturerId: 1,
    });
  });

  it.each([
    ['374-97-104', SAMPLE_PLATES.privateCar],
    [' 374 97 104 ', SAMPLE_PLATES.privateCar],
    ['37-497-104', SAMPLE_PLATES.privateCar],
    ['76-751-53', SAMPLE_PLATES.oldPrivateCar],
    ['7675153', SAMPLE_PLATES.oldPrivateCar],
  ])('reads only the digits of %j', (input, plate) => {
    expect(findPlate(input)).toEqual(findPlate(plate));
    expect(findPlate(input)).not.toBeNull();
  });

  it('tells the vehicle type so the ad can move to the right sub-category', () => {
    expect(findPlate(SAMPLE_PLATES.commercial)?.typeId).toBe(2);
    expect(findPlate(SAMPLE_PLATES.jeep)?.typeId).toBe(3);
    expect(findPlate(SAMPLE_PLATES.oldPrivateCar)?.carYear).toBe(2012);
  });

  it.each([SAMPLE_PLATES.unknown, '', '123456', '123456789', 'abc', `0${SAMPLE_PLATES.oldPrivateCar}`])(
    'returns null for %j',
    (input) => {
      expect(findPlate(input)).toBeNull();
    },
  );
});

describe('formatPlate', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12-3'],
    ['12345', '12-345'],
    ['123456', '12-345-6'],
    ['1234567', '12-345-67'],
    ['12345678', '123-45-678'],
    ['123456789', '123-45-678'],
    ['12-345-67', '12-345-67'],
    ['123 45 678', '123-45-678'],
    ['ab12c', '12'],
  ])('%j -> %j', (input, formatted) => {
    expect(formatPlate(input)).toBe(formatted);
  });
});
