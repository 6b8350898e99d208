/**
 * Category ids by name: the server's and the web app's code (tests aside) never compares a category id with a bare
 * number. The ids are data (packages/catalog/data/categories.json) read through `CAT`, `SUBCAT` and `SALES_CAT`
 * (packages/catalog/src/categories/ids.ts): `ad.cat === CAT.secondHand`, not `ad.cat === 3`.
 *
 * The rule: a value named as a category's id (`cat`, `CatID`, `catId`, `categoryId`), a sub-category's (`subcat`,
 * `SubCatID`, `subCatId`) or a second-hand section's (`SalesCatID`, `salesCatId`), directly or through `Number()`,
 * `String()`, `parseInt()`, `??`, `||`, `!` or a cast, or read from a query by that name (`params.get('cat')`), is
 * not tested for equality (===, !==, ==, !=) with a number or a string of digits, not matched against one in a
 * switch's case, and not looked up in a list of them (`[1, 2].includes(cat)`, `new Set([4]).has(subcat)`). 0 and -1
 * are not ids ("no sub-category", "not chosen") and may be written as they are; nor is a bound (`subcat < 100`, a
 * plausible number), so a range of ids is written as the list of their names.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productModules } from './lib/product-modules.ts';

const repo = path.resolve(import.meta.dirname, '..');
const ROOTS = ['apps/server/src', 'apps/web/src'];

/** The names of a category's, a sub-category's and a section's id (compared without case). */
const CATEGORY_NAMES = new Set(['cat', 'catid', 'categoryid', 'subcat', 'subcatid', 'salescatid']);
/** Numbers that are not ids. */
const NOT_IDS = new Set(['0', '-1']);

const unwrap = (node: ts.Expression): ts.Expression => {
  let n = node;
  for (;;) {
    if (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
    else if (ts.isTypeAssertionExpression(n) || ts.isSatisfiesExpression(n)) n = n.expression;
    else return n;
  }
};

/** Whether the expression is a category id (as the rule names it). */
function namesCategory(node: ts.Expression): boolean {
  const n = unwrap(node);
  if (ts.isIdentifier(n)) return CATEGORY_NAMES.has(n.text.toLowerCase());
  if (ts.isPropertyAccessExpression(n)) return CATEGORY_NAMES.has(n.name.text.toLowerCase());
  if (ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression))
    return CATEGORY_NAMES.has(n.argumentExpression.text.toLowerCase());
  if (
    ts.isBinaryExpression(n) &&
    (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || n.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return namesCategory(n.left) || namesCategory(n.right);
  if (ts.isCallExpression(n)) {
    const [first] = n.arguments;
    if (!first) return false;
    const callee = n.expression;
    if (ts.isIdentifier(callee) && ['Number', 'String', 'parseInt'].includes(callee.text)) return namesCategory(first);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'get' && ts.isStringLiteralLike(first))
      return CATEGORY_NAMES.has(first.text.toLowerCase());
  }
  return false;
}

/** The number a literal writes (a number, -n, or a string of digits), else null. */
function numberOf(node: ts.Expression): string | null {
  const n = unwrap(node);
  if (ts.isNumericLiteral(n)) return n.text;
  if (ts.isPrefixUnaryExpression(n) && n.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(n.operand))
    return `-${n.operand.text}`;
  if (ts.isStringLiteralLike(n) && /^-?\d+$/.test(n.text)) return n.text;
  return null;
}
const isId = (node: ts.Expression): boolean => {
  const n = numberOf(node);
  return n !== null && !NOT_IDS.has(n);
};

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** A list of numbers written out: `[1, 2]` or `new Set([1, 2])`. */
function listOfIds(node: ts.Expression): boolean {
  let n = unwrap(node);
  if (ts.isNewExpression(n) && n.arguments?.[0]) n = unwrap(n.arguments[0]);
  return ts.isArrayLiteralExpression(n) && n.elements.some((e) => !ts.isSpreadElement(e) && isId(e));
}

/** Each bare category number compared in a module's source, as 'line: code'. */
function bareCategoryIds(source: string, fileName = 'module.ts'): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${line}: ${node.getText(file).replace(/\s+/g, ' ').slice(0, 80)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      if ((namesCategory(node.left) && isId(node.right)) || (namesCategory(node.right) && isId(node.left)))
        report(node);
    } else if (ts.isSwitchStatement(node) && namesCategory(node.expression)) {
      for (const clause of node.caseBlock.clauses)
        if (ts.isCaseClause(clause) && isId(clause.expression)) report(clause);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['includes', 'has', 'indexOf'].includes(node.expression.name.text) &&
      node.arguments[0] &&
      namesCategory(node.arguments[0]) &&
      listOfIds(node.expression.expression)
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('category ids by name', () => {
  it.each([
    ['a category', 'if (ad.cat === 3) go();'],
    ['the other way round', 'if (2 !== cat) go();'],
    ['a loose comparison', 'if (ad.cat == 5) go();'],
    ['a sub-category', 'const sale = ctx.subcat === 1;'],
    ['a number as text', "if (selectors.cat === '3') go();"],
    ['a converted value', 'if (Number(selectors.cat) === 1) go();'],
    ['a value with a default', 'if ((page?.CatID ?? Number(cat)) === 1) go();'],
    ['a query parameter', "if (params.get('cat') === '3') go();"],
    ['a second-hand section', "if (query.get('SalesCatID') === '37') go();"],
    ['a list of them', 'if ([1, 2, 3].includes(cat)) go();'],
    ['a set of them', 'if (new Set([4]).has(ad.subcat)) go();'],
    ['a case', 'switch (ad.cat) { case 2: go(); }'],
  ])('finds %s', (_what, source) => {
    expect(bareCategoryIds(source)).toHaveLength(1);
  });

  it('lets names, "no sub-category" and numbers that are not category ids be', () => {
    const source = [
      'if (ad.cat === CAT.secondHand && ad.subcat === SUBCAT.realEstateSale) go();',
      'if (subcat === 0 || subcat === null || cat === undefined) go();',
      'const plausible = subcat > 0 && subcat < 100;',
      "if (selectors.subcat === '-1') go();",
      'if (step === 2 || orientation === 3 || ad.price > 100) go();',
      'switch (orientation) { case 6: go(); }',
      'const cat = 3; // a value, not a comparison',
      'if ([1, 2].includes(step)) go();',
    ].join('\n');
    expect(bareCategoryIds(source)).toEqual([]);
  });

  it('no server or web module compares a category id with a bare number', () => {
    const found: string[] = [];
    for (const root of ROOTS)
      for (const rel of productModules(repo, root))
        for (const hit of bareCategoryIds(fs.readFileSync(path.join(repo, rel), 'utf8'), rel))
          found.push(`${rel}:${hit}`);
    expect(found).toEqual([]);
  });
});
