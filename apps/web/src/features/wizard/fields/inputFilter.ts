/**
 * What the input widgets keep of an edit, and what they tell the user about the rest (nothing
 * typed or pasted disappears silently). Numeric fields keep digits (thousands separators and spaces
 * are formatting, not input) and say 'יש להזין ספרות בלבד' when anything else was typed or pasted; every
 * field with a maximum length keeps what fits of the inserted text and says how much did not fit. The
 * widgets enforce the length here instead of the input's maxlength attribute, which cuts a paste without a
 * word.
 */
import { parseNumber } from '@app/form-engine/format';

/** Why an edit was not taken as it came. */
/** A field typed as digits: a text input (so the value keeps its dashes or separators) with the phone's digit pad. */
export const DIGITS_INPUT = { type: 'text', inputMode: 'numeric', autoComplete: 'off' } as const;

export type InputNotice =
  | { kind: 'digitsOnly' }
  | { kind: 'tooLong'; max: number; cut: number }
  /** A number outside its range, set to the nearest end when the input lost focus. */
  | { kind: 'clamped'; to: 'min' | 'max'; value: number };

/**
 * A number field's value when it loses focus (after-save-area.md §5 "Number input clamps to min/max"): the digits
 * set to the nearest end of its range, with the notice that says so; undefined when nothing changes (empty, not
 * digits, within the range, or no range).
 */
export function clampDigits(
  digits: string,
  range: { min?: number | undefined; max?: number | undefined },
): { digits: string; notice: InputNotice } | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  if (range.max !== undefined && n > range.max)
    return { digits: String(range.max), notice: { kind: 'clamped', to: 'max', value: range.max } };
  if (range.min !== undefined && n < range.min)
    return { digits: String(range.min), notice: { kind: 'clamped', to: 'min', value: range.min } };
  return undefined;
}

export interface Fitted {
  text: string;
  /** UTF-16 units of the inserted text that did not fit. */
  cut: number;
  /** Where the caret belongs: just after what was kept of the insertion. */
  caret: number;
}

/**
 * Fits an edit (previous → next) into `max` characters by trimming only what the edit inserted, as a
 * browser's maxlength does for a paste in the middle of a text: the text around the insertion stays. A
 * surrogate pair is never split. A previous text already longer than `max` (a saved value) is not cut
 * further than the edit itself; the validator reports it.
 */
export function fitToLength(previous: string, next: string, max: number): Fitted {
  if (next.length <= max) return { text: next, cut: 0, caret: caretAfterEdit(previous, next) };
  const prefix = commonPrefix(previous, next);
  const suffix = commonSuffix(previous, next, prefix);
  const inserted = next.slice(prefix, next.length - suffix);
  const room = Math.max(0, max - prefix - suffix);
  let kept = inserted.slice(0, room);
  if (kept.length > 0 && isHighSurrogate(kept.charCodeAt(kept.length - 1))) kept = kept.slice(0, -1);
  const text = next.slice(0, prefix) + kept + next.slice(next.length - suffix);
  return { text, cut: inserted.length - kept.length, caret: prefix + kept.length };
}

export interface NumericEdit {
  /** The digits kept (no separators). */
  digits: string;
  notice?: InputNotice;
}

/**
 * A numeric field's edit: `raw` is what the input shows after the edit (with separators); `previous` the
 * digits before it. Anything that is not a digit, a comma or a space is dropped with the digits-only
 * notice; the digits are then fitted into `max`.
 */
export function numericEdit(previous: string, raw: string, max: number): NumericEdit {
  const plain = parseNumber(raw);
  const digits = plain.replace(/\D/g, '');
  const fitted = fitToLength(previous, digits, max);
  if (digits.length !== plain.length) return { digits: fitted.text, notice: { kind: 'digitsOnly' } };
  if (fitted.cut > 0) return { digits: fitted.text, notice: { kind: 'tooLong', max, cut: fitted.cut } };
  return { digits: fitted.text };
}

export interface TextEdit extends Fitted {
  notice?: InputNotice;
}

/** A text field's edit, fitted into `max` characters; says how much did not fit. */
export function textEdit(previous: string, next: string, max: number): TextEdit {
  const fitted = fitToLength(previous, next, max);
  return fitted.cut > 0 ? { ...fitted, notice: { kind: 'tooLong', max, cut: fitted.cut } } : fitted;
}

/** Share of the maximum from which a text field shows its characters counter even when not asked to. */
export const COUNTER_FROM = 0.8;

/**
 * Does a text field show its characters counter: when its definition asks for one, when an edit was just
 * cut, or once the text is near its maximum (so the limit is seen before it bites).
 */
export function showsCounter(length: number, max: number, asked: boolean, notice?: InputNotice): boolean {
  return asked || notice?.kind === 'tooLong' || length >= Math.ceil(max * COUNTER_FROM);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // Do not end the prefix between the two halves of a surrogate pair.
  if (i > 0 && isHighSurrogate(b.charCodeAt(i - 1))) i--;
  return i;
}

function commonSuffix(a: string, b: string, prefix: number): number {
  let i = 0;
  const limit = Math.min(a.length, b.length) - prefix;
  while (i < limit && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  if (i > 0 && isLowSurrogate(b.charCodeAt(b.length - i))) i--;
  return i;
}

function caretAfterEdit(previous: string, next: string): number {
  const prefix = commonPrefix(previous, next);
  return next.length - commonSuffix(previous, next, prefix);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Digits a licence plate holds at most (123-45-678). */
export const PLATE_DIGITS = 8;

/**
 * A licence-plate edit: dashes and spaces are the plate's own formatting; any other character is dropped with
 * the digits-only notice, and digits beyond the plate's eight with the too-many-characters notice.
 */
export function plateEdit(previousDigits: string, raw: string): NumericEdit {
  const plain = raw.replace(/[-\s]/g, '');
  const digits = plain.replace(/\D/g, '');
  const fitted = fitToLength(previousDigits, digits, PLATE_DIGITS);
  if (digits.length !== plain.length) return { digits: fitted.text, notice: { kind: 'digitsOnly' } };
  if (fitted.cut > 0) return { digits: fitted.text, notice: { kind: 'tooLong', max: PLATE_DIGITS, cut: fitted.cut } };
  return { digits: fitted.text };
}
