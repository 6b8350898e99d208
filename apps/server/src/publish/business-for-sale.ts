import { BUSINESS_FOR_SALE_SALES_CAT } from '@app/catalog/categories/businessForSale';
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import { customerTradesIn } from '@app/catalog/trader';
import type { TradeMap } from '@app/contract/auth';
import type { Selectors } from '@app/contract/publish';

/** Where a customer without a second-hand business package is sent (spec §2: finishArea with cat 3, subcat 2). */
export const BUSINESS_PACKAGE_PAGE = `/finishArea?cat=${CAT.secondHand}&subcat=${SUBCAT.secondHandBusiness}`;

/** Business for sale: cat 3 with SalesCatID 37 (subcat 2, or 0). */
export function isBusinessForSale(selectors: Selectors): boolean {
  return selectors.cat === String(CAT.secondHand) && selectors.SalesCatID === String(BUSINESS_FOR_SALE_SALES_CAT);
}

/**
 * Spec §6: a second-hand business trader (trade flag for cat 3, subcat 2) may publish business-for-sale
 * ads; other customers must buy a package first.
 */
export function mayPublishBusinessForSale(trade: TradeMap | undefined): boolean {
  return customerTradesIn(trade, CAT.secondHand, SUBCAT.secondHandBusiness);
}
