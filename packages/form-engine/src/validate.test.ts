import { describe, expect, it } from 'vitest';
import { errorText } from './messages.ts';
import type { FieldDef, FieldValue, Values } from './model.ts';
import { resolve } from './resolve.ts';
import { step, testContext } from './testing.ts';
import { VALIDATORS } from './validate.ts';

/** The Hebrew message of the first error of field `f` (or undefined), with other fields alongside. */
function messageFor(def: FieldDef, value: FieldValue, others: FieldDef[] = [], values: Values = {}) {
  const result = resolve([step([def, ...others])], { ...values, [def.id]: value }, testContext());
  const error = result.errors.find((e) => e.field === def.id);
  return error && errorText(error);
}

const text = (extra: Partial<FieldDef> = {}): FieldDef => ({ id: 'f', type: 'text', label: 'שם', ...extra });
const select = (extra: Partial<FieldDef> = {}): FieldDef => ({
  id: 'f',
  type: 'select',
  label: 'יצרן',
  options: [
    { value: '1', text: 'אחד' },
    { value: '2', text: 'שניים' },
  ],
  ...extra,
});

describe('validation rules and their Hebrew messages', () => {
  it.each<[string, FieldDef, FieldValue, string | undefined]>([
    ['required text, empty', text({ isRequired: true }), '', 'שדה חובה'],
    ['required text, blank', text({ isRequired: true }), '   ', 'שדה חובה'],
    ['required text, missing', text({ isRequired: true }), undefined, 'שדה חובה'],
    ['required text, given', text({ isRequired: true }), 'x', undefined],
    ['optional text, empty', text(), '', undefined],
    ['required select, -1', select({ isRequired: true }), '-1', 'שדה חובה'],
    ['required select, empty', select({ isRequired: true }), '', 'שדה חובה'],
    ['required select, chosen', select({ isRequired: true }), '1', undefined],
    ['required checkbox, unchecked', { id: 'f', type: 'checkbox', isRequired: true }, '0', 'שדה חובה'],
    ['required checkbox, checked', { id: 'f', type: 'checkbox', isRequired: true }, '1', undefined],
    [
      'required radio, nothing checked',
      { id: 'f', type: 'radio', isRequired: true, options: [{ value: 'a', text: 'א' }] },
      undefined,
      'שדה חובה',
    ],
    ['numeric: digits', text({ isNumeric: true }), '1234', undefined],
    ['numeric: commas stripped', text({ isNumeric: true }), '1,234', undefined],
    ['numeric: letters', text({ isNumeric: true }), '12a', 'יש להזין ספרות בלבד'],
    ['numeric: decimal point', text({ isNumeric: true }), '1.5', 'יש להזין ספרות בלבד'],
    ['number type is always digits only', { id: 'f', type: 'number' }, '-3', 'יש להזין ספרות בלבד'],
    [
      'numeric does not apply to selects',
      select({ isNumeric: true, options: [{ value: 'x', text: 'x' }] }),
      'x',
      undefined,
    ],
    ['regex with its message', text({ regex: '^\\d{3}$', regexErrorMessage: 'שלוש ספרות' }), '12', 'שלוש ספרות'],
    ['regex without a message', text({ regex: '^\\d{3}$' }), '12', 'ערך לא תקין'],
    ['regex passes', text({ regex: '^\\d{3}$' }), '123', undefined],
    ['maxlength default 200', text(), 'א'.repeat(201), 'יותר מדי תווים'],
    ['maxlength default 200, at the limit', text(), 'א'.repeat(200), undefined],
    ['maxlength', text({ maxlength: 3 }), 'abcd', 'יותר מדי תווים'],
    ['maxlength counts digits, not separators', text({ maxlength: 4, isNumeric: true }), '1,234', undefined],
    ['minlength', text({ minlength: 3 }), 'ab', 'מעט מדי תווים'],
    ['minlength skipped when empty', text({ minlength: 3 }), '', undefined],
    ['acceptedValues', text({ acceptedValues: '1,2,3' }), '4', 'ערך לא תקין'],
    ['acceptedValues passes', text({ acceptedValues: '1,2,3' }), '2', undefined],
    ['checkbox value outside its pair', { id: 'f', type: 'checkbox', acceptedValues: '0,1' }, '2', 'ערך לא תקין'],
    ['option outside the list', select(), '3', 'ערך לא תקין'],
    ['two options on a single select', select(), ['1', '2'], 'ערך לא תקין'],
    ['multiple select takes a list', select({ multiple: true }), ['1', '2'], undefined],
    ['email', { id: 'f', type: 'email' }, 'a@b', 'ערך לא תקין'],
    ['email passes', { id: 'f', type: 'email' }, 'a@b.co.il', undefined],
    ['tel', { id: 'f', type: 'tel' }, '050-12a', 'יש להזין ספרות בלבד'],
    ['tel passes', { id: 'f', type: 'tel' }, '050-1234567', undefined],
    ['text takes one string', text(), ['a', 'b'], 'ערך לא תקין'],
  ])('%s', (_name, def, value, message) => {
    expect(messageFor(def, value)).toBe(message);
  });
});

describe('phone fields (phonePriority): the spec number rule', () => {
  const phoneField = (priority: 1 | 2): FieldDef => ({ id: 'f', type: 'tel', phonePriority: priority });
  /** The message of the phone field, resolved for a normal customer or a trader in the category. */
  const phoneMessage = (priority: 1 | 2, value: string, isTrader: boolean) => {
    const result = resolve([step([phoneField(priority)])], { f: value }, testContext({ isTrader }));
    const error = result.errors.find((e) => e.field === 'f');
    return error && [error.code, errorText(error)];
  };
  const INVALID = ['phoneInvalid', 'המספר אינו תקין'];
  const LANDLINE = ['phoneLandline', 'טלפון נייח אינו מאופשר'];

  it.each<[string, 1 | 2, boolean, string, string[] | undefined]>([
    ['mobile with a dash, primary', 1, false, '050-1234567', undefined],
    ['mobile without a dash, primary', 1, false, '0521234567', undefined],
    ['mobile with two dashes', 1, false, '054-123-4567', undefined],
    ['mobile with spaces', 2, false, '058 123 4567', undefined],
    ['international form', 1, false, '+972501234567', undefined],
    ['virtual (07x) prefix is not a landline', 1, false, '077-1234567', undefined],
    ['landline as the primary phone of a normal ad', 1, false, '02-1234567', LANDLINE],
    ['landline without a dash, primary', 1, false, '039123456', LANDLINE],
    ['landline as the primary phone of a category trader', 1, true, '02-1234567', undefined],
    ['landline as the second contact', 2, false, '04-8123456', undefined],
    ['landline as a trader’s second contact', 2, true, '09-7654321', undefined],
    ['letters', 1, false, 'טלפון', INVALID],
    ['letters among digits', 1, false, '050-12a4567', INVALID],
    ['letters, second contact', 2, false, 'abc-defghij', INVALID],
    ['letters, trader', 1, true, '050-abcdefg', INVALID],
    ['short mobile', 1, false, '050-12345', INVALID],
    ['short landline, trader', 1, true, '02-12345', INVALID],
    ['short, second contact', 2, false, '0501', INVALID],
    ['long mobile', 1, false, '050-12345678', INVALID],
    ['a prefix the spec does not offer', 1, false, '059-1234567', INVALID],
    ['no prefix at all', 2, false, '1234567890', INVALID],
  ])('%s', (_name, priority, isTrader, value, expected) => {
    expect(phoneMessage(priority, value, isTrader)).toEqual(expected);
  });

  it('the primary phone is required like any field; an empty second contact is fine', () => {
    const required = resolve(
      [
        step([
          { ...phoneField(1), isRequired: true },
          { ...phoneField(2), id: 'g' },
        ]),
      ],
      { f: '', g: '' },
      testContext(),
    );
    expect(required.errors.map((e) => [e.field, errorText(e)])).toEqual([['f', 'שדה חובה']]);
  });

  it('a tel field without phonePriority keeps the digits rule (a landline and any length pass)', () => {
    expect(messageFor({ id: 'f', type: 'tel' }, '02-1234567')).toBeUndefined();
    expect(messageFor({ id: 'f', type: 'tel' }, '12-34')).toBeUndefined();
  });
});

describe('dates', () => {
  const date = (extra: Partial<FieldDef> = {}): FieldDef => ({ id: 'f', type: 'date', ...extra });
  it.each<[string, FieldDef, string, string | undefined]>([
    ['bad format', date(), '1/4/2026', 'תאריך שהוזן לא תקין. יש להזין תאריך בפורמט DD/MM/YYYY'],
    [
      'bad format names the field format',
      date({ format: 'YYYY-MM-DD' }),
      '01/04/2026',
      'תאריך שהוזן לא תקין. יש להזין תאריך בפורמט YYYY-MM-DD',
    ],
    ['out of bounds', date(), '31/04/2026', 'תאריך שהוזן לא תקין. יש להזין תאריך עם ערכים תקינים'],
    ['past date', date(), '14/03/2026', 'תאריך שהוזן לא תקין. יש להזין תאריך עתידי בלבד'],
    ['today', date(), '15/03/2026', undefined],
    ['future', date(), '01/01/2027', undefined],
    ['past allowed', date({ allowPast: true }), '01/01/2000', undefined],
  ])('%s', (_name, def, value, message) => {
    expect(messageFor(def, value)).toBe(message);
  });
});

describe('fields compared with other fields', () => {
  it('notEqual: must equal the other field, default and custom message', () => {
    const other: FieldDef = { id: 'g', type: 'password' };
    expect(messageFor(text({ notEqual: 'g' }), 'abc', [other], { g: 'abd' })).toBe('הערכים אינם זהים');
    expect(
      messageFor(text({ notEqual: 'g', notEqualErrorMessage: 'הסיסמאות אינן זהות' }), 'a', [other], { g: 'b' }),
    ).toBe('הסיסמאות אינן זהות');
    expect(messageFor(text({ notEqual: 'g' }), 'abc', [other], { g: 'abc' })).toBeUndefined();
  });

  it('autocomplete: a value must come from the list', () => {
    const city: FieldDef = { id: 'f', type: 'autocomplete', label: 'עיר', dataUrl: '/api/publish/options/cities' };
    const options = () => [{ value: '5000', text: 'תל אביב' }];
    const run = (value: string) =>
      resolve([step([city])], { f: value }, testContext({ options })).errors.map((e) => errorText(e));
    expect(run('9999')).toEqual(['יש לבחור עיר מתוך הרשימה']);
    expect(run('5000')).toEqual([]);
  });

  it('a dependent option must belong to the list of its parent value', () => {
    const maker: FieldDef = {
      id: 'maker',
      type: 'select',
      options: [
        { value: '1', text: 'א' },
        { value: '2', text: 'ב' },
      ],
    };
    const model: FieldDef = {
      id: 'model',
      type: 'select',
      dataUrl: '/api/publish/options/models',
      dependence: ['maker'],
    };
    const lists: Record<string, { value: string; text: string }[]> = {
      '1': [
        { value: '10', text: 'דגם 10' },
        { value: '11', text: 'דגם 11' },
      ],
      '2': [
        { value: '20', text: 'דגם 20' },
        { value: '21', text: 'דגם 21' },
      ],
    };
    const options = (_f: FieldDef, values: Values) => lists[String(values.maker)];
    const run = (values: Values) => resolve([step([maker, model])], values, testContext({ options })).errors;
    expect(run({ maker: '1', model: '10' })).toEqual([]);
    expect(run({ maker: '2', model: '10' })).toEqual([{ field: 'model', code: 'invalidValue', params: {} }]);
  });
});

describe('errors are structured', () => {
  it('carries field, code and params', () => {
    const result = resolve([step([text({ maxlength: 2 })])], { f: 'abc' }, testContext());
    expect(result.errors).toEqual([{ field: 'f', code: 'tooLong', params: { max: 2 } }]);
  });

  it('display-only types are never validated', () => {
    for (const type of ['span', 'iframe', 'link', 'title', 'button'] as const) {
      const input = {
        field: { id: 'x', type },
        value: undefined,
        required: true,
        options: undefined,
        read: () => undefined,
      };
      expect(VALIDATORS[type]({ ...input, today: '2026-01-01' })).toBeUndefined();
    }
  });
});

describe("a number's range (min and max)", () => {
  const engine = (extra: Partial<FieldDef> = {}): FieldDef => ({
    id: 'f',
    type: 'number',
    label: 'נפח מנוע',
    min: 50,
    max: 20_000,
    ...extra,
  });
  it.each<[string, FieldDef, FieldValue, string | undefined]>([
    ['within', engine(), '1600', undefined],
    ['at both ends', engine(), '50', undefined],
    ['the top end, with separators', engine(), '20,000', undefined],
    ['above the max', engine(), '20,001', 'הערך הגבוה ביותר האפשרי הוא 20,000'],
    ['below the min', engine(), '49', 'הערך הנמוך ביותר האפשרי הוא 50'],
    ['empty: the required rule speaks', engine(), '', undefined],
    ['not digits: the digits rule speaks', engine(), 'abc', 'יש להזין ספרות בלבד'],
    [
      'an isNumeric text field too',
      { id: 'f', type: 'text', isNumeric: true, max: 9 },
      '10',
      'הערך הגבוה ביותר האפשרי הוא 9',
    ],
  ])('%s', (_name, def, value, message) => {
    expect(messageFor(def, value)).toBe(message);
  });
});
