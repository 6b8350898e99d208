/**
 * The API's OpenAPI document (platform/http/openapi.ts): made from the routes' schemas, served at
 * /api/openapi.json, the same as the one committed in docs/api/openapi.json (a change of a call is a reviewed diff),
 * the customer calls and the console's in their own sections, the sandbox and internal routes left out; and its
 * reference page at /api/docs, the same document as a Hebrew page under the pages' CSP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_TAGS, openApiText } from '../src/platform/http/openapi.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const COMMITTED = path.resolve(import.meta.dirname, '../../../docs/api/openapi.json');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Operation {
  tags?: string[];
  summary?: string;
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const served = async (): Promise<Document> => {
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
};

describe('GET /api/openapi.json', () => {
  it('is the document committed in docs/api/openapi.json', async () => {
    const committed = fs.existsSync(COMMITTED) ? fs.readFileSync(COMMITTED, 'utf8') : '';
    expect(
      openApiText(await served()) === committed,
      'the API changed: run npm run openapi and review the diff of docs/api/openapi.json',
    ).toBe(true);
  });

  it('is OpenAPI 3.1, the customer calls and the console calls in their own sections', async () => {
    const doc = await served();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.values(methods).map((op) => ({ url, op })),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const { url, op } of operations) {
      const section = url.startsWith('/api/operator/') ? OPENAPI_TAGS.console : OPENAPI_TAGS.customer;
      expect(op.tags, url).toEqual([section]);
      expect(op.summary, url).toMatch(/[א-ת]/);
      // Its answer: a success, or for a return URL of the payment page its redirect.
      expect(Object.keys(op.responses ?? {}), url).toContainEqual(expect.stringMatching(/^(200|303)$/));
    }
    expect(doc.paths['/api/publish/policy-check']?.post?.tags).toEqual([OPENAPI_TAGS.customer]);
    expect(doc.paths['/api/operator/payments/{id}/refund']?.post?.tags).toEqual([OPENAPI_TAGS.console]);
  });

  it('leaves out the sandbox surfaces and the internal routes, and the routes that declare nothing yet', async () => {
    const urls = Object.keys((await served()).paths);
    expect(urls.filter((u) => /^\/(api\/)?sandbox\//.test(u))).toEqual([]);
    for (const hidden of ['/metrics', '/api/openapi.json', '/api/docs']) {
      expect(urls).not.toContain(hidden);
    }
  });
});

describe('the reference page at /api/docs', () => {
  it('is the document as a Hebrew page: every declared call in its section, no script, under the pages’ CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    const text = page.body.replaceAll('<wbr>', '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('<html lang="he" dir="rtl">');
    expect(page.body).not.toMatch(/<script|<style|style=/);
    const doc = await served();
    for (const tag of Object.values(OPENAPI_TAGS)) expect(page.body).toContain(`>${tag}</h2>`);
    for (const [url, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        expect(text, `${method} ${url}`).toContain(`<code dir="ltr">${method.toUpperCase()} ${url}</code>`);
      }
    }
    // What a reader sees outside the wire's own names (paths, fields, values in <code>) is Hebrew.
    const words = text
      .replace(/<code dir="ltr">[^<]*<\/code>/g, '')
      .replace(/<[^>]+>|&[#a-z0-9]+;/g, ' ')
      .match(/[A-Za-z]{2,}/g);
    expect((words ?? []).filter((w) => !['OpenAPI', 'CSRF', 'CSV'].includes(w))).toEqual([]);
  });
});
