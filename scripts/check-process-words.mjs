// Fails when a tracked file speaks of how the team works instead of the product: numbered issues and their items,
// work sessions and stops, documents or repositories outside this one (the patterns: scripts/lib/process-words.mjs).
// `npm run check:words` checks every file `git ls-files` lists; paths given as arguments check only those files.
// Prints `path:line: match` for each hit and exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findProcessWords } from './lib/process-words.mjs';

const repo = path.resolve(import.meta.dirname, '..');
/** The patterns and their test name the words they look for. */
const SKIPPED = new Set(['scripts/lib/process-words.mjs', 'scripts/lib/process-words.test.ts']);

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
const asked = process.argv.slice(2).map((p) => path.relative(repo, path.resolve(p)).split(path.sep).join('/'));
const files = asked.length ? asked : tracked;

/** A NUL byte in the first 8 KB: a picture, a font, a database file. */
const isBinary = (bytes) => bytes.subarray(0, 8192).includes(0);

let hits = 0;
for (const file of files) {
  if (SKIPPED.has(file)) continue;
  const full = path.join(repo, file);
  // A tracked file deleted in the working tree has nothing left to say.
  if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue;
  const bytes = fs.readFileSync(full);
  if (isBinary(bytes)) continue;
  for (const { line, match } of findProcessWords(bytes.toString('utf8'))) {
    console.log(`${file}:${line}: ${match}`);
    hits++;
  }
}

if (hits) {
  console.error(`✖ ${hits} place(s) speak of how the team works: say what the product does instead.`);
  process.exit(1);
}
console.log(`✓ no process words in ${files.length} files`);
