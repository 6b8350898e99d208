import type { SubModel } from '@app/catalog/vehicles/types';
import { SUB_MODELS_PAGE, SUB_MODELS_SHOW_MORE_LIMIT } from '@app/contract/publish';
import { describe, expect, it } from 'vitest';
import { readSubModelFilters, subModelsAnswer } from './sub-models.ts';

const subModel = (id: number, over: Partial<SubModel> = {}): SubModel => ({
  SubSubModelID: id,
  modelId: 1,
  yearFrom: 2020,
  yearTo: 2024,
  SubModel: `גרסה ${id}`,
  GearTitle: 'אוטומטי',
  engineType: 'בנזין',
  Door: 5,
  Seats: 5,
  EngineVolume: 1598,
  HorsePower: 120,
  ...over,
});

const LIST: SubModel[] = [
  subModel(1),
  subModel(2, { GearTitle: 'ידני', Door: 3 }),
  subModel(3, { engineType: 'היברידי', EngineVolume: 1798, Ignition: '4X2' }),
  subModel(4, { engineType: 'היברידי', EngineVolume: 1798, Ignition: '4X4' }),
  subModel(5, { engineType: 'חשמלי', EngineVolume: 0 }),
];

const ids = (answer: ReturnType<typeof subModelsAnswer>) => answer[0].map((s) => s.SubSubModelID);

describe('the sub-model filters', () => {
  it('leave only the sub-models with every chosen value, and count each filter over the others', () => {
    const answer = subModelsAnswer(LIST, { engineType: 'היברידי' }, 0);
    expect(ids(answer)).toEqual([3, 4]);
    expect(answer[1]).toMatchObject({ total: 2, hasMore: false });
    // The chosen filter still offers every engine of the model; the others count the hybrids only.
    expect(answer[1].engineType).toEqual([
      { value: 'בנזין', count: 2 },
      { value: 'היברידי', count: 2 },
      { value: 'חשמלי', count: 1 },
    ]);
    expect(answer[1].gearBox).toEqual([{ value: 'אוטומטי', count: 2 }]);
    expect(answer[1].engineSize).toEqual([{ value: '1798', count: 2 }]);
    expect(answer[1].ignition).toEqual([
      { value: '4X2', count: 1 },
      { value: '4X4', count: 1 },
    ]);
    expect(ids(subModelsAnswer(LIST, { engineType: 'היברידי', ignition: '4X4' }, 0))).toEqual([4]);
  });

  it('with none chosen list everything, numbers by size and a sub-model without a drive uncounted', () => {
    const [list, figures] = subModelsAnswer(LIST, {}, 0);
    expect(list).toHaveLength(SUB_MODELS_PAGE);
    expect(figures.total).toBe(LIST.length);
    expect(figures.engineSize.map((c) => c.value)).toEqual(['0', '1598', '1798']);
    expect(figures.numDoors).toEqual([
      { value: '3', count: 1 },
      { value: '5', count: 4 },
    ]);
    expect(figures.ignition.reduce((sum, c) => sum + c.count, 0)).toBe(2);
  });

  it('match numbers whatever their writing, and a value no sub-model has leaves none', () => {
    const read = readSubModelFilters({ engineSize: '01598', numDoors: 5, gearBox: ' ידני ' });
    expect(read).toEqual({ ok: true, filters: { engineSize: '1598', numDoors: '5', gearBox: 'ידני' } });
    if (read.ok) expect(ids(subModelsAnswer(LIST, read.filters, 0))).toEqual([]);
    const none = subModelsAnswer(LIST, { gearBox: 'רובוטי' }, 0);
    expect(none[0]).toEqual([]);
    expect(none[1]).toMatchObject({ total: 0, hasMore: false });
  });

  it("read empty, null and '-1' as no filter and refuse what is not a value", () => {
    expect(readSubModelFilters({ gearBox: '', engineSize: null, numDoors: '-1', model: 'x' })).toEqual({
      ok: true,
      filters: {},
    });
    for (const [body, field] of [
      [{ gearBox: ['ידני'] }, 'gearBox'],
      [{ engineType: { $ne: '' } }, 'engineType'],
      [{ engineSize: '1.6' }, 'engineSize'],
      [{ numDoors: 'חמש' }, 'numDoors'],
      [{ ignition: 'x'.repeat(41) }, 'ignition'],
      [{ numDoors: true }, 'numDoors'],
    ] as const) {
      expect(readSubModelFilters(body)).toEqual({ ok: false, field });
    }
  });

  it(`page five at a time and stop show-more at ${SUB_MODELS_SHOW_MORE_LIMIT}`, () => {
    const many = Array.from({ length: SUB_MODELS_SHOW_MORE_LIMIT + 12 }, (_, i) => subModel(i + 1));
    const second = subModelsAnswer(many, {}, SUB_MODELS_PAGE);
    expect(ids(second)).toEqual([6, 7, 8, 9, 10]);
    expect(second[1]).toMatchObject({ offset: 5, hasMore: true, total: many.length });
    const last = subModelsAnswer(many, {}, SUB_MODELS_SHOW_MORE_LIMIT - SUB_MODELS_PAGE);
    expect(ids(last)).toEqual([996, 997, 998, 999, 1000]);
    expect(last[1].hasMore).toBe(false);
    const past = subModelsAnswer(many, {}, SUB_MODELS_SHOW_MORE_LIMIT);
    expect(past[0]).toEqual([]);
    expect(past[1].hasMore).toBe(false);
    // A page that runs into the limit stops at it.
    expect(ids(subModelsAnswer(many, {}, SUB_MODELS_SHOW_MORE_LIMIT - 2))).toEqual([999, 1000]);
  });
});
