import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer, chooseCoding, notModifiedTag } from './cached-answer.ts';

const json = (n: number) => JSON.stringify({ n, text: 'שדה '.repeat(200) });

describe('AnswerCache', () => {
  it('builds an answer once per key, in its codings, each with the hash of its bytes as a strong ETag', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    let builds = 0;
    const build = () => {
      builds += 1;
      return json(1);
    };
    const first = cache.get('a', build);
    expect(cache.get('a', build)).toBe(first);
    expect(builds).toBe(1);
    if (!first) throw new Error('no answer');
    expect(gunzipSync(first.gzip).toString()).toBe(json(1));
    await cache.idle();
    expect(brotliDecompressSync(first.br ?? Buffer.alloc(0)).toString()).toBe(json(1));
    const tags = [first.etags.identity, first.etags.gzip, first.etags.br];
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect(new Set(tags).size).toBe(3);
    // The same bytes, in another cache (another process): the same tags.
    const other = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 }).get('b', () => json(1));
    expect(other?.etags.identity).toBe(first.etags.identity);
    expect(other?.etags.gzip).toBe(first.etags.gzip);
  });

  it('keeps no answer for a key without one', () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    let builds = 0;
    const none = () => {
      builds += 1;
      return null;
    };
    expect(cache.get('x', none)).toBeNull();
    expect(cache.get('x', none)).toBeNull();
    expect(builds).toBe(2);
    expect(cache.size.entries).toBe(0);
  });

  it('drops the least recently used answer past its count', () => {
    const cache = new AnswerCache({ maxEntries: 2, maxBytes: 1_000_000 });
    const builds: string[] = [];
    const ask = (key: string) =>
      cache.get(key, () => {
        builds.push(key);
        return json(key.length);
      });
    ask('a');
    ask('b');
    ask('a'); // a is now the more recent
    ask('c'); // b goes
    ask('a');
    ask('b');
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size.entries).toBe(2);
  });

  it('drops answers past its bytes', () => {
    const one = new AnswerCache({ maxEntries: 100, maxBytes: 1_000_000 });
    one.get('a', () => json(1));
    const bytes = one.size.bytes;
    const cache = new AnswerCache({ maxEntries: 100, maxBytes: Math.floor(bytes * 2.5) });
    for (let i = 0; i < 10; i++) cache.get(`k${i}`, () => json(i));
    expect(cache.size.entries).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(bytes * 2.5);
  });

  it('compresses with brotli one answer at a time: a new key asks again once the running one is done', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    const a = cache.get('a', () => json(1));
    const b = cache.get('b', () => json(2));
    await cache.idle();
    expect(a?.br).not.toBeNull();
    expect(b?.br).toBeNull();
    cache.get('b', () => json(2));
    await cache.idle();
    expect(b?.br).not.toBeNull();
  });
});

describe('chooseCoding', () => {
  const answer = (br: boolean): CachedAnswer => ({
    json: Buffer.from('{}'),
    gzip: Buffer.from('g'),
    br: br ? Buffer.from('b') : null,
    etags: { identity: '"i"', gzip: '"g"', br: br ? '"b"' : null },
  });
  it.each([
    [undefined, true, 'identity'],
    ['', true, 'identity'],
    ['gzip, deflate, br, zstd', true, 'br'],
    ['gzip, deflate, br, zstd', false, 'gzip'],
    ['gzip', true, 'gzip'],
    ['br;q=0, gzip', true, 'gzip'],
    ['gzip;q=0, br;q=0', true, 'identity'],
    ['deflate', true, 'identity'],
    ['*', true, 'br'],
    ['*, br;q=0', true, 'gzip'],
    ['x-gzip', true, 'gzip'],
    ['BR', true, 'br'],
    // Brotli only, not made yet: the compression plugin compresses this one answer.
    ['br', false, null],
  ] as const)('%s (brotli made: %s) → %s', (header, br, coding) => {
    expect(chooseCoding(header, answer(br))).toBe(coding);
  });
});

describe('notModifiedTag', () => {
  const answer: CachedAnswer = {
    json: Buffer.from('{}'),
    gzip: Buffer.from('g'),
    br: Buffer.from('b'),
    etags: { identity: '"i"', gzip: '"g"', br: '"b"' },
  };
  it.each([
    [undefined, null],
    ['"i"', '"i"'],
    ['"g"', '"g"'],
    ['"b"', '"b"'],
    ['W/"g"', '"g"'],
    ['"x", "b"', '"b"'],
    ['"x"', null],
    ['"g-x"', null],
    // Any representation: the one the client would get now.
    ['*', '"b"'],
  ] as const)('%s → %s', (header, expected) => {
    expect(notModifiedTag(header, answer, '"b"')).toBe(expected);
  });
});
