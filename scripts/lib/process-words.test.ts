import { describe, expect, it } from 'vitest';
import { findProcessWords } from './process-words.mjs';

const matches = (text: string) => findProcessWords(text).map((hit) => hit.match);

describe('findProcessWords', () => {
  it.each([
    ['// issue 12 item 3: drains the listeners', ['issue 12', 'item 3']],
    ['Session 24: where a cold step spends its time', ['Session 24']],
    ['measured at stop 18', ['stop 18']],
    ['const ISSUE_4_X = [];', ['ISSUE_4']],
    ['see ../shared/spec/publish-wizard.md', ['../shared']],
    ['with ../shared beside it, and ../shared/providers/twilio', ['../shared', '../shared']],
    ['(ENGINEERING.md §8)', ['ENGINEERING.md']],
    ['dates are built by hand (ENGINEERING §5)', ['ENGINEERING §']],
    [
      "the plan step (issue 10), Issue 11's meter, issues 9-10, issue #12",
      ['issue 10', 'Issue 11', 'issues 9', 'issue #12'],
    ],
    ["describe('plan step with stubbed issue-10 calls')", ['issue-10']],
    ['(issue 7, items 7, 8, 12 and 13)', ['issue 7', 'items 7']],
    ['the session-21 build scored 93', ['session-21']],
    ['registry spelling (shared/data/israel/registry-fields.md)', ['shared/data']],
    ["the steering repository's spec/ and the engineering handbook", ['steering repository', 'engineering handbook']],
  ])('flags %j', (text, expected) => {
    expect(matches(text)).toEqual(expected);
  });

  it.each([
    'the session cookie is HttpOnly',
    'a stop button ends the upload',
    'publish-wizard.md §6 and after-save-area.md §3-§4',
    'the plan is item 3 of the list',
    "return issue('required');",
    'parsed.issues.map((issue) => issue.message)',
    'the tissue 3 ply',
    'step 3 only, cat 1, subcat 1 to 4',
    'e2e/tests/a11y-walk-shared-steps.e2e.ts and src/shared/format.ts',
    "import { getJson } from '../../shared/api/index.ts';",
    'power steering, air conditioning',
    "'זה הטווח המומלץ למכירת הרכב', 'פריט 3 ברשימה', 'מפגש 24'",
  ])('leaves %j alone', (text) => {
    expect(findProcessWords(text)).toEqual([]);
  });

  it('gives the line and column of each hit, in order', () => {
    const text = ['first line', '  // Issue 11: the meter (item 8)', 'ok', 'Session 24'].join('\n');
    expect(findProcessWords(text).map(({ line, column, match }) => [line, column, match])).toEqual([
      [2, 6, 'Issue 11'],
      [2, 27, 'item 8'],
      [4, 1, 'Session 24'],
    ]);
  });
});
