import { describe, expect, it } from 'vitest';
import { COLORS } from './colors.ts';
import { MANUFACTURERS } from './manufacturers.ts';
import { MODELS } from './models.ts';
import { PLATES, SAMPLE_PLATES } from './plates.ts';
import { PLATE_ROWS } from './plates-data.ts';
import { SUB_MODELS } from './subModels.ts';

const makeById = new Map(MANUFACTURERS.map((m) => [m.id, m]));
const modelById = new Map(MODELS.map((m) => [m.id, m]));
const subModelById = new Map(SUB_MODELS.map((s) => [s.SubSubModelID, s]));
const colorById = new Map(COLORS.map((c) => [c.value, c]));

describe('sample licence-plate registry', () => {
  it('has at least 200 unique plates, with enough commercial vehicles and jeeps', () => {
    expect(PLATES.length).toBe(PLATE_ROWS.length);
    expect(PLATES.length).toBeGreaterThanOrEqual(200);
    const numbers = PLATES.map((p) => p.mispar_rechev);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(PLATES.filter((p) => p.subcat === 2).length).toBeGreaterThanOrEqual(20);
    expect(PLATES.filter((p) => p.subcat === 3).length).toBeGreaterThanOrEqual(30);
    expect(PLATES.filter((p) => p.subcat === 1).length).toBeGreaterThanOrEqual(100);
  });

  it('uses 8 digits for vehicles made from 2017 on and 7 digits before', () => {
    for (const p of PLATES) {
      const digits = String(p.mispar_rechev);
      expect(digits, `plate ${digits}`).toMatch(p.shnat_yitzur >= 2017 ? /^[1-9]\d{7}$/ : /^[1-9]\d{6}$/);
    }
    expect(PLATES.some((p) => String(p.mispar_rechev).length === 7)).toBe(true);
  });

  it('links every plate to an existing make, model, sub-model valid for its year, and colour', () => {
    for (const p of PLATES) {
      const label = `plate ${p.mispar_rechev}`;
      const make = makeById.get(p.manufacturerId);
      const model = modelById.get(p.modelId);
      const subModel = subModelById.get(p.subModelId);
      const color = colorById.get(p.colorId);
      expect(make && model && subModel && color, label).toBeTruthy();
      if (!make || !model || !subModel || !color) continue;
      expect(model.manufacturerId, label).toBe(make.id);
      expect(subModel.modelId, label).toBe(model.id);
      expect(model.subcat, label).toBe(p.subcat);
      expect(p.shnat_yitzur, label).toBeGreaterThanOrEqual(subModel.yearFrom);
      expect(p.shnat_yitzur, label).toBeLessThanOrEqual(subModel.yearTo);
      expect(p.tozeret_nm, label).toBe(make.registryName);
      expect(p.tozeret_cd, label).toBe(make.registryCode);
      expect(p.tzeva_rechev, label).toBe(color.text);
      expect(p.sug_degem, label).toBe(p.subcat === 2 ? 'M' : 'P');
      expect(p.kinuy_mishari.startsWith(model.nameEn), label).toBe(true);
      expect(p.carHand, label).toBeGreaterThanOrEqual(1);
      expect(p.carHand, label).toBeLessThanOrEqual(4);
    }
  });

  it('writes dates in the registry formats, first registration in or after the model year', () => {
    for (const p of PLATES) {
      const label = `plate ${p.mispar_rechev}`;
      const onRoad = /^(\d{4})-([1-9]|1[0-2])$/.exec(p.moed_aliya_lakvish);
      expect(onRoad, label).not.toBeNull();
      const onRoadYear = Number(onRoad?.[1]);
      expect(onRoadYear - p.shnat_yitzur, label).toBeGreaterThanOrEqual(0);
      expect(onRoadYear - p.shnat_yitzur, label).toBeLessThanOrEqual(1);
      expect(p.tokef_dt, label).toMatch(/^20(2[5-7])-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)$/);
    }
  });

  it('uses registry fuel names and ownership values', () => {
    const fuels = new Set(PLATES.map((p) => p.sug_delek_nm));
    for (const fuel of fuels) expect(['בנזין', 'דיזל', 'חשמל', 'חשמל/בנזין', 'גפ"מ/בנזין']).toContain(fuel);
    const owners = new Set(PLATES.map((p) => p.baalut));
    for (const owner of owners) expect(['פרטי', 'חברה', 'השכרה', 'ליסינג', 'סוחר']).toContain(owner);
  });

  it('SAMPLE_PLATES are what their names say', () => {
    const byNumber = (plate: string) => PLATES.find((p) => String(p.mispar_rechev) === plate);
    expect(byNumber(SAMPLE_PLATES.privateCar)).toMatchObject({ subcat: 1, modelId: 101, shnat_yitzur: 2021 });
    expect(byNumber(SAMPLE_PLATES.commercial)).toMatchObject({ subcat: 2, modelId: 108, sug_degem: 'M' });
    expect(byNumber(SAMPLE_PLATES.jeep)).toMatchObject({ subcat: 3, modelId: 206 });
    expect(byNumber(SAMPLE_PLATES.oldPrivateCar)).toMatchObject({ subcat: 1, modelId: 402, shnat_yitzur: 2012 });
    expect(SAMPLE_PLATES.oldPrivateCar).toHaveLength(7);
    expect(byNumber(SAMPLE_PLATES.unknown)).toBeUndefined();
  });
});
