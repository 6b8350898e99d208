// Words about how the team works rather than about the product: numbered issues, their items, work sessions and
// stops, and documents that live outside this repository (a handbook, a steering repository, ../shared). The
// tracked files describe the product only; scripts/check-process-words.mjs runs findProcessWords over them.

/**
 * Each pattern with what it catches. All are case-insensitive and global; a hit is reported with the text it matched.
 * Product words that look alike stay clear: "the session cookie", "a stop button", "item 3 of the list",
 * publish-wizard.md §6 and the other specification documents, `issue('required')` in the validation rules.
 */
export const PROCESS_WORD_PATTERNS = [
  // "issue 10", "Issue 11's", "issues 9-10", "issue #12", "issue-10 calls", ISSUE_4_CATALOGS (not "tissue 3").
  { name: 'issue number', pattern: /(?<![a-z])issues?[\s_-]?#?\d+/gi },
  // "item 5", "items 7 and 8", "(item 8)": an issue's items. An item of a list in product text says whose it is:
  // "item 3 of the list" is left alone.
  { name: 'issue item', pattern: /\bitems? #?\d+\b(?! of\b)/gi },
  // "session 21", "Session 24", "the session-21 build": a work session, never the login session.
  { name: 'work session', pattern: /(?<![a-z])sessions?[\s_-]#?\d+/gi },
  // "stop 18": a work stop, never a stop button.
  { name: 'work stop', pattern: /(?<![a-z])stops?[\s_-]#?\d+/gi },
  // Documents of other repositories: "../shared/spec", "shared/data/...", the handbook and its sections. The web
  // app's own shared code (`../../shared/api/index.ts`) is a folder of this repository and stays clear.
  {
    name: 'shared repository',
    pattern: /\.\.\/shared\b(?!\/(?!(?:spec|data|providers)\b))|(?<![\w./-])shared\/(?:spec|data|providers)\b/gi,
  },
  { name: 'handbook', pattern: /\bENGINEERING(?:\.md\b|\s*§)|\b(?:engineering )?handbook\b/gi },
  { name: 'steering repository', pattern: /\bsteering (?:repo|repository|project|documents?|docs)\b/gi },
];

/**
 * The process words in a text, in order of line then column.
 * @param {string} text
 * @returns {{ line: number, column: number, match: string, name: string }[]}
 */
export function findProcessWords(text) {
  const hits = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    for (const { name, pattern } of PROCESS_WORD_PATTERNS) {
      for (const m of lines[i].matchAll(pattern)) {
        hits.push({ line: i + 1, column: m.index + 1, match: m[0], name });
      }
    }
  }
  return hits.sort((a, b) => a.line - b.line || a.column - b.column);
}
