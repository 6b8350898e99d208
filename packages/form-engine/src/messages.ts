/**
 * Every Hebrew text of the form engine, in one place: validation messages by code, the redirect flash
 * message and the description quality captions. The spec's Hebrew is verbatim ('שדה חובה', the date prefix,
 * 'יש לבחור {label} מתוך הרשימה'); the texts it quotes in English are written in natural Hebrew.
 */
import { PHONE_TEXTS } from '@app/contract/phones';
import { formatNumber } from './format.ts';
import type { QualityLevel } from './quality.ts';
import type { IssueParams, ValidationCode, ValidationIssue } from './rules.ts';

/** Prefix of every date error (spec §5). */
export const DATE_ERROR_PREFIX = 'תאריך שהוזן לא תקין.';

const param = (params: IssueParams, name: string): string => String(params[name] ?? '');

export const VALIDATION_MESSAGES: Record<ValidationCode, (params: IssueParams) => string> = {
  required: () => 'שדה חובה',
  digitsOnly: () => 'יש להזין ספרות בלבד',
  pattern: (p) => param(p, 'message') || 'ערך לא תקין',
  tooLong: () => 'יותר מדי תווים',
  tooShort: () => 'מעט מדי תווים',
  belowMin: (p) => `הערך הנמוך ביותר האפשרי הוא ${formatNumber(param(p, 'min'))}`,
  aboveMax: (p) => `הערך הגבוה ביותר האפשרי הוא ${formatNumber(param(p, 'max'))}`,
  notEqual: (p) => param(p, 'message') || 'הערכים אינם זהים',
  invalidValue: () => 'ערך לא תקין',
  dateFormat: (p) => `${DATE_ERROR_PREFIX} יש להזין תאריך בפורמט ${param(p, 'format') || 'DD/MM/YYYY'}`,
  dateOutOfBounds: () => `${DATE_ERROR_PREFIX} יש להזין תאריך עם ערכים תקינים`,
  datePast: () => `${DATE_ERROR_PREFIX} יש להזין תאריך עתידי בלבד`,
  chooseFromList: (p) => `יש לבחור ${param(p, 'label')} מתוך הרשימה`,
  phoneInvalid: () => PHONE_TEXTS.invalid,
  phoneLandline: () => PHONE_TEXTS.landline,
};

/** The Hebrew text of an error. */
export function errorText(error: ValidationIssue): string {
  const custom = error.params.custom;
  if (typeof custom === 'string' && custom !== '' && error.code !== 'required') return custom;
  return VALIDATION_MESSAGES[error.code](error.params);
}

/** Flash message of a watcher redirect (spec §4). */
export function redirectMessage(section: string): string {
  return `המודעה תפורסם במדור ${section}`;
}

/** A server field message: only the text before ' - ' is shown (spec §5). It may contain HTML. */
export function serverErrorText(message: string): string {
  const cut = message.indexOf(' - ');
  return cut === -1 ? message : message.slice(0, cut);
}

/** Captions of the description quality bar, from empty to bullseye. */
export const QUALITY_CAPTIONS: Record<QualityLevel, string> = {
  empty: 'מומלץ להוסיף תיאור',
  tooShort: 'קצר מדי',
  rightWay: 'בכיוון הנכון',
  almostThere: 'כמעט שם',
  nearly: 'עוד קצת',
  bullseye: 'בול! תיאור מצוין',
};
