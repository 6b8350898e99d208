import { describe, expect, it } from 'vitest';
import { mergePages, subModelDetails, subModelFilterChoices } from './subModelText.ts';

describe('sub-model cards', () => {
  it('lists gear, engine, volume with separators, power and doors; skips what is missing', () => {
    expect(
      subModelDetails({
        SubSubModelID: 1,
        SubModel: '1.8 היברידי',
        GearTitle: 'אוטומטי',
        engineType: 'היברידי',
        EngineVolume: 1798,
        HorsePower: 122,
        Door: 5,
      }),
    ).toEqual(['אוטומטי', 'היברידי', '1,798 סמ"ק', '122 כ"ס', '5 דלתות']);
    expect(subModelDetails({ SubSubModelID: 2, SubModel: 'EV', EngineVolume: 0 })).toEqual([]);
  });

  it('merges pages without repeats', () => {
    const a = { SubSubModelID: 1, SubModel: 'a' };
    const b = { SubSubModelID: 2, SubModel: 'b' };
    expect(mergePages([a], [a, b]).map((s) => s.SubSubModelID)).toEqual([1, 2]);
  });
});

describe('sub-model filters', () => {
  const counts = {
    gearBox: [
      { value: 'אוטומטי', count: 4 },
      { value: 'רובוטי', count: 2 },
    ],
    engineSize: [
      { value: '0', count: 1 },
      { value: '1598', count: 5 },
    ],
    engineType: [{ value: 'בנזין', count: 6 }],
    numDoors: [
      { value: '3', count: 1 },
      { value: '5', count: 5 },
    ],
    ignition: [],
  };

  it('offers a filter with two values or more, in the list order, each with its count', () => {
    const choices = subModelFilterChoices(counts, {});
    expect(choices.map((c) => c.label)).toEqual(['תיבת הילוכים', 'נפח מנוע', 'מספר דלתות']);
    expect(choices[0]?.options).toEqual([
      { value: 'אוטומטי', text: 'אוטומטי (4)' },
      { value: 'רובוטי', text: 'רובוטי (2)' },
    ]);
    expect(choices[1]?.options.map((o) => o.text)).toEqual(['ללא נפח מנוע (חשמלי) (1)', '1,598 סמ"ק (5)']);
    expect(choices[2]?.options.map((o) => o.text)).toEqual(['3 דלתות (1)', '5 דלתות (5)']);
  });

  it('keeps a chosen filter on screen even when one value is left, so it can be cleared', () => {
    const choices = subModelFilterChoices({ ...counts, ignition: [{ value: '4X4', count: 2 }] }, { ignition: '4X4' });
    expect(choices.find((c) => c.key === 'ignition')).toEqual({
      key: 'ignition',
      label: 'הנעה',
      options: [{ value: '4X4', text: '4X4 (2)' }],
    });
    const gone = subModelFilterChoices(counts, { engineType: 'דיזל' }).find((c) => c.key === 'engineType');
    expect(gone?.options.map((o) => o.value)).toEqual(['דיזל', 'בנזין']);
  });
});
