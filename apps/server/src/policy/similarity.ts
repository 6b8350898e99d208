/**
 * Near-repeats of an ad's text (the policy check before publishing): the set of its words compared by
 * Jaccard similarity. Words are lower-cased letters and digits of two characters or more (Hebrew final letters as
 * they are); punctuation, spacing and word order do not matter.
 */

/** Shared words / all words at or above this: the same ad typed again with small changes. */
export const NEAR_REPEAT = 0.8;
/** Texts of fewer words say too little to call them a repeat (a title like 'ספה' alone). */
export const MIN_WORDS = 4;

export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2),
  );
}

export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export const isNearRepeat = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size >= MIN_WORDS && b.size >= MIN_WORDS && similarity(a, b) >= NEAR_REPEAT;
