import { describe, expect, it } from 'vitest';
import { COLOR_GROUPS, COLORS } from './colors.ts';
import { HAND_NEW, HAND_OPTIONS } from './hands.ts';
import { MANUFACTURERS } from './manufacturers.ts';
import { MODELS } from './models.ts';
import { isOwnerOptionEnabled, OWNER_NEW_FROM_IMPORTER, OWNER_OPTIONS, ownerIdFromRegistry } from './owners.ts';
import { SUB_MODELS } from './subModels.ts';
import { CAR_SUBCATS, type VehicleSubcat } from './types.ts';

const duplicates = (values: readonly number[]) => values.filter((v, i) => values.indexOf(v) !== i);
const HEBREW = /[\u0590-\u05FF]/;
const SUBCATS: readonly VehicleSubcat[] = [1, 2, 3, 4, 5, 6, 9, 13];

describe('makes', () => {
  it('have unique ids and Hebrew names', () => {
    expect(duplicates(MANUFACTURERS.map((m) => m.id))).toEqual([]);
    for (const m of MANUFACTURERS) {
      expect(m.name, m.nameEn).toMatch(HEBREW);
      expect(m.country, m.nameEn).toMatch(HEBREW);
      expect(m.registryName, m.nameEn).toMatch(HEBREW);
    }
  });

  it('sell cars: at least 30 makes with models in the car sub-categories', () => {
    const carMakes = new Set(MODELS.filter((m) => CAR_SUBCATS.includes(m.subcat)).map((m) => m.manufacturerId));
    expect(carMakes.size).toBeGreaterThanOrEqual(30);
  });

  it('every make has a model, and every vehicle sub-category has makes', () => {
    for (const m of MANUFACTURERS)
      expect(
        MODELS.some((model) => model.manufacturerId === m.id),
        m.name,
      ).toBe(true);
    for (const subcat of SUBCATS)
      expect(
        MODELS.some((model) => model.subcat === subcat),
        `subcat ${subcat}`,
      ).toBe(true);
  });
});

describe('models', () => {
  const makeIds = new Set(MANUFACTURERS.map((m) => m.id));

  it('have unique ids, an existing make and a sane year range up to 2026', () => {
    expect(duplicates(MODELS.map((m) => m.id))).toEqual([]);
    for (const m of MODELS) {
      expect(makeIds.has(m.manufacturerId), `model ${m.id}`).toBe(true);
      expect(SUBCATS).toContain(m.subcat);
      expect(m.yearFrom, `model ${m.id}`).toBeGreaterThanOrEqual(1990);
      expect(m.yearFrom, `model ${m.id}`).toBeLessThanOrEqual(m.yearTo);
      expect(m.yearTo, `model ${m.id}`).toBeLessThanOrEqual(2026);
    }
  });

  it('car makes list 2 to 8 car models each', () => {
    const perMake = new Map<number, number>();
    for (const m of MODELS.filter((model) => CAR_SUBCATS.includes(model.subcat))) {
      perMake.set(m.manufacturerId, (perMake.get(m.manufacturerId) ?? 0) + 1);
    }
    for (const [makeId, count] of perMake) {
      expect(count, `make ${makeId}`).toBeGreaterThanOrEqual(2);
      expect(count, `make ${makeId}`).toBeLessThanOrEqual(8);
    }
  });
});

describe('sub-models', () => {
  const modelById = new Map(MODELS.map((m) => [m.id, m]));

  it('have unique ids and belong to an existing model, inside its years', () => {
    expect(duplicates(SUB_MODELS.map((s) => s.SubSubModelID))).toEqual([]);
    for (const s of SUB_MODELS) {
      const model = modelById.get(s.modelId);
      expect(model, `sub-model ${s.SubSubModelID}`).toBeDefined();
      if (!model) continue;
      expect(s.yearFrom, `sub-model ${s.SubSubModelID}`).toBeLessThanOrEqual(s.yearTo);
      expect(s.yearFrom, `sub-model ${s.SubSubModelID}`).toBeGreaterThanOrEqual(model.yearFrom);
      expect(s.yearTo, `sub-model ${s.SubSubModelID}`).toBeLessThanOrEqual(model.yearTo);
    }
  });

  it('have consistent technical data: electric means 0 cc, others have an engine', () => {
    for (const s of SUB_MODELS) {
      if (s.engineType === 'חשמלי') expect(s.EngineVolume, `sub-model ${s.SubSubModelID}`).toBe(0);
      else expect(s.EngineVolume, `sub-model ${s.SubSubModelID}`).toBeGreaterThan(0);
      expect(s.HorsePower, `sub-model ${s.SubSubModelID}`).toBeGreaterThan(0);
      expect(s.Seats, `sub-model ${s.SubSubModelID}`).toBeGreaterThan(0);
      expect(s.SubModel.trim(), `sub-model ${s.SubSubModelID}`).not.toBe('');
    }
  });

  it('give a real choice: every car model year has at least 2 sub-models, every other model year at least 1', () => {
    const gaps: string[] = [];
    for (const m of MODELS) {
      const needed = CAR_SUBCATS.includes(m.subcat) ? 2 : 1;
      for (let year = m.yearFrom; year <= m.yearTo; year++) {
        const count = SUB_MODELS.filter((s) => s.modelId === m.id && s.yearFrom <= year && year <= s.yearTo).length;
        if (count < needed) gaps.push(`${m.id} ${m.name} ${year}: ${count}`);
      }
    }
    expect(gaps).toEqual([]);
  });
});

describe('colours', () => {
  const groupIds = new Set(COLOR_GROUPS.map((g) => g.value));

  it('groups and colours have unique ids, hex codes and Hebrew names', () => {
    expect(duplicates(COLOR_GROUPS.map((g) => g.value))).toEqual([]);
    expect(duplicates(COLORS.map((c) => c.value))).toEqual([]);
    for (const g of COLOR_GROUPS) {
      expect(g.CarColorGroupHEX).toMatch(/^#[0-9A-F]{6}$/);
      expect(g.text).toMatch(HEBREW);
    }
    for (const c of COLORS) {
      expect(c.CarColorHex, c.text).toMatch(/^#[0-9A-F]{6}$/);
      expect(c.text).toMatch(HEBREW);
    }
  });

  it('each colour maps to one existing group, and each group has a colour', () => {
    for (const c of COLORS) expect(groupIds.has(c.CarColorGroupID), c.text).toBe(true);
    for (const g of COLOR_GROUPS)
      expect(
        COLORS.some((c) => c.CarColorGroupID === g.value),
        g.text,
      ).toBe(true);
  });

  it('metallic and pearl colours carry a CSS gradient, solid ones do not', () => {
    for (const c of COLORS) {
      if (/מטלי|פנינה/.test(c.text)) expect(c.CarColorGradientStyle, c.text).toMatch(/^linear-gradient\(.+\)$/);
      else expect(c.CarColorGradientStyle, c.text).toBeUndefined();
    }
  });
});

describe('owners and hands', () => {
  it('hand options are 0 (new) to 10, in order', () => {
    expect(HAND_OPTIONS.map((h) => h.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(HAND_OPTIONS[1]?.text).toBe('יד ראשונה');
  });

  it('owner values are unique and include the spec mapping targets and 14', () => {
    const values = OWNER_OPTIONS.map((o) => o.value);
    expect(duplicates(values)).toEqual([]);
    for (const v of [1, 2, 3, 5, 15, OWNER_NEW_FROM_IMPORTER]) expect(values).toContain(v);
  });

  it('owner 14 is enabled only when hand is 0; the others always', () => {
    expect(isOwnerOptionEnabled(OWNER_NEW_FROM_IMPORTER, HAND_NEW)).toBe(true);
    expect(isOwnerOptionEnabled(OWNER_NEW_FROM_IMPORTER, 1)).toBe(false);
    expect(isOwnerOptionEnabled(OWNER_NEW_FROM_IMPORTER, -1)).toBe(false);
    expect(isOwnerOptionEnabled(1, 3)).toBe(true);
    expect(isOwnerOptionEnabled(5, HAND_NEW)).toBe(true);
  });

  it.each([
    ['פרטי', 1],
    ['חברה', 2],
    ['השכרה', 3],
    ['ליסינג', 5],
    ['סוחר', 15],
    [' פרטי ', 1],
    ['ממשלתי', -1],
    ['valueOf', -1],
    ['', -1],
  ])('registry baalut %j -> ownerID %i', (baalut, ownerId) => {
    expect(ownerIdFromRegistry(baalut)).toBe(ownerId);
  });
});
