import fs from 'node:fs';
import path from 'node:path';

/** What the code checks never read: tests, installed packages and build output. */
const NOT_PRODUCT = /\.test\.tsx?$|(^|\/)(node_modules|dist)\//;

/**
 * The TypeScript modules of product code under `dir` (relative to `root`), as posix paths relative to `root`, in a
 * stable order: the files the code checks (SQL, category ids, repeated code) read.
 */
export function* productModules(root: string, dir: string): Generator<string> {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return;
  for (const entry of fs.readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = path.posix.join(dir, entry.name);
    if (NOT_PRODUCT.test(rel)) continue;
    if (entry.isDirectory()) yield* productModules(root, rel);
    else if (/\.tsx?$/.test(entry.name)) yield rel;
  }
}
