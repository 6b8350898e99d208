/**
 * Display formats: numbers with thousands separators (1,234,567), dates DD/MM/YYYY (built by hand: he-IL Intl
 * gives dots) and Israeli licence plates (12-345-67, 123-45-678).
 */

export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY';
export const DEFAULT_MAXLENGTH = 200;

/** Digits with thousands separators; anything that is not plain digits (after commas) is returned as is. */
export function formatNumber(value: string): string {
  const digits = parseNumber(value);
  if (!/^\d+$/.test(digits)) return value;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Back from the display: separators (commas) and spaces removed. */
export function parseNumber(display: string): string {
  return display.replace(/[,\s]/g, '');
}

/** Separators a number of `digits` digits shows. */
export function separatorCount(digits: number): number {
  return digits > 0 ? Math.floor((digits - 1) / 3) : 0;
}

/** The input's maxlength widened by the separators the longest allowed number shows. */
export function displayMaxLength(maxlength: number): number {
  return maxlength + separatorCount(maxlength);
}

export type DateParse = { ok: true; iso: string } | { ok: false; reason: 'format' | 'bounds' };

const TOKENS: Record<string, { pattern: string; part: 'day' | 'month' | 'year' }> = {
  DD: { pattern: '(\\d{2})', part: 'day' },
  MM: { pattern: '(\\d{2})', part: 'month' },
  YYYY: { pattern: '(\\d{4})', part: 'year' },
};
const TOKEN_RE = /YYYY|DD|MM/g;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/**
 * Parses text in `format` (tokens DD, MM, YYYY; anything else is literal). It must match exactly, so a
 * parsed date always formats back to the same text: '1/2/2024' is a format error; '31/02/2024' or a year
 * outside 1900-2100 is out of bounds.
 */
export function parseDate(text: string, format = DEFAULT_DATE_FORMAT): DateParse {
  const parts: ('day' | 'month' | 'year')[] = [];
  let pattern = '';
  let last = 0;
  for (const match of format.matchAll(TOKEN_RE)) {
    pattern += escapeRegex(format.slice(last, match.index)) + (TOKENS[match[0]]?.pattern ?? '');
    parts.push(TOKENS[match[0]]?.part ?? 'day');
    last = match.index + match[0].length;
  }
  pattern += escapeRegex(format.slice(last));
  const found = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!found || parts.length !== 3) return { ok: false, reason: 'format' };
  const get = (part: 'day' | 'month' | 'year') => Number(found[parts.indexOf(part) + 1]);
  const [day, month, year] = [get('day'), get('month'), get('year')];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, reason: 'bounds' };
  }
  return { ok: true, iso: `${year}-${pad(month, 2)}-${pad(day, 2)}` };
}

/** An ISO date (YYYY-MM-DD) in `format`; '' when the input is not an ISO date. */
export function formatDate(iso: string, format = DEFAULT_DATE_FORMAT): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  return format.replace(TOKEN_RE, (token) => (token === 'YYYY' ? year : token === 'MM' ? month : day));
}

/** A Date as an ISO date in local time (for the resolver's `today`). */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * A licence plate as typed: digits only (at most 8), dashed as 12-345-67 for 7 digits and 123-45-678 for
 * 8; shorter input is dashed progressively in the 7-digit shape.
 */
export function formatPlate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  const groups = digits.length === 8 ? [3, 2, 3] : [2, 3, 2];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join('-');
}

export const PLATE_REGEX = '^(\\d{2}-\\d{3}-\\d{2}|\\d{3}-\\d{2}-\\d{3})$';

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
