import type { PriceQuery } from '@app/catalog/vehicles/priceList';
import { PriceQuerySchema, PriceRefusalSchema, PriceResponseSchema } from '@app/contract/schemas/vehicles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { he } from '../i18n/messages.ts';
import type { Clock } from '../platform/clock.ts';
import type { PriceList } from './price-list-provider.ts';

type Query = Partial<
  Record<'subModelId' | 'ascentYearOnRoad' | 'ascentMonthOnRoad' | 'kilometers' | 'ownersNumber', string | string[]>
>;

/** A whole number as the wizard sends it ('85,000' allowed), else NaN. */
const whole = (value: unknown): number => {
  // A repeated parameter (?kilometers=1&kilometers=2) arrives as an array: not a number.
  if (value !== undefined && typeof value !== 'string') return Number.NaN;
  const text = (value ?? '').replace(/,/g, '').trim();
  return /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
};

/** The spec's query as our model's: a month unset or -1 is January (publish-wizard.md §7: "1 when unset or -1"). */
function priceQueryOf(query: Query): PriceQuery {
  const month =
    query.ascentMonthOnRoad === undefined || query.ascentMonthOnRoad === '' ? -1 : whole(query.ascentMonthOnRoad);
  return {
    subModelId: whole(query.subModelId),
    yearOnRoad: whole(query.ascentYearOnRoad),
    monthOnRoad: month === -1 ? 1 : month,
    kilometers: whole(query.kilometers),
    owners: whole(query.ownersNumber),
  };
}

/**
 * GET {gateway}/price-list/calculate-price (publish-wizard.md §7), answered by the configured price list
 * (outside-services.ts). 200 `{status, data: {data: {minPrice, maxPrice, predictedPrice}}}`;
 * a query it cannot answer is 400 with a Hebrew message. Public and read-only, like the registry search.
 */
export function gatewayPriceRoutes(app: FastifyInstance, deps: { clock: Clock; priceList: PriceList }): void {
  const schema = {
    summary: 'הצעת מחיר לרכב',
    querystring: PriceQuerySchema,
    response: { 200: PriceResponseSchema, 400: PriceRefusalSchema },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/gateway/price-list/calculate-price', { schema }, async (req, reply) => {
    const query = priceQueryOf(req.query);
    const answer = await deps.priceList.price(query, deps.clock.now());
    if ('problem' in answer) {
      return reply
        .code(400)
        .send({ status: 400, message: he.priceQueryInvalid[answer.problem], field: answer.problem });
    }
    return { status: 200 as const, data: { data: answer.price } };
  });
}
