/**
 * The boards there are and their Hebrew names: one per family (its category), and one per sub-category the family's
 * catalogues serve. The names are the wizard's own (the category pickers' titles and entries, packages/catalog
 * pickers.ts, and the vehicles' sub-category options); the few the pickers do not give are in i18n/board.ts.
 * Addresses: /board/{cat} and /board/{cat}/{subcat}.
 */
import { CAT, type CategoryName } from '@app/catalog/categories/ids';
import { VEHICLE_SUBCAT_OPTIONS } from '@app/catalog/categories/vehiclesSteps';
import { PICKERS } from '@app/catalog/pickers';
import { heBoard as he } from '../i18n/board.ts';
import { BoardQueryError } from './board-errors.ts';
import { boardFamily } from './board-filters.ts';

export interface BoardName {
  cat: number;
  subcat: number | null;
  title: string;
  url: string;
}

export interface FamilyBoards {
  family: BoardName;
  subBoards: BoardName[];
}

export const boardUrl = (cat: number, subcat: number | null): string =>
  subcat === null ? `/board/${cat}` : `/board/${cat}/${subcat}`;

/** The families in the order the chooser shows them. */
const ORDER: readonly CategoryName[] = [
  'realEstate',
  'vehicles',
  'secondHand',
  'pets',
  'studies',
  'tourism',
  'householdWorkers',
  'customerInfo',
];

function familyTitle(cat: number): string {
  return he.familyTitles[cat] ?? PICKERS.find((p) => p.cat === cat && p.selector === 'subcat' && !p.when)?.title ?? '';
}

function subTitle(cat: number, subcat: number): string {
  const own = he.subBoardTitles[`${cat}/${subcat}`];
  if (own) return own;
  if (cat === CAT.vehicles) {
    const option = VEHICLE_SUBCAT_OPTIONS.find((o) => o.value === String(subcat));
    if (option) return option.text;
  }
  const picker = PICKERS.find((p) => p.cat === cat && p.selector === 'subcat' && !p.when);
  return picker?.entries.find((e) => e.params.subcat === String(subcat))?.title ?? String(subcat);
}

function build(): FamilyBoards[] {
  return ORDER.map((name) => {
    const cat = CAT[name];
    const family = boardFamily(cat, null);
    const title = familyTitle(cat);
    if (title === '') throw new Error(`board family ${name}: no name`);
    return {
      family: { cat, subcat: null, title, url: boardUrl(cat, null) },
      subBoards: family.subcats.map((subcat) => ({
        cat,
        subcat,
        title: subTitle(cat, subcat),
        url: boardUrl(cat, subcat),
      })),
    };
  });
}

/** Every board, family by family. */
export const BOARD_DIRECTORY: readonly FamilyBoards[] = build();

/** A board's family and its own name, or a BoardQueryError (unknownBoard) when there is no such board. */
export function boardNamed(cat: number, subcat: number | null): FamilyBoards & { board: BoardName } {
  const entry = BOARD_DIRECTORY.find((f) => f.family.cat === cat);
  const board = subcat === null ? entry?.family : entry?.subBoards.find((b) => b.subcat === subcat);
  if (!entry || !board) throw new BoardQueryError('unknownBoard', he.unknownBoard);
  return {
    ...entry,
    board: subcat === null ? board : { ...board, title: `${entry.family.title}: ${board.title}` },
  };
}
