/**
 * What the product says is true of the product as it is: no text of the web app, the server or the catalogues
 * promises a page, step or upload for later ('soon', 'being built', 'will be added', 'not available yet', 'we are
 * working on'). Every source the product's words come from is read (tests aside), so a promise in a new module, a
 * catalogue or a data file fails here as well as one in the i18n modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');

/** Where the product's words live: the apps' sources (their i18n modules among them), the packages and their data. */
const ROOTS = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages'];
const TEXT_FILE = /\.(ts|tsx|mts|js|mjs|json|html)$/;
const NOT_PRODUCT = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;

/** Words that promise something for later. */
const PROMISES: readonly RegExp[] = [
  /בקרוב/,
  /בבני(י)?ה/,
  /[ית]תווס[פף]/,
  /עדיין (לא|אינו|אינה|אינם) זמי[ןנ]/,
  /(אנחנו|אנו) עובדים על/,
];

/** Sentences with such a word that say something true of what happens next, not of the product to come. */
const TRUE_STATEMENTS: readonly string[] = [
  // The broker lead's thanks: the brokers chosen call the advertiser.
  'הם ייצרו איתכם קשר בקרוב',
];

function* productFiles(entry: string): Generator<string> {
  const full = path.join(repo, entry);
  if (NOT_PRODUCT.test(entry) || !fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (TEXT_FILE.test(entry)) yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) yield* productFiles(path.posix.join(entry, name));
}

/** Each line of `text` that makes a promise, once the true statements are taken out, as 'line: text'. */
function promisesIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const rest = TRUE_STATEMENTS.reduce((left, statement) => left.split(statement).join(''), line);
    if (PROMISES.some((promise) => promise.test(rest))) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the product promises nothing for later', () => {
  it('finds the promises it is there for, and lets the true statements be', () => {
    for (const text of [
      "comingSoonTitle: 'השלבים הבאים יתווספו בקרוב',",
      "placeholderNote: 'השלב הזה עדיין בבנייה',",
      "uploadSoon: 'העלאת קבצים ותמונות תתווסף בהמשך',",
      "savedNote: 'בחירת המסלול יתווסף לכאן',",
      "title: 'העמוד עדיין לא זמין',",
      "text: 'אנחנו עובדים על העמוד הזה',",
      "'בחירת מסלול הפרסום והתשלום יתווספו בקרוב.',",
    ])
      expect(promisesIn(text), text).toEqual([`1: ${text}`]);
    expect(promisesIn("thanksText: 'הם ייצרו איתכם קשר בקרוב.',")).toEqual([]);
    expect(promisesIn("a: 'הם ייצרו איתכם קשר בקרוב, והשלב הבא יתווסף בקרוב',")).toHaveLength(1);
    expect(promisesIn("noAccount: 'עדיין אין לכם חשבון?',")).toEqual([]);
  });

  it('in the web app, the server and the catalogues', () => {
    const files = ROOTS.flatMap((root) => [...productFiles(root)]);
    // The i18n modules and the catalogues are among what is read.
    expect(files).toEqual(
      expect.arrayContaining([
        'apps/web/src/shared/i18n/he.ts',
        'apps/server/src/i18n/messages.ts',
        'packages/catalog/src/categories/vehiclesSteps.ts',
      ]),
    );
    expect(files.some((file) => file.startsWith('packages/catalog/data/') && file.endsWith('.json'))).toBe(true);
    const promises = files.flatMap((file) =>
      promisesIn(fs.readFileSync(path.join(repo, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(promises).toEqual([]);
  });
});
