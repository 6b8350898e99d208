/**
 * "My ads"' keyset cursor ("עוד מודעות"): the last listed ad's key in the list's order and a digest of the query it
 * was made for (words, filters, sort), as one opaque URL-safe token. It is checked, not trusted: a token of another
 * query, edited, cut or made up is refused (MyAdsQueryError), never read as a position. Nothing in it is secret (the
 * customer's own ad number, end and views) and every page is of the caller's own ads, so it is not signed.
 */
import crypto from 'node:crypto';
import { heMyAds } from '../i18n/my-ads.ts';
import type { MyAdsFilter, MyAdsKey } from './my-ads-repository.ts';

/** A refused list query: its Hebrew message is the 400's. */
export class MyAdsQueryError extends Error {}

const VERSION = 1;
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
/** Microseconds since 1970, up to the year 9999 (the far future stands for no end ahead). */
const MICROS = /^\d{1,18}$/;

type Identity = Omit<MyAdsFilter, 'after' | 'limit' | 'endingBefore'> & { ending: boolean };

function digest(q: Identity): string {
  const canonical = JSON.stringify([q.number, [...q.patterns].sort(), q.status, q.cat, q.track, q.ending, q.sort]);
  return crypto.createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeMyAdsCursor(q: Identity, key: MyAdsKey): string {
  const value = q.sort === 'ending' ? key.endsUs : q.sort === 'views' ? key.views : null;
  return Buffer.from(JSON.stringify([VERSION, digest(q), key.id, value])).toString('base64url');
}

/** The key a cursor names for this query, or a MyAdsQueryError. */
export function decodeMyAdsCursor(q: Identity, token: string): MyAdsKey {
  const refuse = () => new MyAdsQueryError(heMyAds.badCursor);
  if (!TOKEN.test(token)) throw refuse();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw refuse();
  const [version, made, id, value] = parts as unknown[];
  if (version !== VERSION || made !== digest(q) || !Number.isSafeInteger(id) || (id as number) < 1) throw refuse();
  if (q.sort === 'ending') {
    if (typeof value !== 'string' || !MICROS.test(value)) throw refuse();
    return { id: id as number, endsUs: value };
  }
  if (q.sort === 'views') {
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw refuse();
    return { id: id as number, views: value as number };
  }
  if (value !== null) throw refuse();
  return { id: id as number };
}
