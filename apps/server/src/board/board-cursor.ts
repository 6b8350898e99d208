/**
 * The board's keyset cursor ("עוד מודעות"): the last listed ad's place in the board's order, and a digest of the
 * board, filters and words it was made for, as one opaque URL-safe token. It is validated, not trusted: anything but
 * a token of ours for the same board and filters (another board's, edited, truncated, made up) is a
 * BoardQueryError, never a query. Nothing in it is secret (an ad's number, rank and placing time are public), so it
 * is not signed: a hand-made token that passes can only start a page at a place of the same board.
 */
import crypto from 'node:crypto';
import { BOARD_RANKS } from '@app/catalog/tracks';
import { heBoard as he } from '../i18n/board.ts';
import { BoardQueryError } from './board-errors.ts';
import type { BoardKey, BoardSqlFilter } from './board-repository.ts';

/** What a page was asked for: a cursor belongs to one such query. */
export interface BoardQueryIdentity {
  cat: number;
  subcat: number | null;
  filters: readonly BoardSqlFilter[];
  words: readonly string[];
}

const VERSION = 1;
const MAX_TOKEN = 200;
const TOKEN = /^[A-Za-z0-9_-]+$/;
/** Microseconds since 1970, up to the year 2286. */
const MICROS = /^\d{1,16}$/;

/** A short digest of the query, so a cursor works only for the board and filters it came from. */
function digest(q: BoardQueryIdentity): string {
  const filters = [...q.filters].sort((a, b) => a.key.localeCompare(b.key));
  const canonical = JSON.stringify([q.cat, q.subcat, filters, [...q.words].sort()]);
  return crypto.createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor(q: BoardQueryIdentity, key: BoardKey): string {
  return Buffer.from(JSON.stringify([VERSION, digest(q), key.rank, key.placedAtUs, key.id])).toString('base64url');
}

/** The key a cursor names for this query, or a BoardQueryError. */
export function decodeCursor(q: BoardQueryIdentity, token: string): BoardKey {
  const refuse = () => new BoardQueryError('badCursor', he.badCursor);
  if (token.length === 0 || token.length > MAX_TOKEN || !TOKEN.test(token)) throw refuse();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parts) || parts.length !== 5) throw refuse();
  const [version, made, rank, placedAtUs, id] = parts as unknown[];
  if (version !== VERSION || made !== digest(q)) throw refuse();
  if (!Number.isInteger(rank) || (rank as number) < 0 || (rank as number) >= BOARD_RANKS.length) throw refuse();
  if (typeof placedAtUs !== 'string' || !MICROS.test(placedAtUs)) throw refuse();
  if (!Number.isSafeInteger(id) || (id as number) < 1) throw refuse();
  return { rank: rank as number, placedAtUs, id: id as number };
}
