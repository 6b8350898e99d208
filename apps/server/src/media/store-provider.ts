import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** Keys the server makes: 32 hex characters, an optional `_t` (thumbnail), `.jpg`. Nothing else is accepted. */
export const MEDIA_KEY = /^[0-9a-f]{32}(?:_t)?\.jpg$/;

/** The local directory's temporary file of a write (`<key>.<pid>.tmp`), left behind when the process died mid-write. */
const TEMPORARY = /^[0-9a-f]{32}(?:_t)?\.jpg\.\d+\.tmp$/;

/** Objects listed at once (S3's page size). */
const PAGE = 1000;

/** An object of the store as the orphan sweep sees it (media/sweep-jobs.ts). */
export interface StoredObject {
  /** A media key, or (local directory only) a temporary file's name. */
  name: string;
  /** When it was last written, by the store's clock (the file's mtime, S3's LastModified). */
  modifiedAt: Date;
  /** A temporary file of an unfinished write: never referenced by a row. */
  temporary: boolean;
}

/** Where ad photos are kept, by key. Keys are made by the server (MEDIA_KEY), never taken from a client. */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object's bytes, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Removes the object; a missing object is no error. */
  delete(key: string): Promise<void>;
  /** Every object the server made (media keys, and temporary files), in pages; anything else in the store is skipped. */
  list(): AsyncIterable<StoredObject[]>;
  /** Removes an object list() gave (a media key or a temporary file); a missing one is no error. */
  removeListed(name: string): Promise<void>;
}

function checkKey(key: string): string {
  if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

/** A directory on the server's disk (default: DATA_DIR/media); writes are atomic (temporary file + rename). */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local';
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, checkKey(key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const tmp = `${this.file(key)}.${process.pid}.tmp`;
    try {
      await fs.writeFile(tmp, body);
    } catch (err) {
      // The directory is made on the first write (and again should it have been removed), not on every one.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(tmp, body);
    }
    await fs.rename(tmp, this.file(key));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      await fs.access(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    // One unlink (fs.rm would lstat first and walk its rimraf code for a plain file).
    try {
      await fs.unlink(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async *list(): AsyncIterable<StoredObject[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const ours = names.filter((n) => MEDIA_KEY.test(n) || TEMPORARY.test(n));
    for (let i = 0; i < ours.length; i += PAGE) {
      const page = await Promise.all(
        ours.slice(i, i + PAGE).map(async (name) => {
          try {
            const { mtime } = await fs.stat(path.join(this.dir, name));
            return { name, modifiedAt: mtime, temporary: TEMPORARY.test(name) };
          } catch {
            return null; // removed meanwhile (a replaced photo, a finished write)
          }
        }),
      );
      yield page.filter((o): o is StoredObject => o !== null);
    }
  }

  async removeListed(name: string): Promise<void> {
    if (!TEMPORARY.test(name)) return this.delete(name);
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3-compatible object storage (AWS S3, MinIO, R2, s3rver in the tests) through @aws-sdk/client-s3 v3. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s: S3Settings) {
    this.bucket = s.bucket;
    this.client = new S3Client({
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      ...(s.accessKeyId && s.secretAccessKey
        ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  private async object(key: string) {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.object(key);
    return res?.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
  }

  async stream(key: string): Promise<Readable | null> {
    const res = await this.object(key);
    return res?.Body ? (res.Body as Readable) : null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(): AsyncIterable<StoredObject[]> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: PAGE, ContinuationToken: token }),
      );
      yield (res.Contents ?? [])
        .filter((o) => o.Key && MEDIA_KEY.test(o.Key) && o.LastModified)
        .map((o) => ({ name: o.Key as string, modifiedAt: o.LastModified as Date, temporary: false }));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /** S3 writes are whole (no temporary objects): only media keys are listed. */
  removeListed(name: string): Promise<void> {
    return this.delete(name);
  }

  destroy(): void {
    this.client.destroy();
  }
}
