/**
 * The free-text product category search (after-save-area.md "free-text product category search"): what
 * the user typed ("ספה תלת מושבית", "עגלת תינוק", "אייפון 13") → the best matching category paths of the
 * product tree. Hebrew-aware: niqqud, geresh and final letters are normalised, plural and feminine endings
 * and one-letter prefixes (ה, ו, ב, ל, מ, ש, כ) are forgiven, and a word still being typed matches by prefix.
 */
import { PRODUCT_PATHS, type ProductPath, pathText, salesIds } from './tree.ts';

/** Fewer characters than this answer nothing (spec: minimum 2). */
export const FREE_SEARCH_MIN_CHARS = 2;
export const FREE_SEARCH_LIMIT = 8;

export interface ProductMatch {
  id: number;
  level: 1 | 2 | 3;
  /** The path for display: 'ריהוט › ספות וכורסאות › ספות'. */
  name: string;
  SalesCatID: number;
  SalesSubCatID?: number;
  SalesSubCat3ID?: number;
}

const FINALS: Readonly<Record<string, string>> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const PREFIXES = new Set(['ה', 'ו', 'ב', 'ל', 'מ', 'ש', 'כ']);

/** Lower case, no niqqud or quote marks, regular (not final) letters, words split on anything else. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/['"`׳״’‘”“]/g, '')
    .replace(/[ךםןףץ]/g, (c) => FINALS[c] ?? c)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * A Hebrew word without its plural (ים, ות), feminine or construct (ה, ת) ending, up to twice:
 * ספות, ספה → ספ; עגלת → עגל; מחבתות → מחב.
 */
export function stem(word: string): string {
  let out = word;
  for (let pass = 0; pass < 2; pass++) {
    if (out.length >= 4 && (out.endsWith('ים') || out.endsWith('ות'))) out = out.slice(0, -2);
    else if ((out.length >= 3 && out.endsWith('ה')) || (out.length >= 4 && out.endsWith('ת'))) out = out.slice(0, -1);
    else break;
  }
  return out;
}

interface Word {
  raw: string;
  stem: string;
}

const word = (raw: string): Word => ({ raw, stem: stem(raw) });

interface Indexed {
  path: ProductPath;
  own: readonly Word[];
  phrases: readonly string[];
}

const INDEX: readonly Indexed[] = PRODUCT_PATHS.map((path) => {
  const texts = [path.node.name, ...path.node.keywords];
  return {
    path,
    own: [...new Set(texts.flatMap(normalizeWords))].map(word),
    phrases: texts.map((t) => normalizeWords(t).join(' ')),
  };
});
const BY_ID = new Map(INDEX.map((item) => [item.path.node.id, item]));

/** How well one typed word matches one word of a category: 3 same stem, 2 typed as its start, 1 inside. */
function wordScore(typed: Word, candidate: Word): number {
  if (typed.stem === candidate.stem) return 3;
  if (candidate.raw.startsWith(typed.raw)) return 2;
  if (typed.raw.length >= 3 && candidate.raw.includes(typed.raw)) return 1;
  return 0;
}

/** The best score of a typed word (or the word without a one-letter prefix, a little less) over words. */
function bestScore(typed: Word, words: readonly Word[]): number {
  const forms: [Word, number][] = [[typed, 0]];
  if (typed.raw.length >= 4 && PREFIXES.has(typed.raw[0] ?? '')) forms.push([word(typed.raw.slice(1)), 0.5]);
  let best = 0;
  for (const [form, penalty] of forms) {
    for (const candidate of words) best = Math.max(best, wordScore(form, candidate) - penalty);
  }
  return best;
}

function score(item: Indexed, typed: readonly Word[], phrase: string): { total: number; own: number } {
  const ancestors = item.path.ids.slice(0, -1).flatMap((id) => BY_ID.get(id)?.own ?? []);
  let own = 0;
  let total = 0;
  for (const w of typed) {
    const mine = bestScore(w, item.own);
    own += mine;
    total += mine > 0 ? mine : bestScore(w, ancestors) / 2;
  }
  if (phrase.includes(' ') && item.phrases.some((p) => p.includes(phrase))) total += 2;
  // The category's own name typed in full ('ריהוט') comes before the categories under it.
  if (item.phrases[0] === phrase) total += 1;
  return { total, own };
}

/**
 * The best matching categories, most relevant first (a category's own words before its parents', then
 * the more specific one); `scope` keeps the paths under one SalesCatID. Under 2 characters: nothing.
 */
export function searchProducts(query: string, options: { scope?: number; limit?: number } = {}): ProductMatch[] {
  const words = normalizeWords(query);
  if (words.join('').length < FREE_SEARCH_MIN_CHARS) return [];
  const typed = words.map(word);
  const phrase = words.join(' ');
  const limit = options.limit ?? FREE_SEARCH_LIMIT;
  return INDEX.flatMap((item, order) => {
    if (options.scope !== undefined && item.path.ids[0] !== options.scope) return [];
    const { total, own } = score(item, typed, phrase);
    return total > 0 ? [{ item, total, own, order }] : [];
  })
    .sort((a, b) => b.total - a.total || b.own - a.own || b.item.path.level - a.item.path.level || a.order - b.order)
    .slice(0, limit)
    .map(({ item }) => toMatch(item.path));
}

export function toMatch(path: ProductPath): ProductMatch {
  return { id: path.node.id, level: path.level, name: pathText(path), ...salesIds(path) };
}
