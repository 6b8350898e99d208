import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency.ts';

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a key on a page that is not a secure context (no crypto.randomUUID: the site at a network address over http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });
});

describe('keys in the web app', () => {
  it('are made by newIdempotencyKey only: crypto.randomUUID is missing on a phone that opens the site over http', () => {
    const src = fileURLToPath(new URL('../../', import.meta.url));
    const direct = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('idempotency.ts'))
      .filter((f) => fs.readFileSync(path.join(src, f), 'utf8').includes('crypto.randomUUID('));
    expect(direct).toEqual([]);
  });
});
