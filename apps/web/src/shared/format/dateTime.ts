const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY HH:MM in local time (built by hand: he-IL Intl gives dots). '' for a bad date. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const ISRAEL_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * DD/MM/YYYY of a moment as the day in Israel (an ad's end date is Israel's day wherever the browser is; the server
 * writes the same in its messages). '' for a bad date.
 */
export function formatIsraelDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = ISRAEL_DAY.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}
