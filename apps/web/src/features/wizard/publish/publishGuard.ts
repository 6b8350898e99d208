import { CAT, SALES_CAT, SUBCAT } from '@app/catalog/categories/ids';
import { customerTradesIn, vehicleTraderLink } from '@app/catalog/trader';
import type { Customer } from '../../../shared/api/index.ts';

/**
 * Where /publish must send the customer instead (publish-wizard.md §2): a guest with a category to /login
 * with a continue link; a logged-in non-trader on second-hand business for sale to finishArea. Null = stay.
 */
export function publishRedirect(query: URLSearchParams, customer: Customer): string | null {
  const cat = query.get('cat');
  if (!cat) return null;
  if (customer.id === 0) return `/login?continue=${encodeURIComponent(`/publish?${query}`)}`;
  const businessForSale =
    cat === String(CAT.secondHand) &&
    query.get('subcat') === String(SUBCAT.secondHandBusiness) &&
    query.get('SalesCatID') === String(SALES_CAT.businessForSale);
  if (businessForSale && !customerTradesIn(customer.trade, CAT.secondHand, SUBCAT.secondHandBusiness))
    return `/finishArea?cat=${CAT.secondHand}&subcat=${SUBCAT.secondHandBusiness}`;
  return null;
}

/**
 * The selection whose fields answer decides whether a logged-in vehicle trader publishes here (spec §6): their trade
 * map names the chosen vehicle subcat, and only the server knows whether they hold a package of vehicle ads (without
 * one, its answer sends them to the partner cars site or the promotion page). Null for everyone else: a guest, a
 * private customer whatever istrader the URL says, another category, no subcat yet.
 */
export function vehicleTraderSelection(
  query: URLSearchParams,
  customer: Customer,
): { cat: string; subcat: string } | null {
  const cat = query.get('cat');
  const subcat = query.get('subcat');
  if (customer.id === 0 || !cat || !subcat || !/^\d{1,9}$/.test(cat) || !/^\d{1,9}$/.test(subcat)) return null;
  return vehicleTraderLink(customer.trade, Number(cat), Number(subcat)) ? { cat, subcat } : null;
}
