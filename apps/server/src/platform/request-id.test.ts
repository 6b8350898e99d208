import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.ts';

describe('newRequestId', () => {
  it('is 12 hex digits, never the same twice across several draws of the random source', () => {
    const ids = Array.from({ length: 5000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
