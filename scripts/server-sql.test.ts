/**
 * SQL lives in repositories: a server module that is not a capability's repository (`repository.ts` or
 * `<name>-repository.ts`, the layer .dependency-cruiser.cjs names) nor the database layer (`platform/db/`) writes no
 * SQL and calls no database: services and routes call a repository's typed functions. Tests and migrations are not
 * product code (tests may keep SQL).
 *
 * What counts as SQL, in a string or template literal (comments are not read): a statement (SELECT … FROM, a
 * literal that starts with SELECT, INSERT INTO, UPDATE … SET, DELETE FROM, WITH … AS (…), CREATE/ALTER/DROP TABLE
 * and the like), a clause of one (ON CONFLICT, FOR UPDATE) or a parameter compared (`= $1`, `IN ($2`, `ANY($3`);
 * a template tagged `sql`; and any `.query(` call, or `.exec(` on a database (`db`, `tx`, `client`, `pool`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { productModules } from './lib/product-modules.ts';

const repo = path.resolve(import.meta.dirname, '..');
const SERVER_SRC = 'apps/server/src';

/** Where SQL is at home: a repository module, the database layer. */
const SQL_HOME = /(^|[/-])repository\.ts$|^apps\/server\/src\/platform\/db\//;

/** SQL in a literal's text. */
const SQL: readonly RegExp[] = [
  /\bselect\b[\s\S]*?\bfrom\s+[\w"(]/i,
  /^\s*select\s/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+[\w."]+(\s+(as\s+)?\w+)?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /\bwith\s+\w+\s+as\s*\(\s*(select|insert|update|delete)\b/i,
  /\b(create|alter|drop|truncate)\s+(table|index|view|schema|sequence)\b/i,
  /\bON\s+CONFLICT\b/,
  /\bFOR\s+UPDATE\b/,
  /(=|<>|!=|<=|>=|<|>|\bin\s*\(|\bany\s*\()\s*\$\d+\b/i,
];
/** A receiver that is a database connection or transaction. */
const DATABASE = /(^|\.)(db|tx|client|pool)$/i;

/** The SQL of one module's source, as 'line: excerpt' (an empty list when it has none). */
function sqlIn(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${line}: ${what.replace(/\s+/g, ' ').trim().slice(0, 80)}`);
  };
  const isSql = (text: string) => SQL.some((pattern) => pattern.test(text));
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isSql(node.text)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => ` \${…} ${span.literal.text}`).join('');
      if (isSql(text)) report(node, text);
    } else if (ts.isTaggedTemplateExpression(node) && /^sql$/i.test(node.tag.getText(file))) {
      report(node, node.getText(file));
      return;
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression.getText(file);
      if (method === 'query' || (method === 'exec' && DATABASE.test(receiver)))
        report(node, `${receiver}.${method}(…)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every place under `root`'s apps/server/src that holds SQL outside a repository, as 'path:line: excerpt'. */
function sqlOutsideRepositories(root: string): string[] {
  const found: string[] = [];
  for (const rel of productModules(root, SERVER_SRC)) {
    if (SQL_HOME.test(rel)) continue;
    for (const hit of sqlIn(fs.readFileSync(path.join(root, rel), 'utf8'), rel)) found.push(`${rel}:${hit}`);
  }
  return found;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

describe('SQL lives in repositories', () => {
  it.each([
    ['a SELECT', "db.find('SELECT id, name FROM ads WHERE id = 1');"],
    ['a SELECT without a table', "const ping = 'SELECT 1';"],
    ['a lower-case statement', 'const q = `select * from ads`;'],
    ['an INSERT', "const q = 'INSERT INTO ads (id) VALUES (1)';"],
    ['an UPDATE', 'const q = `UPDATE ads AS a SET status = 1`;'],
    ['a DELETE', "const q = 'DELETE FROM ads';"],
    ['a CTE', "const q = 'WITH gone AS (DELETE FROM ads RETURNING id) SELECT 1';"],
    ['a clause kept aside', "const lock = ' FOR UPDATE';"],
    ['a fragment with a parameter', `const where = \` AND field_values ->> \${key} = $3\`;`],
    ['a template with a placeholder', `const q = \`SELECT \${columns} FROM \${table} WHERE id = \${id}\`;`],
    ['a tagged template', `const q = sql\`anything \${x}\`;`],
    ['a query call on a name', 'await pool.query(text, [1]);'],
    ['an exec on a database', "await tx.exec('VACUUM');"],
  ])('finds %s', (_what, source) => {
    expect(sqlIn(source)).toHaveLength(1);
  });

  it('lets words, regular expressions and comments be', () => {
    const source = [
      '// SELECT * FROM ads WHERE id = $1: comments are not read',
      "const kinds = ['select', 'input', 'textarea'];",
      'const m = /^(\\d+)$/.exec(text);',
      "const label = 'בחרו מהרשימה';",
      `const page = \`<select id="month">\${options}</select>\`;`,
      `const price = \`\${amount} ₪ למ"ר\`;`,
      'const q = req.query;',
    ].join('\n');
    expect(sqlIn(source)).toEqual([]);
  });

  it('fails on SQL planted in a service and a route, and lets a repository, the database layer and a test keep theirs', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'server-sql-'));
    roots.push(root);
    const plant = (file: string, source: string) => {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), source);
    };
    const statement = "export const find = (db) => db.query('SELECT * FROM widgets WHERE id = $1', [1]);\n";
    plant('apps/server/src/widgets/widget-service.ts', statement);
    plant('apps/server/src/widgets/routes.ts', "const q = 'DELETE FROM widgets';\n");
    plant('apps/server/src/widgets/widgets-repository.ts', statement);
    plant('apps/server/src/widgets/repository.ts', statement);
    plant('apps/server/src/platform/db/db.ts', statement);
    plant('apps/server/src/widgets/widget-service.test.ts', statement);
    expect(sqlOutsideRepositories(root)).toEqual([
      'apps/server/src/widgets/routes.ts:1: DELETE FROM widgets',
      'apps/server/src/widgets/widget-service.ts:1: db.query(…)',
      'apps/server/src/widgets/widget-service.ts:1: SELECT * FROM widgets WHERE id = $1',
    ]);
  });

  it('no server module outside a repository and the database layer holds SQL', () => {
    expect(sqlOutsideRepositories(repo)).toEqual([]);
  });
});
