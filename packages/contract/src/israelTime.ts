/** Israel's time zone and its calendar dates as the product writes them. */

/** The time zone of the weekend-calls window, of an ad's dates and of a package's end. */
export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';

/**
 * A moment's calendar date in Israel as day, month and year of two, two and four digits joined by `separator`
 * (25/12/2026 on the finish page, 25-12-2026 in a package's EndDate), built from its parts: he-IL writes dots.
 */
export function israelDate(d: Date, separator: '/' | '-'): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ISRAEL_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return [part('day'), part('month'), part('year')].join(separator);
}
