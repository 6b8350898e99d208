import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The content codings an answer is kept in. */
export type Coding = 'br' | 'gzip' | 'identity';

/**
 * One answer made once and sent many times: its JSON, its gzip and (once made, off the event loop) its brotli
 * bodies, each with its own strong ETag (the hash of the very bytes sent: two processes of the same catalogue give
 * the same tags, and a changed catalogue changes them).
 */
export interface CachedAnswer {
  readonly json: Buffer;
  readonly gzip: Buffer;
  /** Brotli at its best quality (11): tens of milliseconds, so made on the thread pool; null until then. */
  br: Buffer | null;
  readonly etags: { identity: string; gzip: string; br: string | null };
}

export interface CacheLimits {
  /** At most this many answers (least recently used ones go first). */
  maxEntries: number;
  /** At most this many bytes of bodies, all codings together. */
  maxBytes: number;
}

/**
 * Answers kept in memory, by key, least recently used dropped first (by count and by bytes). A key is whatever
 * decides the answer's bytes, and nothing personal: a cached answer is the same for everyone who asks.
 * Brotli at quality 11 takes 25-45 ms for a catalogue of 10-25 KB: one compression at a time runs on the thread
 * pool, and an answer whose turn has not come is sent gzipped meanwhile (asked again, it is queued again), so a
 * flood of new keys costs at most one pool thread.
 */
export class AnswerCache<K extends string = string> {
  private readonly entries: LRUCache<K, CachedAnswer>;
  private compressing: Promise<void> | null = null;

  constructor(limits: CacheLimits) {
    this.entries = new LRUCache<K, CachedAnswer>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (answer) => answer.json.length + answer.gzip.length + (answer.br?.length ?? answer.gzip.length),
    });
  }

  /** The answer of `key`, made by `build` (its JSON) on the first ask; null (never kept) when there is none. */
  get(key: K, build: () => string | Buffer | null): CachedAnswer | null {
    let answer = this.entries.get(key);
    if (!answer) {
      const made = build();
      if (made === null) return null;
      answer = makeAnswer(typeof made === 'string' ? Buffer.from(made) : made);
      this.entries.set(key, answer);
    }
    if (!answer.br && !this.compressing) this.compressing = this.compress(key, answer);
    return answer;
  }

  /** How many answers are kept, and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /** Resolves once no brotli compression is running (tests). */
  async idle(): Promise<void> {
    while (this.compressing) await this.compressing;
  }

  private async compress(key: K, answer: CachedAnswer): Promise<void> {
    try {
      const br = await brotli(answer.json);
      answer.br = br;
      answer.etags.br = etagOf(br);
      // Its size changed: set again so the byte bound counts it (unless it was dropped meanwhile).
      if (this.entries.peek(key) === answer) this.entries.set(key, answer);
    } finally {
      this.compressing = null;
    }
  }
}

function makeAnswer(json: Buffer): CachedAnswer {
  const gzip = gzipSync(json, { level: 9 });
  return { json, gzip, br: null, etags: { identity: etagOf(json), gzip: etagOf(gzip), br: null } };
}

const etagOf = (bytes: Buffer): string => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

const brotli = (json: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    brotliCompress(
      json,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );

/**
 * The coding to send for an Accept-Encoding header: br when the client takes it and it is made, else gzip when
 * taken, else the JSON itself; null when the client takes br and not gzip and the brotli body is not made yet
 * (the compression plugin then compresses the JSON for this one answer). A coding with q=0 is refused; `*`
 * stands for any coding not named.
 */
export function chooseCoding(acceptEncoding: string | undefined, answer: CachedAnswer): Coding | null {
  if (!acceptEncoding) return 'identity';
  let accepted = seenHeaders.get(acceptEncoding);
  if (!accepted) {
    // Browsers send a handful of distinct headers: each is read once.
    if (seenHeaders.size >= 64) seenHeaders.clear();
    accepted = acceptedCodings(acceptEncoding);
    seenHeaders.set(acceptEncoding, accepted);
  }
  if (accepted.has('br')) {
    if (answer.br) return 'br';
    if (!accepted.has('gzip')) return null;
  }
  return accepted.has('gzip') ? 'gzip' : 'identity';
}

const seenHeaders = new Map<string, ReadonlySet<string>>();

/** Codings an Accept-Encoding header takes (q > 0), with `*` expanded to br and gzip unless they are named. */
function acceptedCodings(header: string): Set<string> {
  const taken = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (name === '*') star = !zero;
    else (zero ? refused : taken).add(name === 'x-gzip' ? 'gzip' : name);
  }
  if (star) for (const coding of ['br', 'gzip']) if (!refused.has(coding)) taken.add(coding);
  return taken;
}

/**
 * The answer's tag that an If-None-Match header names, or null: the browser holds the answer in that coding (it
 * keeps whichever it was sent) and it is still current, so the 304 names that same tag (RFC 9111 §4.3.4: a cache
 * updates the stored response whose validator the 304 carries). Weak comparison, as RFC 9110 asks for
 * If-None-Match; `*` names the tag of the coding the client would be sent now.
 */
export function notModifiedTag(ifNoneMatch: string | undefined, answer: CachedAnswer, current: string): string | null {
  if (!ifNoneMatch) return null;
  const { identity, gzip, br } = answer.etags;
  // What a browser sends back: the one tag it was given.
  if (ifNoneMatch === br || ifNoneMatch === gzip || ifNoneMatch === identity) return ifNoneMatch;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return current;
    const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
    if (opaque === identity || opaque === gzip || (br !== null && opaque === br)) return opaque;
  }
  return null;
}
