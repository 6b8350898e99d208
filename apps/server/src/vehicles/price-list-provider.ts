import {
  type PriceQuery,
  type PriceSuggestion,
  priceQueryProblem,
  suggestPrice,
} from '@app/catalog/vehicles/priceList';

export type PriceQueryProblem = NonNullable<ReturnType<typeof priceQueryProblem>>;

/**
 * The used-car price list: a price range and a predicted price for a sub-model by age, kilometres and owners.
 * Which one runs is chosen in outside-services.ts.
 */
export interface PriceList {
  /** The price for the query, or what is wrong with the query. */
  price(query: PriceQuery, now: Date): Promise<{ price: PriceSuggestion } | { problem: PriceQueryProblem }>;
}

/** The stand-in: our model over the car catalogue (packages/catalog/src/vehicles/priceList.ts). */
export class ModelPriceList implements PriceList {
  async price(query: PriceQuery, now: Date) {
    const problem = priceQueryProblem(query, now);
    const price = problem ? undefined : suggestPrice(query, now);
    return price ? { price } : { problem: problem ?? 'subModel' };
  }
}
