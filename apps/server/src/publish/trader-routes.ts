import { isTraderFlow } from '@app/catalog/trader';
import type { FastifyInstance } from 'fastify';

/** GET publish/check-trader: is this cat/subcat a trader flow for the current customer (spec §4, §6)? */
export function publishTraderRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { cat?: string; subcat?: string; istrader?: string } }>(
    '/api/publish/check-trader',
    async (req) => {
      const cat = Number(req.query.cat);
      const subcat = req.query.subcat === undefined ? undefined : Number(req.query.subcat);
      const customer = await req.customer();
      if (!Number.isInteger(cat)) return { isTrader: 0 };
      const trader = isTraderFlow({
        cat,
        subcat: Number.isInteger(subcat) ? subcat : undefined,
        istrader: req.query.istrader,
        trade: customer?.trade,
      });
      return { isTrader: trader ? 1 : 0, dealType: trader ? 6 : 1 };
    },
  );
}
