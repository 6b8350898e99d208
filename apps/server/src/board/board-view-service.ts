/**
 * A board page as its call and its HTML page answer it: the query as the address gives it (`q`, `cursor`, `size`,
 * and the filters under their own names) is read into a `listBoardPage` request; the answer is the board's name,
 * its family and sub-boards, the cards as the wire shows them (photo addresses, ISO times, the ad's page), the
 * count, the next cursor, and the board's filters with their options for this board and the chosen filters (a
 * model's list follows the chosen make) and what the query chose, so a form is built from the answer alone.
 * Errors: BoardQueryError (Hebrew), unknownBoard for a board there is not.
 */
import type { BoardCardView, BoardFilterView, BoardPageResponse } from '@app/contract/schemas/board';
import { optionsUrl } from '@app/form-engine/dataUrl';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import type { Queryable } from '../platform/db/db.ts';
import { boardNamed } from './board-directory.ts';
import { type BoardFilterDef, boardFilters, type RawFilters } from './board-filters.ts';
import { type BoardCard, listBoardPage } from './board-service.ts';

/** The query of a board page: the search, the cursor, the page size, and the filters under their own names. */
export type BoardQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

const SPECIAL = new Set(['q', 'cursor', 'size']);

/** One value of a parameter that must be given once (a repeated one is read as its last). */
const one = (v: string | readonly string[] | undefined): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : v[v.length - 1];

const values = (v: string | readonly string[] | undefined): string[] =>
  (v === undefined ? [] : typeof v === 'string' ? [v] : [...v]).map((s) => s.trim()).filter((s) => s !== '');

export const itemUrl = (id: number): string => `/item/${id}`;
export const mediaUrl = (key: string): string => `/media/${key}`;

/** A card as the wire and the pages show it. */
export function cardView(card: BoardCard): BoardCardView {
  return {
    id: card.id,
    url: itemUrl(card.id),
    title: card.title,
    price: card.price,
    locality: card.locality,
    photo: card.photo
      ? {
          src: mediaUrl(card.photo.imageKey),
          thumb: mediaUrl(card.photo.thumbKey),
          width: card.photo.width,
          height: card.photo.height,
        }
      : null,
    adType: card.adType,
    rank: card.rank,
    publishedAt: card.publishedAt?.toISOString() ?? null,
    bumpedAt: card.bumpedAt?.toISOString() ?? null,
  };
}

function filterView(
  def: BoardFilterDef,
  filters: RawFilters,
  selectors: Record<string, string>,
  parentValues: Record<string, string | string[]>,
): BoardFilterView {
  const base = {
    name: def.name,
    kind: def.kind,
    label: def.label,
    parents: [...def.parents],
    ...(def.min === undefined ? {} : { min: def.min }),
    ...(def.max === undefined ? {} : { max: def.max }),
  };
  if (def.kind === 'range') {
    return {
      ...base,
      chosen: [],
      chosenMin: one(filters[`${def.name}_min`])?.trim() ?? '',
      chosenMax: one(filters[`${def.name}_max`])?.trim() ?? '',
    };
  }
  const waiting = def.parents.some((p) => p !== 'subcat' && parentValues[p] === undefined);
  const listed =
    def.options ??
    (def.listId && !waiting
      ? serverOptionsSource(selectors)({ id: def.name, type: 'select', dataUrl: optionsUrl(def.listId) }, parentValues)
      : undefined) ??
    [];
  return {
    ...base,
    options: listed.map((o) => ({ value: o.value, text: o.text })),
    chosen: values(filters[def.name]),
    chosenMin: '',
    chosenMax: '',
  };
}

/** The page a board's call and HTML page show, or a BoardQueryError. */
export async function boardPageView(
  db: Queryable,
  now: Date,
  cat: number,
  subcat: number | null,
  query: BoardQuery,
): Promise<BoardPageResponse> {
  const named = boardNamed(cat, subcat);
  const filters: Record<string, string | readonly string[] | undefined> = {};
  for (const [name, value] of Object.entries(query)) if (!SPECIAL.has(name)) filters[name] = value;
  const size = one(query.size);
  const text = one(query.q) ?? '';
  const page = await listBoardPage(db, now, {
    cat,
    subcat,
    filters,
    text,
    cursor: one(query.cursor),
    pageSize: size === undefined ? undefined : /^\d{1,3}$/.test(size) ? Number(size) : Number.NaN,
  });
  const selectors = { cat: String(cat), ...(subcat === null ? {} : { subcat: String(subcat) }) };
  const parentValues: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(filters)) {
    const chosen = values(value);
    if (chosen.length > 0) parentValues[name] = chosen.length === 1 ? (chosen[0] as string) : chosen;
  }
  return {
    status: 200,
    board: { ...named.board, family: named.family, subBoards: named.subBoards },
    cards: page.cards.map(cardView),
    total: page.total,
    nextCursor: page.nextCursor,
    filters: boardFilters(cat, subcat).map((def) => filterView(def, filters, selectors, parentValues)),
    q: text,
  };
}
