import { type ProductMatch, searchProducts } from '@app/catalog/products/search';
import { RefusalSchema } from '@app/contract/schemas/common';
import { FreeSearchQuerySchema, FreeSearchResponseSchema } from '@app/contract/schemas/freeSearch';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';

const MAX_QUERY = 100;

function publishUrl(match: ProductMatch): string {
  const query = new URLSearchParams({ cat: '3', subcat: '0', SalesCatID: String(match.SalesCatID) });
  if (match.SalesSubCatID !== undefined) query.set('SalesSubCatID', String(match.SalesSubCatID));
  if (match.SalesSubCat3ID !== undefined) query.set('SalesSubCat3ID', String(match.SalesSubCat3ID));
  query.set('step', '1');
  return `/publish?${query}`;
}

const firstString = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';

/**
 * GET {gateway}/nixale-proxy/freeSearch (after-save-area.md §7): the free-text product category search of
 * second-hand, answered by our own search over the catalogue's product tree. `category` must be products
 * (or absent); fullProducts, getSuggestions, autocomplete and getClassification are accepted and change
 * nothing; under 2 characters the list is empty. The browser debounces (1500 ms) and cancels.
 */
export function freeSearchRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/gateway/nixale-proxy/freeSearch',
    {
      schema: {
        summary: 'חיפוש קטגוריית מוצר בטקסט חופשי',
        description:
          'קטגוריות יד שנייה שמתאימות למילים, עם הנתיב המלא וכתובת הפרסום שלהן; פחות משני תווים: רשימה ריקה.',
        querystring: FreeSearchQuerySchema,
        response: { 200: FreeSearchResponseSchema, 400: RefusalSchema },
      },
    },
    async (req, reply) => {
      const category = firstString(req.query.category);
      if (category !== '' && category !== 'products') {
        return reply.code(400).send({ status: 400, message: he.badRequest });
      }
      const q = firstString(req.query.q).slice(0, MAX_QUERY);
      // Our addition: SalesCatID keeps the search inside one top category (baby and child searches its own).
      const scopeText = firstString(req.query.SalesCatID);
      const scope = /^\d{1,6}$/.test(scopeText) ? Number(scopeText) : undefined;
      const categories = searchProducts(q, scope === undefined ? {} : { scope }).map((match) => ({
        name: match.name,
        url: publishUrl(match),
        category: match.SalesCatID,
        ...(match.SalesSubCatID === undefined ? {} : { item: match.SalesSubCatID }),
        SalesCatID: match.SalesCatID,
        ...(match.SalesSubCatID === undefined ? {} : { SalesSubCatID: match.SalesSubCatID }),
        ...(match.SalesSubCat3ID === undefined ? {} : { SalesSubCat3ID: match.SalesSubCat3ID }),
        level: match.level,
      }));
      return { status: 200 as const, q, categories };
    },
  );
}
