import { describe, expect, it } from 'vitest';
import { mergePages, subModelDetails } from './subModelText.ts';

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
