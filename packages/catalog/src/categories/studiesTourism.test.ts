import { errorText } from '@app/form-engine/messages';
import type { StepDef, Values } from '@app/form-engine/model';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';
import { STUDIES_CATALOG } from './studies.ts';
import { TOURISM_CATALOG } from './tourism.ts';

const errors = (steps: StepDef[], values: Values) =>
  Object.fromEntries(resolve(steps, values, testContext()).errors.map((e) => [e.field, errorText(e)]));

describe('studies', () => {
  const maths: Values = {
    ...CONTACT_TEST_VALUES,
    subcat: '1',
    subject: '101',
    levels: ['4', '5'],
    lessonPlaces: ['1', '3'],
    area: '6',
    price: '150',
    priceUnit: '1',
    lessonLength: '60',
    education: '3',
    description: 'מורה למתמטיקה עם תואר שני, מכינה לבגרות 5 יחידות בהצלחה כבר עשר שנים',
  };
  const steps = STUDIES_CATALOG.steps;

  it('a maths teacher for matriculation is a valid ad', () => {
    expect(errors(steps, maths)).toEqual({});
    const subjects = steps[1]?.fields.find((f) => f.id === 'subject')?.options?.map((o) => o.text);
    expect(subjects).toEqual(expect.arrayContaining(['מתמטיקה', 'אנגלית', 'פיזיקה']));
  });

  it('subject, levels and place are required; courses ask meetings and a start date, not in the past', () => {
    expect(Object.keys(errors(steps, { subcat: '1' })).sort()).toEqual(
      [
        'area',
        'description',
        'lessonPlaces',
        'levels',
        'price',
        'priceUnit',
        'subject',
        'contactName',
        'validPhone1',
      ].sort(),
    );
    expect(resolve(steps, maths, testContext()).fields.meetings?.visible).toBe(false);
    const course = { ...maths, subcat: '2', priceUnit: '2', meetings: '12', startDate: '01/01/2020' };
    expect(errors(steps, course)).toEqual({ startDate: 'תאריך שהוזן לא תקין. יש להזין תאריך עתידי בלבד' });
  });
});

describe('tourism', () => {
  const zimmer: Values = {
    ...CONTACT_TEST_VALUES,
    subcat: '1',
    unitType: '101',
    region: '1',
    settlement: 'ראש פינה',
    units: '3',
    bedrooms: '1',
    maxGuests: '4',
    priceMidweek: '900',
    priceWeekend: '1,300',
    minNights: '2',
    availableFrom: '01/04/2026',
    amenities: ['1', '5', '6'],
    description: 'צימר רומנטי עם ג׳קוזי ונוף לחרמון, ארוחת בוקר עשירה בסלסלה',
  };
  const steps = TOURISM_CATALOG.steps;

  it('a zimmer in the Upper Galilee is a valid ad', () => {
    expect(errors(steps, zimmer)).toEqual({});
    const regions = steps[1]?.fields.find((f) => f.id === 'region')?.options?.map((o) => o.text);
    expect(regions).toEqual(expect.arrayContaining(['גליל עליון', 'רמת הגולן', 'ים המלח', 'אילת']));
  });

  it('unit types are the board’s: a villa is not a zimmer board unit', () => {
    const result = resolve(steps, zimmer, testContext());
    expect(result.fields.unitType?.options?.map((o) => o.text)).toEqual([
      'צימר',
      'סוויטה',
      'בקתת עץ',
      'יחידת אירוח במשק',
    ]);
    expect(errors(steps, { ...zimmer, unitType: '201' })).toEqual({ unitType: 'ערך לא תקין' });
    expect(errors(steps, { ...zimmer, subcat: '2', unitType: '201' })).toEqual({});
  });

  it('at least one guest; a past start date becomes today (immediately available)', () => {
    expect(errors(steps, { ...zimmer, maxGuests: '0' })).toEqual({ maxGuests: 'יש להזין לפחות אורח אחד' });
    const past = resolve(steps, { ...zimmer, availableFrom: '01/01/2026' }, testContext());
    expect(past.fields.availableFrom).toMatchObject({ immediate: true, value: '15/03/2026' });
    expect(past.errors).toEqual([]);
  });
});
