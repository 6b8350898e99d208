/** Israel's calendar day (Asia/Jerusalem, with its summer time) as the instants it starts and ends. */

import { israelDate as formatIsraelDate } from '@app/contract/israelTime';

const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', timeZoneName: 'longOffset' });
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' });

/** Minutes Israel is ahead of UTC at the instant. */
function offsetMinutes(at: Date): number {
  const name = OFFSET.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant an Israeli day ('YYYY-MM-DD') starts. */
export function israelMidnight(day: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  let at = utc - offsetMinutes(new Date(utc)) * 60_000;
  // On a day summer time starts or ends the offset at midnight may differ from the one at UTC midnight.
  const again = utc - offsetMinutes(new Date(at)) * 60_000;
  if (again !== at) at = again;
  return new Date(at);
}

/** [start, end) of an Israeli day; null when `day` is not a real date. */
export function israelDayRange(day: string): { start: Date; end: Date } | null {
  const parsed = /^\d{4}-\d\d-\d\d$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  // 2026-02-30 parses (as 2 March): a day that is not its own date is refused.
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== day) return null;
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: israelMidnight(day), end: israelMidnight(next) };
}

/** The Israeli day of an instant, 'YYYY-MM-DD'. */
export const israelDayOf = (at: Date): string => DAY.format(at);

const HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', hour: '2-digit', hourCycle: 'h23' });

/** The hour (0-23) of Israel's clock at an instant. */
export const israelHourOf = (at: Date): number => Number(HOUR.format(at));

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Israel's clock at an instant, 'HH:MM' (a time the product tells someone, as in "locked until 14:30"). */
export const israelTimeOf = (at: Date): string => TIME.format(at);

/** DD/MM/YYYY in Israel time (the contract's calendar date, with slashes). */
export const israelDate = (d: Date): string => formatIsraelDate(d, '/');
