import { CARS_CATALOG } from '@app/catalog/categories/vehiclesCars';
import { testOptions } from '@app/catalog/categories/vehiclesTestLists';
import type { FieldDef, Values } from '@app/form-engine/model';
import { resolve } from '@app/form-engine/resolve';
import { step, testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { adStrength, levelOf, reachableTips, type StrengthInput } from './adStrength.ts';

const LONG = 'רכב שמור מאוד, טיפולים במוסך מורשה בלבד, צמיגים חדשים, מזגן מקורי עובד מצוין, ללא תאונות. נסיעה רגועה.';

/** Five counted fields (price, km, description, colour, photos) and three that are not. */
const fields: FieldDef[] = [
  { id: 'price', type: 'number', label: 'מחיר', isNumeric: true },
  { id: 'km', type: 'text', label: 'קילומטראז׳' },
  { id: 'description', type: 'textarea', label: 'תיאור', maxlength: 1000 },
  {
    id: 'color',
    type: 'select',
    label: 'צבע',
    options: [
      { value: '1', text: 'לבן' },
      { value: '2', text: 'שחור' },
    ],
  },
  { id: 'readyForTest', type: 'checkbox', label: 'מוכן לבדיקה', acceptedValues: '0,1' },
  { id: 'heading', type: 'title', label: 'כותרת' },
  { id: 'secret', type: 'hidden' },
  {
    id: 'image1',
    type: 'image',
    label: 'תמונות',
    cropper: { total_images: 10, size: { w: 1120, h: 840 }, output_format: 'jpeg' },
  },
];
const steps = [step(fields.slice(0, 4)), step(fields.slice(4), { stepGroup: 'uploadImages', check: false })];

function strength(values: Values, photos: number | undefined, extra: Partial<StrengthInput> = {}) {
  const resolution = resolve(steps, values, testContext());
  return adStrength({ resolution, photos, mode: 'publish', ...extra });
}

describe('levelOf: thresholds 25, 51, 86', () => {
  it.each([
    [0, 'start', 'none', 'red'],
    [25, 'start', 'none', 'red'],
    [26, 'weak', 'medal', 'red'],
    [51, 'weak', 'medal', 'red'],
    [52, 'medium', 'cup', 'amber'],
    [85, 'medium', 'cup', 'amber'],
    [86, 'strong', 'crown', 'green'],
    [100, 'strong', 'crown', 'green'],
  ])('%i%% → %s, %s, %s', (percent, level, icon, color) => {
    expect(levelOf(percent)).toEqual({ level, icon, color });
  });
});

describe('adStrength: ads → percent, level and tips', () => {
  it.each([
    // values, photos, percent, level, tips in the spec's order
    [{}, 0, 0, 'start', ['price', 'photos', 'description']],
    [{ price: '1000', readyForTest: '1' }, 0, 20, 'start', ['photos', 'description']],
    [{ price: '1000', km: '5000' }, 0, 40, 'weak', ['photos', 'description']],
    [{ price: '1000', km: '5000', color: '1' }, 2, 80, 'medium', ['photos', 'description']],
    [{ price: '1000', km: '5000', color: '1', description: 'קצר' }, 3, 100, 'strong', ['description']],
    [{ price: '1000', km: '5000', color: '1', description: LONG }, 3, 100, 'strong', ['success']],
    [{ km: '5000', color: '-1', description: LONG }, 5, 60, 'medium', ['price']],
  ] as const)('%j with %i photos → %i%% %s %j', (values, photos, percent, level, tips) => {
    const result = strength(values, photos);
    expect(result.percent).toBe(percent);
    expect(result.level).toBe(level);
    expect(result.tips.map((t) => t.kind)).toEqual(tips);
  });

  it('the level reads the exact share, not the rounded percent', () => {
    // 6 of 7 filled = 85.7 %: shown as 86, still medium; 4 of 7 = 57 % medium; 2 of 7 = 28.6 % weak.
    const seven = [
      step([...Array.from({ length: 7 }, (_, i) => ({ id: `f${i}`, type: 'text' as const, label: `שדה ${i}` }))]),
    ];
    const of = (n: number) => {
      const values = Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 'x']));
      return adStrength({ resolution: resolve(seven, values, testContext()), photos: undefined, mode: 'publish' });
    };
    expect([of(6).percent, of(6).level]).toEqual([86, 'medium']);
    expect(of(7).level).toBe('strong');
    expect(of(2).level).toBe('weak');
  });

  it('each tip names its field and step', () => {
    const { tips } = strength({}, 0);
    expect(tips).toEqual([
      { kind: 'price', fieldId: 'price', step: 0 },
      { kind: 'photos', fieldId: 'image1', step: 1 },
      { kind: 'description', fieldId: 'description', step: 0 },
    ]);
  });

  it('the upgrade tip: edit mode with order type 1 only, after the others', () => {
    const full = { price: '1000', km: '5000', color: '1', description: LONG };
    const kinds = (extra: Partial<StrengthInput>) => strength(full, 3, extra).tips.map((t) => t.kind);
    expect(kinds({ mode: 'edit', ownerEditOrderType: 1 })).toEqual(['success', 'upgrade']);
    expect(kinds({ mode: 'edit', ownerEditOrderType: 3 })).toEqual(['success']);
    expect(kinds({ mode: 'publish', ownerEditOrderType: 1 })).toEqual(['success']);
  });

  it('skipped steps and disabled or hidden fields are not counted; no photo field, no photo tip', () => {
    expect(strength({ price: '1' }, undefined, { skipSteps: new Set([1]) }).percent).toBe(25);
    expect(strength({ price: '1' }, undefined, { skipSteps: new Set([1]) }).tips.map((t) => t.kind)).toEqual([
      'description',
    ]);
  });

  it("the cars' edit steps: a saved car's values", () => {
    const values: Values = {
      price: '85000',
      km: '45000',
      testDate: '2027-05-01',
      description: 'קורולה היברידית שמורה',
      readyForTest: '1',
      contactName: 'ישראל',
    };
    const resolution = resolve(
      CARS_CATALOG.editSteps ?? [],
      values,
      testContext({ mode: 'edit', options: testOptions }),
    );
    const result = adStrength({ resolution, photos: undefined, mode: 'edit', ownerEditOrderType: 1 });
    expect(result.tips.map((t) => t.kind)).toEqual(['description', 'upgrade']);
    expect(result.percent).toBeGreaterThan(25);
    expect(result.percent).toBeLessThan(100);
  });
});

describe('reachableTips (creating an ad)', () => {
  it('keeps the tips of steps reached, drops those ahead, and shows success only with nothing left', () => {
    const tips = strength({}, 0).tips;
    expect(reachableTips(tips, 0).map((t) => t.kind)).toEqual(['price', 'description']);
    expect(reachableTips(tips, 1).map((t) => t.kind)).toEqual(['price', 'photos', 'description']);
    const done = strength({ price: '1', km: '1', color: '1', description: LONG }, 3).tips;
    expect(reachableTips(done, 0).map((t) => t.kind)).toEqual(['success']);
  });
});
