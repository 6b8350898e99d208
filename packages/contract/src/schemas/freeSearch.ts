/**
 * GET {gateway}/nixale-proxy/freeSearch (after-save-area.md §7): the free-text product category search of
 * second-hand. The query is the spec's (`category=products&q=…`; fullProducts, getSuggestions, autocomplete and
 * getClassification are accepted and change nothing); a repeated field is read by its first value.
 */
import { z } from 'zod';

/** A query field as it arrives: once, or repeated. */
const queryText = z.union([z.string(), z.array(z.string())]).optional();

export const FreeSearchQuerySchema = z.looseObject({
  /** products, or absent; anything else is 400. */
  category: queryText,
  /** The words (the first 100 characters are searched; under 2 the list is empty). */
  q: queryText,
  /** Ours: only paths under this top category (baby and child: 11). */
  SalesCatID: queryText,
});

/** One match: the spec's name and url, the url's category / item, and the full path (ours). */
const FreeSearchCategorySchema = z.object({
  name: z.string(),
  /** The publish route of the category (the wizard of its section). */
  url: z.string(),
  category: z.number().int(),
  item: z.number().int().optional(),
  SalesCatID: z.number().int(),
  SalesSubCatID: z.number().int().optional(),
  SalesSubCat3ID: z.number().int().optional(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

export const FreeSearchResponseSchema = z.object({
  status: z.literal(200),
  q: z.string(),
  categories: z.array(FreeSearchCategorySchema),
});
