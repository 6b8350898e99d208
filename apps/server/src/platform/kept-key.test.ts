import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keptKey } from './kept-key.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a key kept in the data directory', () => {
  it('is made once, readable by its user only, and the same at the next start', () => {
    const dir = tempDir();
    const first = keptKey(dir, 'webhook-secrets.key');
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(fs.statSync(path.join(dir, 'webhook-secrets.key')).mode & 0o777).toBe(0o600);
    expect(keptKey(dir, 'webhook-secrets.key')).toBe(first);
    // Another directory (another product) has its own.
    expect(keptKey(tempDir(), 'webhook-secrets.key')).not.toBe(first);
  });

  it('a file too short to be a key is replaced by a new key', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'webhook-secrets.key'), 'short');
    const made = keptKey(dir, 'webhook-secrets.key');
    expect(made).toHaveLength(43);
    expect(fs.readFileSync(path.join(dir, 'webhook-secrets.key'), 'utf8')).toBe(made);
  });
});
