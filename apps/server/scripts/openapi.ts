/**
 * Writes the API's OpenAPI document to docs/api/openapi.json: the app as the tests build it, asked for
 * GET /api/openapi.json (platform/http/openapi.ts). Run after changing a call's schema and commit the diff;
 * test/openapi.test.ts fails while the committed document differs.
 * Run: npm run openapi
 */
import fs from 'node:fs';
import path from 'node:path';
import { openApiText } from '../src/platform/http/openapi.ts';
import { createTestApp } from '../test/support/test-app.ts';

const file = path.resolve(import.meta.dirname, '../../../docs/api/openapi.json');
const t = await createTestApp();
try {
  const res = await t.app.inject({ url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  const text = openApiText(res.json());
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const paths = Object.keys(res.json().paths).length;
  console.log(`${path.relative(process.cwd(), file)}: ${paths} paths, ${before === text ? 'unchanged' : 'written'}`);
} finally {
  await t.close();
}
