/**
 * Single validation rules (publish-wizard.md §5). Each returns an issue code with parameters, never text:
 * messages.ts turns codes into Hebrew.
 */
import { PHONE_TEXTS, phoneError } from '@app/contract/phones';
import type { ValueReader } from './conditions.ts';
import { DEFAULT_DATE_FORMAT, DEFAULT_MAXLENGTH, parseDate, parseNumber } from './format.ts';
import type { FieldDef, FieldValue } from './model.ts';
import { isAllowedChoice, type ResolvedOption } from './options.ts';
import { checkboxStates, chosenItems, isChecked, isChosen, valueText } from './values.ts';

export type ValidationCode =
  | 'required'
  | 'digitsOnly'
  | 'pattern'
  | 'tooLong'
  | 'tooShort'
  | 'belowMin'
  | 'aboveMax'
  | 'notEqual'
  | 'invalidValue'
  | 'dateFormat'
  | 'dateOutOfBounds'
  | 'datePast'
  | 'chooseFromList'
  | 'phoneInvalid'
  | 'phoneLandline';

export type IssueParams = Record<string, string | number>;
export interface ValidationIssue {
  code: ValidationCode;
  params: IssueParams;
}
/** A field's error: the field id, a code, and what the message needs. */
export interface ValidationError extends ValidationIssue {
  field: string;
}

export interface ValidatorInput {
  field: FieldDef;
  value: FieldValue;
  required: boolean;
  /** Current options (undefined when not known: then membership is not checked). */
  options: readonly ResolvedOption[] | undefined;
  /** Other fields' values as conditions see them. */
  read: ValueReader;
  /** YYYY-MM-DD. */
  today: string;
  /** The customer is a trader in this category (a landline may then be the primary phone). */
  trader?: boolean;
}
export type Validator = (input: ValidatorInput) => ValidationIssue | undefined;

const issue = (code: ValidationCode, params: IssueParams = {}): ValidationIssue => ({ code, params });
const text = (value: FieldValue): string => (typeof value === 'string' ? value : valueText(value));
/** The text a length rule counts: numeric fields without their separators. */
const counted = (field: FieldDef, value: FieldValue): string =>
  field.isNumeric || field.type === 'number' ? parseNumber(text(value)) : text(value);

/** Checkbox and radio need checking; selects a choice other than empty or -1; others a non-blank value. */
export const required: Validator = ({ field, value, required: isRequired }) => {
  if (!isRequired) return undefined;
  if (field.type === 'checkbox') return isChecked(field, value) ? undefined : issue('required');
  if (typeof value === 'string' && value.trim() === '') return issue('required');
  return isChosen(value) ? undefined : issue('required');
};

/** Commas stripped, digits only. `force` for the number type; never for option lists. */
export const numeric =
  (force: boolean): Validator =>
  ({ field, value }) => {
    if (!force && !field.isNumeric) return undefined;
    return /^\d+$/.test(parseNumber(text(value))) ? undefined : issue('digitsOnly');
  };

export const maxlength: Validator = ({ field, value }) => {
  const max = field.maxlength ?? DEFAULT_MAXLENGTH;
  return counted(field, value).length > max ? issue('tooLong', { max }) : undefined;
};

/** A number outside min and max (skipped for empty and non-numeric values: the other rules speak for those). */
export const range: Validator = ({ field, value }) => {
  if (field.min === undefined && field.max === undefined) return undefined;
  const digits = parseNumber(text(value));
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  if (field.min !== undefined && n < field.min) return issue('belowMin', { min: field.min });
  if (field.max !== undefined && n > field.max) return issue('aboveMax', { max: field.max });
  return undefined;
};

/** Skipped for empty values (the required rule speaks for those). */
export const minlength: Validator = ({ field, value }) => {
  const length = counted(field, value).length;
  if (field.minlength === undefined || length === 0) return undefined;
  return length < field.minlength ? issue('tooShort', { min: field.minlength }) : undefined;
};

export const pattern: Validator = ({ field, value }) => {
  if (field.regex === undefined) return undefined;
  let re: RegExp;
  try {
    re = new RegExp(field.regex);
  } catch {
    return undefined; // catalogCheck reports a regex that does not compile
  }
  if (re.test(text(value))) return undefined;
  return issue('pattern', field.regexErrorMessage ? { message: field.regexErrorMessage } : {});
};

/** The value (each item of a list) is one of the comma list. */
export const acceptedValues: Validator = ({ field, value }) => {
  if (field.acceptedValues === undefined) return undefined;
  const accepted = field.acceptedValues.split(',').map((v) => v.trim());
  return chosenItems(value).every((item) => accepted.includes(item)) ? undefined : issue('invalidValue');
};

/** A checkbox holds one of its two accepted values. */
export const checkboxValue: Validator = ({ field, value }) => {
  const { unchecked, checked } = checkboxStates(field);
  return value === undefined || value === '' || value === unchecked || value === checked
    ? undefined
    : issue('invalidValue');
};

/** Must equal the other field's value (password confirmation). */
export const notEqual: Validator = ({ field, value, read }) => {
  if (field.notEqual === undefined) return undefined;
  if (text(value) === text(read(field.notEqual))) return undefined;
  return issue('notEqual', field.notEqualErrorMessage ? { message: field.notEqualErrorMessage } : {});
};

/** Every chosen item is an enabled option of the current (parent-dependent) list; one item unless multiple. */
export const optionChoice: Validator = ({ field, value, options }) => {
  const items = chosenItems(value);
  if (!field.multiple && Array.isArray(value) && items.length > 1) return issue('invalidValue');
  return isAllowedChoice(items, options) ? undefined : issue('invalidValue');
};

/** The typed text must be an option of the list ("choose {label} from the list"). */
export const autocompleteChoice: Validator = ({ field, value, options }) => {
  if (isAllowedChoice(chosenItems(value), options) && !Array.isArray(value)) return undefined;
  return issue('chooseFromList', { label: field.label ?? '' });
};

/** Parses and round-trips in the field's format, within bounds, and not before today unless allowPast. */
export const date: Validator = ({ field, value, today }) => {
  const format = field.format ?? DEFAULT_DATE_FORMAT;
  if (typeof value !== 'string') return issue('dateFormat', { format });
  const parsed = parseDate(value, format);
  if (!parsed.ok) return parsed.reason === 'format' ? issue('dateFormat', { format }) : issue('dateOutOfBounds');
  return !field.allowPast && parsed.iso < today ? issue('datePast') : undefined;
};

export const email: Validator = ({ value }) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(value)) ? undefined : issue('invalidValue');

/**
 * Phone digits, with dashes or spaces between them. A phone field (phonePriority) follows the spec's number rule
 * (after-save-area.md §5): a valid number of the prefix list, and no landline as the primary phone of a normal ad.
 */
export const phone: Validator = ({ field, value, trader }) => {
  if (field.phonePriority) {
    const found = phoneError(text(value), { primary: field.phonePriority === 1, categoryTrader: trader === true });
    if (found === PHONE_TEXTS.landline) return issue('phoneLandline');
    return found ? issue('phoneInvalid') : undefined;
  }
  return /^\d[\d\s-]*$/.test(text(value).trim()) ? undefined : issue('digitsOnly');
};

/** Text fields take one string, not a list. */
export const singleText: Validator = ({ value }) => (Array.isArray(value) ? issue('invalidValue') : undefined);
