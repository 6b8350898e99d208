/**
 * A server route module (`*routes.ts`) is the edge: the app mounts it, and it exports the one function that registers
 * its routes and nothing else. What other modules need (who is calling, the caller's own ad, a helper, a limit) lives
 * in the auth hooks (apps/server/src/auth-hooks.ts) or in a service or helper module they may import.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const server = path.resolve(import.meta.dirname, '../apps/server/src');

/** The names a module exports (declarations, `export { … }` lists, `export *` as '*'). */
function exportsOf(source: string): string[] {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) names.push('*');
      else if (ts.isNamedExports(clause)) names.push(...clause.elements.map((e) => e.name.text));
      else names.push(clause.name.text);
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      names.push('default');
      continue;
    }
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isVariableStatement(statement))
      names.push(...statement.declarationList.declarations.map((d) => d.name.getText(file)));
    else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node))
      names.push((statement.name as ts.Identifier).text);
  }
  return names;
}

/** What a route module exports beyond its one registering function (`…Routes`). */
function extraExports(source: string): string[] {
  const names = exportsOf(source);
  const registering = names.filter((n) => /^[a-z]\w*Routes$/.test(n));
  return registering.length === 1 ? names.filter((n) => n !== registering[0]) : names;
}

function routeModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(full);
    return /(^|[/-])routes\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('the server route modules', () => {
  it('catch a route module that exports a helper beside its routes', () => {
    const planted = [
      "import type { FastifyInstance } from 'fastify';",
      'export async function requireCustomer() { return null; }',
      'export const LIMIT = 10;',
      'export interface Answer { ok: boolean }',
      'export function publishStepRoutes(app: FastifyInstance): void {}',
    ].join('\n');
    expect(extraExports(planted)).toEqual(['requireCustomer', 'LIMIT', 'Answer']);
    expect(extraExports('export function aRoutes() {}\nexport function bRoutes() {}\n')).toEqual([
      'aRoutes',
      'bRoutes',
    ]);
    expect(extraExports("export { ownAd } from './own.ts';\nexport function mediaRoutes() {}\n")).toEqual(['ownAd']);
  });

  it('each export only the function that registers their routes', () => {
    const modules = routeModules(server);
    expect(modules.length).toBeGreaterThan(30);
    const extras = Object.fromEntries(
      modules
        .map((file) => [path.relative(server, file), extraExports(fs.readFileSync(file, 'utf8'))] as const)
        .filter(([, names]) => names.length > 0),
    );
    expect(extras).toEqual({});
  });
});
