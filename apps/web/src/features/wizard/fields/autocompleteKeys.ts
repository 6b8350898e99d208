/** Pure rules of the autocomplete combobox (publish-wizard.md §5 "Autocomplete"). */

export const AUTOCOMPLETE_DEBOUNCE_MS = 200;
export const AUTOCOMPLETE_BLUR_CLOSE_MS = 300;
export const DEFAULT_MIN_CHARACTERS = 2;

/** What the user typed, as it is kept: numeric autocompletes keep digits only. */
export function keywordOf(typed: string, numeric: boolean): string {
  return numeric ? typed.replace(/\D/g, '') : typed;
}

/** Is the keyword long enough to ask for suggestions? */
export function shouldSuggest(keyword: string, minCharacters = DEFAULT_MIN_CHARACTERS): boolean {
  return keyword.trim().length >= minCharacters;
}

/** The active option after an arrow key (wrapping), or undefined for other keys; -1 = none active. */
export function moveActive(key: string, active: number, count: number): number | undefined {
  if (count === 0) return key === 'ArrowDown' || key === 'ArrowUp' ? -1 : undefined;
  if (key === 'ArrowDown') return active < 0 ? 0 : (active + 1) % count;
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
