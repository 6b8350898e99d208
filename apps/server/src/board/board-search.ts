/**
 * The board's free-text search as the request gives it: at most 200 characters (a longer text is refused, never
 * cut, so the answer is always for what was typed), split into words, each of which the title or the description
 * must hold. Invisible and control characters (a pasted direction mark, a NUL) separate words; a word is kept as
 * typed, %, _ and quotes included: the repository matches it as data.
 */
import { heBoard as he } from '../i18n/board.ts';
import { BoardQueryError } from './board-errors.ts';

export const SEARCH_MAX_CHARS = 200;
/** More words than this narrow nothing a buyer would notice; the rest are left out. */
export const SEARCH_MAX_WORDS = 8;

/** The search's words (none for an empty or missing text), or a BoardQueryError for a text over 200 characters. */
export function searchWords(text: string | undefined): string[] {
  if (text === undefined) return [];
  if ([...text].length > SEARCH_MAX_CHARS) {
    throw new BoardQueryError('searchTooLong', he.searchTooLong(SEARCH_MAX_CHARS));
  }
  const words = text
    .normalize('NFC')
    .replace(/[\p{C}\s]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}
