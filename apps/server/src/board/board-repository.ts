/**
 * The board's SQL: which live ads a board page lists, in the board's order, with the page's filters and search
 * words, from a keyset position; and how many there are. Live is `status = 'active'` and `ends_at` after now (the
 * injected clock): a draft, a held, blocked or refused ad, one awaiting payment, a deleted or ended one is never
 * listed, and an ad that stops being live leaves the next answer (nothing is kept between calls).
 *
 * The order is the catalogue's (packages/catalog data/tracks.json `boardOrder`, `compareBoardOrder`): the rank of
 * the ad's track, then its last bump (else its publish time) newest first, then its number, the higher first. The
 * rank is worked out here from the catalogue's ranks (`BOARD_RANK_SQL`); migration 0044 indexes the same
 * expressions, so the planner walks an index in the board's order (board-repository.test.ts checks the text, the
 * API tests the plans). Every value a request brings (filter values, search words, the cursor's position, the page
 * size) is a parameter; the SQL's shape comes from the catalogue only (field keys, the category's number).
 */
import { BOARD_RANKS } from '@app/catalog/tracks';
import type { Queryable } from '../platform/db/db.ts';

/** A checked filter of a board page (board-filters.ts checks the request's; the key is the catalogue's). */
export type BoardSqlFilter =
  | { key: string; kind: 'choice'; values: readonly string[] }
  | { key: string; kind: 'range'; min: number | null; max: number | null };

/** An ad's place in the board's order: the rank (highest first), the placing time in microseconds, the number. */
export interface BoardKey {
  rank: number;
  /** Microseconds since 1970 of the last bump (else the publish time), as decimal digits: exact, unlike a Date. */
  placedAtUs: string;
  id: number;
}

export interface BoardPageQuery {
  cat: number;
  subcat: number | null;
  filters: readonly BoardSqlFilter[];
  /**
   * Words each of which the typed title, the description or the title's words from the catalogue (ads.title_words)
   * must hold, as typed (matched as data, never as a pattern).
   */
  words: readonly string[];
  /** The page starts after this ad (the previous page's last); null for the first page. */
  after: BoardKey | null;
  limit: number;
}

export interface BoardPhoto {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

export interface BoardRow {
  id: number;
  cat: number;
  subcat: number | null;
  selectors: Record<string, string>;
  values: Record<string, unknown>;
  adType: string | null;
  publishedAt: Date | null;
  bumpedAt: Date | null;
  key: BoardKey;
  /** The main photo (position 1, else the first slot), or null. */
  photo: BoardPhoto | null;
}

export interface BoardPage {
  rows: BoardRow[];
  /** The last row's key when more ads follow, else null. */
  next: BoardKey | null;
  /** How many live ads the board has with these filters and words. */
  total: number;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The rank of an ad on the board, from the catalogue's ranks: the top one highest, the last one (and any ad type no
 * rank names) 0, so that the whole order is descending and a keyset is one row comparison.
 */
export function boardRankSql(column = 'ad_type'): string {
  const ranks = BOARD_RANKS.slice(0, -1).map(
    (r, i) => `WHEN ${column} IN (${r.adTypes.map(quote).join(', ')}) THEN ${BOARD_RANKS.length - 1 - i}`,
  );
  return `(CASE ${ranks.join(' ')} ELSE 0 END)`;
}

/** The time an ad is placed by: its last bump, else its publish time (the creation time never counts for a live ad). */
export const placedAtSql = (prefix = ''): string =>
  `(COALESCE(${prefix}bumped_at, ${prefix}published_at, ${prefix}created_at))`;

/**
 * The text the search reads: the typed title (or business name), the description (or the business's about), and
 * the words of the title buyers read that the ad keeps as codes (a make's and a model's names: `title_words`, written
 * beside the values, ads/ad-title.ts `adTitleWordsOf`). One trigram index (migration 0051) answers a search of it.
 */
export const searchTextSql = (prefix = ''): string =>
  `(COALESCE(${prefix}field_values ->> 'title', ${prefix}field_values ->> 'businessName', '') || ' ' || ` +
  `COALESCE(${prefix}field_values ->> 'description', ${prefix}field_values ->> 'about', '') || ' ' || ` +
  `COALESCE(${prefix}title_words, ''))`;

/**
 * An ad's second-hand section as every plan reads it (`adSectionOf`, catalogue/selectors.ts): its selection's
 * SalesCatID (fashion, a business for sale: their catalogues keep the section there and not among the values), else
 * (0 or none: the general flow) the one chosen in its product step. The board's section filter reads this, and
 * migration 0049 indexes it.
 */
export const sectionSql = (prefix = ''): string =>
  `(COALESCE(NULLIF(${prefix}selectors ->> 'SalesCatID', '0'), ${prefix}field_values ->> 'salesCatID'))`;

/** Where a filter's value is read: the stored value under its key, but the section where the ad keeps it. */
const filterValueSql = (key: string): string =>
  key === 'salesCatID' ? sectionSql('a.') : `(a.field_values ->> '${checkedKey(key)}')`;

/** A word as a LIKE pattern that finds it anywhere: its own %, _ and \ are escaped, so they match themselves. */
export const containsPattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const RANK = boardRankSql('a.ad_type');
const PLACED = placedAtSql('a.');
const TEXT = searchTextSql('a.');
/** A stored value read as a number, or null when it is not one (never an error for an odd stored value). */
const NUMBER = (key: string) =>
  `(CASE WHEN a.field_values ->> '${key}' ~ '^[0-9]{1,12}([.][0-9]{1,4})?$' THEN (a.field_values ->> '${key}')::numeric END)`;

function checkedKey(key: string): string {
  if (!/^\w{1,40}$/.test(key)) throw new Error(`not a catalogue key: ${key}`);
  return key;
}

/** The WHERE of a page and of its count: live ads of the board, its filters, its words. */
function whereOf(q: BoardPageQuery, now: Date, params: unknown[]): string {
  if (!Number.isSafeInteger(q.cat)) throw new Error('not a category');
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // The category as a literal: the family's partial indexes (WHERE cat = N) serve only a statement that names it.
  const parts = ["a.status = 'active'", `a.ends_at > ${add(now)}`, `a.cat = ${q.cat}`];
  if (q.subcat !== null) parts.push(`a.subcat = ${add(q.subcat)}`);
  for (const f of q.filters) {
    const key = checkedKey(f.key);
    if (f.kind === 'choice') {
      const value = filterValueSql(key);
      parts.push(
        f.values.length === 1 ? `${value} = ${add(f.values[0])}` : `${value} = ANY(${add([...f.values])}::text[])`,
      );
    } else {
      if (f.min !== null) parts.push(`${NUMBER(key)} >= ${add(f.min)}::numeric`);
      if (f.max !== null) parts.push(`${NUMBER(key)} <= ${add(f.max)}::numeric`);
    }
  }
  for (const word of q.words) parts.push(`${TEXT} ILIKE ${add(containsPattern(word))}`);
  return parts.join(' AND ');
}

interface Row {
  id: number | string;
  cat: number;
  subcat: number | null;
  selectors: Record<string, string>;
  field_values: Record<string, unknown>;
  ad_type: string | null;
  published_at: Date | string | null;
  bumped_at: Date | string | null;
  rank: number;
  placed_us: string;
  image_key: string | null;
  thumb_key: string | null;
  width: number | null;
  height: number | null;
}

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** The statement of one page (exported for the plan checks). */
export function pageStatement(q: BoardPageQuery, now: Date): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let where = whereOf(q, now, params);
  if (q.after) {
    params.push(q.after.rank, q.after.placedAtUs, q.after.id);
    const [r, t, i] = [params.length - 2, params.length - 1, params.length];
    where += ` AND (${RANK}, ${PLACED}, a.id) < ($${r}::int, 'epoch'::timestamptz + $${t}::bigint * interval '1 microsecond', $${i}::bigint)`;
  }
  params.push(q.limit + 1);
  const sql = `SELECT a.id, a.cat, a.subcat, a.selectors, a.field_values, a.ad_type, a.published_at, a.bumped_at,
       ${RANK} AS rank, (EXTRACT(EPOCH FROM ${PLACED}) * 1000000)::bigint::text AS placed_us,
       p.image_key, p.thumb_key, p.width, p.height
     FROM ads a
     LEFT JOIN LATERAL (
       SELECT i.image_key, i.thumb_key, i.width, i.height FROM ad_images i WHERE i.ad_id = a.id
       ORDER BY i.position IS NULL, i.position, i.slot LIMIT 1
     ) p ON true
     WHERE ${where}
     ORDER BY ${RANK} DESC, ${PLACED} DESC, a.id DESC
     LIMIT $${params.length}`;
  return { sql, params };
}

/** The statement of the count (exported for the plan checks). */
export function countStatement(q: BoardPageQuery, now: Date): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  return { sql: `SELECT count(*)::int AS total FROM ads a WHERE ${whereOf(q, now, params)}`, params };
}

/** One page of the board from `q.after` (at most `q.limit` rows), the next page's start, and the board's total. */
export async function selectBoardPage(db: Queryable, now: Date, q: BoardPageQuery): Promise<BoardPage> {
  const page = pageStatement(q, now);
  const count = countStatement(q, now);
  const [rows, counted] = await Promise.all([
    db.query<Row>(page.sql, page.params),
    db.query<{ total: number }>(count.sql, count.params),
  ]);
  const listed = rows.slice(0, q.limit).map(
    (r): BoardRow => ({
      id: Number(r.id),
      cat: r.cat,
      subcat: r.subcat,
      selectors: r.selectors,
      values: r.field_values,
      adType: r.ad_type,
      publishedAt: date(r.published_at),
      bumpedAt: date(r.bumped_at),
      key: { rank: Number(r.rank), placedAtUs: r.placed_us, id: Number(r.id) },
      photo:
        r.image_key && r.thumb_key
          ? { imageKey: r.image_key, thumbKey: r.thumb_key, width: Number(r.width), height: Number(r.height) }
          : null,
    }),
  );
  const last = listed[listed.length - 1];
  return {
    rows: listed,
    next: rows.length > q.limit && last ? last.key : null,
    total: Number(counted[0]?.total ?? 0),
  };
}
