/**
 * The policy check before publishing (our addition): contact details typed into an ad's free text — a
 * phone number, an e-mail address, a link. Pure (no DOM). A finding is a warning the step shows; the server
 * blocks only its banned words (publish-save: hasWordBlocked), which the server's policy-check call reports.
 *
 * Phone numbers: Israeli numbers written with any spacing or punctuation between the digits (050-123-4567,
 * 0 5 0 1 2 3 4 5 6 7, (03) 555.1234, +972 54…), with digits written as Hebrew words (אפס חמש ארבע…) or the letter
 * O for a zero, validated by the contract's phone rule (mobile 05x/07x, landlines). A number starts where a group
 * of digits starts, so long numbers (prices, sizes, years in a row) are not read as phones.
 */
import { isValidPhone } from '@app/contract/phones';

export type PolicyKind = 'phone' | 'email' | 'link';

export interface PolicyFinding {
  kind: PolicyKind;
  /** What was found, as typed (for the warning's detail). */
  text: string;
}

/** Digits written as Hebrew words (with a leading ו "and"), longest first so שתיים wins over שתי. */
const DIGIT_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['אפס', '0'],
  ['אחת', '1'],
  ['אחד', '1'],
  ['שתיים', '2'],
  ['שתים', '2'],
  ['שניים', '2'],
  ['שנים', '2'],
  ['שלושה', '3'],
  ['שלוש', '3'],
  ['ארבעה', '4'],
  ['ארבע', '4'],
  ['חמישה', '5'],
  ['חמש', '5'],
  ['שישה', '6'],
  ['שש', '6'],
  ['שבעה', '7'],
  ['שבע', '7'],
  ['שמונה', '8'],
  ['תשעה', '9'],
  ['תשע', '9'],
];
const WORD_DIGIT = new Map(DIGIT_WORDS);
const DIGIT_WORD_RE = new RegExp(
  `(?<![\\u05D0-\\u05EA])ו?(${DIGIT_WORDS.map(([w]) => w).join('|')})(?![\\u05D0-\\u05EA])`,
  'g',
);

/** Characters that may sit between the digits of one number. */
const JOINERS = /^[\s\-–—.·/\\()_*+,|~]{0,3}$/;

/** The text's runs of digit groups: groups that only a few joiner characters (JOINERS) separate form one run. */
function digitRuns(text: string): string[][] {
  // Hebrew digit words and the letter O between digits become digits, each its own group.
  const words = text.replace(DIGIT_WORD_RE, (_m, word: string) => WORD_DIGIT.get(word) ?? '');
  // An O standing for a zero: a lone letter O next to a digit (05O-1234567, O5O…), not one inside a word.
  const withO = words.replace(/(?<=\d[\s\-.]?)[oO](?![A-Za-z])|(?<![A-Za-z])[oO](?=[\s\-.]?[\doO])/g, '0');
  const runs: string[][] = [];
  let run: string[] = [];
  const re = /\d+/g;
  let last = 0;
  for (let m = re.exec(withO); m; m = re.exec(withO)) {
    const between = withO.slice(last, m.index);
    if (run.length > 0 && !JOINERS.test(between)) {
      runs.push(run);
      run = [];
    }
    run.push(m[0]);
    last = m.index + m[0].length;
  }
  if (run.length) runs.push(run);
  return runs;
}

/** A phone number in one run of digit groups: it starts at a group's start (0, or 972 for +972). */
function phoneInRun(groups: readonly string[]): string | null {
  const digits = groups.join('');
  const starts: number[] = [];
  let at = 0;
  for (const g of groups) {
    starts.push(at);
    at += g.length;
  }
  for (const start of starts) {
    let rest = digits.slice(start);
    if (rest.startsWith('972')) rest = `0${rest.slice(3).replace(/^0/, '')}`;
    if (!rest.startsWith('0')) continue;
    for (const len of [10, 9]) {
      const candidate = rest.slice(0, len);
      if (candidate.length === len && isValidPhone(candidate)) return candidate;
    }
  }
  return null;
}

const EMAIL_RE =
  /[\w.+-]+\s*(?:@|\(at\)|\[at\]|\sat\s|שטרודל)\s*[\w-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s|נקודה)\s*[\w-]+)+/i;
const LINK_RE =
  /(?:https?:\/\/|www\.)\S+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|co\.il|org\.il|net|org|il|ly|me|io|info|biz|link|site|online|shop|store)\b(?:\/\S*)?/i;

/** Phone numbers, e-mail addresses and links in one text (at most one finding of each kind). */
export function detectContactDetails(text: string): PolicyFinding[] {
  if (!text.trim()) return [];
  const findings: PolicyFinding[] = [];
  const email = EMAIL_RE.exec(text);
  if (email) findings.push({ kind: 'email', text: email[0] });
  // Links, leaving out the e-mail's domain.
  const link = LINK_RE.exec(email ? text.replace(email[0], ' ') : text);
  if (link) findings.push({ kind: 'link', text: link[0] });
  for (const run of digitRuns(text)) {
    const phone = phoneInRun(run);
    if (phone) {
      findings.push({ kind: 'phone', text: phone });
      break;
    }
  }
  const order: Record<PolicyKind, number> = { phone: 0, email: 1, link: 2 };
  return findings.sort((a, b) => order[a.kind] - order[b.kind]);
}
