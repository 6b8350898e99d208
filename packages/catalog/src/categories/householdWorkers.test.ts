import { errorText } from '@app/form-engine/messages';
import type { StepDef, Values } from '@app/form-engine/model';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';
import { CUSTOMER_INFO_CATALOG } from './customerInfo.ts';
import { HOUSEHOLD_WORKER_CATALOGS, JOB_AD_NOTICE } from './householdWorkers.ts';

const errors = (steps: StepDef[], values: Values) =>
  Object.fromEntries(resolve(steps, values, testContext()).errors.map((e) => [e.field, errorText(e)]));
const steps = (subcat: number) => HOUSEHOLD_WORKER_CATALOGS.find((c) => c.subcats.includes(subcat))?.steps ?? [];

describe('household workers', () => {
  it('one catalogue per choice, none with a plan step', () => {
    expect(HOUSEHOLD_WORKER_CATALOGS.map((c) => c.subcats)).toEqual([[1], [2], [3], [4]]);
    for (const c of HOUSEHOLD_WORKER_CATALOGS) expect(c.steps.map((s) => s.stepGroup)).not.toContain('choosePlan');
  });

  it('a search (a job ad) carries the notice on its description from the start; an offer does not', () => {
    const description = (subcat: number) =>
      resolve(steps(subcat), { subcat: String(subcat) }, testContext()).fields.description;
    for (const search of [2, 4]) {
      expect(description(search)?.def.notification).toBe(JOB_AD_NOTICE);
      expect(description(search)?.visible).toBe(true);
    }
    for (const offer of [1, 3]) expect(description(offer)?.def.notification).toBeUndefined();
    // A notice, not an error: the description's only error is its own rule.
    expect(errors(steps(2), { subcat: '2', description: 'אנחנו משפחה חמה עם שני ילדים' }).description).toBeUndefined();
  });

  it('a nanny offers: age, experience, children ages, hours, area and rate', () => {
    const nanny = {
      ...CONTACT_TEST_VALUES,
      subcat: '1',
      age: '34',
      experience: '5',
      childAges: ['1', '2'],
      jobType: ['1'],
      days: ['1', '2', '3', '4', '5'],
      area: '3',
      hourlyRate: '55',
      languages: ['1', '3'],
      features: ['3', '4'],
      description: 'מטפלת חמה ואחראית עם ניסיון של 8 שנים עם תינוקות',
    };
    expect(errors(steps(1), nanny)).toEqual({});
    expect(errors(steps(1), { ...nanny, age: '12' })).toEqual({ age: 'יש להזין גיל בין 16 ל-99' });
  });

  it('a family searching for an assistant says what is needed, when and where', () => {
    const search = {
      ...CONTACT_TEST_VALUES,
      subcat: '4',
      homeSize: '3',
      services: ['1', '2'],
      jobType: ['2'],
      startDate: '01/05/2026',
      area: '2',
      description: 'דרושה עוזרת בית פעמיים בשבוע לדירת 5 חדרים',
    };
    expect(errors(steps(4), search)).toEqual({});
    expect(Object.keys(errors(steps(4), { subcat: '4' })).sort()).toEqual(
      ['area', 'description', 'homeSize', 'jobType', 'services', 'startDate', 'contactName', 'validPhone1'].sort(),
    );
    expect(steps(4).flatMap((s) => s.fields.map((f) => f.id))).not.toContain('age');
  });
});

describe('customer info', () => {
  it('details only; the website must be a full address', () => {
    const details = {
      businessName: 'שיפוצי כהן',
      businessField: '1',
      area: '4',
      website: 'https://www.shiputzei-cohen.co.il',
      about: 'קבלן שיפוצים מוסמך משנת 2005, עבודות גמר, מטבחים וחדרי רחצה',
    };
    const s = CUSTOMER_INFO_CATALOG.steps;
    expect(errors(s, details)).toEqual({});
    expect(errors(s, { ...details, website: 'shiputzim' })).toEqual({
      website: 'יש להזין כתובת אתר מלאה, לדוגמה https://www.example.co.il',
    });
  });
});
