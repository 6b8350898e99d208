/**
 * Keyword search over Hebrew place names (localities, streets), shared by the server's autocomplete lists
 * and tests. Names in the official lists are written without gershayim ("בני עיש") and with varying
 * dashes ("תל אביב-יפו", "תל אביב - יפו"), so both sides are normalised before they are compared.
 */

/** Autocomplete asks from this many characters (spec §5, §9). */
export const MIN_KEYWORD_LENGTH = 2;
/** At most this many suggestions per keyword. */
export const MAX_SUGGESTIONS = 20;

/**
 * A name as it is compared: niqqud, quotes and gershayim removed, dashes, maqaf, dots and brackets as spaces,
 * spaces collapsed, Latin letters in lower case.
 */
export function normalizeName(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0591-\u05BD\u05BF-\u05C7]/g, '')
    .replace(/["'`\u05F3\u05F4\u2018\u2019\u201C\u201D]/g, '')
    .replace(/[-\u05BE\u2010-\u2015.,()/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export interface Searchable {
  /** normalizeName of the name (and of any other name it is found by). */
  keys: readonly string[];
}

/**
 * The entries matching a keyword, best first: the whole name, then names that start with it, then a word
 * that starts with it, then names that contain it. Within a rank the entries keep their given order (the
 * caller sorts them by preference: population, alphabet). Keywords shorter than MIN_KEYWORD_LENGTH find
 * nothing.
 */
export function searchByName<T extends Searchable>(entries: readonly T[], keyword: string, limit = MAX_SUGGESTIONS) {
  const wanted = normalizeName(keyword);
  if (wanted.length < MIN_KEYWORD_LENGTH || limit <= 0) return [];
  const ranks: T[][] = [[], [], [], []];
  for (const entry of entries) {
    let best = 4;
    for (const key of entry.keys) best = Math.min(best, rankOf(key, wanted));
    if (best < 4) ranks[best]?.push(entry);
  }
  return ranks.flat().slice(0, limit);
}

function rankOf(key: string, wanted: string): number {
  if (key === wanted) return 0;
  if (key.startsWith(wanted)) return 1;
  if (key.includes(` ${wanted}`)) return 2;
  if (key.includes(wanted)) return 3;
  return 4;
}

/**
 * A neighbourhood as shown: the list abbreviates "שכונת" to "שכ" ("שכ תלפיות"); it is written out, and a
 * neighbourhood named by a letter or a number reads "שכונה א", "שכונה 1". Other names are shown as written.
 */
export function neighborhoodName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  const match = /^שכ'?\s+(.+)$/.exec(name);
  if (!match?.[1]) return name;
  const rest = match[1];
  return /^([\u05D0-\u05EA]|\d+)$/.test(rest) ? `שכונה ${rest}` : `שכונת ${rest}`;
}
