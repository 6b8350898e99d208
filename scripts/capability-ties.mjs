// The server capabilities (folders of apps/server/src) that import each other, counted from the code with
// dependency-cruiser: `node scripts/capability-ties.mjs` prints each pair with the imports of both directions
// (type-only ones apart); `--all` prints every import between two capabilities instead. The order they must keep is
// docs/ARCHITECTURE.md's "Dependency order", enforced by .dependency-cruiser.cjs (`npm run check:imports`).
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { capabilityTies, formatImports, formatTies, importsBetween } from './lib/capability-ties.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const { output } = await cruise(['apps/server/src'], {
  baseDir: repo,
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '(^|/)(dist|node_modules)/' },
});
const { modules } = /** @type {import('dependency-cruiser').ICruiseResult} */ (output);
console.log(
  process.argv.includes('--all') ? formatImports(importsBetween(modules)) : formatTies(capabilityTies(modules)),
);
