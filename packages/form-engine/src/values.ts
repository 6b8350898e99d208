/** What a value means: chosen or not, its items, a checkbox's two states, a field's empty value. */
import { type FieldDef, type FieldValue, NOT_CHOSEN, OPTION_TYPES } from './model.ts';

/** A single item is chosen unless it is '', '-1' or missing. */
export function isChosenItem(item: string | undefined): item is string {
  return item !== undefined && item !== '' && item !== NOT_CHOSEN;
}

/** A value is chosen when it is a chosen string, or a list with at least one chosen item. */
export function isChosen(value: FieldValue): boolean {
  if (Array.isArray(value)) return value.some(isChosenItem);
  return isChosenItem(value);
}

/** The chosen items of a value (a string gives one item). */
export function chosenItems(value: FieldValue): string[] {
  if (Array.isArray(value)) return value.filter(isChosenItem);
  return isChosenItem(value) ? [value] : [];
}

/** A checkbox's accepted values: "unchecked,checked", default "0,1". */
export function checkboxStates(field: Pick<FieldDef, 'acceptedValues'>): { unchecked: string; checked: string } {
  const [unchecked, checked] = (field.acceptedValues ?? '0,1').split(',').map((v) => v.trim());
  return { unchecked: unchecked ?? '0', checked: checked ?? '1' };
}

export function isChecked(field: FieldDef, value: FieldValue): boolean {
  return typeof value === 'string' && value === checkboxStates(field).checked;
}

/** The value a field takes when it is reset: "not chosen" for option lists, unchecked, or empty text. */
export function emptyValue(field: FieldDef): FieldValue {
  if (field.multiple) return [];
  if (field.type === 'checkbox') return checkboxStates(field).unchecked;
  if (field.type === 'radio') return undefined;
  if (OPTION_TYPES.has(field.type)) return NOT_CHOSEN;
  return '';
}

/** The value after a reset: the default value, or the empty value. */
export function resetValue(field: FieldDef): FieldValue {
  return field.defaultValue ?? emptyValue(field);
}

export function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return a === b;
}

/** A value as one string (lists joined by commas), '' when nothing. */
export function valueText(value: FieldValue): string {
  if (Array.isArray(value)) return value.join(',');
  return value ?? '';
}
