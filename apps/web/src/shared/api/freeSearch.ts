/**
 * GET {gateway}/nixale-proxy/freeSearch (after-save-area.md §7): the free-text product category search of
 * second-hand. `category=products&q=<text>` → categories with name and url, and the category path
 * (SalesCatID, SalesSubCatID, SalesSubCat3ID). Cancellable: a newer keyword aborts the older call.
 */
import type { Option } from '@app/form-engine/model';
import { gatewayUrl } from './gateway.ts';
import { getJson } from './http.ts';
import { withQuery } from './query.ts';

interface FreeSearchCategory {
  name: string;
  url?: string;
  SalesCatID: number;
  SalesSubCatID?: number;
  SalesSubCat3ID?: number;
}

/**
 * The categories matching a text as options: value = the deepest id of the path (the product tree's node,
 * which the catalogue maps to salesCatID / salesSubCatID / salesSubCat3ID), text = the path. `topCategory`
 * keeps only paths under that top category (baby and child: 11). null when the call failed or was cancelled.
 */
export async function searchProductCategories(
  text: string,
  signal: AbortSignal,
  topCategory?: number,
): Promise<Option[] | null> {
  const result = await getJson<{ categories?: FreeSearchCategory[] }>(
    withQuery(gatewayUrl('/nixale-proxy/freeSearch'), {
      category: 'products',
      q: text,
      ...(topCategory === undefined ? {} : { SalesCatID: String(topCategory) }),
    }),
    signal,
  );
  if (!result.ok || !Array.isArray(result.data?.categories)) return null;
  return result.data.categories
    .filter((c) => topCategory === undefined || c.SalesCatID === topCategory)
    .map((c) => ({
      value: String(c.SalesSubCat3ID ?? c.SalesSubCatID ?? c.SalesCatID),
      text: c.name,
      attrs: {
        SalesCatID: c.SalesCatID,
        ...(c.SalesSubCatID === undefined ? {} : { SalesSubCatID: c.SalesSubCatID }),
        ...(c.SalesSubCat3ID === undefined ? {} : { SalesSubCat3ID: c.SalesSubCat3ID }),
      },
    }));
}
