/**
 * Validation: one validator per field type in a full Record (a new FieldType does not compile until it is
 * handled here). Only active (visible) and enabled fields are validated; every validator starts with the
 * required rule and stops at an empty value, then runs its type's rules and reports the first failure.
 */
import type { ValueReader } from './conditions.ts';
import type { FieldType } from './model.ts';
import type { ResolvedField } from './resolution.ts';
import {
  acceptedValues,
  autocompleteChoice,
  checkboxValue,
  date,
  email,
  maxlength,
  minlength,
  notEqual,
  numeric,
  optionChoice,
  pattern,
  phone,
  range,
  required,
  singleText,
  type ValidationError,
  type Validator,
} from './rules.ts';
import { isChosen } from './values.ts';

/** Required first; an empty value stops there; then the rules in order, first failure wins. */
function validator(...rules: Validator[]): Validator {
  return (input) => {
    const missing = required(input);
    if (missing) return missing;
    if (!isChosen(input.value) && input.field.type !== 'checkbox') return undefined;
    for (const rule of rules) {
      const found = rule(input);
      if (found) return found;
    }
    return undefined;
  };
}

const none: Validator = () => undefined;
const textRules = [singleText, numeric(false), range, maxlength, minlength, pattern, acceptedValues, notEqual];
const optionRules = [optionChoice, acceptedValues];

export const VALIDATORS: Record<FieldType, Validator> = {
  select: validator(...optionRules),
  radio: validator(...optionRules),
  multipleRadios: validator(...optionRules),
  autocomplete: validator(autocompleteChoice),
  checkbox: validator(checkboxValue),
  text: validator(...textRules),
  textarea: validator(...textRules),
  password: validator(...textRules),
  hidden: validator(...textRules),
  email: validator(singleText, maxlength, minlength, email, pattern, notEqual),
  tel: validator(singleText, phone, maxlength, minlength, pattern, notEqual),
  number: validator(singleText, numeric(true), range, maxlength, minlength, pattern, acceptedValues, notEqual),
  date: validator(date),
  image: validator(),
  span: none,
  iframe: none,
  link: none,
  title: none,
  button: none,
};

/** The first error of a field, or undefined; inactive and disabled fields have none. */
export function validateField(
  field: ResolvedField,
  read: ValueReader,
  today: string,
  trader = false,
): ValidationError | undefined {
  if (!field.visible || !field.enabled) return undefined;
  const found = VALIDATORS[field.def.type]({
    field: field.def,
    value: field.value,
    required: field.required,
    options: field.options,
    read,
    today,
    trader,
  });
  if (!found) return undefined;
  // A field's own error text stands for every error but the required one.
  const custom = field.def.customError;
  if (custom !== undefined && found.code !== 'required') {
    return { field: field.def.id, code: found.code, params: { ...found.params, custom } };
  }
  return { field: field.def.id, ...found };
}

export function validateFields(
  fields: readonly ResolvedField[],
  read: ValueReader,
  today: string,
  trader = false,
): ValidationError[] {
  return fields.flatMap((field) => validateField(field, read, today, trader) ?? []);
}
