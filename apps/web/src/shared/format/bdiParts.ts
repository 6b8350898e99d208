/**
 * Splits Hebrew text into plain parts and number-like parts (prices, plates, years, ad numbers), so the
 * numbers can be isolated in <bdi> and keep their own direction inside right-to-left text.
 */
export interface TextPart {
  text: string;
  /** A number-like run: digits with separators (1,234 · 12-345-67 · 01/02/2026 · 1.8). */
  number: boolean;
}

const NUMBER_RUN = /\d(?:[\d,./:-]*\d)?/g;

export function bdiParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(NUMBER_RUN)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), number: false });
    parts.push({ text: match[0], number: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), number: false });
  return parts;
}
