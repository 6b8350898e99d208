import { isTraderFlow } from '@app/catalog/trader';
import { CheckTraderQuerySchema, CheckTraderResponseSchema } from '@app/contract/schemas/publish';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** GET publish/check-trader: is this cat/subcat a trader flow for the current customer (spec §4, §6)? */
export function publishTraderRoutes(app: FastifyInstance): void {
  const schema = {
    summary: 'האם הקטגוריה היא מסלול סוחר ללקוח',
    querystring: CheckTraderQuerySchema,
    response: { 200: CheckTraderResponseSchema },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/api/publish/check-trader', { schema }, async (req) => {
    const { cat: rawCat, subcat: rawSubcat, istrader } = req.query;
    const cat = Number(rawCat);
    const subcat = rawSubcat === undefined ? undefined : Number(rawSubcat);
    const customer = await req.customer();
    if (!Number.isInteger(cat)) return { isTrader: 0 as const };
    const trader = isTraderFlow({
      cat,
      subcat: Number.isInteger(subcat) ? subcat : undefined,
      istrader: istrader as string | undefined,
      trade: customer?.trade,
    });
    return { isTrader: trader ? (1 as const) : (0 as const), dealType: trader ? (6 as const) : (1 as const) };
  });
}
