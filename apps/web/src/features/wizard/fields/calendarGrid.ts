/** Calendar arithmetic on ISO dates (YYYY-MM-DD, no time zone): month grids with weeks from Sunday. */

const pad = (n: number) => String(n).padStart(2, '0');

export function toIso(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function isoParts(iso: string): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month, day };
}

function fromUtc(date: Date): string {
  return toIso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = isoParts(iso);
  return fromUtc(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The same day in another month, clamped to that month's length (31/01 + 1 month = 28 or 29/02). */
export function addMonths(iso: string, months: number): string {
  const { year, month, day } = isoParts(iso);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  return toIso(y, m, Math.min(day, daysInMonth(y, m)));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  const { year, month, day } = isoParts(iso);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The weeks of a month, Sunday first; days outside the month are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: weekday(toIso(year, month, 1)) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    week.push(toIso(year, month, day));
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/**
 * The date a key moves to in a right-to-left grid (left is the next day), or undefined for other keys:
 * arrows by day and week, PageUp/PageDown by month, Home/End to the week's start and end.
 */
export function keyTarget(iso: string, key: string): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(iso, 1);
    case 'ArrowRight':
      return addDays(iso, -1);
    case 'ArrowDown':
      return addDays(iso, 7);
    case 'ArrowUp':
      return addDays(iso, -7);
    case 'PageDown':
      return addMonths(iso, 1);
    case 'PageUp':
      return addMonths(iso, -1);
    case 'Home':
      return addDays(iso, -weekday(iso));
    case 'End':
      return addDays(iso, 6 - weekday(iso));
    default:
      return undefined;
  }
}

/** Typed date text in DD/MM/YYYY: digits only, slashes added after the day and the month. */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
