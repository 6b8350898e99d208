/**
 * The public board's call (GET /api/board/{cat}[/{subcat}]): one page of a board's live ads, in the board's order,
 * with the board's filters as data (labels, options, bounds) so a form is built from the answer. The filters are the
 * query's other names (`name=value`, repeated for several; a range `name_min`, `name_max`); which names a board has
 * is the answer's `filters`. Nothing of an ad's owner is in the answer.
 */
import { z } from 'zod';
import { digits } from './common.ts';

/** The board: a category, and a sub-category when the board is one of its sub-categories'. */
export const BoardParamsSchema = z.object({ cat: digits(4), subcat: digits(4).optional() });

/** A filter's value as the query gives it: one, or several when the name is repeated. */
const FilterValueSchema = z.union([z.string(), z.array(z.string())]);

export const BoardQuerySchema = z
  .object({
    /** Free-text search: words the title or the description holds (at most 200 characters). */
    q: z.string().optional(),
    /** The previous page's `nextCursor`. */
    cursor: z.string().optional(),
    /** Ads per page, 1 to 50 (20 when not given). */
    size: z.string().optional(),
  })
  .catchall(FilterValueSchema);

export const BoardOptionSchema = z.object({ value: z.string(), text: z.string() });

export const BoardFilterSchema = z
  .object({
    /** The query name (a range's are `<name>_min` and `<name>_max`). */
    name: z.string(),
    kind: z.enum(['choice', 'range']),
    label: z.string(),
    /** A choice's options for this board and the chosen filters (empty while a parent filter is not chosen). */
    options: z.array(BoardOptionSchema).optional(),
    /** The filters a choice needs first (a model needs its make). */
    parents: z.array(z.string()),
    min: z.number().optional(),
    max: z.number().optional(),
    /** What the query chose: a choice's values, a range's ends (empty text when not given). */
    chosen: z.array(z.string()),
    chosenMin: z.string(),
    chosenMax: z.string(),
  })
  .meta({ id: 'BoardFilter' });

export const BoardCardSchema = z
  .object({
    id: z.number().int(),
    /** The ad's page. */
    url: z.string(),
    title: z.string(),
    /** Whole shekels, or null when the ad names no price. */
    price: z.number().nullable(),
    locality: z.string().nullable(),
    /** The main photo's renditions (the large one and its thumbnail, same-origin addresses), or null. */
    photo: z
      .object({ src: z.string(), thumb: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable(),
    adType: z.string().nullable(),
    /** Where the track puts the ad: top (VIP and above), highlighted, plain. */
    rank: z.enum(['top', 'highlighted', 'plain']),
    /** ISO times of the publishing and of the last bump. */
    publishedAt: z.string().nullable(),
    bumpedAt: z.string().nullable(),
  })
  .meta({ id: 'BoardCard' });

export const BoardRefSchema = z.object({
  cat: z.number().int(),
  subcat: z.number().int().nullable(),
  /** The board's Hebrew name (the category's, and the sub-category's when there is one). */
  title: z.string(),
  /** The address of its page. */
  url: z.string(),
});

export const BoardPageResponseSchema = z.object({
  status: z.literal(200),
  board: BoardRefSchema.extend({
    /** The family's board, and the sub-categories' boards. */
    family: BoardRefSchema,
    subBoards: z.array(BoardRefSchema),
  }),
  cards: z.array(BoardCardSchema),
  /** The board's live ads with these filters and words. */
  total: z.number().int(),
  /** The next page's cursor, or null on the last page. */
  nextCursor: z.string().nullable(),
  filters: z.array(BoardFilterSchema),
  /** The search text as given. */
  q: z.string(),
});

export type BoardPageResponse = z.infer<typeof BoardPageResponseSchema>;
export type BoardCardView = z.infer<typeof BoardCardSchema>;
export type BoardFilterView = z.infer<typeof BoardFilterSchema>;
export type BoardRef = z.infer<typeof BoardRefSchema>;
