#!/usr/bin/env node
// Prints the gzipped JavaScript that the first /publish screen loads (the entry and its static imports,
// as index.html references them) and fails when it is over the budget (ENGINEERING.md §8).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 120;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const indexPath = path.join(dist, 'index.html');
if (!fs.existsSync(indexPath)) {
  console.error('✖ apps/web/dist is missing: run `npm run build -w @app/web` first');
  process.exit(1);
}
const html = fs.readFileSync(indexPath, 'utf8');
const scripts = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) scripts.add(m[1]);

let total = 0;
const rows = [];
for (const src of scripts) {
  const file = path.join(dist, src.replace(/^\//, ''));
  const gz = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  total += gz;
  rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${src}`);
}
console.log('JavaScript of the first /publish screen (gzipped):');
console.log(rows.join('\n'));
console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
if (scripts.size === 0 || total > BUDGET_KB * 1024) {
  console.error(scripts.size === 0 ? '✖ no scripts found in index.html' : '✖ over budget');
  process.exit(1);
}
