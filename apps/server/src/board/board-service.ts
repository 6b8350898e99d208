/**
 * A board page as its route will ask for it: the board (category, optional sub-category), the filters and search
 * text as the address gives them, the cursor of "עוד מודעות", the page size. Checks all of it (a BoardQueryError
 * with a Hebrew message for anything it cannot answer), asks the repository for the page, and makes the cards: the
 * title by the catalogue's recipe, the price, the locality's name, the main photo's renditions, the track and its
 * rank, the publish and bump times. A card holds nothing of the owner (no e-mail, phone or customer number).
 */

import { fieldText } from '@app/catalog/categories/adTitle';
import { catalogFor } from '@app/catalog/categories/registry';
import { type BoardRank, boardRankOf } from '@app/catalog/tracks';
import { wireName } from '@app/form-engine/payload';
import { adTitleOf } from '../ads/ad-title.ts';
import type { FieldValues } from '../ads/drafts-repository.ts';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import { catalogQuery } from '../catalogue/selectors.ts';
import { heBoard as he } from '../i18n/board.ts';
import type { Queryable } from '../platform/db/db.ts';
import { decodeCursor, encodeCursor } from './board-cursor.ts';
import { BoardQueryError } from './board-errors.ts';
import { boardFamily, checkBoardFilters, type RawFilters } from './board-filters.ts';
import { type BoardPhoto, type BoardRow, selectBoardPage } from './board-repository.ts';
import { searchWords } from './board-search.ts';

export const BOARD_PAGE_SIZE = 20;
export const BOARD_MAX_PAGE_SIZE = 50;

export interface BoardPageRequest {
  cat: number;
  subcat?: number | null | undefined;
  /** The filters as the board's address gives them (board-filters.ts names them). */
  filters?: RawFilters | undefined;
  /** The free-text search, at most 200 characters. */
  text?: string | undefined;
  /** The previous page's `nextCursor`. */
  cursor?: string | undefined;
  pageSize?: number | undefined;
}

export interface BoardCard {
  /** The ad's number (its page is /item/{id}). */
  id: number;
  title: string;
  /** Whole shekels as the advertiser wrote them, or null when the ad names none. */
  price: number | null;
  /** The locality's (or area's) name, or null (vehicles keep none). */
  locality: string | null;
  /** The main photo's stored renditions (keys under /media/), or null. */
  photo: BoardPhoto | null;
  /** The track (spec ad type) and its rank on the board: a highlighted card is styled. */
  adType: string | null;
  rank: BoardRank;
  publishedAt: Date | null;
  bumpedAt: Date | null;
}

export interface BoardPageAnswer {
  cards: BoardCard[];
  /** The cursor of the next page, or null on the last. */
  nextCursor: string | null;
  /** The board's live ads with these filters and words. */
  total: number;
}

const PRICE = /^\d{1,12}$/;

function cardOf(
  row: Omit<BoardRow, 'key' | 'cat' | 'subcat'>,
  localityKey: string | null,
  priceKey: string | null,
): BoardCard {
  const selectors = row.selectors ?? {};
  const values = row.values as FieldValues;
  const query = catalogQuery(selectors);
  const catalog = query ? catalogFor(query) : undefined;
  let locality: string | null = null;
  if (catalog && localityKey) {
    const field = catalog.steps.flatMap((s) => s.fields).find((f) => wireName(f).key === localityKey);
    const text = field ? fieldText(field, values, serverOptionsSource(selectors)) : '';
    locality = text === '' ? null : text;
  }
  const price = priceKey ? values[priceKey] : undefined;
  return {
    id: row.id,
    title: adTitleOf(row.id, selectors, values),
    price: typeof price === 'string' && PRICE.test(price) ? Number(price) : null,
    locality,
    photo: row.photo,
    adType: row.adType,
    rank: boardRankOf(row.adType),
    publishedAt: row.publishedAt,
    bumpedAt: row.bumpedAt,
  };
}

/**
 * The card an ad of this board would have, made by the board's own rule (the owner's preview shows it before the ad
 * is live); null for a category without a board.
 */
export function boardCardOf(ad: Omit<BoardRow, 'key'>): BoardCard | null {
  let family: ReturnType<typeof boardFamily>;
  try {
    family = boardFamily(ad.cat, ad.subcat);
  } catch (err) {
    if (err instanceof BoardQueryError) return null;
    throw err;
  }
  return cardOf(ad, family.localityKey, family.priceKey);
}

/** One page of a board by its rules, or a BoardQueryError (the route's Hebrew 400). `now` is the injected clock's. */
export async function listBoardPage(db: Queryable, now: Date, request: BoardPageRequest): Promise<BoardPageAnswer> {
  const subcat = request.subcat ?? null;
  const family = boardFamily(request.cat, subcat);
  const filters = checkBoardFilters(request.cat, subcat, request.filters ?? {});
  const words = searchWords(request.text);
  const identity = { cat: request.cat, subcat, filters, words };
  const after = request.cursor === undefined || request.cursor === '' ? null : decodeCursor(identity, request.cursor);
  const limit = request.pageSize ?? BOARD_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > BOARD_MAX_PAGE_SIZE) {
    throw new BoardQueryError('badPageSize', he.badPageSize);
  }
  const page = await selectBoardPage(db, now, { ...identity, after, limit });
  return {
    cards: page.rows.map((row) => cardOf(row, family.localityKey, family.priceKey)),
    nextCursor: page.next ? encodeCursor(identity, page.next) : null,
    total: page.total,
  };
}
